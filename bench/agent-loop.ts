// Agent-loop overhead: a full locate run (3 exploration turns of 8 parallel calls + the answer turn)
// against an instant scripted model server, splitting each turn's wall time into model HTTP time,
// tool time (the union of the parallel calls' intervals) and everything else: the loop overhead.
// Reference in the same run: the same 8 calls of a turn run one after another.
// Usage: npx tsx bench/agent-loop.ts [--runs N] [--workspace DIR]
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { LocateEvent } from '../src/common/events';
import type { ToolCall } from '../src/common/tools';
import { Locator } from '../src/core/locator';
import { createOpenAIBrain } from '../src/core/openai/index';
import { NodeToolRunner } from '../src/tools/runner';
import { FakeModelServer, type ScriptedReply } from '../test/helpers/fakeModelServer';
import { TimedRunner } from '../test/helpers/timedRunner';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
// Default: a pinned, real source tree (the openai package this project depends on, ~2.3k files).
const workspaceArg = process.argv.indexOf('--workspace');
const WORKSPACE = path.resolve(workspaceArg > 0 ? process.argv[workspaceArg + 1] : 'node_modules/openai');

type Interval = [start: number, end: number];

/** Eight calls per exploration turn, the kind a model issues: identifiers, globs, reads. */
const TURN_CALLS: Record<string, unknown>[][] = [
  [
    { name: 'grep', args: { pattern: 'class APIConnectionError' } },
    { name: 'grep', args: { pattern: 'retry-after', case_insensitive: true } },
    { name: 'grep', args: { pattern: 'maxRetries', glob: '*.ts' } },
    { name: 'glob', args: { pattern: '**/*error*' } },
    { name: 'glob', args: { pattern: 'resources/chat/**' } },
    { name: 'grep', args: { pattern: 'function sleep', context_lines: 2 } },
    { name: 'read', args: { path: 'core/error.js', start_line: 1, end_line: 80 } },
    { name: 'grep', args: { pattern: 'parallel_tool_calls' } },
  ],
  [
    { name: 'read', args: { path: 'client.js', start_line: 260, end_line: 420 } },
    { name: 'grep', args: { pattern: 'shouldRetry' } },
    { name: 'grep', args: { pattern: 'calculateDefaultRetryTimeoutMillis', context_lines: 3 } },
    { name: 'grep', args: { pattern: 'x-should-retry' } },
    { name: 'glob', args: { pattern: 'internal/**/*.js' } },
    { name: 'grep', args: { pattern: 'AbortController' } },
    { name: 'read', args: { path: 'internal/utils/sleep.js' } },
    { name: 'grep', args: { pattern: 'APIUserAbortError', glob: '*.js' } },
  ],
  [
    { name: 'read', args: { path: 'client.js', start_line: 430, end_line: 480 } },
    { name: 'grep', args: { pattern: 'retry-after-ms' } },
    { name: 'grep', args: { pattern: 'fetchWithTimeout' } },
    { name: 'grep', args: { pattern: 'timeout', glob: 'client.js' } },
    { name: 'glob', args: { pattern: '**/*.d.ts', path: 'core' } },
    { name: 'grep', args: { pattern: 'DEFAULT_TIMEOUT' } },
    { name: 'read', args: { path: 'version.js' } },
    { name: 'grep', args: { pattern: 'buildRequest' } },
  ],
];

