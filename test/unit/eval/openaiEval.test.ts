import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createEmbeddedBrain } from '../../../src/core/embedded/index';
import { createOpenAIBrain } from '../../../src/core/openai/index';
import { createBm25Brain } from '../../../src/eval/bm25';
import { runEval, type BrainSpec } from '../../../src/eval/harness';
import { RepoCache } from '../../../src/eval/repoCache';
import { GitWorktrees } from '../../../src/eval/worktrees';
import { NodeToolRunner } from '../../../src/tools/runner';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';
import { FakeModelServer, type ScriptedReply } from '../../helpers/fakeModelServer';

/** A model that answers at once from the issue text, and refuses the key on the Clock issue. */
function responder(body: Record<string, unknown>): ScriptedReply {
  const text = JSON.stringify(body.messages);
  if (text.includes('tick_forward')) return { status: 401, body: { error: { message: 'Incorrect API key provided' } } };
  const path = text.includes('parse_header') ? 'widgets/parser.py' : 'widgets/render.py';
  return { message: { role: 'assistant', content: `<final_answer>\n${path} — named in the issue\nwidgets/nowhere.py — a guess\n</final_answer>` } };
}

describe('eval with the openai brain (loopback model server)', function () {
  this.timeout(120_000);
  let world: EvalWorld;
  let server: FakeModelServer;
  before(async () => {
    world = makeEvalWorld();
    server = await FakeModelServer.start(responder);
  });
  after(async () => {
    await server.close();
    world.cleanup();
  });

  it('scores model answers next to bm25 in one run; a refused request is that row error only', async () => {
    const openai: BrainSpec = { name: 'openai:m', create: () => createOpenAIBrain({ baseURL: server.baseURL, model: 'm', maxRetries: 0 }) };
    const bm25: BrainSpec = { name: 'bm25', create: (root) => createBm25Brain({ root }) };
    const { report } = await runEval({
      dataset: world.dataset,
      brains: [openai, bm25],
      workspaces: new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache') })),
      createTools: (root) => new NodeToolRunner({ roots: [root] }),
      filter: /^acme__(widgets|gadgets)-\d$/,
      concurrency: 2,
    });
    const rows = new Map(report.instances.map((i) => [i.instance_id, i]));
    assert.deepEqual(rows.get('acme__widgets-1')!.predicted_files, ['widgets/parser.py']);
    assert.deepEqual(rows.get('acme__widgets-1')!.rejected, ['widgets/nowhere.py'], 'a cited path that does not exist is dropped and reported');
    assert.deepEqual(rows.get('acme__widgets-2')!.predicted_files, ['widgets/render.py']);
    assert.match(rows.get('acme__gadgets-1')!.error!, /API key/);
    assert.equal(report.summary.errors, 1);
    assert.equal(report.summary.f05, 2 / 3);
    const bm25Report = report.systems.find((s) => s.name === 'bm25')!;
    assert.equal(bm25Report.summary.errors, 0);
    assert.equal(bm25Report.summary.f05, 1);
  });

  it('A/B of warm start in one report: each row says which protocol ran and what the hint showed', async () => {
    const create = () => createOpenAIBrain({ baseURL: server.baseURL, model: 'm', maxRetries: 0 });
    const warm: BrainSpec = { name: 'openai:m', create, warmStart: () => createEmbeddedBrain() };
    const cold: BrainSpec = { name: 'openai:m (no warm start)', create };
    const { report } = await runEval({
      dataset: world.dataset,
      brains: [warm, cold],
      workspaces: new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache-ab') })),
      createTools: (root) => new NodeToolRunner({ roots: [root] }),
      filter: /^acme__widgets-1$/,
      concurrency: 1,
    });
    const [warmRow] = report.systems.find((s) => s.name === 'openai:m')!.instances;
    const [coldRow] = report.systems.find((s) => s.name === 'openai:m (no warm start)')!.instances;
    assert.equal(warmRow.profile, 'codegrep');
    assert.ok(warmRow.hinted?.includes('widgets/parser.py'), JSON.stringify(warmRow.hinted));
    assert.equal(coldRow.hinted, undefined);
    assert.ok(typeof warmRow.hint_ms === 'number' && warmRow.hint_ms <= (warmRow.latency_ms ?? 0), 'the hint\'s cost is part of the latency');
    assert.deepEqual(warmRow.predicted_files, coldRow.predicted_files, 'the scripted model ignores the hint');
  });
});
