// Tool overhead: our grep/glob/read against the same work done raw (rg, fs), same machine, same run.
// Usage: npm run bench:tools -- [--runs N] [--only grep|glob|read]   (trees are cached under .cache/bench/trees; CODEGREP_BENCH_REPOS overrides the repos folder)
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GlobArgs, GrepArgs, ReadArgs, ToolCall } from '../src/common/tools';
import { fileListFlags } from '../src/tools/fileList';
import { grepFlags } from '../src/tools/grep';
import { ripgrepPath } from '../src/tools/ripgrep';
import { NodeToolRunner } from '../src/tools/runner';
import { prepareTree } from './lib/trees';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const onlyArg = process.argv.indexOf('--only');
/** Run just one tool's cells (grep, glob or read), e.g. to re-measure it with more runs. */
const ONLY = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;
const signal = new AbortController().signal;

/** Runs rg to completion, keeping its whole stdout as a consumer of raw output would. */
function rawRg(args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrepPath(), args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(chunks).length));
  });
}

/** The same read done plainly: whole file, split, slice, number. */
async function rawRead(file: string, start: number, end: number): Promise<number> {
  const lines = (await readFile(file, 'utf8')).split('\n').slice(start - 1, end);
  return lines.map((line, i) => `${String(start + i).padStart(6)}\t${line}`).join('\n').length;
}

async function ms(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface Measured {
  oursMs: number;
  rawMs: number;
  /** Median of per-pair wall-clock ratios ours/raw. */
  ratio: number;
  /** min(ours) / min(raw): the least disturbed run of each, a cross-check on a loaded machine. */
  minRatio: number;
  note: string;
}

interface Row extends Measured {
  /** grep only: raw rg without --sort=path (parallel, nondeterministic order): the price of determinism. */
  unsortedMs?: number;
  tool: string;
  repo: string;
  what: string;
}

/**
 * Warm-up once, then RUNS pairs (ours, raw), alternating which goes first. The ratio is the
 * median of the per-pair ratios: on a shared machine load drifts, and a pair sees the same load.
 */
async function compare(ours: () => Promise<string>, raw: () => Promise<unknown>): Promise<Measured> {
  const note = await ours();
  await raw();
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let oursMs: number;
    let rawMs: number;
    if (i % 2 === 0) {
      oursMs = await ms(ours);
      rawMs = await ms(raw);
    } else {
      rawMs = await ms(raw);
      oursMs = await ms(ours);
    }
    a.push(oursMs);
    b.push(rawMs);
    ratios.push(oursMs / rawMs);
  }
  return { oursMs: median(a), rawMs: median(b), ratio: median(ratios), minRatio: Math.min(...a) / Math.min(...b), note };
}

const GREPS: [string, GrepArgs][] = [
  ['django', { pattern: 'get_object_or_404' }],
  ['django', { pattern: 'class \\w+Field\\(', glob: '*.py' }],
  ['django', { pattern: 'def (get|set)_\\w+_display' }],
  ['django', { pattern: 'csrf_exempt', case_insensitive: true }],
  ['django', { pattern: 'select_related', path: 'django/db' }],
  ['django', { pattern: 'ForeignKey', glob: '**/migrations/*.py' }],
  ['django', { pattern: 'import', glob: '*.py' }],
  ['django', { pattern: 'xframe_options_sameorigin', context_lines: 3 }],
  ['sympy', { pattern: 'def simplify' }],
  ['sympy', { pattern: 'matrix', case_insensitive: true, glob: '*.py' }],
  ['sympy', { pattern: '_eval_is_\\w+\\(self\\)' }],
];
const GLOBS: [string, GlobArgs][] = [
  ['django', { pattern: '*.py' }],
  ['django', { pattern: '**/migrations/*.py' }],
  ['django', { pattern: 'models.py' }],
  ['django', { pattern: '**/*.html', path: 'django/contrib' }],
  ['sympy', { pattern: 'test_*.py' }],
];
const READS: [string, ReadArgs][] = [
  ['django', { path: 'django/db/models/query.py', start_line: 1000, end_line: 1299 }],
  ['sympy', { path: 'sympy/core/expr.py', start_line: 1, end_line: 300 }],
];