function reply(turn: number): ScriptedReply {
  if (turn >= TURN_CALLS.length) {
    const files = [{ path: 'client.js', lines: '437-476', reason: 'retry loop' }];
    return { message: { tool_calls: [{ id: 'ans', type: 'function', function: { name: 'answer', arguments: JSON.stringify({ files }) } }] } };
  }
  const tool_calls = TURN_CALLS[turn].map((c, i) => ({ id: `t${turn}_${i}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } }));
  return { message: { tool_calls } };
}

/** Model HTTP intervals: every fetch the openai client makes, timed around the global fetch. */
const httpIntervals: Interval[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
  const start = performance.now();
  try {
    const response = await realFetch(...args);
    // The body is read by the SDK later; buffer it here so its transfer counts as model time.
    const body = await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } finally {
    httpIntervals.push([start, performance.now()]);
  }
};

function unionMs(intervals: Interval[]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let current: Interval | undefined;
  for (const [s, e] of sorted) {
    if (!current || s > current[1]) {
      if (current) total += current[1] - current[0];
      current = [s, e];
    } else current[1] = Math.max(current[1], e);
  }
  return total + (current ? current[1] - current[0] : 0);
}

const within = (list: Interval[], [a, b]: Interval) => list.filter(([s, e]) => s >= a && e <= b);
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

interface RunStats {
  wallMs: number;
  modelMs: number;
  toolMs: number;
  overheadMs: number;
  /** Per exploration turn: tool union, longest single call, sum of calls, and the sequential reference. */
  parallel: { unionMs: number; maxMs: number; sumMs: number; sequentialMs: number }[];
}

async function oneRun(server: FakeModelServer, runner: TimedRunner): Promise<RunStats> {
  runner.spans.length = 0;
  httpIntervals.length = 0;
  const brain = createOpenAIBrain({ baseURL: server.baseURL, model: 'bench' });
  const marks: number[] = [];
  const onEvent = (event: LocateEvent) => {
    if (event.type === 'turn-started' || event.type === 'done') marks.push(performance.now());
  };
  const result = await new Locator(runner).locate({ title: 'Retries ignore Retry-After', body: 'The client sleeps its own backoff.' }, brain, { onEvent });
  if (result.trajectory.length !== TURN_CALLS.length + 1) throw new Error(`unexpected run: ${JSON.stringify(result.trajectory)}`);
  const turns: Interval[] = marks.slice(0, -1).map((m, i) => [m, marks[i + 1]]);
  const wallMs = marks[marks.length - 1] - marks[0];
  const modelMs = unionMs(httpIntervals);
  const toolIntervals = runner.spans.map((span): Interval => [span.start, span.end]);
  const toolMs = unionMs(toolIntervals);
  const parallel = [];
  for (const turn of turns.slice(0, TURN_CALLS.length)) {
    const calls = within(toolIntervals, turn);
    const durations = calls.map(([s, e]) => e - s);
    parallel.push({ unionMs: unionMs(calls), maxMs: Math.max(...durations), sumMs: durations.reduce((a, b) => a + b, 0), sequentialMs: 0 });
  }
  // Reference: the same calls, one after another, on the same runner and warm caches.
  for (const [t, calls] of TURN_CALLS.entries()) {
    const start = performance.now();
    for (const [i, c] of calls.entries()) await runner.run({ id: `seq${i}`, ...c } as ToolCall, new AbortController().signal);
    parallel[t].sequentialMs = performance.now() - start;
  }
  return { wallMs, modelMs, toolMs, overheadMs: wallMs - modelMs - toolMs, parallel };
}

async function main(): Promise<void> {
  let turn = 0;
  const server = await FakeModelServer.start(() => reply(turn++ % (TURN_CALLS.length + 1)));
  const runner = new TimedRunner(new NodeToolRunner({ roots: [WORKSPACE] }));
  const runs: RunStats[] = [];
  try {
    for (let i = 0; i <= RUNS; i++) {
      turn = 0;
      const stats = await oneRun(server, runner);
      if (i > 0) runs.push(stats); // the first run warms caches and the JIT
    }
  } finally {
    await server.close();
  }
  const share = runs.map((r) => r.overheadMs / r.wallMs);
  const turnsFlat = runs.flatMap((r) => r.parallel);
  const summary = {
    runs: RUNS,
    wallMs: median(runs.map((r) => r.wallMs)),
    modelMs: median(runs.map((r) => r.modelMs)),
    toolMs: median(runs.map((r) => r.toolMs)),
    overheadMs: median(runs.map((r) => r.overheadMs)),
    overheadShare: median(share),
    overheadShareMax: Math.max(...share),
    turnToolWallOverMaxCall: median(turnsFlat.map((p) => p.unionMs / p.maxMs)),
    turnToolWallOverSumOfCalls: median(turnsFlat.map((p) => p.unionMs / p.sumMs)),
    parallelOverSequential: median(turnsFlat.map((p) => p.unionMs / p.sequentialMs)),
  };
  console.log(`Workspace: ${path.relative(process.cwd(), WORKSPACE) || '.'}\n`);
  console.log(`| measure (median of ${RUNS} runs, 4 turns, 24 tool calls each) | value |`);
  console.log('|---|---|');
  console.log(`| run wall time | ${summary.wallMs.toFixed(1)} ms |`);
  console.log(`| model HTTP (instant scripted server) | ${summary.modelMs.toFixed(1)} ms |`);
  console.log(`| tools (union of parallel calls) | ${summary.toolMs.toFixed(1)} ms |`);
  console.log(`| loop overhead (the rest) | ${summary.overheadMs.toFixed(1)} ms |`);
  console.log(`| **overhead share of wall time** | **${(summary.overheadShare * 100).toFixed(1)} %** (worst run ${(summary.overheadShareMax * 100).toFixed(1)} %) |`);
  console.log(`| turn tool wall / longest call | ${summary.turnToolWallOverMaxCall.toFixed(2)}x |`);
  console.log(`| turn tool wall / sum of its 8 calls | ${summary.turnToolWallOverSumOfCalls.toFixed(2)}x |`);
  console.log(`| turn tool wall / same 8 calls run sequentially | ${summary.parallelOverSequential.toFixed(2)}x |`);
  mkdirSync('bench/results', { recursive: true });
  const name = workspaceArg > 0 ? `agent-loop-${path.basename(WORKSPACE)}.json` : 'agent-loop.json';
  writeFileSync(`bench/results/${name}`, `${JSON.stringify({ date: new Date().toISOString(), workspace: path.relative(process.cwd(), WORKSPACE), summary, runs }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
