// Monorepo scale: embedded-brain locate latency (p50/p95), CPU and peak RSS on 20k-200k-file workspaces,
// each against the one-rg-pass floor on the same tree, measured in the same run, interleaved per issue.
// The floor is bench/latency.ts's: one `rg -l --fixed-strings` pass with the issue's mined identifiers.
// A second reference is one walk of turn 1's own case-sensitive regexes with --json output drained.
// Also "warm" locates: one runner kept for the whole size with the watched listing TTL, as the
// extension's tool helper keeps it under VS Code's file watcher (nothing changes during the bench,
// so the watcher would tell nothing), so later locates reuse the file listing.
// Also "copied" locates: a fresh runner per locate, as a CLI call, that reads the listing's on-disk
// copy (listingSnapshot.ts) made by an earlier call instead of running rg --files.
// Also the same locates with turn 1's greps run as separate rg walks (the behaviour before the
// multi-pattern grep), so the saving is a same-run ratio too.
// Usage: npx tsx bench/monorepo.ts [--sizes 20000,50000,100000,200000] [--issues 8] [--runs 2] [--regex-walk]
// Each size is measured in its own process (peak RSS per size); results go to bench/results/monorepo.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { issueFromText, type Issue } from '../src/common/issue';
import type { GrepPattern, ToolCall, ToolResult, ToolRunner } from '../src/common/tools';
import { mineIssue } from '../src/core/embedded/clues';
import { createEmbeddedBrain } from '../src/core/embedded/index';
import { PLAN_LIMITS } from '../src/core/embedded/plan';
import { Locator } from '../src/core/locator';
import { fileListFlags, WATCHED_FILE_LIST_TTL_MS } from '../src/tools/fileList';
import { RG_COMMON_FLAGS, ripgrepPath } from '../src/tools/ripgrep';
import { NodeToolRunner } from '../src/tools/runner';
import { buildMonorepo, MONOREPO_PACKAGES, type MonorepoTree } from './lib/monorepoTree';
import { percentile } from './lib/stats';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SIZES = arg('sizes', '20000,50000,100000,200000').split(',').map(Number);
const ISSUES = Number(arg('issues', '8'));
const RUNS = Number(arg('runs', '2'));
const REGEX_WALK = process.argv.includes('--regex-walk');

/** CPU ms used so far by this process (all threads) and by its reaped children (rg). */
function cpuMs(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const tick = 10; // USER_HZ is 100 on Linux
  const usage = process.cpuUsage();
  return { self: (usage.user + usage.system) / 1000, children: (Number(fields[13]) + Number(fields[14])) * tick };
}

async function measure(fn: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const c0 = cpuMs();
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  const c1 = cpuMs();
  return { ms, cpuMs: c1.self - c0.self + c1.children - c0.children };
}

/** One rg process to completion, its output drained (the floor's only work besides rg's). */
function rgPass(args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrepPath(), args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.on('error', reject);
    child.on('close', () => resolve(bytes));
  });
}

/** The tools as they were before the multi-pattern grep: each of its searches as its own grep, all in parallel. */
class SeparateGreps implements ToolRunner {
  constructor(private readonly inner: NodeToolRunner) {}
  async run(call: ToolCall, signal: AbortSignal): Promise<ToolResult> {
    if (call.name !== 'grep' || !call.args.patterns) return this.inner.run(call, signal);
    const groups = await Promise.all(call.args.patterns.map((p, i) => this.inner.run({ id: `${call.id}_${i}`, name: 'grep', args: p }, signal)));
    return { text: '', truncated: groups.some((g) => g.truncated), count: 0, bytes: 0, groups };
  }
  resolveCitation(p: string) {
    return this.inner.resolveCitation(p);
  }
}

