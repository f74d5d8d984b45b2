import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEmbeddedBrain } from '../../../src/core/embedded/index';
import { createOpenAIBrain } from '../../../src/core/openai/index';
import type { ChatMessage } from '../../../src/core/transcript';
import { runEval, type BrainSpec } from '../../../src/eval/harness';
import { RepoCache } from '../../../src/eval/repoCache';
import { recomputeReward, type TrajectoryLine } from '../../../src/eval/trajectories';
import { GitWorktrees } from '../../../src/eval/worktrees';
import { NodeToolRunner } from '../../../src/tools/runner';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';
import { FakeModelServer, type ScriptedReply } from '../../helpers/fakeModelServer';

/** A model that greps once, then answers with the file the grep found and one that does not exist. */
function responder(body: Record<string, unknown>): ScriptedReply {
  const messages = body.messages as { role: string; content: string }[];
  const issue = messages[1].content;
  const [pattern, file] = issue.includes('parse_header') ? ['def parse_header', 'widgets/parser.py'] : issue.includes('tick_forward') ? ['fn tick_forward', 'src/clock.rs'] : ['def render_table', 'widgets/render.py'];
  if (!messages.some((m) => m.role === 'tool')) {
    return { message: { role: 'assistant', content: 'Looking.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'grep', arguments: JSON.stringify({ pattern }) } }, { id: 'c2', type: 'function', function: { name: 'glob', arguments: '{"pattern":"**/*"}' } }] } };
  }
  return { message: { role: 'assistant', content: '', tool_calls: [{ id: 'c3', type: 'function', function: { name: 'answer', arguments: JSON.stringify({ files: [{ path: file, reason: 'defines it' }, { path: 'nowhere.py', reason: 'a guess' }] }) } }] } };
}

describe('eval --trajectories (SFT-ready conversations that score again)', function () {
  this.timeout(120_000);
  let world: EvalWorld;
  let model: FakeModelServer;
  before(async () => {
    world = makeEvalWorld();
    model = await FakeModelServer.start(responder);
  });
  after(async () => {
    await model.close();
    world.cleanup();
  });

  it('writes one line per row and brain; rewards recomputed from each line equal the report', async () => {
    const file = join(world.root, 'out', 'trajectories.jsonl');
    const embedded: BrainSpec = { name: 'embedded', create: () => createEmbeddedBrain() };
    const openai: BrainSpec = { name: 'openai:m', create: () => createOpenAIBrain({ baseURL: model.baseURL, model: 'm', maxRetries: 0 }) };
    const { report } = await runEval({
      dataset: world.dataset,
      brains: [embedded, openai],
      workspaces: new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache') })),
      createTools: (root) => new NodeToolRunner({ roots: [root] }),
      filter: /^acme__(widgets|gadgets)-\d$/,
      concurrency: 2,
      trajectories: file,
    });
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((text) => JSON.parse(text) as TrajectoryLine);
    assert.equal(lines.length, 6, '3 rows × 2 brains');
    for (const system of report.systems) {
      assert.equal(system.instances.length, 3);
      for (const row of system.instances) {
        const line = lines.find((l) => l.brain === system.name && l.instance_id === row.instance_id);
        assert.ok(line, `a line for ${system.name} ${row.instance_id}`);
        assert.equal(row.error, undefined);
        const again = recomputeReward(line);
        assert.equal(again.f05, row.f05, `${system.name} ${row.instance_id}: F0.5 from the conversation`);
        assert.equal(again.precision, row.precision);
        assert.equal(again.recall, row.recall);
        assert.deepEqual(again, line.reward, 'every reward part is recomputed, not only F0.5');
        assert.equal(line.reward.turns, row.turns);
        assert.equal(line.reward.tool_calls, row.tool_calls);
        assert.deepEqual(line.answer.files.map((f) => f.path), row.predicted_files);
        assertWellFormed(line.messages);
        assert.deepEqual(line.tools.map((t) => t.function.name), ['grep', 'glob', 'read', 'answer']);
      }
    }
    // The OpenAI brain's line is what it sent: its second request held the same tool messages.
    const line = lines.find((l) => l.brain === 'openai:m' && l.instance_id === 'acme__widgets-1')!;
    const request = model.chatRequests.find((r) => JSON.stringify(r.body).includes('parse_header crashes') && JSON.stringify(r.body).includes('"role":"tool"'))!;
    const sent = (request.body!.messages as ChatMessage[]).filter((m) => m.role === 'tool');
    assert.deepEqual(line.messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, m.content]), sent.map((m) => [m.tool_call_id, m.content]));
    assert.equal(line.messages[0].content, (request.body!.messages as ChatMessage[])[0].content, 'the same system prompt');
    assert.deepEqual(line.answer.rejected.map((r) => r.path), ['nowhere.py']);
    assert.equal(line.reward.reward, 1, 'the rejected guess is dropped, not scored');
  });
});

/** Every assistant tool call is answered by a tool message with its id, in order, before the next turn. */
function assertWellFormed(messages: ChatMessage[]): void {
  assert.equal(messages[0].role, 'system');
  assert.equal(messages[1].role, 'user');
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'assistant' || !message.tool_calls || message.tool_calls.every((c) => c.function.name === 'answer')) continue;
    const following = messages.slice(index + 1, index + 1 + message.tool_calls.length);
    assert.deepEqual(following.map((m) => m.tool_call_id), message.tool_calls.map((c) => c.id));
    for (const call of message.tool_calls) assert.doesNotThrow(() => JSON.parse(call.function.arguments));
  }
  const last = messages[messages.length - 1];
  assert.equal(last.role, 'assistant', 'the answer ends the conversation');
}
