import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeGrepError } from '../common/errors';
import { runGit } from './git';
import type { RepoCache } from './repoCache';

/** A checked-out tree for one row; `dispose` removes it (always call it, also on failure). */
export interface Checkout {
  dir: string;
  commit: string;
  dispose(): Promise<void>;
}

/** Makes per-row checkouts of a cached repo at a commit. */
export interface Workspaces {
  /** How trees are made, shown in the report ("git worktree" or the isomorphic-git fallback). */
  readonly method: string;
  checkout(repo: string, sha: string, label: string): Promise<Checkout>;
  /** Removes every checkout still alive (SIGINT, crash) and prunes worktree metadata. */
  closeAll(): Promise<void>;
}

/** `git worktree add --detach` from the repo cache: milliseconds per checkout (architecture.md). */
export class GitWorktrees implements Workspaces {
  readonly method = 'git worktree';
  private readonly live = new Set<Checkout>();
  private readonly used = new Set<string>();

  constructor(private readonly cache: RepoCache) {}

  async checkout(repo: string, sha: string, label: string): Promise<Checkout> {
    const gitDir = await this.cache.gitDir(repo);
    if (!this.used.has(gitDir)) {
      this.used.add(gitDir);
      await runGit(this.cache.git, ['--git-dir', gitDir, 'worktree', 'prune']); // leftovers of a killed run
    }
    const commit = await this.cache.resolveCommit(gitDir, sha);
    if (!commit) throw new CodeGrepError('not-found', `unknown commit ${sha} in ${repo}: no tag base-${sha} and no such commit`);
    const parent = await mkdtemp(join(tmpdir(), 'codegrep-eval-'));
    const dir = join(parent, label.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'tree');
    const added = await runGit(this.cache.git, ['--git-dir', gitDir, 'worktree', 'add', '--detach', '--quiet', dir, commit]);
    if (!added.ok) {
      await rm(parent, { recursive: true, force: true });
      throw new CodeGrepError('internal', `git worktree add failed for ${repo}@${sha}: ${added.spawnError ?? added.stderr}`);
    }
    const checkout: Checkout = {
      dir,
      commit,
      dispose: async () => {
        if (!this.live.delete(checkout)) return;
        await runGit(this.cache.git, ['--git-dir', gitDir, 'worktree', 'remove', '--force', dir]);
        await rm(parent, { recursive: true, force: true });
      },
    };
    this.live.add(checkout);
    return checkout;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.live].map((c) => c.dispose()));
    await Promise.all([...this.used].map((gitDir) => runGit(this.cache.git, ['--git-dir', gitDir, 'worktree', 'prune'])));
  }
}
