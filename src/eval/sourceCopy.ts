import { chmod, cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Fingerprint of a source bare repo (every file's path, size and mtime), stored in the
 * cache copy so a changed source (new tags, new packs) rebuilds the cache instead of
 * silently reporting "unknown commit".
 */
export async function sourceStamp(source: string): Promise<string> {
  const entries = await readdir(source, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const info = await stat(full);
    files.push(`${full.slice(source.length)}:${info.size}:${Math.round(info.mtimeMs)}`);
  }
  return files.sort().join('\n');
}

/**
 * Copies a bare repo's object store and refs into an initialised bare repo. The shared
 * dev repos lack the (empty) `refs/` folder git needs to recognise a repository, so
 * `git clone` refuses them; copying the data files works for them and for normal repos.
 */
export async function copyBareRepoData(source: string, target: string): Promise<void> {
  for (const name of ['objects', 'refs', 'packed-refs', 'shallow']) {
    const from = join(source, name);
    const present = await stat(from).then(
      () => true,
      () => false,
    );
    if (present) await cp(from, join(target, name), { recursive: true, force: true });
  }
  await mkdir(join(target, 'refs', 'heads'), { recursive: true });
  await mkdir(join(target, 'refs', 'tags'), { recursive: true });
  await makeWritable(target);
}

/** A read-only source keeps its modes through `cp`; the cache must be ours to write (worktrees, locks). */
async function makeWritable(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) await makeWritable(full);
    else if (entry.isFile()) await chmod(full, 0o644);
  }
}

/** Writes the stamp file that marks a finished cache copy. */
export async function writeStamp(target: string, stamp: string): Promise<void> {
  await writeFile(join(target, STAMP_FILE), stamp);
}

/** Name of the stamp file inside a cached bare repo. */
export const STAMP_FILE = 'codegrep-source-stamp';
