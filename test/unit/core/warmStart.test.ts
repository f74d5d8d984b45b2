import assert from 'node:assert/strict';
import type { Issue } from '../../../src/common/issue';
import type { LocateOptions } from '../../../src/common/limits';
import type { Brain, BrainSession, BrainStartContext } from '../../../src/core/brain';
import { createEmbeddedBrain } from '../../../src/core/embedded/index';
import { Locator } from '../../../src/core/locator';
import { NodeToolRunner } from '../../../src/tools/runner';
import { cleanup, messagesOf, playConversation, type Played } from './openai/harness';
import { CART_ISSUE, makeSampleRepo, type SampleRepo } from './sampleRepo';

/** A brain that answers at once and keeps what the Locator handed it. */
class RecordingBrain implements Brain {
  readonly name = 'recording';
  readonly profile = 'codegrep';
  context: BrainStartContext | undefined;
  options: LocateOptions | undefined;
  constructor(readonly limits?: Partial<LocateOptions>) {}
  start(_issue: Issue, options: LocateOptions, context?: BrainStartContext): BrainSession {
    this.context = context;
    this.options = options;
    return { next: async () => ({ kind: 'answer', files: [{ path: 'shop/cart.py', reason: 'from the hint' }] }) };
  }
}

describe('Locator warm start and protocol budgets', () => {
  let repo: SampleRepo;
  let played: Played | undefined;
  before(() => {
    repo = makeSampleRepo();
  });
  after(() => repo.remove());
  afterEach(async () => {
    await cleanup(played);
    played = undefined;
  });

  it('runs the embedded brain first and hands its top files, with evidence, to the brain; its calls are not the run\'s', async () => {
    const brain = new RecordingBrain();
    const result = await new Locator(new NodeToolRunner({ roots: [repo.root] })).locate(CART_ISSUE, brain, { warmStart: createEmbeddedBrain() });
    const hint = brain.context?.hint ?? [];
    assert.equal(hint[0]?.path, 'shop/cart.py');
    assert.ok(hint.length <= 5);
    assert.ok(hint[0].reason.length > 0, 'each hinted file carries its evidence');
    assert.equal(result.warmStart?.brain, 'embedded');
    assert.deepEqual(result.warmStart?.candidates, hint.map((c) => c.path));
    assert.ok((result.warmStart?.toolCalls ?? 0) > 0);
    assert.equal(result.usage.toolCalls, 0, 'the model brain made no calls itself');
    assert.equal(result.profile, 'codegrep');
    assert.deepEqual((await brain.context?.workspace?.(new AbortController().signal))?.entries, ['shop/', 'tests/', 'README.md']);
  });

  it('loses only the hint when the warm start fails', async () => {
    const broken: Brain = { name: 'broken', start: () => ({ next: async () => Promise.reject(new Error('index missing')) }) };
    const brain = new RecordingBrain();
    const result = await new Locator(new NodeToolRunner({ roots: [repo.root] })).locate(CART_ISSUE, brain, { warmStart: broken });
    assert.equal(brain.context?.hint, undefined);
    assert.match(result.warmStart?.error ?? '', /index missing/);
    assert.deepEqual(result.candidates.map((c) => c.path), ['shop/cart.py']);
  });

  it('never lets the warm start hold the model up past its time budget, and a cancel still cancels', async () => {
    const hanging: Brain = { name: 'slow', start: () => ({ next: () => new Promise(() => undefined) }) };
    const brain = new RecordingBrain();
    const t0 = performance.now();
    const result = await new Locator(new NodeToolRunner({ roots: [repo.root] })).locate(CART_ISSUE, brain, { warmStart: hanging, warmStartTimeoutMs: 100 });
    assert.ok(performance.now() - t0 < 2_000);
    assert.equal(brain.context?.hint, undefined);
    assert.match(result.warmStart?.error ?? '', /took longer than 0\.1 s; the model started without a hint/);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(
      new Locator(new NodeToolRunner({ roots: [repo.root] })).locate(CART_ISSUE, new RecordingBrain(), { warmStart: hanging, signal: controller.signal }),
      (error: { code?: string }) => error.code === 'cancelled',
    );
  });

  it('uses a brain\'s trained budget unless the run sets one', async () => {
    const tools = new NodeToolRunner({ roots: [repo.root] });
    const brain = new RecordingBrain({ maxTurns: 4, maxParallelCalls: 5 });
    await new Locator(tools).locate(CART_ISSUE, brain);
    assert.deepEqual(brain.options, { maxTurns: 4, maxParallelCalls: 5 });
    await new Locator(tools, { maxTurns: 2 }).locate(CART_ISSUE, brain);
    assert.deepEqual(brain.options, { maxTurns: 2, maxParallelCalls: 5 });
    await new Locator(tools).locate(CART_ISSUE, new RecordingBrain());
  });

  it('puts the hint in the model\'s first message, in the profile\'s path convention', async () => {
    const answer = [{ message: { role: 'assistant', content: '<final_answer>\nshop/cart.py — total\n</final_answer>' } }];
    played = await playConversation(answer, { warmStart: createEmbeddedBrain() });
    const first = String(messagesOf(played.server.chatRequests[0].body)[1].content);
    assert.match(first, /^<issue>\n/);
    assert.match(first, /Hint: a fast lexical search \(no model\) ranked these files first\. It is often right and sometimes wrong: verify them with your tools, or ignore them\.\n- shop\/cart\.py/);
    await cleanup(played);
    played = await playConversation([{ message: { role: 'assistant', content: '<final_answer>\n/x.py\n</final_answer>' } }], {
      warmStart: createEmbeddedBrain(),
      config: { model: 'FastContext-1.0-4B-RL' },
    });
    const fcFirst = String(messagesOf(played.server.chatRequests[0].body)[1].content);
    assert.ok(fcFirst.includes(`</query>\n\nHint:`), fcFirst);
    assert.ok(fcFirst.includes(`- ${played.repo.root}/shop/cart.py`), 'FastContext reads absolute paths');
  });
});
