import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToolCall } from '../../../src/common/tools';
import { createToolRunner } from '../../../src/extension/engine';
import { readVisibility } from '../../../src/extension/settings';
import { activateCodeGrep, fixtureFolder } from './extensionApi';

describe('what the tools see, from real VS Code settings', () => {
  const target = vscode.ConfigurationTarget.Workspace;
  const created: string[] = [];
  before(async () => {
    await activateCodeGrep();
    await vscode.workspace.getConfiguration('files').update('exclude', { '**/cg-dist': true, '**/cg-tmp': true }, target);
    await vscode.workspace.getConfiguration('search').update('exclude', { '**/cg-tmp': false, '**/cg-gen': true }, target);
    await vscode.workspace.getConfiguration('codegrep').update('exclude', { 'cg-top': true }, target);
    for (const dir of ['cg-dist', 'cg-tmp', 'cg-gen', 'cg-top']) {
      const abs = path.join(fixtureFolder().fsPath, dir);
      mkdirSync(abs, { recursive: true });
      writeFileSync(path.join(abs, 'cg_probe.py'), 'cg_probe = 1\n');
      created.push(abs);
    }
  });
  after(async () => {
    for (const dir of created) rmSync(dir, { recursive: true, force: true });
    await vscode.workspace.getConfiguration('files').update('exclude', undefined, target);
    await vscode.workspace.getConfiguration('search').update('exclude', undefined, target);
    await vscode.workspace.getConfiguration('codegrep').update('exclude', undefined, target);
  });

  it('merges files.exclude, search.exclude and codegrep.exclude as VS Code search does, and the tools obey them', async () => {
    const folder = fixtureFolder();
    const settings = readVisibility([folder]);
    assert.equal(settings.includeIgnored, false);
    const runner = createToolRunner([folder.fsPath], settings);
    const found = await runner.run({ id: 'v', name: 'glob', args: { pattern: 'cg_probe.py' } } as ToolCall, new AbortController().signal);
    // search.exclude turned **/cg-tmp back on; the other three are hidden.
    assert.deepEqual(found.paths, ['cg-tmp/cg_probe.py']);
    const read = await runner.run({ id: 'r', name: 'read', args: { path: 'cg-top/cg_probe.py' } } as ToolCall, new AbortController().signal);
    assert.match(read.text, /matches the exclude pattern cg-top/);
  });
});
