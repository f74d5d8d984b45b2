import * as path from 'node:path';
import { CodeGrepError } from '../common/errors';
import { RG_COMMON_FLAGS, runRipgrep, summarizeRgError } from './ripgrep';
import type { Workspace } from './workspace';

/** How long a file listing is reused: long enough for one locate run's globs, short enough to see edits. */
export const FILE_LIST_TTL_MS = 5_000;

/**
 * The workspace's file list (`rg --files`, so .gitignore applies), sorted, shared by
 * concurrent globs and reused for a few seconds.
 */
export class FileListCache {
  private cached: { files: Promise<string[]>; at: number } | undefined;

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
      const entry = { files, at: now };
      this.cached = entry;
      // A failed listing is not reused.
      files.catch(() => {
        if (this.cached === entry) this.cached = undefined;
      });
    }
    return raceAbort(this.cached.files, signal);
  }

  private async load(timeoutMs: number): Promise<string[]> {
    const files: string[] = [];
    const { roots, multiRoot } = this.workspace;
    const args = fileListFlags(roots.map((r) => r.abs));
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
    return files.sort();
  }
}

/** The rg command line that lists searchable files (exported so the benchmark runs the same listing raw). */
export function fileListFlags(paths: string[]): string[] {
  return [...RG_COMMON_FLAGS, '--files', '--null', '--', ...paths];
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
