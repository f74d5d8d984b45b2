import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CodeGrepError } from '../common/errors';
import { runGit } from './git';
import type { RepoCache } from './repoCache';

/** A checked-out tree for one row; `dispose` releases it (always call it, also on failure). */
export interface Checkout {
  dir: string;
  commit: string;
  dispose(): Promise<void>;
}

/** Makes per-row checkouts of a cached repo at a commit. */
export interface Workspaces {
  /** How trees are made, shown in the report ("git worktree", or the isomorphic-git fallback). */
  readonly method: string;
  checkout(repo: string, sha: string, label: string): Promise<Checkout>;
  /** Removes every tree still on disk (end of run, SIGINT, crash) and prunes worktree metadata. */
  closeAll(): Promise<void>;
}

interface Tree {
  gitDir: string;
  dir: string;
}

const TEMP_PREFIX = 'codegrep-eval-';
/** git's message when a concurrent `worktree add` was caught half-way (see GitWorktrees.add). */
const RACE = /failed to read .*[\\/]worktrees[\\/]/;

/**
 * `git worktree add --detach` from the repo cache. A released worktree is kept for the next
 * row of the same repo and moved there with `checkout --force` + `clean -ffdx`, which gives the
 * same pristine tree as a fresh worktree but rewrites only the files that differ (on django,
 * about 1 s instead of 3 s to add plus 3 s to remove under load). Every tree is removed by closeAll.
 */
export class GitWorktrees implements Workspaces {
  readonly method = 'git worktree';
  private readonly idle = new Map<string, Tree[]>();
  private readonly busy = new Set<Tree>();
  private readonly swept = new Map<string, Promise<void>>();

  /**
   * `keepIdle: false` removes each tree as soon as it is disposed (the environment server: an
   * episode's tree must be gone when its session ends, not parked for reuse).
   */
  constructor(
    private readonly cache: RepoCache,
    private readonly options: { keepIdle?: boolean } = {},
  ) {}

  async checkout(repo: string, sha: string, label: string): Promise<Checkout> {
    const gitDir = await this.cache.gitDir(repo);
    await this.sweep(gitDir);
    const commit = await this.cache.resolveCommit(gitDir, sha);
    if (!commit) throw new CodeGrepError('not-found', `unknown commit ${sha} in ${repo}: no tag base-${sha} and no such commit`);
    const tree = (await this.reuse(gitDir, commit)) ?? (await this.add(gitDir, commit, label, repo, sha));
    this.busy.add(tree);
    let released = false;
    return {
      dir: tree.dir,
      commit,
      dispose: async () => {
        if (released) return;
        released = true;
        this.busy.delete(tree);
        if (this.options.keepIdle === false) return this.remove(tree);
        const list = this.idle.get(gitDir) ?? [];
        list.push(tree);
        this.idle.set(gitDir, list);
      },
    };
  }

  async closeAll(): Promise<void> {
    const trees = [...this.busy, ...[...this.idle.values()].flat()];
    this.busy.clear();
    this.idle.clear();
    await Promise.all(trees.map((tree) => this.remove(tree)));
    await Promise.all([...this.swept.keys()].map((gitDir) => runGit(this.cache.git, ['--git-dir', gitDir, 'worktree', 'prune'])));
  }

  /** Moves an idle worktree of this repo to `commit`; a tree that fails to move is removed. */
  private async reuse(gitDir: string, commit: string): Promise<Tree | undefined> {
    const tree = this.idle.get(gitDir)?.pop();
    if (!tree) return undefined;
    const moved =
      (await runGit(this.cache.git, ['-C', tree.dir, 'checkout', '--detach', '--force', '--quiet', commit])).ok &&
      (await runGit(this.cache.git, ['-C', tree.dir, 'clean', '-ffdxq'])).ok &&
      (await runGit(this.cache.git, ['-C', tree.dir, 'rev-parse', 'HEAD'])).stdout.trim() === commit;
    if (moved) return tree;
    await this.remove(tree);
    return undefined;
  }

  private async add(gitDir: string, commit: string, label: string, repo: string, sha: string): Promise<Tree> {
    // The pid in the name lets a later run tell trees of a killed process from those of a live one.
    const parent = await mkdtemp(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
    const dir = join(parent, label.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'tree');
    const args = ['--git-dir', gitDir, 'worktree', 'add', '--detach', '--quiet', dir, commit];
    let added = await runGit(this.cache.git, args);
    // Two adds on one repo at once race: one may read the other's half-written worktrees/<name>/ and stop
    // ("failed to read …/worktrees/x/commondir"). That is transient; try again after a short pause.
    for (let attempt = 1; !added.ok && RACE.test(added.stderr) && attempt <= 5; attempt++) {
      // Jittered, so adds that failed together do not retry in lockstep.
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      await rm(dir, { recursive: true, force: true });
      added = await runGit(this.cache.git, args);
    }
    if (!added.ok) {
      await rm(parent, { recursive: true, force: true });
      throw new CodeGrepError('internal', `git worktree add failed for ${repo}@${sha}: ${added.spawnError ?? added.stderr}`);
    }
    return { gitDir, dir };
  }

  private async remove(tree: Tree): Promise<void> {
    await runGit(this.cache.git, ['--git-dir', tree.gitDir, 'worktree', 'remove', '--force', tree.dir]);
    await rm(dirname(tree.dir), { recursive: true, force: true });
  }

  /** Once per repo and run: removes worktrees left by killed eval processes, then prunes. */
  private sweep(gitDir: string): Promise<void> {
    let pending = this.swept.get(gitDir);
    if (!pending) {
      pending = this.removeOrphans(gitDir);
      this.swept.set(gitDir, pending);
    }
    return pending;
  }

  private async removeOrphans(gitDir: string): Promise<void> {
    const list = await runGit(this.cache.git, ['--git-dir', gitDir, 'worktree', 'list', '--porcelain']);
    const pattern = new RegExp(`[\\\\/]${TEMP_PREFIX}(\\d+)-[^\\\\/]+[\\\\/][^\\\\/]+$`);
    for (const line of list.stdout.split('\n')) {
      if (!line.startsWith('worktree ')) continue;
      const dir = line.slice('worktree '.length);
      const pid = pattern.exec(dir)?.[1];
      if (pid && !processAlive(Number(pid))) await this.remove({ gitDir, dir });
    }
    await runGit(this.cache.git, ['--git-dir', gitDir, 'worktree', 'prune']);
  }
}

/** True when a process with this id exists (signal 0 checks without sending anything). */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
