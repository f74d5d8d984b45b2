import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CodeGrepError } from '../../../../src/common/errors';
import { issueFromText } from '../../../../src/common/issue';
import { defaultSettings } from '../../../../src/common/settings';
import { Locator } from '../../../../src/core/locator';
import { LanguageModelBrain } from '../../../../src/extension/languageModel/lmBrain';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { fixtureIssues } from '../../fixture/content';
import { activateCodeGrep, fixtureFolder } from '../extensionApi';
import { ScriptedModel } from './scriptedModel';

const call = (id: string, name: string, input: object) => new vscode.LanguageModelToolCallPart(id, name, input);
const locator = () => new Locator(new NodeToolRunner({ roots: [fixtureFolder().fsPath] }), { maxTurns: 2, maxParallelCalls: 8 });
const issue = issueFromText(fixtureIssues.python.text);

describe('integrations: VS Code LM brain (scripted vscode.lm model, real tools, fixture repo)', () => {
  it('runs tool calls through the Locator, feeds results back by call id, and takes the answer tool', async () => {
    const model = new ScriptedModel([
      [new vscode.LanguageModelTextPart('Searching for the error.'), call('c1', 'grep', { pattern: 'tokens must be positive' }), call('c2', 'glob', { pattern: '**/*.py' }), call('c3', 'grep', {})],
      [call('c4', 'read', { path: 'ratelimit/bucket.py', start_line: 20, end_line: 30 })],
      [call('c5', 'answer', { files: [{ path: 'ratelimit/bucket.py', lines: '21-29', reason: 'consume() rejects zero' }, { path: 'ratelimit/nope.py', reason: 'made up' }] })],
    ]);
    const brain = new LanguageModelBrain(model, { requestTimeoutMs: 10_000 });
    assert.equal(brain.name, 'vscode-lm:test/scripted');
    const result = await locator().locate(issue, brain);

    assert.deepEqual(result.candidates, [{ path: 'ratelimit/bucket.py', ranges: [[21, 29]], reason: 'consume() rejects zero' }]);
    assert.deepEqual(result.rejected.map((r) => r.path), ['ratelimit/nope.py']);
    assert.equal(result.usage.turns, 3);
    assert.deepEqual(model.requests[0].options?.tools?.map((t) => t.name), ['grep', 'glob', 'read', 'answer']);
    assert.equal(model.requests[0].options?.toolMode, vscode.LanguageModelChatToolMode.Auto);
    assert.deepEqual(model.requests[2].options?.tools?.map((t) => t.name), ['answer'], 'the answer turn offers only the answer tool');
    assert.equal(model.requests[2].options?.toolMode, vscode.LanguageModelChatToolMode.Required);

    // Turn 2 starts with one result per call of turn 1, in order, including the bad call's error.
    const turn2 = model.requests[1].messages.at(-1)!;
    const results = turn2.content.filter((p): p is vscode.LanguageModelToolResultPart => p instanceof vscode.LanguageModelToolResultPart);
    assert.deepEqual(results.map((r) => r.callId), ['c1', 'c2', 'c3']);
    const text = (r: vscode.LanguageModelToolResultPart) => r.content.map((c) => (c instanceof vscode.LanguageModelTextPart ? c.value : '')).join('');
    assert.match(text(results[0]), /ratelimit\/bucket\.py:\d+: .*tokens must be positive/);
    assert.match(text(results[1]), /ratelimit\/clock\.py/);
    assert.match(text(results[2]), /^error: grep needs a non-empty "pattern"/);
    assert.match(turn2.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join(''), /Turn 2 of 3/);
  });

  it('answers duplicate call ids in order (the Locator renames them, results keep their position)', async () => {
    const model = new ScriptedModel([
      [call('dup', 'grep', { pattern: 'def consume' }), call('dup', 'glob', { pattern: 'web/**/*.ts' })],
      [call('z', 'answer', { files: [{ path: 'ratelimit/bucket.py', reason: 'r' }] })],
    ]);
    await locator().locate(issue, new LanguageModelBrain(model, { requestTimeoutMs: 10_000 }));
    const results = model.requests[1].messages.at(-1)!.content.filter((p): p is vscode.LanguageModelToolResultPart => p instanceof vscode.LanguageModelToolResultPart);
    const text = (r: vscode.LanguageModelToolResultPart) => r.content.map((c) => (c instanceof vscode.LanguageModelTextPart ? c.value : '')).join('');
    assert.deepEqual(results.map((r) => r.callId), ['dup', 'dup']);
    assert.match(text(results[0]), /ratelimit\/bucket\.py:\d+: +def consume/);
    assert.match(text(results[1]), /web\/src\/format\.ts/);
  });

  it('reads a <final_answer> block when the model answers in text on the last turn', async () => {
    const model = new ScriptedModel([
      [call('a', 'grep', { pattern: 'formatRetryAfter' })],
      [new vscode.LanguageModelTextPart('Enough.')],
      [new vscode.LanguageModelTextPart('<final_answer>\nweb/src/format.ts:2-9 — rounds down\n</final_answer>')],
    ]);
    const result = await locator().locate(issueFromText(fixtureIssues.typescript.text), new LanguageModelBrain(model, { requestTimeoutMs: 10_000 }));
    assert.deepEqual(result.candidates.map((c) => [c.path, c.ranges]), [['web/src/format.ts', [[2, 9]]]]);
  });

  const failing = (error: Error) => new ScriptedModel([async () => Promise.reject(error)]);
  for (const [label, make, code] of [
    ['no permission', () => vscode.LanguageModelError.NoPermissions('denied'), 'auth-failed'],
    ['blocked (quota)', () => vscode.LanguageModelError.Blocked('quota exceeded'), 'rate-limited'],
    ['model gone', () => vscode.LanguageModelError.NotFound('gone'), 'model-not-found'],
    ['any other failure', () => new Error('boom'), 'model-error'],
  ] as const) {
    it(`maps ${label} to ${code} with what to do`, async () => {
      await assert.rejects(locator().locate(issue, new LanguageModelBrain(failing(make()), { requestTimeoutMs: 10_000 })), (e: unknown) => e instanceof CodeGrepError && e.code === code && /Scripted/.test(e.message));
    });
  }

  it('cancels the model request when the run is aborted, and times out a silent model', async () => {
    let seen: vscode.CancellationToken | undefined;
    const hanging = new ScriptedModel([
      (token) =>
        new Promise((_resolve, reject) => {
          seen = token;
          token.onCancellationRequested(() => reject(new vscode.CancellationError()));
        }),
    ]);
    const controller = new AbortController();
    const run = locator().locate(issue, new LanguageModelBrain(hanging, { requestTimeoutMs: 10_000 }), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(run, (e: unknown) => e instanceof CodeGrepError && e.code === 'cancelled');
    assert.equal(seen?.isCancellationRequested, true, 'the vscode.lm request was cancelled');

    const slow = new ScriptedModel([(token) => new Promise((_r, reject) => token.onCancellationRequested(() => reject(new vscode.CancellationError())))]);
    await assert.rejects(locator().locate(issue, new LanguageModelBrain(slow, { requestTimeoutMs: 150 })), (e: unknown) => e instanceof CodeGrepError && e.code === 'timeout');
  });

  it('codegrep.brain "vscode-lm" without any model installed fails with no-model', async () => {
    const services = await activateCodeGrep();
    const models = await vscode.lm.selectChatModels();
    if (models.length) return; // a host with models (desktop + Copilot) cannot show this error
    // The error comes from the extension's own bundle, so it is matched by shape rather than class.
    await assert.rejects(services.createBrain('vscode-lm', defaultSettings(), new AbortController().signal), (e: unknown) => (e as CodeGrepError).code === 'no-model' && /Copilot/.test((e as Error).message));
  });
});