/** Issues of the packaged repos from the dev sets, round-robin over repos (never tuned on: only timed). */
function pickIssues(count: number): { id: string; issue: Issue }[] {
  const rows = ['dev', 'dev-multilang', 'dev-tsjs'].flatMap((set) =>
    readFileSync(`/work/shared/eval/${set}.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { instance_id: string; repo: string; problem_statement: string }),
  );
  const byRepo = MONOREPO_PACKAGES.map((pkg) => rows.filter((row) => row.repo.replace('/', '__') === pkg));
  const picked: { id: string; issue: Issue }[] = [];
  for (let i = 0; picked.length < count && i < 50; i++) {
    for (const list of byRepo) if (list[i] && picked.length < count) picked.push({ id: list[i].instance_id, issue: issueFromText(list[i].problem_statement) });
  }
  return picked;
}

/** Largest RSS (MB) seen among this process's rg children while `fn` runs, sampled every 20 ms. */
async function rgPeakRss(fn: () => Promise<unknown>): Promise<number> {
  let peak = 0;
  const timer = setInterval(() => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8');
        if (!/^Name:\s+rg$/m.test(status) || Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
        peak = Math.max(peak, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
      } catch {
        // Exited meanwhile.
      }
    }
  }, 20);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return peak;
}

async function worker(tree: MonorepoTree, out: string): Promise<void> {
  const issues = pickIssues(ISSUES);
  const listed = (await listFiles(tree.dir)).length;
  const locate = (issue: Issue, separate: boolean) => {
    const tools = new NodeToolRunner({ roots: [tree.dir] }).warmUp();
    return new Locator(separate ? new SeparateGreps(tools) : tools).locate(issue, createEmbeddedBrain());
  };
  // Turn 1's searches per issue: the floor walks the tree once with the case-sensitive ones, as our first walk does.
  const plans: GrepPattern[][] = [];
  let leaked = 0;
  for (const { issue } of issues) {
    const result = await locate(issue, false);
    // Turn 1's workspace-wide greps: one multi-pattern call, or (the brain's plan since the lead's revert) separate calls.
    const greps = (result.trajectory[0]?.calls ?? []).map((c) => c.call).filter((c) => c.name === 'grep' && !c.args.path && !c.args.paths);
    plans.push(greps.flatMap((c) => (c.name !== 'grep' ? [] : (c.args.patterns ?? [{ pattern: c.args.pattern, case_insensitive: c.args.case_insensitive }]))));
    leaked += result.candidates.filter((c) => /(^|\/)(node_modules|dist)\//.test(c.path)).length;
  }
  const floorArgs = (patterns: GrepPattern[]) => {
    const sensitive = patterns.filter((p) => !p.case_insensitive);
    const chosen = sensitive.length > 0 ? sensitive : patterns;
    return [...RG_COMMON_FLAGS, '--json', '--sort=path', ...chosen.flatMap((p) => ['--regexp', p.pattern]), '--', tree.dir];
  };
  const idFloorArgs = (issue: Issue) => {
    const ids = mineIssue(issue).clues.filter((c) => c.kind === 'symbol').slice(0, PLAN_LIMITS.definitionNames).map((c) => c.text);
    return ids.length > 0 ? [...RG_COMMON_FLAGS, '--files-with-matches', '--fixed-strings', ...ids.flatMap((id) => ['-e', id]), '--', tree.dir] : fileListFlags([tree.dir]);
  };
  type Cost = { ms: number; cpuMs: number };
  const samples: { issue: string; floor: Cost; regexWalk: Cost; locate: Cost; separate: Cost; warm: Cost; copied: Cost }[] = [];
  const warmTools = new NodeToolRunner({ roots: [tree.dir], listTtlMs: WATCHED_FILE_LIST_TTL_MS });
  await warmTools.run({ id: 'list', name: 'glob', args: { pattern: 'package.json' } }, new AbortController().signal);
  const snapshotDir = mkdtempSync(path.join(os.tmpdir(), 'cg-listings-'));
  const copiedLocate = async (issue: Issue) => {
    const tools = new NodeToolRunner({ roots: [tree.dir], snapshotDir }).warmUp();
    const cost = await measure(() => new Locator(tools).locate(issue, createEmbeddedBrain()));
    // As the CLI: the copy (if this call listed with rg) is written after the answer is out.
    tools.finishListingCopy();
    return { cost, source: tools.workspace.files.lastSource };
  };
  // The first call lists with rg and writes the copy: the bench tree was built well before (its folders are old).
  const primed = await copiedLocate(issues[0].issue);
  if (primed.source !== 'rg' || readdirSync(snapshotDir).length !== 1) throw new Error('the listing copy was not written');
  for (let run = 0; run < RUNS; run++) {
    for (const [i, { id, issue }] of issues.entries()) {
      if (plans[i].length === 0) continue;
      const floor = await measure(() => rgPass(idFloorArgs(issue), tree.dir));
      // The joined-regex walk takes 15-20 s per issue at 100k files; only measured when asked for.
      const regexWalk = REGEX_WALK ? await measure(() => rgPass(floorArgs(plans[i]), tree.dir)) : { ms: Number.NaN, cpuMs: Number.NaN };
      // Alternate which locate goes first, so neither always finds the other's page cache and CPU state.
      let after: Cost;
      let before: Cost;
      if (run % 2 === 0) {
        after = await measure(() => locate(issue, false));
        before = await measure(() => locate(issue, true));
      } else {
        before = await measure(() => locate(issue, true));
        after = await measure(() => locate(issue, false));
      }
      const warm = await measure(() => new Locator(warmTools).locate(issue, createEmbeddedBrain()));
      const copied = await copiedLocate(issue);
      if (copied.source !== 'snapshot') throw new Error(`a copied locate listed with ${copied.source}`);
      samples.push({ issue: id, floor, regexWalk, locate: after, separate: before, warm, copied: copied.cost });
      process.stderr.write(
        `  ${tree.packageFiles} files ${id.slice(0, 40)}: floor ${floor.ms.toFixed(0)} ms, regex walk ${regexWalk.ms.toFixed(0)} ms, locate ${after.ms.toFixed(0)} ms, ` +
          `copied ${copied.cost.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms, separate greps ${before.ms.toFixed(0)} ms\n`,
      );
    }
  }
  rmSync(snapshotDir, { recursive: true, force: true });
  const rgPeakMb = await rgPeakRss(() => locate(issues[0].issue, false));
  const stat = (pick: (s: (typeof samples)[number]) => number) => {
    const values = samples.map(pick);
    return { p50: percentile(values, 50), p95: percentile(values, 95) };
  };
  const report = {
    files: tree.packageFiles,
    listedFiles: listed,
    ignoredFiles: tree.ignoredFiles,
    ignoredInAnswers: leaked,
    packages: tree.packages.length,
    issues: issues.length,
    samples: samples.length,
    floorMs: stat((s) => s.floor.ms),
    floorCpuMs: stat((s) => s.floor.cpuMs),
    regexWalkMs: stat((s) => s.regexWalk.ms),
    regexWalkCpuMs: stat((s) => s.regexWalk.cpuMs),
    locateMs: stat((s) => s.locate.ms),
    locateCpuMs: stat((s) => s.locate.cpuMs),
    separateMs: stat((s) => s.separate.ms),
    warmMs: stat((s) => s.warm.ms),
    warmCpuMs: stat((s) => s.warm.cpuMs),
    warmOverFloor: stat((s) => s.warm.ms / s.floor.ms),
    copiedMs: stat((s) => s.copied.ms),
    copiedCpuMs: stat((s) => s.copied.cpuMs),
    copiedOverFloor: stat((s) => s.copied.ms / s.floor.ms),
    /** The call that listed with rg and wrote the copy (the copy's write is after its answer, not timed). */
    copyingLocateMs: primed.cost.ms,
    separateCpuMs: stat((s) => s.separate.cpuMs),
    /** Per-issue ratios, then their median: each locate against the floor measured next to it. */
    locateOverFloor: stat((s) => s.locate.ms / s.floor.ms),
    locateCpuOverFloor: stat((s) => s.locate.cpuMs / Math.max(1, s.floor.cpuMs)),
    separateOverFloor: stat((s) => s.separate.ms / s.floor.ms),
    separateCpuOverFloor: stat((s) => s.separate.cpuMs / Math.max(1, s.floor.cpuMs)),
    nodePeakRssMb: process.resourceUsage().maxRSS / 1024,
    rgPeakRssMb: rgPeakMb,
    rawSamples: samples,
  };
  writeFileSync(out, JSON.stringify(report));
}

async function listFiles(dir: string): Promise<string[]> {
  const out = spawnSync(ripgrepPath(), fileListFlags([dir]), { maxBuffer: 1 << 30 });
  return out.stdout.toString('utf8').split('\0').filter(Boolean);
}

async function main(): Promise<void> {
  const workerAt = process.argv.indexOf('--worker');
  if (workerAt > 0) return worker(JSON.parse(process.argv[workerAt + 1]) as MonorepoTree, process.argv[workerAt + 2]);
  const results = [];
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cg-monorepo-'));
  try {
    for (const size of SIZES) {
      const t0 = Date.now();
      const tree = buildMonorepo(size);
      console.log(`tree of ${tree.packageFiles} files (+${tree.ignoredFiles} ignored) ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      const out = path.join(scratch, `${size}.json`);
      const child = spawnSync(process.execPath, ['--import', 'tsx', __filename, ...process.argv.slice(2), '--worker', JSON.stringify(tree), out], { stdio: 'inherit' });
      if (child.status !== 0) throw new Error(`worker for ${size} files failed (${child.status ?? child.signal})`);
      const report = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
      results.push(report);
      type Stat = { p50: number; p95: number };
      const r = report as { locateMs: Stat; warmMs: Stat; copiedMs: Stat; floorMs: Stat; locateOverFloor: Stat; separateOverFloor: Stat };
      console.log(
        `${size}: locate p50 ${r.locateMs.p50.toFixed(0)} ms p95 ${r.locateMs.p95.toFixed(0)} ms; copied p50 ${r.copiedMs.p50.toFixed(0)} ms p95 ${r.copiedMs.p95.toFixed(0)} ms; ` +
          `warm p50 ${r.warmMs.p50.toFixed(0)} ms p95 ${r.warmMs.p95.toFixed(0)} ms; floor p50 ${r.floorMs.p50.toFixed(0)} ms; ` +
          `locate/floor ${r.locateOverFloor.p50.toFixed(2)}x (separate greps ${r.separateOverFloor.p50.toFixed(2)}x)`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const file = path.join('bench', 'results', 'monorepo.json');
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), cores: os.cpus().length, node: process.version, runs: RUNS, results }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
