/** Default budgets shared by every surface; settings and CLI flags override the run-level ones. */
export const DEFAULT_LIMITS = {
  /** Exploration turns before the forced answer turn (the CodeGrep paper uses 3). */
  maxTurns: 3,
  /** Tool calls a brain may issue in one turn; extra calls are refused with a note. */
  maxParallelCalls: 8,
  /** grep: result lines returned to the brain, and characters kept per line. */
  grepMaxLines: 100,
  grepMaxLineChars: 200,
  /** glob: paths returned. */
  globMaxPaths: 200,
  /** read: lines returned per call, and characters kept per line. */
  readMaxLines: 300,
  readMaxLineChars: 500,
  /** Files larger than this are only read in slices, never whole. */
  readMaxFileBytes: 64 * 1024 * 1024,
  /** Per tool call wall-clock limit. */
  toolTimeoutMs: 10_000,
  /** Per model request wall-clock limit. */
  requestTimeoutMs: 120_000,
} as const;

/** Run-level options every surface can set. */
export interface LocateOptions {
  maxTurns: number;
  maxParallelCalls: number;
}
