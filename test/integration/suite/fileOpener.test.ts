import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { candidateUri, FileOpener } from '../../../src/extension/panel/fileOpener';
import { fixtureFolder } from './extensionApi';

describe('opening a candidate (real editor)', () => {
  const opener = new FileOpener();
  after(() => opener.dispose());

  it('maps a workspace-relative path to the file and refuses paths that leave the folder', async () => {
    const uri = await candidateUri([fixtureFolder()], 'ratelimit/bucket.py');
    assert.equal(uri.toString(), vscode.Uri.joinPath(fixtureFolder(), 'ratelimit', 'bucket.py').toString());
    await assert.rejects(candidateUri([fixtureFolder()], '../outside.py'), /outside the workspace/);
    await assert.rejects(candidateUri([fixtureFolder()], '/etc/passwd'), /outside the workspace/);
    // A symlink inside the folder that leads out of it is refused too, as the read tool refuses it.
    const link = path.join(fixtureFolder().fsPath, 'link-out.py');
    fs.symlinkSync('/etc/passwd', link);
    try {
      await assert.rejects(candidateUri([fixtureFolder()], 'link-out.py'), /outside the workspace/);
    } finally {
      fs.unlinkSync(link);
    }
  });

  it('opens the file with the range selected and revealed', async () => {
    const uri = await candidateUri([fixtureFolder()], 'ratelimit/bucket.py');
    const editor = await opener.open(uri, [21, 29], [[5, 41]], vscode.ViewColumn.One);
    assert.equal(editor.document.uri.toString(), uri.toString());
    assert.equal(editor.selection.start.line, 20);
    assert.equal(editor.selection.end.line, 28);
    assert.ok(editor.visibleRanges.some((r) => r.contains(new vscode.Position(20, 0))), 'the range is visible');
  });

  it('without a range, opens the first listed range (the strongest evidence), not the lowest line', async () => {
    const uri = await candidateUri([fixtureFolder()], 'ratelimit/bucket.py');
    const editor = await opener.open(uri, undefined, [[21, 29], [5, 8]], vscode.ViewColumn.One);
    assert.equal(editor.selection.start.line, 20, 'ranges keep the brain\'s order');
  });

  it('clamps a range past the end of the file instead of failing', async () => {
    const uri = await candidateUri([fixtureFolder()], 'ratelimit/bucket.py');
    const editor = await opener.open(uri, [1000, 2000], [], vscode.ViewColumn.One);
    assert.equal(editor.selection.end.line, editor.document.lineCount - 1);
  });
});
