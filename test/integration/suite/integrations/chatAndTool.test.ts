import * as assert from 'node:assert/strict';
import { sep } from 'node:path';
import * as vscode from 'vscode';
import type { LocateResult } from '../../../../src/common/result';
import { createChatHandler, followups, PARTICIPANT_ID, type LocateChatMetadata } from '../../../../src/extension/chat/chatParticipant';
import { renderCandidates } from '../../../../src/extension/chat/chatRender';
import { LOCATE_TOOL_NAME } from '../../../../src/extension/languageModel/lmTool';
import { fixtureIssues } from '../../fixture/content';
import { activateCodeGrep, EXTENSION_ID, fixtureFolder } from '../extensionApi';
import { ScriptedModel } from './scriptedModel';

/** A ChatResponseStream that records every part, in order (code-server has no chat UI to render them). */
class RecordingStream implements vscode.ChatResponseStream {
  readonly parts: { kind: string; value: unknown }[] = [];
  markdown(value: string | vscode.MarkdownString): void {
    this.parts.push({ kind: 'markdown', value: typeof value === 'string' ? value : value.value });
  }
  anchor(value: vscode.Uri | vscode.Location, title?: string): void {
    this.parts.push({ kind: 'anchor', value: { value, title } });
  }
  button(command: vscode.Command): void {
    this.parts.push({ kind: 'button', value: command });
  }
  filetree(value: vscode.ChatResponseFileTree[], baseUri: vscode.Uri): void {
    this.parts.push({ kind: 'filetree', value: { value, baseUri } });
  }
  progress(value: string): void {
    this.parts.push({ kind: 'progress', value });
  }
  reference(value: vscode.Uri | vscode.Location): void {
    this.parts.push({ kind: 'reference', value });
  }
  push(part: vscode.ChatResponsePart): void {
    this.parts.push({ kind: 'part', value: part });
  }
  of(kind: string): unknown[] {
    return this.parts.filter((p) => p.kind === kind).map((p) => p.value);
  }
  text(): string {
    return this.of('markdown').join('');
  }
}

function chatRequest(prompt: string, command?: string, model?: vscode.LanguageModelChat): vscode.ChatRequest {
  return {
    prompt,
    command,
    references: [],
    toolReferences: [],
    toolInvocationToken: undefined as never,
    model: model as vscode.LanguageModelChat,
  };
}

