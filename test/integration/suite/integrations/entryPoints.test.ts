import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import type { LocateResult } from '../../../../src/common/result';
import { IssueTerminalLinkProvider, type IssueTerminalLink } from '../../../../src/extension/links/terminalLinks';
import { handleLocateUri } from '../../../../src/extension/links/uriHandler';
import { startFakeGitHub, type FakeGitHubServer } from '../../../helpers/fakeGitHubServer';
import { fixtureIssues } from '../../fixture/content';
import { activateCodeGrep, fixtureFolder } from '../extensionApi';
import { waitFor } from '../poll';

const issue = fixtureIssues.python;
const [issueTitle, ...issueBody] = issue.text.split('\n');

/**
 * Every right-click / link entry point starts a real run on the fixture repo, with the issue
 * fetched from a loopback GitHub API (GITHUB_API_URL, as the CLI honours it).
 */
describe('integrations: GitHub issue entry points (loopback GitHub API)', () => {
  let gh: FakeGitHubServer;
  const saved = { api: process.env.GITHUB_API_URL, server: process.env.GITHUB_SERVER_URL };

  before(async () => {
    await activateCodeGrep();
    gh = await startFakeGitHub([
      { owner: 'shop', repo: 'ratelimit', number: 12, title: issueTitle, body: issueBody.join('\n'), comments: [{ body: 'Zero should be allowed.' }] },
      { owner: 'shop', repo: 'secret', number: 3, title: 'private', body: 'x', privateToken: 'never-given' },
    ]);
    process.env.GITHUB_API_URL = gh.apiBase;
    process.env.GITHUB_SERVER_URL = 'https://github.com';
    execFileSync('git', ['remote', 'add', 'origin', 'https://github.com/shop/ratelimit.git'], { cwd: fixtureFolder().fsPath });
  });

  after(async () => {
    execFileSync('git', ['remote', 'remove', 'origin'], { cwd: fixtureFolder().fsPath });
    process.env.GITHUB_API_URL = saved.api;
    process.env.GITHUB_SERVER_URL = saved.server;
    await gh.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  function assertLocated(result: LocateResult | undefined): void {
    assert.ok(result, 'the run finished');
    assert.equal(result.issue.title, issueTitle, 'the issue came from GitHub');
    assert.deepEqual(result.issue.comments, ['Zero should be allowed.']);
    assert.equal(result.candidates[0]?.path, issue.expectedPath);
  }

  it('the context menu command resolves the reference at the cursor when it runs (no lagging context key)', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Fixes #12 (see https://github.com/shop/ratelimit/issues/12).\nplain line\n' });
    const editor = await vscode.window.showTextDocument(document);
    // Cursor first elsewhere, then on the reference just before the command runs (as a right-click does).
    editor.selection = new vscode.Selection(1, 2, 1, 2);
    editor.selection = new vscode.Selection(0, 7, 0, 7);
    assertLocated(await vscode.commands.executeCommand<LocateResult>('codegrep.locateIssueAtCursor'));
    // The run's results panel took the focus: come back to the document (its old editor may be gone).
    const again = await vscode.window.showTextDocument(document);
    again.selection = new vscode.Selection(0, 30, 0, 30);
    const requests = gh.requests.length;
    assertLocated(await vscode.commands.executeCommand<LocateResult>('codegrep.locateIssueAtCursor'));
    assert.ok(gh.requests.slice(requests).some((r) => r.path === '/repos/shop/ratelimit/issues/12'));
  });

  it('the context menu command locates a selection as issue text, line breaks kept', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: `notes\n${issue.text}\n` });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(1, 0, document.lineCount - 1, 0);
    const result = await vscode.commands.executeCommand<LocateResult>('codegrep.locateIssueAtCursor');
    assert.equal(result?.issue.title, issueTitle);
    assert.match(result?.issue.body ?? '', /Traceback \(most recent call last\):\n/);
    assert.equal(result?.candidates[0]?.path, issue.expectedPath);
  });

  it('the package.json menu shows the item in every editor (resolved at run time), and the tree item on issues', () => {
    const manifest = vscode.extensions.getExtension('codegrep.codegrep-vscode')?.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const item = manifest.contributes.menus['editor/context'].find((m) => m.command === 'codegrep.locateIssueAtCursor');
    assert.ok(item, 'the editor context item is contributed');
    assert.equal(item.when, undefined, 'no context key decides it: such a key lags one click behind the menu');
    const tree = manifest.contributes.menus['view/item/context'].find((m) => m.command === 'codegrep.locateGitHubIssueItem');
    assert.match(tree?.when ?? '', /view == issues:github/);
  });

  it('a GitHub Pull Requests & Issues tree item (duck-typed IssueModel) runs', async () => {
    const item = { number: 12, title: issueTitle, body: 'stale body', html_url: 'https://github.com/shop/ratelimit/issues/12', remote: { owner: 'shop', repositoryName: 'ratelimit' } };
    assertLocated(await vscode.commands.executeCommand<LocateResult>('codegrep.locateGitHubIssueItem', item));
  });

  it('a tree item whose issue cannot be fetched falls back to its own title and body', async () => {
    const item = { number: 3, title: issueTitle, body: issueBody.join('\n'), remote: { owner: 'shop', repositoryName: 'secret' } };
    const result = await vscode.commands.executeCommand<LocateResult>('codegrep.locateGitHubIssueItem', item);
    assert.equal(result?.issue.title, issueTitle);
    assert.equal(result?.candidates[0]?.path, issue.expectedPath);
  });

  it("terminal links on OWNER/REPO#N start a run; URLs keep VS Code's own Ctrl+click (the browser)", async () => {
    const terminal = vscode.window.createTerminal({ name: 'codegrep-links' });
    try {
      const provider = new IssueTerminalLinkProvider();
      const line = 'open  shop/ratelimit#12  https://github.com/shop/ratelimit/issues/12  #12  www.github.com/shop/ratelimit#12';
      const links = provider.provideTerminalLinks({ line, terminal }) as IssueTerminalLink[];
      assert.deepEqual(links.map((l) => line.slice(l.startIndex, l.startIndex + l.length)), ['shop/ratelimit#12']);
      await provider.handleTerminalLink(links[0]);
      const state = await waitFor(async () => {
        const snapshot = await vscode.commands.executeCommand<{ posted?: { current?: { status: string; issue: { title: string }; candidates: { path: string }[] } } }>('codegrep.internal.panelSnapshot');
        const current = snapshot.posted?.current;
        return current?.status === 'done' && current.issue.title === issueTitle ? current : undefined;
      }, 'the panel to show the run from the terminal link');
      assert.equal(state.candidates[0]?.path, issue.expectedPath);
    } finally {
      terminal.dispose();
    }
  });

  it('the vscode:// URI handler starts a run from ?issue=', async () => {
    const uri = vscode.Uri.parse(`${vscode.env.uriScheme}://codegrep.codegrep-vscode/locate?issue=${encodeURIComponent('shop/ratelimit#12')}`);
    assertLocated((await handleLocateUri(uri)) as LocateResult);
    assert.equal(await handleLocateUri(vscode.Uri.parse(`${vscode.env.uriScheme}://codegrep.codegrep-vscode/other`)), undefined);
  });

  it('a private issue without a session is reported as not found, with what to do', async () => {
    const services = await activateCodeGrep();
    const resolver = services.resolverFor('shop/secret#3');
    assert.ok(resolver);
    await assert.rejects(resolver.resolve('shop/secret#3', fixtureFolder(), new AbortController().signal), /GitHub has no issue shop\/secret#3.*sign in/s);
  });
});
