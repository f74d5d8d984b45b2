import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocateEvent } from '../../../src/common/events';
import { issueFromText } from '../../../src/common/issue';
import type { RunView } from '../../../src/common/protocol';
import { applyEvent, finishRunView, listedCandidates, progressLabel, runViewFromResult, startRunView, withSelection } from '../../../src/common/runView';
import { createEmbeddedBrain } from '../../../src/core/embedded/index';
import { Locator } from '../../../src/core/locator';
import { NodeToolRunner } from '../../../src/tools/runner';

describe('RunView: the panel state folded from real LocateEvents', () => {
  let dir: string;
  const folders = [{ name: 'shop', uri: 'file:///shop' }];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cg-runview-'));
    mkdirSync(join(dir, 'shop/billing'), { recursive: true });
    writeFileSync(join(dir, 'shop/billing/invoice.py'), 'def compute_tax(amount, rate):\n    return amount * rate\n\n\ndef total(amount):\n    return amount + compute_tax(amount, -0.2)\n');
    writeFileSync(join(dir, 'shop/README.md'), '# Shop\nSells things.\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('ends equal to the result: candidates, every call with its summary, turns and status', async () => {
    const issue = issueFromText('compute_tax returns a negative tax\nInvoice totals are too low because compute_tax in billing/invoice.py gets a negative rate.');
    let view: RunView = startRunView('run-1', issue, folders);
    const events: LocateEvent[] = [];
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain(), {
      runId: 'run-1',
      onEvent: (event) => {
        events.push(event);
        view = applyEvent(view, event);
      },
    });
    assert.equal(view.status, 'done');
    assert.equal(view.brain, result.brain);
    assert.deepEqual(view.candidates, result.candidates);
    assert.deepEqual(view.selected, result.candidates.map((c) => c.path));
    assert.ok(view.candidates.some((c) => c.path === 'shop/billing/invoice.py'), JSON.stringify(view.candidates));
    assert.equal(view.turns.length, result.trajectory.length);
    assert.equal(view.toolCalls, result.trajectory.reduce((n, t) => n + t.calls.length, 0));
    assert.ok(view.toolCalls > 0);
    for (const turn of view.turns) for (const call of turn.calls) assert.ok(call.summary, `call ${call.id} has its result summary`);
    assert.equal(progressLabel(view), `${view.currentTurn < view.totalTurns ? `turn ${view.currentTurn} of ${view.totalTurns - 1}` : 'answering'} · ${view.toolCalls} calls`);

    const rebuilt = runViewFromResult('run-2', result, folders);
    assert.deepEqual(rebuilt.candidates, view.candidates);
    assert.deepEqual(rebuilt.turns.map((t) => t.calls.map((c) => c.call)), view.turns.map((t) => t.calls.map((c) => c.call)));
  });

  it('shows a stopped run as cancelled, keeping what it had found so far', async () => {
    const issue = issueFromText('compute_tax is wrong');
    let view: RunView = startRunView('run-3', issue, folders);
    const abort = new AbortController();
    await assert.rejects(
      new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain(), {
        runId: 'run-3',
        signal: abort.signal,
        onEvent: (event) => {
          view = applyEvent(view, event);
          if (event.type === 'tool-result') abort.abort();
        },
      }),
      /cancelled/,
    );
    assert.equal(view.status, 'cancelled');
    assert.equal(view.error?.code, 'cancelled');
    assert.ok(view.toolCalls > 0);
  });

  it('ignores events of another run and keeps only real candidates selected', () => {
    const view = startRunView('mine', issueFromText('x'), folders);
    assert.equal(applyEvent(view, { type: 'turn-started', runId: 'other', turn: 1, totalTurns: 4, final: false }), view);
    const withCandidates = applyEvent(view, { type: 'candidates', runId: 'mine', candidates: [{ path: 'a.py', reason: 'r' }, { path: 'b.py', reason: 'r' }], rejected: [] });
    assert.deepEqual(withSelection(withCandidates, ['b.py', 'evil.py', 'a.py']).selected, ['a.py', 'b.py']);
  });

  it('lists runners-up after the answer, unticked until the user ticks one', () => {
    const view = startRunView('mine', issueFromText('x'), folders);
    const shown = applyEvent(view, { type: 'candidates', runId: 'mine', candidates: [{ path: 'a.py', reason: 'r' }], rejected: [], alsoConsidered: [{ path: 'c.py', reason: 'next' }] });
    assert.deepEqual(shown.selected, ['a.py']);
    assert.deepEqual(listedCandidates(shown).map((c) => c.path), ['a.py', 'c.py']);
    assert.deepEqual(withSelection(shown, ['c.py', 'a.py', 'evil.py']).selected, ['a.py', 'c.py']);
    const result = { issue: shown.issue, brain: 'embedded', candidates: [{ path: 'a.py', reason: 'r' }], rejected: [], trajectory: [], usage: { promptTokens: 0, completionTokens: 0, turns: 1, toolCalls: 0, toolBytes: 0, ms: 1 } };
    assert.equal(finishRunView(shown, result).alsoConsidered, undefined, 'a result without runners-up shows none');
    assert.deepEqual(finishRunView(view, { ...result, alsoConsidered: [{ path: 'c.py', reason: 'next' }] }).alsoConsidered?.map((c) => c.path), ['c.py']);
  });

  it('shows how sure the brain is from its candidates on, and only for the run that said so', () => {
    const view = startRunView('mine', issueFromText('x'), folders);
    const confidence = { level: 'low' as const, probability: 0.2 };
    const shown = applyEvent(view, { type: 'candidates', runId: 'mine', candidates: [{ path: 'a.py', reason: 'r' }], rejected: [], confidence });
    assert.deepEqual(shown.confidence, confidence);
    const result = { issue: shown.issue, brain: 'embedded', candidates: [{ path: 'a.py', reason: 'r' }], rejected: [], trajectory: [], usage: { promptTokens: 0, completionTokens: 0, turns: 1, toolCalls: 0, toolBytes: 0, ms: 1 } };
    assert.deepEqual(finishRunView(shown, { ...result, confidence }).confidence, confidence);
    assert.equal('confidence' in finishRunView(shown, result), false, 'a result without one (a model brain) shows none');
    const junk = { ...result, confidence: { level: 'low', probability: 'high' } } as unknown as typeof result;
    assert.equal('confidence' in finishRunView(shown, junk), false, 'a malformed one from a command argument is dropped');
    const mislabelled = { ...result, confidence: { level: 'high' as const, probability: 0.1 } };
    assert.deepEqual(finishRunView(shown, mislabelled).confidence, { level: 'low', probability: 0.1 }, 'the level is read again from the probability');
    const withRejected = { ...result, confidence, rejected: [{ path: 'gone.py', reason: 'missing' }] };
    assert.equal('confidence' in finishRunView(shown, withRejected), false, 'none beside a rejected citation');
  });
});
