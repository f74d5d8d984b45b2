// The environment server under a scripted policy: episodes per minute at concurrency 1 and 2, and the
// server's overhead per step against calling the same tools directly. Reference in the same run: in a
// separate concurrency-1 pass, each step's calls also run straight through NodeToolRunner on the episode's
// own worktree, all in parallel as the Locator runs them, right before or after the env step (alternating,
// so neither side always gets the warm cache). Rows: every k-th real-issue row of shared/train.
// Usage: npx tsx bench/env-episodes.ts [--rows N] [--dataset F] [--repos DIR]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as path from 'node:path';
import type { ToolCall } from '../src/common/tools';
import { parseDataset, type DatasetRow } from '../src/eval/dataset';
import { RepoCache } from '../src/eval/repoCache';
import { GitWorktrees, type Workspaces } from '../src/eval/worktrees';
import { EnvServer } from '../src/envserver/server';
import { NodeToolRunner } from '../src/tools/runner';
import { OpenEnvClient, observationOf } from './lib/envClient';
import { median, percentile } from './lib/stats';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ROWS = Number(arg('rows', '12'));
const DATASET = path.resolve(arg('dataset', '../shared/train/train.jsonl'));
const REPOS = path.resolve(arg('repos', '../shared/train/repos'));
const CACHE = path.resolve('.cache/eval-repos');

interface StepRecord {
  envMs: number;
  directMs?: number;
}

/** When set, every step's calls are also timed straight through the tools (the reference). */
interface DirectReference {
  dirOf(instanceId: string): string;
}

/** Real-issue rows, every k-th, so the subset spans the repositories. */
function pickRows(): DatasetRow[] {
  const lines = readFileSync(DATASET, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && (JSON.parse(l) as { statement_kind?: string }).statement_kind === 'issue');
  const rows = parseDataset(lines.join('\n')).rows;
  const step = Math.max(1, Math.floor(rows.length / ROWS));
  return rows.filter((_, i) => i % step === 0).slice(0, ROWS);
}

/** Identifiers from the issue text, longest-looking first: what a small policy would grep for. */
function clues(text: string): string[] {
  const words = text.match(/\b[A-Za-z_][A-Za-z0-9_]{5,}\b/g) ?? [];
  const scored = [...new Set(words)].filter((w) => /[A-Z_]|[a-z][A-Z]/.test(w.slice(1)) || w.includes('_'));
  return (scored.length ? scored : [...new Set(words)]).slice(0, 4);
}

type Call = { id: string; type: 'function'; function: { name: string; arguments: string } };
const call = (id: string, name: string, args: Record<string, unknown>): Call => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });

/**
 * The scripted policy: turn 1 greps the issue's identifiers and globs for them; turn 2 reads the
 * first files hit; turn 3 greps the first identifier with context in those files; then it answers
 * the two files hit most.
 */
async function episode(client: OpenEnvClient, row: DatasetRow, steps: StepRecord[], resets: number[], direct?: DirectReference): Promise<number> {
  const r0 = performance.now();
  const first = observationOf(await client.reset({ instance_id: row.instance_id }));
  resets.push(performance.now() - r0);
  const words = clues(first.messages[1].content);
  const hits = new Map<string, number>();
  const tools = direct ? new NodeToolRunner({ roots: [direct.dirOf(row.instance_id)] }) : undefined;
  const timed = async (calls: Call[]) => {
    const runDirect = async () => {
      if (!tools) return undefined;
      const typed = calls.map((c) => ({ id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) }) as ToolCall);
      const t0 = performance.now();
      await Promise.all(typed.map((c) => tools.run(c, new AbortController().signal)));
      return performance.now() - t0;
    };
    const directFirst = steps.length % 2 === 0;
    const before = directFirst ? await runDirect() : undefined;
    const t0 = performance.now();
    const reply = await client.step({ content: '', tool_calls: calls });
    const envMs = performance.now() - t0;
    const after = directFirst ? undefined : await runDirect();
    steps.push({ envMs, directMs: before ?? after });
    const obs = observationOf(reply);
    for (const result of obs.tool_results as { content: string }[]) {
      for (const line of result.content.split('\n')) {
        const path = /^([^:\s]+\.\w+):\d+:/.exec(line)?.[1];
        if (path) hits.set(path, (hits.get(path) ?? 0) + 1);
      }
    }
    return obs;
  };
  await timed([...words.map((w, i) => call(`g${i}`, 'grep', { pattern: w })), ...words.slice(0, 2).map((w, i) => call(`f${i}`, 'glob', { pattern: `**/*${w.toLowerCase().slice(0, 8)}*` }))]);
  const top = () => [...hits.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
  await timed(top().slice(0, 3).map((p, i) => call(`r${i}`, 'read', { path: p, start_line: 1, end_line: 120 })));
  await timed(top().slice(0, 2).map((p, i) => call(`c${i}`, 'grep', { pattern: words[0] ?? 'TODO', path: p, context_lines: 3 })));
  const done = await client.step({ content: `<final_answer>\n${top().slice(0, 2).map((p) => `${p} — most hits`).join('\n')}\n</final_answer>` });
  if (done.data.done !== true) throw new Error(`episode of ${row.instance_id} did not end: ${JSON.stringify(done).slice(0, 200)}`);
  return Number(done.data.reward);
}

