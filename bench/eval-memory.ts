// Eval memory over a whole run: RSS after each finished row of the full dev set (embedded brain,
// concurrency 1, heap collected before each sample), and the growth per 100 rows over the second
// half of the run against the first. A leak per instance shows as a steady slope; a flat run does not.
//   npm run bench -- eval-memory   (or: npx tsx --expose-gc bench/eval-memory.ts [--dataset F] [--repos DIR])
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createEmbeddedBrain } from '../src/core/embedded/index';
import { runEval } from '../src/eval/harness';
import type { ProgressSink } from '../src/eval/progress';
import { RepoCache } from '../src/eval/repoCache';
import { GitWorktrees } from '../src/eval/worktrees';
import { NodeToolRunner } from '../src/tools/runner';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DATASET = path.resolve(arg('dataset', '../shared/eval/dev.jsonl'));
const REPOS = path.resolve(arg('repos', '../shared/eval/repos'));
const gc = (globalThis as { gc?: () => void }).gc;

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main(): Promise<void> {
  if (!gc) throw new Error('run with --expose-gc so samples are taken after a collection');
  const samples: [row: number, rssMb: number][] = [];
  const heap: [row: number, heapMb: number][] = [];
  const progress: ProgressSink = {
    start: () => undefined,
    note: () => undefined,
    finish: () => undefined,
    row: () => {
      gc();
      const memory = process.memoryUsage();
      samples.push([samples.length + 1, memory.rss / 2 ** 20]);
      heap.push([heap.length + 1, memory.heapUsed / 2 ** 20]);
    },
  };
  const started = performance.now();
  const { report } = await runEval({
    dataset: DATASET,
    brains: [{ name: 'embedded', create: () => createEmbeddedBrain() }],
    workspaces: new GitWorktrees(new RepoCache({ reposDir: REPOS, cacheDir: path.resolve('.cache/eval-repos') })),
    createTools: (root) => new NodeToolRunner({ roots: [root] }).warmUp(),
    concurrency: 1,
    progress,
  });
  const half = Math.floor(samples.length / 2);
  const at = (row: number) => samples[Math.min(samples.length, row) - 1]?.[1].toFixed(0);
  const result = {
    rows: samples.length,
    minutes: (performance.now() - started) / 60_000,
    f05: report.summary.f05,
    rssMbAtRow: Object.fromEntries([10, 50, 100, 150, samples.length].map((r) => [r, at(r)])),
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    slopeMbPer100RowsFirstHalf: slope(samples.slice(0, half)) * 100,
    slopeMbPer100RowsSecondHalf: slope(samples.slice(half)) * 100,
    heapMbAtRow: Object.fromEntries([10, 50, 100, 150, heap.length].map((r) => [r, heap[Math.min(heap.length, r) - 1]?.[1].toFixed(1)])),
    heapSlopeMbPer100RowsSecondHalf: slope(heap.slice(half)) * 100,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/eval-memory.json', `${JSON.stringify({ ...result, samples, heap }, null, 1)}\n`);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
