import * as path from 'node:path';
import { availableParallelism } from 'node:os';
import { CodeGrepError } from '../common/errors';
import { patchListing } from './listingPatch';
import { IGNORE_FILE_NAMES, ignoreSourcesFor, type ListingSnapshots, type LoadedListing, type WatchedPaths } from './listingSnapshot';
import { RG_BASE_FLAGS, runRipgrep, summarizeRgError } from './ripgrep';
import { escapeGlob } from './splitWalk';
import { policyRgFlags } from './visibility';
import type { Workspace } from './workspace';

/** How long a file listing is reused: long enough for one locate run's globs, short enough to see edits. */
export const FILE_LIST_TTL_MS = 5_000;
/**
 * How long a listing is reused when the host watches the folders and calls `invalidate` on every file
 * creation, deletion and ignore-file edit (the extension does): a cap for events a watcher misses
 * (`files.watcherExclude`, ignore files outside the folders). A 100k-file listing costs about 0.7 s of CPU.
 */
export const WATCHED_FILE_LIST_TTL_MS = 120_000;
/** How long after an rg listing its copy is written to disk (see scheduleCopy). */
const COPY_DELAY_MS = 3_000;
/** Clock slack when comparing a file's change time with when a listing started. */
const CHANGE_SLACK_MS = 50;

/**
 * The workspace's file list (`rg --files`, so .gitignore applies), sorted, shared by
 * concurrent globs and reused for a few seconds.
 */
export class FileListCache {
  private cached: ListingEntry | undefined;
  /** Set by invalidate: the next listing runs rg, whatever copy is on disk. */
  private distrustCopy = false;
  /** Where the last finished listing came from (for tests and benches). */
  lastSource: 'rg' | 'snapshot' | 'patched' | undefined;
  private pendingCopy: { timer: NodeJS.Timeout; write: () => boolean } | undefined;
  private copiesClosed = false;

  constructor(
    private readonly workspace: Workspace,
    private readonly ttlMs = FILE_LIST_TTL_MS,
    private readonly snapshots?: ListingSnapshots,
  ) {}

  /** Forgets the listing, e.g. after files changed on disk; the next one is made by rg, not read from a copy. */
  invalidate(): void {
    this.cached = undefined;
    this.distrustCopy = true;
  }

  /**
   * Writes the pending copy of the last rg listing now; with `last`, no later listing is copied (a
   * CLI call that printed its answer, or failed, must not wait for a timer). Returns whether one was written.
   */
  flushCopy(last = false): boolean {
    if (last) this.copiesClosed = true;
    const pending = this.pendingCopy;
    if (!pending) return false;
    clearTimeout(pending.timer);
    this.pendingCopy = undefined;
    return pending.write();
  }

  /**
   * The copy's stats, gzip and write take about 0.25 s at 100k files, so they wait until the run that
   * asked for the listing is likely over (or flushCopy); a change meanwhile only stops the copy.
   */
  private scheduleCopy(write: () => boolean): void {
    if (this.copiesClosed) return;
    if (this.pendingCopy) clearTimeout(this.pendingCopy.timer);
    // Unref'd: a copy never keeps a process alive (a CLI call writes it with flushCopy before it ends).
    this.pendingCopy = { timer: setTimeout(() => this.flushCopy(), COPY_DELAY_MS).unref(), write };
  }