async function runEpisodes(url: string, rows: DatasetRow[], concurrency: number, steps: StepRecord[], direct?: DirectReference): Promise<{ ms: number; rewards: number[]; resets: number[] }> {
  const queue = [...rows];
  const rewards: number[] = [];
  const resets: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const client = await OpenEnvClient.connect(url);
      client.timeoutMs = 300_000;
      for (let row = queue.shift(); row; row = queue.shift()) rewards.push(await episode(client, row, steps, resets, direct));
      await client.close();
    }),
  );
  return { ms: performance.now() - t0, rewards, resets };
}

async function main(): Promise<void> {
  const rows = pickRows();
  const dirs = new Map<string, string>();
  const inner = new GitWorktrees(new RepoCache({ reposDir: REPOS, cacheDir: CACHE }), { keepIdle: false });
  const workspaces: Workspaces = {
    method: inner.method,
    closeAll: () => inner.closeAll(),
    checkout: async (repo, sha, label) => {
      const checkout = await inner.checkout(repo, sha, label);
      dirs.set(label, checkout.dir);
      return checkout;
    },
  };
  const server = new EnvServer({
    world: {
      workspaces,
      createTools: (root) => new NodeToolRunner({ roots: [root] }),
      locate: { maxTurns: 3, maxParallelCalls: 8 },
      rows: new Map(rows.map((r) => [r.instance_id, r])),
    },
    maxSessions: 4,
    idleTimeoutMs: 600_000,
    version: 'bench',
  });
  const url = `ws://127.0.0.1:${await server.listen(0, '127.0.0.1')}/ws`;
  await runEpisodes(url, rows, 2, []); // warm-up: repo cache copies and the page cache, not timed
  const results: Record<string, unknown>[] = [];
  // Alternating rounds, so a burst of load from other processes does not land on one concurrency only.
  for (const [round, concurrency] of [1, 2, 1, 2].entries()) {
    const { ms, rewards, resets } = await runEpisodes(url, rows, concurrency, []);
    const perMinute = (rows.length / ms) * 60_000;
    const meanReward = rewards.reduce((a, b) => a + b, 0) / rewards.length;
    const resetMean = resets.reduce((a, b) => a + b, 0) / resets.length;
    results.push({ round, concurrency, episodes: rows.length, ms: Math.round(ms), episodes_per_minute: Number(perMinute.toFixed(1)), reset_ms_p50: Math.round(median(resets)), reset_ms_mean: Math.round(resetMean), load_average_1m: Number(loadavg()[0].toFixed(1)), mean_reward: Number(meanReward.toFixed(3)) });
    console.log(`concurrency ${concurrency}: ${rows.length} episodes in ${(ms / 1000).toFixed(1)} s = ${perMinute.toFixed(1)} episodes/min; reset (checkout) p50 ${Math.round(median(resets))} ms, mean ${Math.round(resetMean)} ms; load ${loadavg()[0].toFixed(1)}; scripted policy mean F0.5 ${meanReward.toFixed(3)}`);
  }
  const steps: StepRecord[] = [];
  await runEpisodes(url, rows, 1, steps, { dirOf: (id) => dirs.get(id)! });
  await server.close();
  const env = steps.map((s) => s.envMs);
  const direct = steps.map((s) => s.directMs!);
  const overhead = steps.map((s) => s.envMs - s.directMs!);
  const stepResult = {
    steps: env.length,
    env_step_ms_p50: Number(median(env).toFixed(2)),
    direct_step_ms_p50: Number(median(direct).toFixed(2)),
    ratio_p50: Number((median(env) / median(direct)).toFixed(2)),
    overhead_ms_p50: Number(median(overhead).toFixed(2)),
    overhead_ms_p90: Number(percentile(overhead, 90).toFixed(2)),
    load_average_1m: Number(loadavg()[0].toFixed(1)),
  };
  console.log(`per step (${env.length} steps, paired): env p50 ${stepResult.env_step_ms_p50} ms, direct tools p50 ${stepResult.direct_step_ms_p50} ms, ratio ${stepResult.ratio_p50}x, overhead p50 ${stepResult.overhead_ms_p50} ms (p90 ${stepResult.overhead_ms_p90} ms)`);
  mkdirSync('bench/results', { recursive: true });
  const out = { created: new Date().toISOString(), dataset: path.relative(process.cwd(), DATASET), rows: rows.map((r) => r.instance_id), episodes: results, per_step: stepResult };
  writeFileSync('bench/results/env-episodes.json', `${JSON.stringify(out, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
