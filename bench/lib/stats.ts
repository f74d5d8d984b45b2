// Order statistics shared by the bench scripts that report medians and tails.

/** The median of `values` (mean of the middle two for an even count); NaN for none. */
export function median(values: number[]): number {
  return percentile(values, 50);
}

/** The p-th percentile by linear interpolation between closest ranks (p in 0..100); NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** Milliseconds `fn` takes, by the monotonic clock. */
export async function timeMs(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}
