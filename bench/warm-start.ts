// Warm start: what handing the embedded brain's top files to the model does to turns and tool calls.
// The model is a scripted policy on a loopback server (no weights here), run by the real CLI
// (`codegrep eval --brain openai,openai-cold`) over real dev rows, so both arms share rows, repos,
// tools and Locator. The policy is fixed before the run and the same for both arms:
//   with a hint:  turn 1 reads the top two hinted files; turn 2 answers the first hinted file.
//   without:      turn 1 greps up to four identifiers from the issue; turn 2 reads the two files
//                 with the most distinct identifiers; turn 3 answers the first of them.
// It measures mechanics (turns, calls, latency), not a real model's quality; the F0.5 column is the
// policy's. On a real server, run the same A/B: see docs/serving.md, "Warm start".
// Usage: npx tsx bench/warm-start.ts [--limit N] [--dataset F.jsonl] [--repos DIR]
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { FakeModelServer, type ScriptedReply } from '../test/helpers/fakeModelServer';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const LIMIT = arg('--limit', '20');
const DATASET = path.resolve(arg('--dataset', '../shared/eval/dev.jsonl'));
const REPOS = path.resolve(arg('--repos', '../shared/eval/repos'));

type Message = { role: string; content?: unknown; tool_calls?: unknown[] };

/** Identifier-like words of the issue (snake_case, CamelCase, dotted), longest first. */
function identifiers(issue: string): string[] {
  const words = issue.match(/[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/g) ?? [];
  const code = words.filter((w) => w.length >= 4 && (w.includes('_') || w.includes('.') || /[a-z][A-Z]/.test(w)));
  const pool = code.length ? code : words.filter((w) => w.length >= 7);
  return [...new Set(pool)].sort((a, b) => b.length - a.length).slice(0, 4).map((w) => w.split('.').pop() ?? w);
}

function call(id: string, name: string, args: Record<string, unknown>) {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } };
}

function answer(paths: string[]): ScriptedReply {
  const lines = paths.map((p) => `${p} — scripted policy`);
  return { message: { role: 'assistant', content: `<final_answer>\n${lines.join('\n')}\n</final_answer>` }, usage: { prompt_tokens: 1, completion_tokens: 1 } };
}

/** Files by how many distinct identifiers hit them, from the grep tool messages of the history. */
function rankedByHits(messages: Message[]): string[] {
  const files = new Map<string, Set<number>>();
  messages
    .filter((m) => m.role === 'tool')
    .forEach((m, index) => {
      for (const line of String(m.content).split('\n')) {
        const match = /^(.*?):\d+: /.exec(line);
        if (!match) continue;
        const hits = files.get(match[1]) ?? new Set<number>();
        hits.add(index);
        files.set(match[1], hits);
      }
    });
  return [...files].sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0])).map(([file]) => file);
}

/** The scripted model: deterministic, reads only its own request. */
function policy(body: Record<string, unknown>): ScriptedReply {
  const messages = (body.messages as Message[]) ?? [];
  const first = String(messages.find((m) => m.role === 'user')?.content ?? '');
  const turn = messages.filter((m) => m.role === 'assistant').length;
  const hinted = [...first.matchAll(/^- ([^\s:]+)(?::[\d,-]+)? —/gm)].map((m) => m[1]);
  const final = !Array.isArray(body.tools);
  if (hinted.length) {
    if (turn === 0 && !final) return { message: { role: 'assistant', content: null, tool_calls: hinted.slice(0, 2).map((p, i) => call(`h${i}`, 'read', { path: p, start_line: 1, end_line: 80 })) } };
    return answer(hinted.slice(0, 1));
  }
  const issue = /<issue>\n([\s\S]*?)\n<\/issue>/.exec(first)?.[1] ?? first;
  if (turn === 0 && !final) {
    const ids = identifiers(issue);
    if (ids.length) return { message: { role: 'assistant', content: null, tool_calls: ids.map((id, i) => call(`g${i}`, 'grep', { pattern: `\\b${id}\\b` })) } };
  }
  const ranked = rankedByHits(messages);
  if (turn === 1 && !final && ranked.length) {
    return { message: { role: 'assistant', content: null, tool_calls: ranked.slice(0, 2).map((p, i) => call(`r${i}`, 'read', { path: p, start_line: 1, end_line: 80 })) } };
  }
  return answer(ranked.slice(0, 1));
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { stdio: 'inherit' });
  const loadBefore = loadavg()[0];
  const server = await FakeModelServer.start((body) => policy(body));
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'cg-warm-')), 'report.json');
  try {
    // Asynchronous: the scripted server answers from this process's event loop.
    const args = ['dist/cli.js', 'eval', '--dataset', DATASET, '--repos', REPOS, '--brain', 'openai,openai-cold', '--endpoint', server.baseURL, '--model', 'scripted-policy', '--limit', LIMIT, '--concurrency', '2', '--out', out, '--fresh'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CODEGREP_API_KEY: '' } });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    // Exit 3 = some rows failed; the report is still written.
    if (code !== 0 && code !== 3) throw new Error(`codegrep eval exited with ${code}`);
  } finally {
    await server.close();
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as { systems: { name: string; summary: Record<string, number>; instances: { hint_ms?: number }[] }[] };
  const median = (values: number[]) => (values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] : undefined);
  const rows = report.systems.map((s) => ({
    system: s.name,
    n: s.summary.n,
    turns_mean: s.summary.turns_mean,
    tool_calls_mean: s.summary.tool_calls_mean,
    latency_ms_p50: s.summary.latency_ms_p50,
    warm_start_ms_p50: median(s.instances.flatMap((i) => (i.hint_ms === undefined ? [] : [i.hint_ms]))),
    f05_policy: s.summary.f05,
  }));
  mkdirSync('bench/results', { recursive: true });
  // Latency is only comparable on a quiet machine: the load average says how quiet it was.
  const load = { before: Number(loadBefore.toFixed(1)), after: Number(loadavg()[0].toFixed(1)), cores: cpus().length };
  writeFileSync('bench/results/warm-start.json', `${JSON.stringify({ dataset: path.basename(DATASET), limit: Number(LIMIT), load, rows }, null, 2)}\n`);
  console.table(rows);
}

void main();
