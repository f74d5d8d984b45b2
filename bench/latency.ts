// Locate latency and scaling: the embedded brain through the real Locator and NodeToolRunner on dev-set
// checkouts (the eval harness's repo cache and worktrees), against the physical floor measured in the same
// run on the same tree: one plain `rg -l` pass for the identifiers the brain mined from the issue.
// Usage: npx tsx bench/latency.ts [--per-repo N] [--runs N] [--dataset F] [--repos DIR] [--repo owner/name ...]
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { LocateEvent } from '../src/common/events';
import { issueFromText } from '../src/common/issue';
import { createEmbeddedBrain, mineIssue } from '../src/core/embedded/index';
import { PLAN_LIMITS } from '../src/core/embedded/plan';
import { Locator } from '../src/core/locator';
import { loadDataset, type DatasetRow } from '../src/eval/dataset';
import { RepoCache } from '../src/eval/repoCache';
import { GitWorktrees } from '../src/eval/worktrees';
import { fileListFlags } from '../src/tools/fileList';
import { RG_COMMON_FLAGS, ripgrepPath } from '../src/tools/ripgrep';
import { NodeToolRunner } from '../src/tools/runner';
import { median, percentile } from './lib/stats';
import { lineChartSvg } from './lib/svgChart';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
/** Smallest to largest tree, the scaling axis of the plot. */
const SCALING_REPOS = ['pallets/flask', 'psf/requests', 'sphinx-doc/sphinx', 'django/django', 'sympy/sympy', 'matplotlib/matplotlib'];
const REPOS_ARG = argv.flatMap((a, i) => (argv[i - 1] === '--repo' ? [a] : []));
const REPOS = REPOS_ARG.length ? REPOS_ARG : SCALING_REPOS;
const PER_REPO = Number(arg('per-repo', '3'));
const RUNS = Number(arg('runs', '5'));
const DATASET = path.resolve(arg('dataset', '../shared/eval/dev.jsonl'));
const REPOS_DIR = path.resolve(arg('repos', '../shared/eval/repos'));
const CACHE = path.resolve('.cache/eval-repos');
const GOAL_MS = 1500;
const GOAL_RATIO = 3;

/** One timed locate run, split into the tools' share and everything else (brain, loop, citations). */
interface RunTiming {
  ms: number;
  toolMs: number;
  /** CPU time of this process plus the rg processes it waited for: load-independent work. */
  cpuMs: number;
}

/**
 * CPU ms of this process (µs clock) and of its finished children (Linux /proc ticks, 10 ms), so the
 * work a run does can be compared with the floor's even when the shared machine's load skews wall time.
 */
function cpuNow(): number {
  const own = process.cpuUsage();
  let children = Number.NaN;
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    children = ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    // Not Linux: CPU figures are reported as unknown.
  }
  return (own.user + own.system) / 1000 + children;
}
const CLOCK_TICKS = 100;

interface IssueResult {
  repo: string;
  instance: string;
  files: number;
  identifiers: number;
  locateMs: number;
  locateToolMs: number;
  locateCpuMs: number;
  floorMs: number;
  floorCpuMs: number;
  /** Median of per-run ratios locate/floor (each pair sees the same machine load). */
  ratio: number;
  runsMs: number[];
  predicted: string[];
  gold: string[];
}

/** Rows of `repo`, every k-th so the sample spans the repo's rows in file order. */
function sampleRows(rows: DatasetRow[], repo: string, count: number): DatasetRow[] {
  const mine = rows.filter((r) => r.repo === repo);
  const step = Math.max(1, Math.floor(mine.length / count));
  return mine.filter((_, i) => i % step === 0).slice(0, count);
}

/** The identifiers the embedded brain searches in turn 1, in its order and within its budget. */
function minedIdentifiers(problem: string): string[] {
  return mineIssue(issueFromText(problem))
    .clues.filter((c) => c.kind === 'symbol')
    .slice(0, PLAN_LIMITS.definitionNames)
    .map((c) => c.text);
}

/**
 * The floor: one rg pass over the same files our tools search (same ignore flags), listing the files that
 * contain any identifier. With no identifiers there is nothing to grep, so the floor is the file walk.
 */
