/**
 * Retrieval metrics exactly as ../shared/eval/README.md defines them: per instance,
 * then macro-averaged; an instance with no prediction (or an error) scores 0.
 */

/** Per-instance scores. */
export interface InstanceScore {
  precision: number;
  recall: number;
  f05: number;
  /** A gold file is the top prediction. */
  hit_at_1: boolean;
  /** A gold file is among the top five predictions. */
  hit_at_5: boolean;
}

/** What the summary averages over: scores plus run accounting (absent for published baselines). */
export interface ScoredInstance extends InstanceScore {
  latency_ms?: number;
  turns?: number;
  tool_calls?: number;
  error?: string;
}

/** The report's `summary` (architecture.md), plus how many rows errored. */
export interface Summary {
  n: number;
  precision: number;
  recall: number;
  f05: number;
  f05_ge_0_8: number;
  acc_at_1: number;
  acc_at_5: number;
  latency_ms_p50: number | null;
  latency_ms_p95: number | null;
  turns_mean: number | null;
  tool_calls_mean: number | null;
  errors: number;
}

/** Canonical form of a repo-relative path so `./a/b.py` and `a\b.py` compare equal to `a/b.py`. */
export function normalizePath(path: string): string {
  return path.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/^\/+/, '');
}

/** Ranked predictions with duplicates removed (first mention keeps its rank). */
export function dedupeRanked(paths: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of paths) {
    const path = normalizePath(raw);
    if (path && !seen.has(path)) {
      seen.add(path);
      out.push(path);
    }
  }
  return out;
}

/** F-beta with beta = 0.5: precision weighs four times as much as recall. */
export function fBeta(precision: number, recall: number, beta = 0.5): number {
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  return denominator === 0 ? 0 : ((1 + b2) * precision * recall) / denominator;
}

/** Scores one ranked prediction list against the gold files. */
export function scoreInstance(predicted: readonly string[], gold: readonly string[]): InstanceScore {
  const ranked = dedupeRanked(predicted);
  const goldSet = new Set(dedupeRanked(gold));
  const hits = ranked.filter((path) => goldSet.has(path)).length;
  const precision = ranked.length === 0 ? 0 : hits / ranked.length;
  const recall = goldSet.size === 0 ? 0 : hits / goldSet.size;
  return {
    precision,
    recall,
    f05: fBeta(precision, recall),
    hit_at_1: ranked.slice(0, 1).some((path) => goldSet.has(path)),
    hit_at_5: ranked.slice(0, 5).some((path) => goldSet.has(path)),
  };
}

/** The zero score an errored or unpredicted instance gets. */
export const ZERO_SCORE: InstanceScore = { precision: 0, recall: 0, f05: 0, hit_at_1: false, hit_at_5: false };

/** Nearest-rank percentile (p in 0..1) of the values; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** Macro-averages scores; latency, turns and tool calls average over the rows that ran without error. */
export function summarize(instances: readonly ScoredInstance[]): Summary {
  const n = instances.length;
  const mean = (pick: (s: ScoredInstance) => number) => (n === 0 ? 0 : instances.reduce((sum, s) => sum + pick(s), 0) / n);
  const ran = instances.filter((s) => s.error === undefined);
  const latencies = ran.flatMap((s) => (s.latency_ms === undefined ? [] : [s.latency_ms]));
  const meanOf = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
  return {
    n,
    precision: mean((s) => s.precision),
    recall: mean((s) => s.recall),
    f05: mean((s) => s.f05),
    f05_ge_0_8: mean((s) => (s.f05 >= 0.8 - 1e-9 ? 1 : 0)), // tolerance: 0.8 itself may round to 0.7999…
    acc_at_1: mean((s) => (s.hit_at_1 ? 1 : 0)),
    acc_at_5: mean((s) => (s.hit_at_5 ? 1 : 0)),
    latency_ms_p50: percentile(latencies, 0.5),
    latency_ms_p95: percentile(latencies, 0.95),
    turns_mean: meanOf(ran.flatMap((s) => (s.turns === undefined ? [] : [s.turns]))),
    tool_calls_mean: meanOf(ran.flatMap((s) => (s.tool_calls === undefined ? [] : [s.tool_calls]))),
    errors: n - ran.length,
  };
}
