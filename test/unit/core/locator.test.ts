import assert from 'node:assert/strict';
import { CodeGrepError } from '../../../src/common/errors';
import { addKnownSecret } from '../../../src/common/redact';
import type { LocateEvent } from '../../../src/common/events';
import type { Issue } from '../../../src/common/issue';
import type { ToolCall } from '../../../src/common/tools';
import type { Brain, BrainSession, BrainStep, BrainTurn } from '../../../src/core/brain';
import { clampRanges, Locator, mergeRanges } from '../../../src/core/locator';
import { NodeToolRunner } from '../../../src/tools/runner';
import { CART_ISSUE, makeSampleRepo, type SampleRepo } from './sampleRepo';

/** A brain that plays fixed steps and records the turns it was given (a test double of the Brain interface). */
class ScriptedBrain implements Brain {
  readonly name = 'scripted';
  readonly turns: BrainTurn[] = [];
  constructor(private readonly steps: (BrainStep | ((signal: AbortSignal) => Promise<BrainStep>))[]) {}

  start(_issue: Issue): BrainSession {
    let index = 0;
    return {
      next: async (turn, signal) => {
        this.turns.push(turn);
        const step = this.steps[index++] ?? { kind: 'answer', files: [] };
        return typeof step === 'function' ? step(signal) : step;
      },
    };
  }
}

const grep = (id: string, pattern: string): ToolCall => ({ id, name: 'grep', args: { pattern } });

