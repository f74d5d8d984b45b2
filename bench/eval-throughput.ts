// Eval throughput and memory: instances per minute and peak RSS of `codegrep eval` at --concurrency 1 and 2,
// for the bm25 and embedded brains. Reference in the same run: a no-op brain (answers at once with no
// files) over the same rows, which costs only the harness (repo cache, worktree moves, scoring, sidecar).
// Each configuration runs in its own child process, so its peak RSS is its own.
// Usage: npx tsx bench/eval-throughput.ts [--rows N] [--dataset F] [--repos DIR]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Brain } from '../src/core/brain';
import { createEmbeddedBrain } from '../src/core/embedded/index';
import { createBm25Brain } from '../src/eval/bm25';
import { runEval, type BrainSpec } from '../src/eval/harness';
import { RepoCache } from '../src/eval/repoCache';
import { GitWorktrees } from '../src/eval/worktrees';
import { NodeToolRunner } from '../src/tools/runner';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ROWS = Number(arg('rows', '24'));
const DATASET = path.resolve(arg('dataset', '../shared/eval/dev.jsonl'));
const REPOS = path.resolve(arg('repos', '../shared/eval/repos'));
const WORK = path.resolve('.cache/bench/eval-throughput');
const CACHE = path.resolve('.cache/eval-repos');

interface Measure {
  brain: string;
  concurrency: number;
  rows: number;
  ms: number;
  maxRssMb: number;
  f05: number;
}

const noop: Brain = {
  name: 'noop',
  start: () => ({ next: async () => ({ kind: 'answer', files: [] }) }),
};
const BRAINS: Record<string, BrainSpec> = {
  noop: { name: 'noop', create: () => noop },
  bm25: { name: 'bm25', create: (root) => createBm25Brain({ root }) },
  embedded: { name: 'embedded', create: () => createEmbeddedBrain() },
};

/** Every k-th row, so the subset spans the repositories the way the full set does. */
function writeSubset(): string {
  const lines = readFileSync(DATASET, 'utf8').split('\n').filter((l) => l.trim());
  const step = Math.max(1, Math.floor(lines.length / ROWS));
  const picked = lines.filter((_, i) => i % step === 0).slice(0, ROWS);
  mkdirSync(WORK, { recursive: true });
  const file = path.join(WORK, 'subset.jsonl');
  writeFileSync(file, `${picked.join('\n')}\n`);
  return file;
}

/** Child mode: one eval run, timed in-process, then its own peak RSS. */
async function child(brain: string, concurrency: number, dataset: string): Promise<void> {
  const started = performance.now();
  const { report } = await runEval({
    dataset,
    brains: [BRAINS[brain]],
    workspaces: new GitWorktrees(new RepoCache({ reposDir: REPOS, cacheDir: CACHE })),
    createTools: (root) => new NodeToolRunner({ roots: [root] }),
    concurrency,
  });
  const measure: Measure = {
    brain,
    concurrency,
    rows: report.summary.n,
    ms: performance.now() - started,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    f05: report.summary.f05,
  };
  process.stdout.write(`${JSON.stringify(measure)}\n`);
}

function runChild(brain: string, concurrency: number, dataset: string): Measure {
  const out = execFileSync(process.execPath, ['--require', 'tsx/cjs', __filename, '--child', brain, String(concurrency), dataset], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Measure;
}

function main(): void {
  const dataset = writeSubset();
  runChild('noop', 2, dataset); // warm-up: builds the repo cache and the OS file cache
  const results: Measure[] = [];
  for (const brain of ['noop', 'bm25', 'embedded']) {
    for (const concurrency of [1, 2]) {
      const m = runChild(brain, concurrency, dataset);
      results.push(m);
      console.error(`${brain} c${concurrency}: ${m.rows} rows in ${(m.ms / 1000).toFixed(1)} s, peak RSS ${m.maxRssMb.toFixed(0)} MB`);
    }
  }
  const perMin = (m: Measure) => (m.rows / m.ms) * 60_000;
  const find = (brain: string, c: number) => results.find((r) => r.brain === brain && r.concurrency === c)!;
  console.log('| brain | concurrency | rows | wall s | instances/min | speed-up c2/c1 | harness share | peak RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of results) {
    const speedUp = m.concurrency === 2 ? `${(perMin(m) / perMin(find(m.brain, 1))).toFixed(2)}x` : '';
    const share = m.brain === 'noop' ? '' : `${((find('noop', m.concurrency).ms / m.ms) * 100).toFixed(0)}%`;
    console.log(`| ${m.brain} | ${m.concurrency} | ${m.rows} | ${(m.ms / 1000).toFixed(1)} | ${perMin(m).toFixed(1)} | ${speedUp} | ${share} | ${m.maxRssMb.toFixed(0)} |`);
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/eval-throughput.json', `${JSON.stringify({ date: new Date().toISOString(), dataset: DATASET, rows: ROWS, results }, null, 2)}\n`);
}

const childAt = process.argv.indexOf('--child');
if (childAt > 0) {
  child(process.argv[childAt + 1], Number(process.argv[childAt + 2]), process.argv[childAt + 3]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main();
}