  /** Sorted workspace-relative paths of every searchable file; rejects 'cancelled' when `signal` aborts. */
  list(signal: AbortSignal, timeoutMs: number): Promise<string[]> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > this.ttlMs) {
      const entry: ListingEntry = { files: Promise.resolve([]), at: now, asOf: now };
      entry.files = this.load(timeoutMs, entry);
      this.cached = entry;
      // A failed listing is not reused.
      entry.files.then(
        (done) => (entry.done = done),
        () => {
          if (this.cached === entry) this.cached = undefined;
        },
      );
    }
    return raceAbort(this.cached.files, signal);
  }

  /**
   * Whether a visible file (kind 'file') or a folder holding one (kind 'dir') is at `display`;
   * undefined when the listing failed. `changedMs` is the path's change time (ctime): a miss in a
   * listing that started before it lists again, so a file made since is not called ignored. A hit
   * may come from a listing past its TTL.
   */
  async has(display: string, kind: 'file' | 'dir', signal: AbortSignal, timeoutMs: number, changedMs = Infinity): Promise<boolean | undefined> {
    // An expired listing still answers a check (a 100k-file monorepo takes a second to list again); only a miss lists anew.
    const first = this.cached?.done ?? (await this.list(signal, timeoutMs).catch((error: unknown) => (signal.aborted ? Promise.reject(error) : undefined)));
    if (first === undefined) return undefined;
    if (listingHas(first, display, kind)) return true;
    const expired = !this.cached || Date.now() - this.cached.at > this.ttlMs;
    if (!expired && this.cached && changedMs < this.cached.asOf - CHANGE_SLACK_MS) return false;
    this.invalidate();
    const again = await this.list(signal, timeoutMs).catch((error: unknown) => (signal.aborted ? Promise.reject(error) : undefined));
    return again === undefined ? undefined : listingHas(again, display, kind);
  }

  /** Like `has`, from the listing already made; undefined when there is none yet. */
  peek(display: string, kind: 'file' | 'dir'): boolean | undefined {
    const done = this.cached?.done;
    return done === undefined ? undefined : listingHas(done, display, kind);
  }

  private async load(timeoutMs: number, entry: ListingEntry): Promise<string[]> {
    const { roots } = this.workspace;
    const args = fileListFlags(roots.map((r) => r.abs), this.workspace.rgFilterFlags());
    // Some exclude globs are matched here, not by rg (withoutExcluded), so they are part of the copy's key.
    const key = [...args, `exclude:${JSON.stringify(this.workspace.policy.exclude ?? [])}`];
    const copy = this.distrustCopy ? undefined : this.snapshots?.load(key);
    this.distrustCopy = false;
    const patched = copy && (await this.patched(copy, timeoutMs));
    if (copy && patched) {
      // A file made in a folder the copy does not watch may be missing: `has` lists anew for one made since.
      entry.asOf = copy.listedAt;
      this.lastSource = copy.changedDirs.length === 0 ? 'snapshot' : 'patched';
      if (copy.changedDirs.length > 0) this.copyLater(key, patched, entry.at);
      return patched;
    }
    const files = await this.listWithRg(args, timeoutMs);
    this.lastSource = 'rg';
    this.copyLater(key, files, entry.at);
    return files;
  }

  private copyLater(key: string[], files: string[], listedAt: number): void {
    const { snapshots } = this;
    if (snapshots && files.length >= snapshots.minFiles) this.scheduleCopy(() => snapshots.save(key, files, this.watchedPaths(files), listedAt));
  }

  /** The copy with its changed folders listed again; undefined when that fails (rg lists everything then). */
  private async patched(copy: LoadedListing, timeoutMs: number): Promise<string[] | undefined> {
    if (copy.changedDirs.length === 0) return copy.files;
    // rg's globs take no backslash escapes on Windows, so a folder name cannot be quoted there.
    if (path.sep !== '/') return undefined;
    const displayOf = (dir: string) => {
      const root = this.workspace.roots.find((r) => r.abs === dir);
      if (!root) return this.workspace.display(dir) ?? dir;
      return this.workspace.multiRoot ? root.name : '';
    };
    const listFolder = async (dir: string, known: readonly string[]) => {
      const skip = known.map((name) => `--glob=!/${escapeGlob(name)}`);
      return this.runListing(fileListFlags([dir], [...this.workspace.rgFilterFlags(), ...skip]), timeoutMs, dir);
    };
    try {
      const files = await patchListing(copy, displayOf, listFolder);
      return this.workspace.excludes.empty ? files : this.withoutExcluded(files);
    } catch {
      return undefined;
    }
  }

  /** Every visible file, sorted, as rg lists them with `args`. */
  private async listWithRg(args: string[], timeoutMs: number): Promise<string[]> {
    const files = await this.runListing(args, timeoutMs, this.workspace.roots[0].abs);
    // Default sort compares UTF-16 code units: locale-independent and faster than a comparator.
    files.sort();
    return this.workspace.excludes.empty ? files : this.withoutExcluded(files);
  }

  /** The display paths rg prints, unsorted; `cwd` anchors `--glob=!/...` (rg anchors globs there). */
  private async runListing(args: string[], timeoutMs: number, cwd: string): Promise<string[]> {
    const files: string[] = [];
    const { roots, multiRoot } = this.workspace;
    // In a single root every path rg prints starts with `<root>/`: strip it while decoding.
    const stripPrefix = multiRoot ? undefined : Buffer.from(`${roots[0].abs}${path.sep}`);
    const posix = path.sep === '/';
    // The listing is shared, so one caller's abort must not kill it; only its timeout does.
    const outcome = await runRipgrep(args, {
      cwd,
      signal: new AbortController().signal,
      timeoutMs,
      separator: '\0',
      stripPrefix,
      onRecord: (record, stripped) => {
        const display = stripped ? (posix ? record : record.split(path.sep).join('/')) : this.workspace.display(record);
        if (display !== undefined) files.push(display);
        return 'more';
      },
    });
    if (outcome.timedOut) throw new Error(`listing files timed out after ${timeoutMs / 1000}s`);
    if (outcome.code === 2 && files.length === 0) throw new Error(summarizeRgError(outcome.stderr));
    return files;
  }

  /**
   * What a copy of this listing must watch: every folder above a listed file (up to its root), the
   * listed ignore files, and the ignore sources outside the tree (listingSnapshot.ts).
   */
  private watchedPaths(files: readonly string[]): WatchedPaths {
    const dirs = new Set<string>();
    const sources = new Set<string>();
    for (const root of this.workspace.roots) {
      dirs.add(root.abs);
      for (const source of ignoreSourcesFor(root.abs)) sources.add(source);
    }
    const ignoreNames = new Set<string>(IGNORE_FILE_NAMES);
    for (const display of files) {
      const root = this.workspace.rootOf(display);
      if (!root) continue;
      const rel = this.workspace.relativeToRoot(display);
      if (ignoreNames.has(rel.slice(rel.lastIndexOf('/') + 1))) sources.add(path.join(root.abs, rel));
      // A folder already watched had its parents added with it.
      for (let cut = rel.lastIndexOf('/'); cut > 0; cut = rel.lastIndexOf('/', cut - 1)) {
        const folder = path.join(root.abs, rel.slice(0, cut));
        if (dirs.has(folder)) break;
        dirs.add(folder);
      }
    }
    return { dirs, sources };
  }

  /** Drops what exclude globs hide; rg already pruned the `**\/name` ones, the rest are matched here. */
  private withoutExcluded(files: string[]): string[] {
    const { workspace } = this;
    return files.filter((display) => {
      const root = workspace.rootOf(display);
      if (!root) return true;
      const rel = workspace.relativeToRoot(display);
      const prefix = display.slice(0, display.length - rel.length);
      return workspace.excludes.match(rel, root.abs, (sibling) => listingHas(files, `${prefix}${sibling}`, 'file')) === undefined;
    });
  }
}