describe('core/locator', () => {
  let repo: SampleRepo;
  let runner: NodeToolRunner;
  before(() => {
    repo = makeSampleRepo();
    runner = new NodeToolRunner({ roots: [repo.root] });
  });
  after(() => repo.remove());

  it('runs up to maxParallelCalls per turn, refuses the rest, and passes results to the next turn', async () => {
    const calls = Array.from({ length: 4 }, (_, i) => grep(`g${i}`, 'def '));
    const brain = new ScriptedBrain([{ kind: 'calls', calls }, { kind: 'answer', files: [{ path: 'shop/cart.py', reason: 'r' }] }]);
    const result = await new Locator(runner, { maxParallelCalls: 3 }).locate(CART_ISSUE, brain);
    const second = brain.turns[1];
    assert.deepEqual(second.results.map((r) => r.call.id), ['g0', 'g1', 'g2', 'g3']);
    assert.ok(second.results.slice(0, 3).every((r) => r.result.count > 0));
    assert.equal(second.results[3].result.error, 'error: more than 3 tool calls in one turn; this call was not run.');
    assert.equal(result.usage.toolCalls, 3);
    assert.deepEqual(result.trajectory[0].calls.map((c) => c.call.id), ['g0', 'g1', 'g2', 'g3']);
  });

  it('runs a turn\'s plain greps as one walk, each call still getting exactly the result it gets alone', async () => {
    const calls = [grep('a', 'def '), grep('b', 'Cart'), { id: 'c', name: 'grep' as const, args: { pattern: 'total', case_insensitive: true } }, { id: 'd', name: 'grep' as const, args: { pattern: 'def', path: 'shop' } }];
    const ran: ToolCall[] = [];
    const watching = { run: (call: ToolCall, signal: AbortSignal) => (ran.push(call), runner.run(call, signal)), resolveCitation: (p: string) => runner.resolveCitation(p) };
    const brain = new ScriptedBrain([{ kind: 'calls', calls }]);
    const result = await new Locator(watching).locate(CART_ISSUE, brain);
    assert.deepEqual(ran.map((c) => c.id), ['a_walk', 'd'], 'the greps with only a pattern share a walk; the one with a path runs alone');
    const results = brain.turns[1].results;
    assert.deepEqual(results.map((r) => r.call.id), ['a', 'b', 'c', 'd']);
    for (const { call, result: got } of results) assert.deepEqual(got, await runner.run(call, AbortSignal.timeout(10_000)), call.id);
    assert.deepEqual(result.trajectory[0].calls.map((c) => c.call.id), ['a', 'b', 'c', 'd'], 'the trajectory shows the calls the brain made');
  });

  it('runs a call repeated within a turn once and gives every copy its result', async () => {
    const ran: ToolCall[] = [];
    const counting = { run: (call: ToolCall, signal: AbortSignal) => (ran.push(call), runner.run(call, signal)), resolveCitation: (p: string) => runner.resolveCitation(p) };
    const brain = new ScriptedBrain([{ kind: 'calls', calls: [grep('a', 'def total'), grep('b', 'def total'), grep('c', 'class Cart')] }]);
    await new Locator(counting).locate(CART_ISSUE, brain);
    // The two distinct greps share one walk (a multi-pattern grep); the repeat is not searched again.
    assert.equal(ran.length, 1);
    assert.deepEqual(ran[0].name === 'grep' && ran[0].args.patterns?.map((p) => p.pattern), ['def total', 'class Cart']);
    const [a, b] = brain.turns[1].results;
    assert.deepEqual([a.call.id, b.call.id], ['a', 'b']);
    assert.equal(a.result.text, b.result.text);
    assert.match(a.result.text, /shop\/cart\.py:11:/);
  });

  it('tells the brain its turn budget and forces the answer turn; calls there are ignored', async () => {
    const brain = new ScriptedBrain([
      { kind: 'calls', calls: [grep('a', 'x')] },
      { kind: 'calls', calls: [grep('b', 'x')] },
      { kind: 'calls', calls: [grep('c', 'x')] },
    ]);
    const result = await new Locator(runner, { maxTurns: 2 }).locate(CART_ISSUE, brain);
    assert.deepEqual(brain.turns.map((t) => [t.turn, t.totalTurns, t.final]), [[1, 3, false], [2, 3, false], [3, 3, true]]);
    assert.equal(result.usage.toolCalls, 2);
    assert.deepEqual(result.candidates, []);
    const noExploration = new ScriptedBrain([]);
    await new Locator(runner, { maxTurns: 0 }).locate(CART_ISSUE, noExploration);
    assert.deepEqual(noExploration.turns.map((t) => t.final), [true]);
  });

  it('merges repeated citations per path, keeps first-mention rank, and reports rejects', async () => {
    const brain = new ScriptedBrain([
      {
        kind: 'answer',
        files: [
          { path: './shop/pricing.py', ranges: [[1, 2]], reason: 'first' },
          { path: 'shop/cart.py:11', reason: 'second' },
          { path: 'shop/pricing.py', ranges: [[3, 4]], reason: 'again' },
          { path: 'nope.py', reason: 'missing' },
        ],
        usage: { promptTokens: 7, completionTokens: 3 },
      },
    ]);
    const result = await new Locator(runner).locate(CART_ISSUE, brain);
    assert.deepEqual(result.candidates, [
      { path: 'shop/pricing.py', ranges: [[1, 4]], reason: 'first' },
      { path: 'shop/cart.py', reason: 'second' },
    ]);
    assert.deepEqual(result.rejected.map((r) => r.path), ['nope.py']);
    assert.deepEqual([result.usage.promptTokens, result.usage.completionTokens], [7, 3]);
  });

  it('keeps a brain\'s runners-up apart from its answer: existing files only, none of the answer, no rejects', async () => {
    const events: LocateEvent[] = [];
    const brain = new ScriptedBrain([
      {
        kind: 'answer',
        files: [{ path: 'shop/cart.py', reason: 'answer' }],
        alsoConsidered: [
          { path: 'shop/cart.py', reason: 'also the answer' },
          { path: 'nope.py', reason: 'missing' },
          { path: '../outside.py', reason: 'outside the workspace' },
          { path: './shop/pricing.py', ranges: [[1, 2]], reason: 'next', score: 0.2 },
        ],
      },
    ]);
    const result = await new Locator(runner).locate(CART_ISSUE, brain, { onEvent: (e) => events.push(e) });
    assert.deepEqual(result.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.deepEqual(result.alsoConsidered, [{ path: 'shop/pricing.py', ranges: [[1, 2]], reason: 'next', score: 0.2 }]);
    assert.deepEqual(result.rejected, [], 'a runner-up that does not resolve was never cited as an answer');
    const shown = events.find((e) => e.type === 'candidates');
    assert.deepEqual(shown?.type === 'candidates' ? shown.alsoConsidered?.map((c) => c.path) : undefined, ['shop/pricing.py']);

    const plain = await new Locator(runner).locate(CART_ISSUE, new ScriptedBrain([{ kind: 'answer', files: [{ path: 'shop/cart.py', reason: 'answer' }] }]));
    assert.equal('alsoConsidered' in plain, false, 'no runners-up, no field');
    const none = await new Locator(runner).locate(CART_ISSUE, new ScriptedBrain([{ kind: 'answer', files: [], alsoConsidered: [{ path: 'shop/cart.py', reason: 'r' }] }]));
    assert.equal(none.alsoConsidered, undefined, 'runners-up of an empty answer are not shown');
  });

  it('reports the brain\'s probability as the answer\'s confidence, and none once a citation is rejected', async () => {
    const events: LocateEvent[] = [];
    const sure = new ScriptedBrain([{ kind: 'answer', files: [{ path: 'shop/cart.py', reason: 'answer' }], probability: 0.3 }]);
    const result = await new Locator(runner).locate(CART_ISSUE, sure, { onEvent: (e) => events.push(e) });
    assert.deepEqual(result.confidence, { level: 'low', probability: 0.3 });
    const shown = events.find((e) => e.type === 'candidates');
    assert.deepEqual(shown?.type === 'candidates' ? shown.confidence : undefined, { level: 'low', probability: 0.3 });

    const plain = await new Locator(runner).locate(CART_ISSUE, new ScriptedBrain([{ kind: 'answer', files: [{ path: 'shop/cart.py', reason: 'answer' }] }]));
    assert.equal('confidence' in plain, false, 'a brain without a probability gives no confidence');
    const rejected = await new Locator(runner).locate(
      CART_ISSUE,
      new ScriptedBrain([{ kind: 'answer', files: [{ path: 'nope.py', reason: 'missing' }, { path: 'shop/cart.py', reason: 'second' }], probability: 0.9 }]),
    );
    assert.equal(rejected.confidence, undefined, 'the probability was about a file that is not shown');
    const empty = await new Locator(runner).locate(CART_ISSUE, new ScriptedBrain([{ kind: 'answer', files: [], probability: 0.9 }]));
    assert.equal(empty.confidence, undefined);
    const bogus = await new Locator(runner).locate(CART_ISSUE, new ScriptedBrain([{ kind: 'answer', files: [{ path: 'shop/cart.py', reason: 'a' }], probability: 7 }]));
    assert.equal(bogus.confidence, undefined, 'not a probability');
  });

  it('cancels within 200 ms even when the brain ignores the signal', async () => {
    const brain = new ScriptedBrain([() => new Promise<BrainStep>(() => undefined)]);
    const controller = new AbortController();
    const events: LocateEvent[] = [];
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    await assert.rejects(
      new Locator(runner).locate(CART_ISSUE, brain, { signal: controller.signal, onEvent: (e) => events.push(e) }),
      (e: unknown) => e instanceof CodeGrepError && e.code === 'cancelled',
    );
    assert.ok(performance.now() - started < 250);
    const last = events.at(-1);
    assert.equal(last?.type === 'error' && last.error.code, 'cancelled');
  });

  it('cancels within 200 ms even when a tool ignores the signal', async () => {
    const stuck = { run: () => new Promise<never>(() => undefined), resolveCitation: (p: string) => runner.resolveCitation(p) };
    const brain = new ScriptedBrain([{ kind: 'calls', calls: [grep('s', 'x')] }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    await assert.rejects(new Locator(stuck).locate(CART_ISSUE, brain, { signal: controller.signal }), (e: unknown) => e instanceof CodeGrepError && e.code === 'cancelled');
    assert.ok(performance.now() - started < 250);
  });

  it('reports a brain failure as an error event and rejects with it; a throwing listener never ends a run', async () => {
    const failing = new ScriptedBrain([() => Promise.reject(new CodeGrepError('auth-failed', 'bad key', 'set-api-key'))]);
    const events: LocateEvent[] = [];
    await assert.rejects(new Locator(runner).locate(CART_ISSUE, failing, { onEvent: (e) => events.push(e), runId: 'r1' }), /bad key/);
    assert.deepEqual(events.at(-1), { type: 'error', runId: 'r1', error: { code: 'auth-failed', message: 'bad key', action: 'set-api-key' } });
    const fine = new ScriptedBrain([{ kind: 'answer', files: [{ path: 'shop/cart.py', reason: 'r' }] }]);
    const result = await new Locator(runner).locate(CART_ISSUE, fine, {
      onEvent: () => {
        throw new Error('closed webview');
      },
    });
    assert.equal(result.candidates.length, 1);
  });

  it('clamps cited ranges to the file and drops ranges past its end', async () => {
    const lines = (await runner.resolveCitation('shop/cart.py')) as { lines?: number };
    assert.ok(lines.lines && lines.lines > 3, 'the runner reports the line count of a cited file');
    const files = [{ path: 'shop/cart.py', ranges: [[2, 3], [lines.lines - 1, lines.lines + 40], [lines.lines + 5, lines.lines + 9]] as [number, number][], reason: 'r' }];
    const result = await new Locator(runner).locate(CART_ISSUE, new ScriptedBrain([{ kind: 'answer', files }]));
    assert.deepEqual(result.candidates[0].ranges, [[2, 3], [lines.lines - 1, lines.lines]]);
    assert.deepEqual(clampRanges([[0, 4], [9, 2]], undefined), [[1, 4], [2, 9]]);
  });

  it('caps what one answer holds: 50 files, 8 ranges a file and 500 characters a reason, however much a model writes', async () => {
    const extra = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`many/f${i}.py`, 'x = 1\n'.repeat(40)]));
    const big = makeSampleRepo(extra);
    try {
      const odd = Array.from({ length: 20 }, (_, k): [number, number] => [2 * k + 1, 2 * k + 1]);
      const files = [
        { path: 'many/f0.py', ranges: odd, reason: `starts well ${'Z'.repeat(7_000_000)}` },
        ...Array.from({ length: 3000 }, () => ({ path: 'many/f0.py', reason: 'again' })),
      ];
      const first = await new Locator(new NodeToolRunner({ roots: [big.root] })).locate(CART_ISSUE, new ScriptedBrain([{ kind: 'answer', files }]));
      assert.equal(first.candidates.length, 1);
      assert.deepEqual(first.candidates[0].ranges, odd.slice(0, 8), 'the first 8 ranges, in the cited order');
      assert.equal(first.candidates[0].reason.length, 500);
      assert.match(first.candidates[0].reason, /^starts well Z+…$/);
      const spread = Array.from({ length: 60 }, (_, i) => ({ path: `many/f${i}.py`, reason: 'r' }));
      const second = await new Locator(new NodeToolRunner({ roots: [big.root] })).locate(CART_ISSUE, new ScriptedBrain([{ kind: 'answer', files: spread }]));
      assert.deepEqual(second.candidates.map((c) => c.path), spread.slice(0, 50).map((f) => f.path));
    } finally {
      big.remove();
    }
  });

  it('keeps a key a server echoed into the reply out of the events, the trajectory and the reasons', async () => {
    const key = 'locator-test-key-0123456789abcdef';
    addKnownSecret(key);
    const brain = new ScriptedBrain([
      { kind: 'calls', calls: [grep('a', `total|${key}`)] },
      { kind: 'answer', files: [{ path: 'shop/cart.py', reason: `auth was ${key}; the token expiration is fine` }] },
    ]);
    const events: LocateEvent[] = [];
    const result = await new Locator(runner).locate(CART_ISSUE, brain, { onEvent: (e) => events.push(e) });
    const kept = JSON.stringify({ events, trajectory: result.trajectory, candidates: result.candidates });
    assert.ok(!kept.includes(key), kept.slice(0, 500));
    assert.equal(result.candidates[0].reason, 'auth was [REDACTED]; the token expiration is fine', 'only the key: words that look like one stay');
    assert.equal((result.trajectory[0].calls[0].call.args as { pattern: string }).pattern, 'total|[REDACTED]');
    assert.ok(brain.turns[1].results[0].result.count > 0, 'the call ran as the brain asked');
  });

  it('fails with the tool error when every call failed and nothing was found', async () => {
    const broken = { run: async () => ({ text: 'error: rg is missing', truncated: false, error: 'error: rg is missing', count: 0, bytes: 20 }), resolveCitation: (p: string) => runner.resolveCitation(p) };
    const events: LocateEvent[] = [];
    const brain = new ScriptedBrain([{ kind: 'calls', calls: [grep('a', 'x'), grep('b', 'y')] }, { kind: 'answer', files: [] }]);
    await assert.rejects(new Locator(broken).locate(CART_ISSUE, brain, { onEvent: (e) => events.push(e) }), (error: CodeGrepError) => {
      assert.equal(error.message, 'Every tool call failed, so nothing could be searched. First error: rg is missing');
      assert.equal(error.action, 'open-logs');
      return true;
    });
    assert.equal(events.at(-1)?.type, 'error');
    // A brain whose one call was a bad regex but which cited a file (mistyped) answered: its reject is the result.
    const typo = new ScriptedBrain([{ kind: 'calls', calls: [grep('a', '(')] }, { kind: 'answer', files: [{ path: 'shop/carts.py', reason: 'typo' }] }]);
    const typoResult = await new Locator(runner).locate(CART_ISSUE, typo);
    assert.deepEqual([typoResult.candidates, typoResult.rejected.map((r) => r.path)], [[], ['shop/carts.py']]);
    const partly = new ScriptedBrain([{ kind: 'calls', calls: [grep('a', '(')] }, { kind: 'calls', calls: [grep('b', 'def total')] }, { kind: 'answer', files: [] }]);
    assert.deepEqual((await new Locator(runner).locate(CART_ISSUE, partly)).candidates, [], 'one working call means an honest empty answer');
  });

  it('mergeRanges merges overlapping and adjacent ranges and fixes reversed ones, keeping the cited (best-first) order', () => {
    assert.deepEqual(mergeRanges([[20, 30], [1, 5], [6, 8], [25, 40], [50, 45]]), [[20, 40], [1, 8], [45, 50]]);
    // [65, 90] was cited before [60, 70], so their union takes [65, 90]'s place.
    assert.deepEqual(mergeRanges([[100, 120], [65, 90], [1, 3], [60, 70]]), [[100, 120], [60, 90], [1, 3]]);
    assert.deepEqual(mergeRanges([]), []);
  });
});
