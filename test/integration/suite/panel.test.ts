import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { confidenceSentence } from '../../../src/common/confidence';
import type { PanelState, RenderedSnapshot } from '../../../src/common/protocol';
import type { LocateResult } from '../../../src/common/result';
import { reasonParts } from '../../../webview-ui/src/format';
import { fixtureIssues } from '../fixture/content';
import { activateCodeGrep, fixtureFolder } from './extensionApi';
import { waitFor } from './poll';

/** What the hidden test command returns: the state last posted and what the page rendered. */
interface PanelSnapshot {
  posted?: PanelState;
  rendered?: RenderedSnapshot;
}

const snapshot = () => vscode.commands.executeCommand<PanelSnapshot>('codegrep.internal.panelSnapshot');

describe('results panel (webview in a real VS Code)', () => {
  before(() => activateCodeGrep());

  it('Locate runs from the command and the page shows the right file first', async () => {
    const issue = fixtureIssues.python;
    const result = await vscode.commands.executeCommand<LocateResult | undefined>('codegrep.locate', {
      issue: issue.text,
      folders: [fixtureFolder()],
      brain: 'embedded',
    });
    assert.ok(result, 'the command resolves to the result');
    assert.equal(result.candidates[0]?.path, issue.expectedPath);
    const shown = await waitFor(async () => {
      const s = await snapshot();
      return s.rendered?.status === 'done' && s.rendered.candidatePaths.length ? s : undefined;
    }, 'the page to render the finished run');
    assert.equal(shown.rendered!.candidatePaths[0], issue.expectedPath);
    const visible = reasonParts(result.candidates[0].reason).map((p) => p.text).join('');
    assert.equal(shown.rendered!.reasons[0], visible, 'the reason is shown as text (code spans without their backticks)');
    assert.equal(shown.posted?.current?.status, 'done');
    assert.ok((shown.posted?.current?.turns.length ?? 0) > 0, 'the trajectory is shown');
  });

  it('renders model-provided HTML in a reason as text, never as elements', async () => {
    const reason = '<img src=x onerror=alert(1)>';
    const result: LocateResult = {
      issue: { title: 'Title with <b>markup</b>', body: '<script>alert(2)</script> body' },
      brain: 'test',
      candidates: [{ path: 'ratelimit/bucket.py', ranges: [[1, 5]], reason }],
      rejected: [{ path: '<iframe src=javascript:alert(3)>', reason: '<svg onload=alert(4)>' }],
      trajectory: [],
      usage: { promptTokens: 0, completionTokens: 0, turns: 1, toolCalls: 0, toolBytes: 0, ms: 1 },
    };
    await vscode.commands.executeCommand('codegrep.showResults', { result, folders: [fixtureFolder()] });
    const shown = await waitFor(async () => {
      const s = await snapshot();
      return s.rendered?.reasons[0] === reason ? s : undefined;
    }, 'the page to render the hostile reason');
    assert.equal(shown.rendered!.injectedElements, 0, 'no img/script/iframe/svg elements were created');
    assert.deepEqual(shown.rendered!.candidatePaths, ['ratelimit/bucket.py']);
  });

  it('says how sure the brain is, and unfolds the runners-up when it is unsure', async () => {
    const base: LocateResult = {
      issue: { title: 'Tokens are refilled too slowly', body: '' },
      brain: 'embedded',
      candidates: [{ path: 'ratelimit/bucket.py', ranges: [[1, 5]], reason: 'defines `_refill`' }],
      alsoConsidered: [{ path: 'ratelimit/clock.py', reason: 'defines `monotonic`' }],
      rejected: [],
      trajectory: [],
      usage: { promptTokens: 0, completionTokens: 0, turns: 1, toolCalls: 0, toolBytes: 0, ms: 1 },
    };
    const show = async (result: LocateResult) => {
      await vscode.commands.executeCommand('codegrep.showResults', { result, folders: [fixtureFolder()] });
      return waitFor(async () => {
        const s = await snapshot();
        return s.rendered?.status === 'done' && s.rendered.confidence?.level === result.confidence?.level ? s.rendered : undefined;
      }, `the page to render the ${result.confidence?.level} confidence`);
    };
    const unsure = await show({ ...base, confidence: { level: 'low', probability: 0.2 } });
    assert.equal(unsure.confidence!.text, confidenceSentence({ level: 'low', probability: 0.2 }));
    assert.equal(unsure.runnersUpOpen, true, 'an unsure answer shows what else it considered');
    const sure = await show({ ...base, confidence: { level: 'high', probability: 0.9 } });
    assert.equal(sure.confidence!.text, 'High confidence (0.90).');
    assert.equal(sure.runnersUpOpen, false, 'a sure answer keeps them folded');
    await vscode.commands.executeCommand('codegrep.showResults', { result: { ...base, brain: 'openai:m' }, folders: [fixtureFolder()] });
    const none = await waitFor(async () => {
      const s = await snapshot();
      return s.rendered?.status === 'done' && s.rendered.confidence === undefined ? s.rendered : undefined;
    }, 'the page to render a run without a confidence');
    assert.equal(none.runnersUpOpen, false);
  });

  it('keeps finished runs in the history', async () => {
    const s = await snapshot();
    assert.ok((s.posted?.history.length ?? 0) >= 2, JSON.stringify(s.posted?.history));
  });
});
