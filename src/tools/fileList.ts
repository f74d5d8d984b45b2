import * as path from 'node:path';
import { CodeGrepError } from '../common/errors';
import { RG_BASE_FLAGS, runRipgrep, summarizeRgError } from './ripgrep';
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
/** Clock slack when comparing a file's change time with when a listing started. */
const CHANGE_SLACK_MS = 50;

/**
 * The workspace's file list (`rg --files`, so .gitignore applies), sorted, shared by
 * concurrent globs and reused for a few seconds.
 */
export class FileListCache {
  private cached: { files: Promise<string[]>; at: number; done?: string[] } | undefined;

  constructor(
    private readonly workspace: Workspace,
    private readonly ttlMs = FILE_LIST_TTL_MS,
  ) {}

  /** Forgets the listing, e.g. after files changed on disk. */
  invalidate(): void {
    this.cached = undefined;
  }

  /** Sorted workspace-relative paths of every searchable file; rejects 'cancelled' when `signal` aborts. */
  list(signal: AbortSignal, timeoutMs: number): Promise<string[]> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > this.ttlMs) {
      const files = this.load(timeoutMs);
      const entry: { files: Promise<string[]>; at: number; done?: string[] } = { files, at: now };
      this.cached = entry;
      // A failed listing is not reused.
      files.then(
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
    if (!expired && this.cached && changedMs < this.cached.at - CHANGE_SLACK_MS) return false;
    this.invalidate();
    const again = await this.list(signal, timeoutMs).catch((error: unknown) => (signal.aborted ? Promise.reject(error) : undefined));
    return again === undefined ? undefined : listingHas(again, display, kind);
  }

  /** Like `has`, from the listing already made; undefined when there is none yet. */
  peek(display: string, kind: 'file' | 'dir'): boolean | undefined {
    const done = this.cached?.done;
    return done === undefined ? undefined : listingHas(done, display, kind);
  }

  private async load(timeoutMs: number): Promise<string[]> {
    const files: string[] = [];
    const { roots, multiRoot } = this.workspace;
    const args = fileListFlags(roots.map((r) => r.abs), this.workspace.rgFilterFlags());
    // In a single root every path rg prints starts with `<root>/`: strip it while decoding.
    const stripPrefix = multiRoot ? undefined : Buffer.from(`${roots[0].abs}${path.sep}`);
    const posix = path.sep === '/';
    // The listing is shared, so one caller's abort must not kill it; only its timeout does.
    const outcome = await runRipgrep(args, {
      cwd: roots[0].abs,
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
    // Default sort compares UTF-16 code units: locale-independent and faster than a comparator.
    files.sort();
    return this.workspace.excludes.empty ? files : this.withoutExcluded(files);
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

/**
 * The rg command line that lists searchable files (exported so the benchmark runs the same listing
 * raw); `filters` are the workspace's visibility flags (default: no excludes, ignore files obeyed).
 */
export function fileListFlags(paths: string[], filters: readonly string[] = policyRgFlags({}, [])): string[] {
  return [...RG_BASE_FLAGS, ...filters, '--files', '--null', '--', ...paths];
}

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
