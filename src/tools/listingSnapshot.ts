import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as path from 'node:path';

/**
 * On-disk copies of big file listings, so that a new process (each CLI call, the MCP server's
 * requests, the extension's tool helper after it idled out) does not list a monorepo again: a
 * 100k-file listing costs about 0.7 s of CPU, reading and checking a copy about 0.12 s.
 *
 * A copy watches every folder above a listed file (creating, deleting or renaming an entry changes its
 * folder's time), the ignore files, and the git ignore sources outside the tree. A changed ignore
 * source makes the copy useless; a few changed folders (an editor's save through a temporary file, a
 * new file or folder) are listed again and patched in (listingPatch.ts). A folder that holds no listed
 * file at all is not watched, so a file created in one is missed until the copy is older than
 * SNAPSHOT_MAX_AGE_MS or its parent changes; reads are not affected, because a path that is missing
 * from a listing and changed after it was made lists again (FileListCache.has).
 */

/** Listings smaller than this are not copied: listing them is about as cheap as checking a copy. */
export const SNAPSHOT_MIN_FILES = 10_000;
/** A copy older than this is not used (bounds what an unwatched folder can hide). */
export const SNAPSHOT_MAX_AGE_MS = 30 * 60_000;
/** Copies kept per store (about 1 MB each per 100k files); the least recently written go first. */
const MAX_SNAPSHOTS = 16;
/**
 * A watched path whose time is this close to the listing's start may have changed while rg ran
 * (and some file systems keep whole seconds): such a listing is not copied.
 */
const CHANGE_SLACK_MS = 2_000;
const FORMAT = 2;
/** More changed folders than this list anew: each is one rg call. */
const MAX_CHANGED_DIRS = 16;

/** A listing read back from its copy. */
export interface LoadedListing {
  files: string[];
  /** When the listing that was copied started: a path changed after it may be missing. */
  listedAt: number;
  /** Every folder the copy watches (absolute). */
  dirs: string[];
  /** Those whose time changed since: their entries must be listed again (listingPatch.ts). */
  changedDirs: string[];
}

/** What a copy watches: folders (a change there can be patched) and ignore sources (a change lists anew). */
export interface WatchedPaths {
  dirs: Iterable<string>;
  sources: Iterable<string>;
}

interface SnapshotFile {
  format: number;
  key: string[];
  listedAt: number;
  files: string[];
  /** Absolute paths and their mtimeMs when copied; -1 for a path that did not exist. */
  dirs: [string, number][];
  sources: [string, number][];
}

/** A folder of listing copies, one per key (the rg command line that made the listing). */
export class ListingSnapshots {
  /** `minFiles`: smaller listings are not copied (tests lower it). */
  constructor(
    readonly dir: string,
    readonly minFiles = SNAPSHOT_MIN_FILES,
  ) {}

  /**
   * The copy for `key` with the folders that changed since, or undefined: none, too old, unreadable,
   * an ignore source changed, or more than MAX_CHANGED_DIRS folders changed (listing anew is cheaper).
   */
  load(key: readonly string[], now = Date.now()): LoadedListing | undefined {
    let snapshot: SnapshotFile;
    try {
      snapshot = JSON.parse(gunzipSync(readFileSync(this.fileFor(key))).toString('utf8')) as SnapshotFile;
    } catch {
      return undefined;
    }
    if (snapshot.format !== FORMAT || JSON.stringify(snapshot.key) !== JSON.stringify(key)) return undefined;
    if (!(now - snapshot.listedAt < SNAPSHOT_MAX_AGE_MS) || ![snapshot.files, snapshot.dirs, snapshot.sources].every(Array.isArray)) return undefined;
    // Synchronous stats: about 3 µs each, where the promise API costs three times the CPU.
    for (const [source, mtimeMs] of snapshot.sources) {
      if (mtimeOf(source) !== mtimeMs) return undefined;
    }
    const changedDirs: string[] = [];
    let existing = 0;
    for (const [dir, mtimeMs] of snapshot.dirs) {
      const current = mtimeOf(dir);
      if (current === mtimeMs) continue;
      changedDirs.push(dir);
      // A deleted folder costs nothing to patch (its files are dropped); count only those to list again.
      if (current !== -1 && ++existing > MAX_CHANGED_DIRS) return undefined;
    }
    return { files: snapshot.files, listedAt: snapshot.listedAt, dirs: snapshot.dirs.map(([dir]) => dir), changedDirs };
  }