interface ListingEntry {
  files: Promise<string[]>;
  /** When it was made or read (the TTL counts from here). */
  at: number;
  /** When what it lists was true: its start, or a copy's original start. */
  asOf: number;
  done?: string[];
}

/**
 * The rg command line that lists searchable files (exported so the benchmark runs the same listing
 * raw); `filters` are the workspace's visibility flags (default: no excludes, ignore files obeyed).
 */
export function fileListFlags(paths: string[], filters: readonly string[] = policyRgFlags({}, [])): string[] {
  return [...RG_BASE_FLAGS, ...filters, '--files', ...LISTING_WALK, '--null', '--', ...paths];
}

/**
 * How rg walks for a listing. With two cores or fewer, one sorted walk: the listing runs beside turn 1's grep walk,
 * and rg's parallel walker there took 2.5x the CPU of one sorted walk for a slower listing (django's 6k files:
 * 150 ms and 250 ms CPU against 105 ms and 100 ms; 97k files: 2.3-2.7 s against 1.4-1.5 s, on 2 cores).
 */
const LISTING_WALK: readonly string[] = availableParallelism() <= 2 ? ['--sort=path'] : [];

/** Binary search in a sorted listing: the file itself, or for a folder any file below it. */
export function listingHas(sorted: readonly string[], display: string, kind: 'file' | 'dir'): boolean {
  const key = kind === 'dir' ? `${display}/` : display;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && (kind === 'dir' ? sorted[lo].startsWith(key) : sorted[lo] === key);
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(cancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function cancelledError(): CodeGrepError {
  return new CodeGrepError('cancelled', 'The run was cancelled.');
}