async function floorPass(tree: string, identifiers: string[]): Promise<number> {
  const args = identifiers.length
    ? [...RG_COMMON_FLAGS, '--files-with-matches', '--fixed-strings', ...identifiers.flatMap((id) => ['-e', id]), '--', tree]
    : fileListFlags([tree]);
  const separator = identifiers.length ? 0x0a : 0x00;
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrepPath(), args, { cwd: tree, stdio: ['ignore', 'pipe', 'pipe'] });
    let count = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(separator); i >= 0; i = chunk.indexOf(separator, i + 1)) count++;
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 2 && count === 0 ? reject(new Error(`floor rg failed: ${stderr}`)) : resolve(count)));
  });
}

/** A locate run with a fresh tool runner (cold file listing, as one CLI invocation has). */
async function locateOnce(tree: string, problem: string): Promise<{ timing: RunTiming; predicted: string[] }> {
  const tools = new NodeToolRunner({ roots: [tree] });
  const phases = new Map<number, { start: number; end: number }>();
  const onEvent = (event: LocateEvent) => {
    const now = performance.now();
    if (event.type === 'tool-call') {
      const phase = phases.get(event.turn) ?? { start: now, end: now };
      phases.set(event.turn, phase);
    } else if (event.type === 'tool-result') {
      const phase = phases.get(event.turn);
      if (phase) phase.end = now;
    }
  };
  const c0 = cpuNow();
  const t0 = performance.now();
  const result = await new Locator(tools).locate(issueFromText(problem), createEmbeddedBrain(), { onEvent });
  const ms = performance.now() - t0;
  const cpuMs = cpuNow() - c0;
  const toolMs = [...phases.values()].reduce((sum, p) => sum + (p.end - p.start), 0);
  return { timing: { ms, toolMs, cpuMs }, predicted: result.candidates.map((c) => c.path) };
}

async function countFiles(tree: string): Promise<number> {
  return floorPass(tree, []);
}

/** Warm-up once, then RUNS pairs (locate, floor), alternating which goes first. */
async function measureIssue(tree: string, row: DatasetRow, files: number): Promise<IssueResult> {
  const identifiers = minedIdentifiers(row.problem_statement);
  const warm = await locateOnce(tree, row.problem_statement);
  await floorPass(tree, identifiers);
  const locate: RunTiming[] = [];
  const floor: number[] = [];
  const floorCpu: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let timing: RunTiming;
    let floorMs: number;
    const timeFloor = async () => {
      const c0 = cpuNow();
      const t0 = performance.now();
      await floorPass(tree, identifiers);
      const ms = performance.now() - t0;
      floorCpu.push(cpuNow() - c0);
      return ms;
    };
    if (i % 2 === 0) {
      timing = (await locateOnce(tree, row.problem_statement)).timing;
      floorMs = await timeFloor();
    } else {
      floorMs = await timeFloor();
      timing = (await locateOnce(tree, row.problem_statement)).timing;
    }
    locate.push(timing);
    floor.push(floorMs);
    ratios.push(timing.ms / floorMs);
  }
  return {
    repo: row.repo,
    instance: row.instance_id,
    files,
    identifiers: identifiers.length,
    locateMs: median(locate.map((t) => t.ms)),
    locateToolMs: median(locate.map((t) => t.toolMs)),
    locateCpuMs: median(locate.map((t) => t.cpuMs)),
    floorMs: median(floor),
    floorCpuMs: median(floorCpu),
    ratio: median(ratios),
    runsMs: locate.map((t) => Math.round(t.ms)),
    predicted: warm.predicted,
    gold: row.gold_files,
  };
}

interface RepoSummary {
  repo: string;
  files: number;
  issues: number;
  locateMs: number;
  floorMs: number;
  ratio: number;
  toolShare: number;
  /** Median per-issue CPU ratio locate/floor. */
  cpuRatio: number;
}

function summarizeRepo(repo: string, results: IssueResult[]): RepoSummary {
  const mine = results.filter((r) => r.repo === repo);
  return {
    repo,
    files: Math.round(median(mine.map((r) => r.files))),
    issues: mine.length,
    locateMs: median(mine.map((r) => r.locateMs)),
    floorMs: median(mine.map((r) => r.floorMs)),
    ratio: median(mine.map((r) => r.ratio)),
    toolShare: median(mine.map((r) => r.locateToolMs / r.locateMs)),
    cpuRatio: median(mine.map((r) => r.locateCpuMs / r.floorCpuMs)),
  };
}