describe('integrations: @codegrep chat participant (handler with a recording stream)', () => {
  it('is declared as @codegrep with /locate and /explain under the id the code registers', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { chatParticipants: { id: string; name: string; commands: { name: string }[] }[] } };
    const [participant] = manifest.contributes.chatParticipants;
    assert.equal(participant.id, PARTICIPANT_ID);
    assert.equal(participant.name, 'codegrep');
    assert.deepEqual(participant.commands.map((c) => c.name), ['locate', 'explain']);
  });

  it('/locate streams progress per turn, anchors with ranges, references, buttons and followups', async () => {
    const services = await activateCodeGrep();
    const handler = createChatHandler(services);
    const stream = new RecordingStream();
    const issue = fixtureIssues.python;
    const result = await handler(chatRequest(issue.text), { history: [] }, stream, new vscode.CancellationTokenSource().token);
    assert.ok(result && 'metadata' in result, JSON.stringify(stream.parts));
    const metadata = result.metadata as LocateChatMetadata;
    assert.equal(metadata.candidates[0].path, issue.expectedPath);

    const progress = stream.of('progress') as string[];
    assert.ok(progress.some((p) => /turn 1 of/.test(p)), `progress: ${progress.join(' | ')}`);
    assert.equal(new Set(progress).size, progress.length, 'one progress line per turn');

    const anchors = stream.of('anchor') as { value: vscode.Location; title: string }[];
    assert.equal(anchors[0].title, issue.expectedPath);
    assert.ok(anchors[0].value instanceof vscode.Location, 'the anchor points at a range');
    assert.ok(anchors[0].value.uri.fsPath.endsWith(issue.expectedPath.replace(/\//g, sep)));
    const [start] = metadata.candidates[0].ranges?.[0] ?? [0];
    assert.equal(anchors[0].value.range.start.line + 1, start, 'the anchor starts at the first range');
    assert.ok(metadata.candidates[0].ranges?.some(([a, b]) => a <= issue.expectedLine && issue.expectedLine <= b), 'ranges cover the fix line');
    assert.equal(stream.of('reference').length, anchors.length);
    assert.match(stream.text(), /\*\*\d+ files?\*\* for \*TokenBucket\\\.consume\\\(0\\\) raises ValueError\*/);
    // The embedded brain says how sure it is under the list (Markdown-escaped like every other line).
    assert.match(stream.text(), /\n(High|Medium|Low) confidence \\\(\d\\\.\d\d\\\)/);

    const buttons = (stream.of('button') as vscode.Command[]).map((b) => b.command);
    assert.deepEqual(buttons, ['codegrep.showResults', 'codegrep.sendToChat', 'codegrep.copyForAgent']);
    const followup = followups(result);
    assert.deepEqual(followup.map((f) => f.command), ['explain']);

    // The buttons' commands work with the arguments they carry.
    const copy = (stream.of('button') as vscode.Command[])[2];
    const copied = await vscode.commands.executeCommand<string>(copy.command, ...(copy.arguments ?? []));
    assert.match(copied, new RegExp(`^@${issue.expectedPath.replace(/[.]/g, '\\.')}`));
  });

  it('/explain with an issue runs and explains each file and the searches made', async () => {
    const services = await activateCodeGrep();
    const stream = new RecordingStream();
    const result = await createChatHandler(services)(chatRequest(fixtureIssues.typescript.text, 'explain'), { history: [] }, stream, new vscode.CancellationTokenSource().token);
    assert.equal((result as vscode.ChatResult).metadata?.command, 'explain');
    const text = stream.text();
    assert.match(text, /### Why these files/);
    assert.match(text, /`web\/src\/format\.ts`/);
    assert.match(text, /### How CodeGrep searched/);
    assert.match(text, /Turn 1: (grep|glob|read)/);
  });

  it('honours the cancellation token (wired to the run abort)', async () => {
    const services = await activateCodeGrep();
    const source = new vscode.CancellationTokenSource();
    const stream = new RecordingStream();
    const pending = createChatHandler(services)(chatRequest(fixtureIssues.python.text), { history: [] }, stream, source.token);
    source.cancel();
    const result = await pending;
    assert.deepEqual(result, {});
    assert.match(stream.text(), /Cancelled\./);
  });

  it('with codegrep.brain "vscode-lm", searches with the model picked in the chat view', async () => {
    const services = await activateCodeGrep();
    const config = vscode.workspace.getConfiguration('codegrep');
    await config.update('brain', 'vscode-lm', vscode.ConfigurationTarget.Global);
    try {
      const model = new ScriptedModel([
        [new vscode.LanguageModelToolCallPart('a1', 'grep', { pattern: 'formatRetryAfter' })],
        [new vscode.LanguageModelToolCallPart('a2', 'answer', { files: [{ path: 'web/src/format.ts', lines: '2-9', reason: 'rounds sub-second waits down' }] })],
      ]);
      const stream = new RecordingStream();
      const result = await createChatHandler(services)(chatRequest(fixtureIssues.typescript.text, undefined, model), { history: [] }, stream, new vscode.CancellationTokenSource().token);
      const metadata = (result as vscode.ChatResult).metadata as LocateChatMetadata;
      assert.equal(metadata.brain, 'vscode-lm:test/scripted', stream.text());
      assert.deepEqual(metadata.candidates.map((c) => c.path), ['web/src/format.ts']);
      assert.equal(model.requests.length, 2);
    } finally {
      await config.update('brain', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('without a VS Code model, the chat error offers "Choose brain…" in editor wording', async () => {
    const services = await activateCodeGrep();
    const config = vscode.workspace.getConfiguration('codegrep');
    await config.update('brain', 'vscode-lm', vscode.ConfigurationTarget.Global);
    try {
      const stream = new RecordingStream();
      await createChatHandler(services)(chatRequest(fixtureIssues.typescript.text), { history: [] }, stream, new vscode.CancellationTokenSource().token);
      assert.match(stream.text(), /could not locate files: No VS Code language model is available/);
      assert.doesNotMatch(stream.text(), /CLI:/);
      assert.deepEqual((stream.of('button') as vscode.Command[]).map((b) => b.command), ['codegrep.chooseBrain']);
    } finally {
      await config.update('brain', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('lists the runners-up under a low-confidence answer, and only then', async () => {
    const folder = fixtureFolder();
    const result: LocateResult = {
      issue: { title: 'Tokens come back at the wrong time', body: '' },
      brain: 'embedded',
      candidates: [{ path: 'ratelimit/bucket.py', ranges: [[15, 20]], reason: 'defines `_refill`' }],
      alsoConsidered: [{ path: 'ratelimit/clock.py', ranges: [[4, 5]], reason: 'defines `monotonic`' }],
      confidence: { level: 'low', probability: 0.3 },
      rejected: [],
      trajectory: [],
      usage: { promptTokens: 0, completionTokens: 0, turns: 1, toolCalls: 0, toolBytes: 0, ms: 1 },
    };
    const placed = result.candidates.map((candidate) => ({ candidate, uri: vscode.Uri.joinPath(folder, candidate.path) }));
    const unsure = new RecordingStream();
    renderCandidates(unsure, result, placed);
    assert.match(unsure.text(), /\nLow confidence \\\(0\\\.30\\\)\\: [^\n]+\n\nAlso considered, less likely:\n\n- `ratelimit\/clock\.py` — lines 4-5 — defines \\`monotonic\\`\n$/);
    const sure = new RecordingStream();
    renderCandidates(sure, { ...result, confidence: { level: 'medium', probability: 0.6 } }, placed);
    assert.doesNotMatch(sure.text(), /Also considered/, 'folded away, as in the panel, unless the brain is unsure');
  });

  it('asks for an issue when the prompt is empty', async () => {
    const services = await activateCodeGrep();
    const stream = new RecordingStream();
    await createChatHandler(services)(chatRequest('  '), { history: [] }, stream, new vscode.CancellationTokenSource().token);
    assert.match(stream.text(), /Give me an issue/);
  });
});

describe('integrations: #locateFiles language model tool', () => {
  it('is registered with the package.json schema', async () => {
    await activateCodeGrep();
    const tool = vscode.lm.tools.find((t) => t.name === LOCATE_TOOL_NAME);
    assert.ok(tool, `tools: ${vscode.lm.tools.map((t) => t.name).join(', ')}`);
    assert.deepEqual((tool.inputSchema as { required?: string[] }).required, ['issue']);
  });

  it('vscode.lm.invokeTool runs a real locate on the fixture and returns compact lines', async () => {
    await activateCodeGrep();
    const issue = fixtureIssues.python;
    const result = await vscode.lm.invokeTool(LOCATE_TOOL_NAME, { input: { issue: issue.text, maxFiles: 1 }, toolInvocationToken: undefined });
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    assert.match(text, /^Files to edit for this issue, most relevant first/);
    assert.match(text, new RegExp(`\\n1\\. ${issue.expectedPath.replace(/[.]/g, '\\.')}:\\d+-\\d+`));
    assert.doesNotMatch(text, /\n2\. /, 'maxFiles: 1 keeps one file');
    assert.match(text, /\n(High|Medium|Low) confidence \(\d\.\d\d\)/, 'the embedded brain says how sure it is');
  });

  it('adds the runners-up, marked less likely, only when includeRunnersUp asks for them', async () => {
    await activateCodeGrep();
    const issue = fixtureIssues.python;
    const read = async (input: Record<string, unknown>) => {
      const result = await vscode.lm.invokeTool(LOCATE_TOOL_NAME, { input: { issue: issue.text, ...input }, toolInvocationToken: undefined });
      return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    };
    assert.doesNotMatch(await read({}), /Less likely/);
    const text = await read({ includeRunnersUp: true });
    assert.match(text, new RegExp(`\\n1\\. ${issue.expectedPath.replace(/[.]/g, '\\.')}:`));
    assert.match(text, /\nLess likely, only if none of the files above is it:\n- \S+/);
  });

  it('answers bad input with text the model can read', async () => {
    await activateCodeGrep();
    const result = await vscode.lm.invokeTool(LOCATE_TOOL_NAME, { input: { issue: '   ' }, toolInvocationToken: undefined });
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    assert.match(text, /^error: codegrep_locateFiles needs "issue"/);
  });
});
