import * as fs from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { CodeGrepError } from '../common/errors';
import { repoDirName } from './repoCache';
import type { Checkout, Workspaces } from './worktrees';

const WRITE_CONCURRENCY = 16;

/**
 * The fallback when no git binary is on PATH: isomorphic-git reads the bare repos in place
 * (reading needs no write access, so no cache copy) and writes each row's tree into a temp
 * folder. About 7x slower than `git worktree add` on django (architecture.md), so only a fallback.
 */
export class IsoGitWorkspaces implements Workspaces {
  readonly method = 'isomorphic-git checkout (git CLI not found on PATH)';
  private readonly live = new Set<string>();
  private readonly cache = {};

  constructor(private readonly reposDir: string) {}

  async checkout(repo: string, sha: string, label: string): Promise<Checkout> {
    const gitdir = join(this.reposDir, repoDirName(repo));
    const isDir = await stat(gitdir).then((s) => s.isDirectory(), () => false);
    if (!isDir) throw new CodeGrepError('not-found', `repo ${repo} not found: no bare repo at ${gitdir}`);
    const commit = await this.resolveCommit(gitdir, sha);
    if (!commit) throw new CodeGrepError('not-found', `unknown commit ${sha} in ${repo}: no tag base-${sha} and no such commit`);
    const parent = await mkdtemp(join(tmpdir(), `codegrep-eval-iso-${process.pid}-`));
    this.live.add(parent);
    const dir = join(parent, label.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'tree');
    try {
      await this.writeTree(gitdir, commit, dir);
    } catch (error) {
      await this.release(parent);
      throw new CodeGrepError('internal', `isomorphic-git checkout failed for ${repo}@${sha}: ${(error as Error).message}`, undefined, { cause: error });
    }
    return { dir, commit, dispose: () => this.release(parent) };
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.live].map((parent) => this.release(parent)));
  }

  private async release(parent: string): Promise<void> {
    if (!this.live.delete(parent)) return;
    await rm(parent, { recursive: true, force: true });
  }

  private async resolveCommit(gitdir: string, sha: string): Promise<string | undefined> {
    for (const ref of [`refs/tags/base-${sha}`, sha]) {
      try {
        const oid = ref === sha ? await git.expandOid({ fs, gitdir, oid: sha, cache: this.cache }) : await git.resolveRef({ fs, gitdir, ref });
        return (await git.readCommit({ fs, gitdir, oid, cache: this.cache })).oid;
      } catch {
        // Not this way: try the next.
      }
    }
    return undefined;
  }

  /** Writes every blob of the commit's tree (modes and symlinks kept; submodules become empty folders). */
  private async writeTree(gitdir: string, commit: string, dir: string): Promise<void> {
    const files: { path: string; oid: string; mode: string }[] = [];
    const walk = async (oid: string, prefix: string): Promise<void> => {
      await mkdir(join(dir, prefix), { recursive: true });
      const { tree } = await git.readTree({ fs, gitdir, oid, cache: this.cache });
      for (const entry of tree) {
        if (!isSafeName(entry.path)) continue; // git itself refuses such names; never write outside `dir`
        const path = prefix ? `${prefix}/${entry.path}` : entry.path;
        if (entry.type === 'tree') await walk(entry.oid, path);
        else if (entry.type === 'commit') await mkdir(join(dir, path), { recursive: true });
        else files.push({ path, oid: entry.oid, mode: entry.mode });
      }
    };
    await walk(commit, '');
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++];
        const { blob } = await git.readBlob({ fs, gitdir, oid: file.oid, cache: this.cache });
        const target = join(dir, file.path);
        if (file.mode === '120000') {
          await symlink(Buffer.from(blob).toString('utf8'), target);
        } else {
          await writeFile(target, blob);
          if (file.mode === '100755') await chmod(target, 0o755);
        }
      }
    };
    await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
  }
}

function isSafeName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && name.toLowerCase() !== '.git' && !/[/\\\0]/.test(name);
}