function writeChart(summaries: RepoSummary[]): string {
  const short = (repo: string) => repo.split('/')[1];
  const svg = lineChartSvg(
    [
      { label: 'locate p50 (embedded)', color: '#1f6feb', points: summaries.map((s) => ({ x: s.files, y: s.locateMs, label: short(s.repo) })) },
      { label: 'floor: one rg pass', color: '#8b949e', dashed: true, points: summaries.map((s) => ({ x: s.files, y: s.floorMs })) },
      { label: `${GOAL_RATIO}x floor (goal)`, color: '#d29922', dashed: true, points: summaries.map((s) => ({ x: s.files, y: s.floorMs * GOAL_RATIO })) },
    ],
    {
      title: 'Locate latency vs repository size (median per repo)',
      xLabel: 'files in the tree (log scale)',
      yLabel: 'ms',
      logX: true,
      hLines: [{ y: GOAL_MS, label: `${GOAL_MS} ms goal (django-size trees)`, color: '#cf222e' }],
    },
  );
  mkdirSync('docs/images', { recursive: true });
  const file = 'docs/images/locate-latency-scaling.svg';
  writeFileSync(file, svg);
  return file;
}

async function main(): Promise<void> {
  const { rows } = await loadDataset(DATASET);
  const workspaces = new GitWorktrees(new RepoCache({ reposDir: REPOS_DIR, cacheDir: CACHE }));
  const results: IssueResult[] = [];
  try {
    for (const repo of REPOS) {
      const sample = sampleRows(rows, repo, PER_REPO);
      if (sample.length === 0) console.error(`${repo}: no rows in ${DATASET}, skipped`);
      for (const row of sample) {
        const checkout = await workspaces.checkout(row.repo, row.base_commit, `bench-${row.instance_id}`);
        try {
          const files = await countFiles(checkout.dir);
          const r = await measureIssue(checkout.dir, row, files);
          results.push(r);
          console.error(
            `${r.instance} (${files} files, ${r.identifiers} ids): locate ${r.locateMs.toFixed(0)} ms (tools ${r.locateToolMs.toFixed(0)}, CPU ${r.locateCpuMs.toFixed(0)}), ` +
              `floor ${r.floorMs.toFixed(0)} ms (CPU ${r.floorCpuMs.toFixed(0)}), ${r.ratio.toFixed(2)}x`,
          );
        } finally {
          await checkout.dispose();
        }
      }
    }
  } finally {
    await workspaces.closeAll();
  }
  const summaries = REPOS.map((repo) => summarizeRepo(repo, results)).filter((s) => s.issues > 0);
  const perIssue = results.map((r) => r.locateMs);
  const overall = {
    issues: results.length,
    p50Ms: percentile(perIssue, 50),
    p95Ms: percentile(perIssue, 95),
    ratioP50: percentile(results.map((r) => r.ratio), 50),
    ratioP95: percentile(results.map((r) => r.ratio), 95),
    cpuRatioP50: percentile(results.map((r) => r.locateCpuMs / r.floorCpuMs), 50),
  };
  console.log('| repo | files | issues | locate p50 ms | floor ms | wall ratio | CPU ratio | tools share of wall |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const s of summaries) {
    const cells = [s.repo, s.files, s.issues, s.locateMs.toFixed(0), s.floorMs.toFixed(0), `${s.ratio.toFixed(2)}x`, `${s.cpuRatio.toFixed(2)}x`, `${(s.toolShare * 100).toFixed(0)}%`];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(
    `\nAll ${overall.issues} issues: p50 ${overall.p50Ms.toFixed(0)} ms, p95 ${overall.p95Ms.toFixed(0)} ms; ratio to floor p50 ${overall.ratioP50.toFixed(2)}x, p95 ${overall.ratioP95.toFixed(2)}x` +
      `; CPU ratio p50 ${overall.cpuRatioP50.toFixed(2)}x (goals: <= ${GOAL_MS} ms on django-size trees, <= ${GOAL_RATIO}x). Median of ${RUNS} paired runs per issue after 1 warm-up.`,
  );
  console.log(`Machine: ${os.cpus().length} cores, 1-min load average ${os.loadavg()[0].toFixed(1)} at the end.`);
  const chart = writeChart(summaries);
  console.log(`Plot: ${chart}`);
  mkdirSync('bench/results', { recursive: true });
  const report = { date: new Date().toISOString(), runs: RUNS, perRepo: PER_REPO, cores: os.cpus().length, loadAvg: os.loadavg(), overall, summaries, results };
  writeFileSync('bench/results/latency.json', `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
