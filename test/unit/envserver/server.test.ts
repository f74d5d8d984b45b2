import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset, type DatasetRow } from '../../../src/eval/dataset';
import type { Brain, BrainStep } from '../../../src/core/brain';
import { runEval } from '../../../src/eval/harness';
import { RepoCache } from '../../../src/eval/repoCache';
import { GitWorktrees } from '../../../src/eval/worktrees';
import { EnvServer, type EnvServerOptions } from '../../../src/envserver/server';
import { NodeToolRunner } from '../../../src/tools/runner';
import type { ToolCall } from '../../../src/common/tools';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';
import { TrackedWorktrees, eventually } from './helpers';
import { OpenEnvClient, observationOf, toolCall } from '../../../bench/lib/envClient';

const ANSWER = {
  files: [
    { path: 'widgets/parser.py', lines: '1-4', reason: 'parse_header splits on the colon' },
    { path: 'README.md', reason: 'mentions the library' },
    { path: 'widgets/missing.py', reason: 'does not exist: rejected, not scored' },
  ],
};
const GREP = { pattern: 'def parse_header' };
const GLOB = { pattern: '**/*.py' };

describe('env server (OpenEnv protocol over real git worktrees)', function () {
  this.timeout(120_000);
  let world: EvalWorld;
  let rows: Map<string, DatasetRow>;
  let worktrees: TrackedWorktrees;
  let server: EnvServer;
  let url: string;
  let http: string;

  const start = async (overrides: Partial<EnvServerOptions> = {}) => {
    worktrees = new TrackedWorktrees(new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache') }), { keepIdle: false }));
    server = new EnvServer({
      world: {
        workspaces: worktrees,
        createTools: (root) => new NodeToolRunner({ roots: [root] }),
        locate: { maxTurns: 3, maxParallelCalls: 8 },
        rows,
      },
      maxSessions: 2,
      idleTimeoutMs: 60_000,
      version: 'test',
      ...overrides,
    });
    const port = await server.listen(0, '127.0.0.1');
    url = `ws://127.0.0.1:${port}/ws`;
    http = `http://127.0.0.1:${port}`;
  };

  before(async () => {
    world = makeEvalWorld();
    rows = new Map((await loadDataset(world.dataset)).rows.map((row) => [row.instance_id, row]));
  });
  after(() => world.cleanup());
  beforeEach(() => start());
  afterEach(() => server.close());

  it('answers /health, /metadata and /schema as OpenEnv does', async () => {
    assert.deepEqual(await (await fetch(`${http}/health`)).json(), { status: 'healthy' });
    const metadata = (await (await fetch(`${http}/metadata`)).json()) as Record<string, unknown>;
    assert.equal(metadata.name, 'codegrep');
    assert.equal(typeof metadata.description, 'string');
    const schema = (await (await fetch(`${http}/schema`)).json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(schema).sort(), ['action', 'observation', 'state']);
    assert.equal((await fetch(`${http}/nope`)).status, 404);
  });

  it('runs a whole episode: reset, tool calls, answer; the reward is the harness F0.5 for the same answer', async () => {
    const client = await OpenEnvClient.connect(url);
    const first = observationOf(await client.reset({ instance_id: 'acme__widgets-1' }));
    assert.equal(first.turn, 1);
    assert.equal(first.total_turns, 4);
    assert.equal(first.max_calls, 8);
    assert.deepEqual(first.messages.map((m) => m.role), ['system', 'user']);
    assert.match(first.messages[1].content, /parse_header crashes/);
    assert.deepEqual((first.tools as { function: { name: string } }[]).map((t) => t.function.name), ['grep', 'glob', 'read', 'answer']);
    const dir = worktrees.dirs[0];
    assert.ok(existsSync(join(dir, 'widgets/parser.py')), 'the worktree is checked out at the base commit');

    const reply = await client.step({ content: 'Searching.', tool_calls: [toolCall('a', 'grep', GREP), toolCall('b', 'glob', GLOB), toolCall('c', 'read', {})] });
    assert.equal(reply.data.done, false);
    assert.equal(reply.data.reward, null);
    const second = observationOf(reply);
    assert.equal(second.turn, 2);
    const results = second.tool_results as { tool_call_id: string; content: string; error?: string }[];
    assert.deepEqual(results.map((r) => r.tool_call_id), ['a', 'b', 'c']);
    // Exactly what the product's tools return on the same tree.
    const direct = new NodeToolRunner({ roots: [dir] });
    const signal = new AbortController().signal;
    assert.equal(results[0].content, (await direct.run({ id: 'x', name: 'grep', args: GREP }, signal)).text);
    assert.equal(results[1].content, (await direct.run({ id: 'y', name: 'glob', args: GLOB }, signal)).text);
    assert.match(results[2].error ?? '', /read needs a "path"/);
    assert.deepEqual(second.messages.map((m) => m.role), ['system', 'user', 'assistant', 'tool', 'tool', 'tool', 'user']);

    const done = await client.step({ tool_calls: [toolCall('d', 'answer', ANSWER)] });
    assert.equal(done.data.done, true);
    const final = observationOf(done);
    const parts = final.reward_parts as Record<string, number | boolean>;
    assert.deepEqual((final.answer as { files: { path: string }[] }).files.map((f) => f.path), ['widgets/parser.py', 'README.md']);

    const harness = await runEval({
      dataset: world.dataset,
      brains: [{ name: 'scripted', create: () => scriptedBrain([[{ id: 'a', name: 'grep', args: GREP }, { id: 'b', name: 'glob', args: GLOB }]], ANSWER.files) }],
      workspaces: new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache') })),
      createTools: (root) => new NodeToolRunner({ roots: [root] }),
      filter: /^acme__widgets-1$/,
    });
    const row = harness.report.instances[0];
    assert.equal(done.data.reward, row.f05);
    assert.equal(parts.precision, row.precision);
    assert.equal(parts.recall, row.recall);
    assert.ok(Math.abs(row.f05 - 0.5556) < 1e-3, `F0.5 of 1 right + 1 wrong is 5/9, got ${row.f05}`);
    assert.equal(parts.turns, 2);
    assert.equal(parts.tool_calls, 2);
    assert.equal(parts.calls_per_turn, 2);
    assert.equal(parts.efficiency_scale, Math.sqrt(0.5));
    assert.equal(parts.malformed, false);

    const state = await client.call({ type: 'state' });
    assert.equal(state.type, 'state');
    assert.equal(state.data.step_count, 2);
    assert.equal(state.data.done, true);

    const after = await client.step({ tool_calls: [toolCall('e', 'grep', GREP)] });
    assert.equal(after.type, 'error');
    assert.match(String(after.data.message), /episode is done/);
    await client.close();
    await eventually(() => !existsSync(dir), 'the worktree is removed after close');
  });

  it('runs episodes in parallel, each in its own worktree, and refuses sessions over the limit', async () => {
    const a = await OpenEnvClient.connect(url);
    const b = await OpenEnvClient.connect(url);
    const [ra, rb] = await Promise.all([a.reset({ instance_id: 'acme__widgets-1' }), b.reset({ instance_id: 'acme__gadgets-1' })]);
    assert.equal(observationOf(ra).instance_id, 'acme__widgets-1');
    assert.equal(observationOf(rb).instance_id, 'acme__gadgets-1');
    assert.equal(worktrees.dirs.length, 2);
    assert.ok(worktrees.dirs.every((dir) => existsSync(dir)), 'both trees exist at once');

    const third = await OpenEnvClient.connect(url);
    const refused = await third.next();
    assert.equal(refused.type, 'error');
    assert.equal(refused.data.code, 'CAPACITY_REACHED');
    assert.equal(refused.data.max_sessions, 2);
    await third.closed;

    const [sa, sb] = await Promise.all([
      a.step({ tool_calls: [toolCall('1', 'grep', { pattern: 'parse_header' })] }),
      b.step({ tool_calls: [toolCall('1', 'grep', { pattern: 'tick_forward' })] }),
    ]);
    assert.match((observationOf(sa).tool_results as { content: string }[])[0].content, /widgets\/parser\.py/);
    assert.match((observationOf(sb).tool_results as { content: string }[])[0].content, /src\/clock\.rs/);
    const [da, db] = await Promise.all([
      a.step({ content: '<final_answer>\nwidgets/parser.py — parse_header\n</final_answer>' }),
      b.step({ content: '<final_answer>\nsrc/clock.rs — tick_forward\n</final_answer>' }),
    ]);
    assert.equal(da.data.reward, 1);
    assert.equal(db.data.reward, 1);
    await Promise.all([a.close(), b.close()]);
    await eventually(() => worktrees.dirs.every((dir) => !existsSync(dir)), 'both worktrees are removed');
    await eventually(() => server.activeSessions === 0, 'the sessions are gone');
  });

  it('answers a bad message with an error and stays up; unknown ids and steps before reset are errors too', async () => {
    const client = await OpenEnvClient.connect(url);
    client.sendRaw('{not json');
    assert.equal((await client.next()).data.code, 'INVALID_JSON');
    assert.equal((await client.call({ type: 'dance' })).data.code, 'UNKNOWN_TYPE');
    assert.equal((await client.call({ type: 'step', data: 'grep' })).data.code, 'VALIDATION_ERROR');
    const early = await client.step({ content: 'hi' });
    assert.equal(early.type, 'error');
    assert.match(String(early.data.message), /send reset first/);
    const unknown = await client.reset({ instance_id: 'nobody__nothing-1' });
    assert.equal(unknown.type, 'error');
    assert.match(String(unknown.data.message), /unknown instance_id "nobody__nothing-1"/);
    const badRow = await client.reset({ row: { instance_id: 'x', repo: 'acme/widgets', base_commit: 'zz', problem_statement: 'p', gold_files: ['a'] } });
    assert.match(String(badRow.data.message), /base_commit must be a hex commit SHA/);
    const badProfile = await client.reset({ instance_id: 'acme__widgets-1', profile: 'nonsense' });
    assert.match(String(badProfile.data.message), /unknown profile/);
    const badAction = await client.reset({ instance_id: 'acme__widgets-1' });
    assert.equal(badAction.type, 'observation');
    assert.equal((await client.step({ tool_calls: 'grep' })).data.code, 'VALIDATION_ERROR');
    // Still the same turn: the bad action did not count as a step.
    const ok = observationOf(await client.step({ tool_calls: [toolCall('g', 'grep', { pattern: '(' })] }));
    assert.equal(ok.turn, 2);
    assert.match((ok.tool_results as { content: string }[])[0].content, /^error:/);
    await client.close();
  });

  it('a second reset on the same session ends the first episode and removes its tree', async () => {
    const client = await OpenEnvClient.connect(url);
    observationOf(await client.reset({ instance_id: 'acme__widgets-1' }));
    await client.step({ tool_calls: [toolCall('a', 'grep', GREP)] });
    const second = observationOf(await client.reset({ instance_id: 'acme__widgets-2', episode_id: 'ep-2' }));
    assert.equal(second.episode_id, 'ep-2');
    assert.equal(second.turn, 1);
    assert.deepEqual(second.messages.map((m) => m.role), ['system', 'user'], 'a fresh conversation');
    assert.ok(!existsSync(worktrees.dirs[0]), 'the first tree is gone once the reset answers');
    assert.ok(existsSync(join(worktrees.dirs[1], 'widgets/colors.py')), 'the second is at its own commit');
    assert.equal((await client.call({ type: 'state' })).data.step_count, 0);
    await client.close();
  });

  it('drops a client that sends a frame over 16 MiB, and serves the next one', async () => {
    const giant = await OpenEnvClient.connect(url);
    giant.sendRaw(JSON.stringify({ type: 'step', data: { content: 'x'.repeat(17 * 1024 * 1024) } }));
    assert.equal(await giant.closed, 1009, 'closed as "message too big"');
    const next = await OpenEnvClient.connect(url);
    assert.equal(observationOf(await next.reset({ instance_id: 'acme__widgets-1' })).turn, 1);
    await next.close();
  });

  it('ends a session whose client stops answering pings', async () => {
    await server.close();
    await start({ heartbeatMs: 100 });
    const client = await OpenEnvClient.connect(url);
    observationOf(await client.reset({ instance_id: 'acme__widgets-1' }));
    client.ws.pause(); // a frozen trainer: the socket stays open, nothing reads it, no ping gets its pong
    await eventually(() => server.activeSessions === 0, 'the server gives up on the session');
    await eventually(() => !existsSync(worktrees.dirs[0]), 'the silent session\'s worktree is removed');
    client.ws.resume();
    await client.closed;
  });

  it('takes an inline row (TRL passes dataset columns to reset) and scores a malformed answer 0', async () => {
    const row = rows.get('acme__widgets-2')!;
    const client = await OpenEnvClient.connect(url);
    const { instance_id, repo, base_commit, problem_statement, gold_files } = row;
    const first = observationOf(await client.reset({ instance_id: 'inline-1', repo, base_commit, problem_statement, gold_files }));
    assert.equal(first.instance_id, 'inline-1');
    assert.notEqual(instance_id, 'inline-1');
    for (let turn = 1; turn <= 3; turn++) await client.step({ tool_calls: [toolCall(`t${turn}`, 'glob', { pattern: '*.md' })] });
    const last = await client.step({ content: 'I could not decide.' });
    assert.equal(last.data.done, true);
    const final = observationOf(last);
    assert.equal(last.data.reward, 0);
    assert.equal((final.reward_parts as { malformed: boolean }).malformed, true);
    assert.match(String(final.malformed_reason), /no answer/);
    assert.equal((final.reward_parts as { efficiency_scale: number }).efficiency_scale, 0.5);
    await client.close();
  });

  it('closes an idle session and removes its worktree', async () => {
    await server.close();
    await start({ idleTimeoutMs: 300 });
    const client = await OpenEnvClient.connect(url);
    observationOf(await client.reset({ instance_id: 'acme__widgets-1' }));
    const notice = await client.next();
    assert.equal(notice.type, 'error');
    assert.match(String(notice.data.message), /no message for/);
    await client.closed;
    await eventually(() => !existsSync(worktrees.dirs[0]), 'the idle worktree is removed');
  });
});

/** A brain that plays fixed turns of calls, then answers (the harness side of the reward check). */
function scriptedBrain(turns: ToolCall[][], answer: { path: string; lines?: string; reason: string }[]): Brain {
  return {
    name: 'scripted',
    start: () => {
      let turn = 0;
      return {
        next: async (): Promise<BrainStep> => {
          const calls = turns[turn++];
          if (calls) return { kind: 'calls', calls };
          return {
            kind: 'answer',
            files: answer.map((f) => ({ path: f.path, reason: f.reason, ranges: f.lines ? [f.lines.split('-').map(Number) as [number, number]] : undefined })),
          };
        },
      };
    },
  };
}
