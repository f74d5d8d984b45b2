import * as vscode from 'vscode';
import { issueFromText, type Issue } from '../../common/issue';
import { matchIssueRef } from '../../common/issueRef';
import type { ExtensionServices } from '../platform/services';

/** Longest selection offered as issue text (a whole file selected by accident is not an issue). */
const MAX_SELECTION_CHARS = 20_000;

/**
 * Asks for the issue: text, a GitHub issue URL or `#123`. A non-empty editor selection is offered
 * as the default; accepted unchanged, its original line breaks are kept.
 */
export async function askForIssueInput(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).slice(0, MAX_SELECTION_CHARS).trim() : '';
  const shown = selected.replace(/\s*\n\s*/g, ' ⏎ ');
  const value = await vscode.window.showInputBox({
    title: 'CodeGrep: Locate files for issue',
    prompt: selected ? 'The editor selection is used as the issue; edit it, or paste other text, a GitHub issue URL, or #123.' : 'Paste the issue text, a GitHub issue URL, or #123.',
    placeHolder: 'e.g. "Crash when saving a file with a unicode name" or https://github.com/owner/repo/issues/123',
    value: shown,
    ignoreFocusOut: true,
    validateInput: (text) => (text.trim() ? undefined : 'Enter issue text, a GitHub issue URL, or #123.'),
  });
  if (value === undefined) return undefined;
  return selected && value === shown ? selected : value.trim();
}

/** Picks the folders to search: the only one, the given one, or a quick pick (one folder or all) in a multi-root workspace. */
export async function pickFolders(): Promise<vscode.Uri[] | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    const choice = await vscode.window.showErrorMessage('CodeGrep searches the workspace: open a folder first.', 'Open Folder');
    if (choice) await vscode.commands.executeCommand('workbench.action.files.openFolder');
    return undefined;
  }
  if (folders.length === 1) return [folders[0].uri];
  const all = { label: '$(root-folder) All folders', description: `${folders.length} folders`, uris: folders.map((f) => f.uri) };
  const items = [all, ...folders.map((f) => ({ label: `$(folder) ${f.name}`, description: vscode.workspace.asRelativePath(f.uri, true), uris: [f.uri] }))];
  const picked = await vscode.window.showQuickPick(items, { title: 'CodeGrep: which folder is the issue about?', placeHolder: 'Folder to search' });
  return picked?.uris;
}

/**
 * Turns the input into an Issue: a GitHub URL or `#N` goes to the registered issue resolver (the
 * GitHub integration); without one, the text is used as it is and the log says why.
 */
export async function resolveIssue(services: ExtensionServices, input: string, folder: vscode.Uri | undefined): Promise<Issue | undefined> {
  const resolver = services.resolverFor(input);
  if (!resolver) {
    if (matchIssueRef(input)) services.logger.warn(`"${input}" looks like a GitHub issue reference, but no issue resolver is registered; using it as issue text.`);
    return issueFromText(input);
  }
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `CodeGrep: fetching ${input}`, cancellable: true },
    async (_progress, token) => {
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      try {
        return await resolver.resolve(input, folder, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) return undefined;
        throw error;
      } finally {
        sub.dispose();
      }
    },
  );
}
