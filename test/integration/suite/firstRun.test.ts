import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LocateResult } from '../../../src/common/result';
import { draftText } from '../../../src/extension/input/issueDraft';
import { resultLogLine } from '../../../src/extension/platform/services';
import { fixtureIssues } from '../fixture/content';
import { activateCodeGrep, fixtureFolder } from './extensionApi';

const issue = fixtureIssues.python;
const [issueTitle] = issue.text.split('\n');

describe('first run: the multi-line way in, and what the log keeps', () => {
  before(async () => {
    await activateCodeGrep();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('an issue draft (untitled Markdown) locates with its title and body apart', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('codegrep.newIssueDraft', issue.text);
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && uri && editor.document.uri.toString() === uri.toString(), 'the draft is the active editor');
    assert.equal(editor.document.languageId, 'markdown');
    assert.equal(draftText(editor.document, editor.selection), issue.text.trim(), 'the hint comment is not part of the issue');
    const result = await vscode.commands.executeCommand<LocateResult>('codegrep.locateDraft', uri);
    assert.equal(result?.issue.title, issueTitle);
    assert.match(result?.issue.body ?? '', /^Calling `bucket\.consume\(0\)`/);
    assert.match(result?.issue.body ?? '', /\n {2}File "ratelimit\/bucket\.py", line 24, in consume\n/, 'line breaks are kept');
    assert.equal(result?.candidates[0]?.path, issue.expectedPath);
  });

  it('an empty draft says what to do instead of running', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('codegrep.newIssueDraft');
    // The shown editor's document: a closed draft of the same untitled name may linger in textDocuments.
    const document = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString())?.document;
    assert.ok(document);
    assert.equal(draftText(document, undefined), '');
    assert.equal(await vscode.commands.executeCommand('codegrep.locateDraft', uri), undefined);
  });

  it('the log line of a run names the files, their ranges and the timings', async () => {
    const result = await vscode.commands.executeCommand<LocateResult>('codegrep.locate', { issue: issue.text, folders: [fixtureFolder()], brain: 'embedded' });
    assert.ok(result);
    const line = resultLogLine(result);
    assert.match(line, /^Found \d+ files? in \d+\.\d s \(\d turns?, \d+ calls?\): ratelimit\/bucket\.py:\d+-\d+/);
    assert.doesNotMatch(line, /\b1 files\b|file\(s\)/);
    assert.match(line, new RegExp(`; ${result.confidence!.level} confidence \\(0\\.\\d\\d\\)\\.$`), 'and how sure the embedded brain was');
  });
});
