import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CodeGrepError } from '../common/errors';
import { withDirLock } from './dirLock';
import { runGit } from './git';
import { STAMP_FILE, copyBareRepoData, sourceStamp, writeStamp } from './sourceCopy';

/** Where the read-only bare repos are, and where their writable copies go. */
export interface RepoCacheOptions {
  reposDir: string;
  cacheDir: string;
  /** The git binary (tests pass a missing one to exercise the fallback). */
  git?: string;
}

/** `owner/name` → `owner__name.git` (architecture.md). */
export function repoDirName(repo: string): string {
  return `${repo.replace('/', '__')}.git`;
}

/**
 * Writable copies of the shared bare repos, made once and reused across runs. The
 * shared folder is never written (it is read-only in CI).
 */
export class RepoCache {
  readonly reposDir: string;
  readonly cacheDir: string;
  readonly git: string;
  private readonly ready = new Map<string, Promise<string>>();

  constructor(options: RepoCacheOptions) {
    this.reposDir = resolve(options.reposDir);
    this.cacheDir = resolve(options.cacheDir);
    this.git = options.git ?? 'git';
  }

  /** The cached bare repo for `owner/name`, created or refreshed on first use in this process. */
  gitDir(repo: string): Promise<string> {
    let pending = this.ready.get(repo);
    if (!pending) {
      pending = this.prepare(repo);
      this.ready.set(repo, pending);
    }
    return pending;
  }

  private async prepare(repo: string): Promise<string> {
    const source = join(this.reposDir, repoDirName(repo));
    const isDir = await stat(source).then((s) => s.isDirectory(), () => false);
    if (!isDir) throw new CodeGrepError('not-found', `repo ${repo} not found: no bare repo at ${source}`);
    const target = join(this.cacheDir, repoDirName(repo));
    const stamp = await sourceStamp(source);
    const cached = await readFile(join(target, STAMP_FILE), 'utf8').catch(() => undefined);
    if (cached === stamp) return target;
    await mkdir(this.cacheDir, { recursive: true });
    return withDirLock(`${target}.lock`, async () => {
      // Another eval process may have built it while we waited for the lock: keep theirs, it may be in use.
      if ((await readFile(join(target, STAMP_FILE), 'utf8').catch(() => undefined)) === stamp) return target;
      const staging = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        await this.cloneOrCopy(source, staging);
        await writeStamp(staging, stamp);
        await rm(target, { recursive: true, force: true });
        await rename(staging, target);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
      return target;
    });
  }

  /** `git clone --bare --no-hardlinks`, or, when git does not recognise the source, a data copy. */
  private async cloneOrCopy(source: string, staging: string): Promise<void> {
    const clone = await runGit(this.git, ['-c', `safe.directory=${source}`, 'clone', '--bare', '--no-hardlinks', '--quiet', source, staging]);
    if (clone.ok) return;
    await rm(staging, { recursive: true, force: true });
    const init = await runGit(this.git, ['init', '--bare', '--quiet', staging]);
    if (!init.ok) throw new CodeGrepError('internal', `git init failed in ${this.cacheDir}: ${init.spawnError ?? init.stderr}`);
    await copyBareRepoData(source, staging);
    const check = await runGit(this.git, ['--git-dir', staging, 'rev-parse', '--git-dir']);
    if (!check.ok) throw new CodeGrepError('internal', `cannot read bare repo ${source}: ${clone.stderr || check.stderr}`);
  }

  /** The commit for a row: tag `base-<sha>` first (snapshots), else the SHA itself. */
  async resolveCommit(gitDir: string, sha: string): Promise<string | undefined> {
    for (const ref of [`refs/tags/base-${sha}`, sha]) {
      const out = await runGit(this.git, ['--git-dir', gitDir, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
      if (out.ok && out.stdout.trim()) return out.stdout.trim();
    }
    return undefined;
  }
}