  /**
   * Copies a finished listing (sorted display paths) made by `key` from `listedAt`; `watched` are
   * the paths whose change would change it. Returns whether it was written: not when something
   * watched changed around the listing, nor when the store cannot be written (a copy is only a cache).
   */
  save(key: readonly string[], files: readonly string[], watched: WatchedPaths, listedAt: number): boolean {
    const dirs = stamp(watched.dirs, listedAt);
    const sources = dirs && stamp(watched.sources, listedAt);
    if (!sources) return false;
    const file = this.fileFor(key);
    const snapshot: SnapshotFile = { format: FORMAT, key: [...key], listedAt, files: [...files], dirs, sources };
    const partial = `${file}.${process.pid}.tmp`;
    try {
      // The copy holds the workspace's file names: readable by this user only.
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      // Paths compress about tenfold: 0.85 MB instead of 9 MB at 100k files, for about 15 ms each way.
      writeFileSync(partial, gzipSync(JSON.stringify(snapshot), { level: 1 }), { mode: 0o600 });
      // A rename is atomic, so a concurrent reader sees the old copy or the new one, never half of one.
      renameSync(partial, file);
      this.prune(file);
      return true;
    } catch {
      try {
        unlinkSync(partial);
      } catch {
        // Never written.
      }
      return false;
    }
  }

  private fileFor(key: readonly string[]): string {
    return path.join(this.dir, `${createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 32)}.json.gz`);
  }

  /** Keeps the MAX_SNAPSHOTS most recently written copies. */
  private prune(justWritten: string): void {
    const copies = readdirSync(this.dir)
      .filter((name) => name.endsWith('.json.gz'))
      .map((name) => path.join(this.dir, name))
      .filter((file) => file !== justWritten)
      .map((file) => ({ file, at: mtimeOf(file) }))
      .sort((a, b) => b.at - a.at);
    for (const { file } of copies.slice(MAX_SNAPSHOTS - 1)) {
      try {
        unlinkSync(file);
      } catch {
        // Another process pruned it.
      }
    }
  }
}

/**
 * The per-user cache folder for listing copies: `CODEGREP_CACHE_DIR`, else the platform's cache
 * folder (`$XDG_CACHE_HOME` or ~/.cache, ~/Library/Caches, %LOCALAPPDATA%), under `codegrep/listings`.
 */
export function defaultSnapshotDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.CODEGREP_CACHE_DIR) return path.join(env.CODEGREP_CACHE_DIR, 'listings');
  const home = homedir();
  const base =
    platform === 'win32'
      ? (env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'))
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Caches')
        : (env.XDG_CACHE_HOME ?? path.join(home, '.cache'));
  return path.join(base, 'codegrep', 'listings');
}

/**
 * The paths outside the listed files whose change changes what rg lists under `root`: ignore files
 * in the folders above it (rg reads them), the repository's own exclude file, and the user's git
 * configuration and global ignore file.
 */
export function ignoreSourcesFor(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const out: string[] = [];
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    for (const name of IGNORE_FILE_NAMES) out.push(path.join(dir, name));
    if (path.dirname(dir) === dir) break;
  }
  out.push(path.join(root, '.git', 'info', 'exclude'), path.join(root, '.git', 'config'));
  const config = env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config');
  out.push(path.join(homedir(), '.gitconfig'), path.join(config, 'git', 'config'), path.join(config, 'git', 'ignore'));
  return out;
}

/** The ignore files rg reads in every folder it walks. */
export const IGNORE_FILE_NAMES = ['.gitignore', '.ignore', '.rgignore'] as const;

/** Each path with its time; undefined when one changed too close to the listing (it may have raced rg). */
function stamp(paths: Iterable<string>, listedAt: number): [string, number][] | undefined {
  const stamped: [string, number][] = [];
  for (const watchedPath of paths) {
    const mtimeMs = mtimeOf(watchedPath);
    if (mtimeMs >= listedAt - CHANGE_SLACK_MS) return undefined;
    stamped.push([watchedPath, mtimeMs]);
  }
  return stamped;
}

function mtimeOf(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
}