async function main(): Promise<void> {
  const trees: Record<string, string> = { django: prepareTree('django__django'), sympy: prepareTree('sympy__sympy') };
  const runners: Record<string, NodeToolRunner> = {};
  for (const [name, tree] of Object.entries(trees)) runners[name] = new NodeToolRunner({ roots: [tree] });
  const run = async (repo: string, call: ToolCall): Promise<string> => {
    const result = await runners[repo].run(call, signal);
    if (result.error) throw new Error(`${call.name} ${JSON.stringify(call.args)}: ${result.error}`);
    return `${result.count}${result.truncated ? '+ (capped)' : ''} ${call.name === 'read' ? 'lines' : call.name === 'glob' ? 'paths' : 'matches'}`;
  };
  const rows: Row[] = [];
  const add = (tool: string, repo: string, what: string, r: Measured) => {
    rows.push({ tool, repo, what, ...r });
    console.error(`${tool} ${repo} ${what}: ours ${r.oursMs.toFixed(1)} ms, raw ${r.rawMs.toFixed(1)} ms (${r.note})`);
  };

  const wanted = (tool: string) => ONLY === undefined || ONLY === tool;
  for (const [repo, args] of wanted('grep') ? GREPS : []) {
    const tree = trees[repo];
    const target = args.path ? path.join(tree, args.path) : tree;
    const flags = grepFlags(args, args.context_lines ?? 0, [target]);
    add('grep', repo, describe(args), await compare(() => run(repo, { id: 'b', name: 'grep', args }), () => rawRg(flags, tree)));
    const unsorted = flags.filter((flag) => flag !== '--sort=path');
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await ms(() => rawRg(unsorted, tree)));
    rows[rows.length - 1].unsortedMs = median(times);
  }
  for (const [repo, args] of wanted('glob') ? GLOBS : []) {
    const listing = fileListFlags([trees[repo]]);
    const cold = () => {
      runners[repo].invalidateFileList();
      return run(repo, { id: 'b', name: 'glob', args });
    };
    add('glob', repo, describe(args), await compare(cold, () => rawRg(listing, trees[repo])));
  }
  for (const [repo, args] of wanted('read') ? READS : []) {
    const file = path.join(trees[repo], args.path);
    add('read', repo, describe(args), await compare(() => run(repo, { id: 'b', name: 'read', args }), () => rawRead(file, args.start_line ?? 1, args.end_line ?? 300)));
  }
  // Cached glob: what the 2nd..nth glob of one locate run costs (no rg at all).
  const cachedGlob = await compare(() => run('django', { id: 'b', name: 'glob', args: { pattern: '*.py' } }), () => rawRg(fileListFlags([trees.django]), trees.django));

  const byTool = (tool: string, key: 'ratio' | 'minRatio' = 'ratio') => median(rows.filter((r) => r.tool === tool).map((r) => r[key]));
  console.log(`| tool | repo | call | ours ms | raw ms | ratio | min ratio | raw unsorted ms | result |\n|---|---|---|---:|---:|---:|---:|---:|---|`);
  for (const r of rows) {
    const cells = [r.tool, r.repo, `\`${r.what.replace(/\|/g, '\\|')}\``, r.oursMs.toFixed(1), r.rawMs.toFixed(1), r.ratio.toFixed(2), r.minRatio.toFixed(2), r.unsortedMs?.toFixed(1) ?? '', r.note];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(`\nMachine: ${os.cpus().length} cores, 1-min load average ${os.loadavg()[0].toFixed(1)} at the end.`);
  const fmt = (x: number) => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(2)}x`);
  console.log(`Median ratio: grep ${fmt(byTool('grep'))}, glob ${fmt(byTool('glob'))}, read ${fmt(byTool('read'))} (median of ${RUNS} paired runs per call, after 1 warm-up).`);
  console.log(`Median min-ratio: grep ${fmt(byTool('grep', 'minRatio'))}, glob ${fmt(byTool('glob', 'minRatio'))}, read ${fmt(byTool('read', 'minRatio'))}.`);
  console.log(`Cached glob (*.py, django, within the 5 s listing TTL): ${cachedGlob.oursMs.toFixed(1)} ms vs raw rg --files ${cachedGlob.rawMs.toFixed(1)} ms.`);
  mkdirSync('bench/results', { recursive: true });
  const summary = {
    grep: byTool('grep'),
    glob: byTool('glob'),
    read: byTool('read'),
    grepMin: byTool('grep', 'minRatio'),
    globMin: byTool('glob', 'minRatio'),
    readMin: byTool('read', 'minRatio'),
    load: os.loadavg()[0],
    cachedGlobMs: cachedGlob.oursMs,
    cachedGlobRawMs: cachedGlob.rawMs,
  };
  const out = ONLY ? `bench/results/tools-${ONLY}.json` : 'bench/results/tools.json';
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, summary, rows }, null, 2)}\n`);
}

function describe(args: GrepArgs | GlobArgs | ReadArgs): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
