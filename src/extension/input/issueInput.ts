import * as vscode from 'vscode';
import { issueFromText, type Issue } from '../../common/issue';
import { matchIssueRef } from '../../common/issueRef';
import { clip } from '../../common/wording';
import type { ExtensionServices } from '../platform/services';

/** Longest selection or clipboard text offered as issue text (a whole file copied by accident is not an issue). */
const MAX_ISSUE_CHARS = 20_000;

/** What the Locate prompt gives back: issue text (its line breaks kept), a URL or #N; or "the user went to write it in an editor". */
export type IssueInput = { kind: 'text'; text: string } | { kind: 'draft' };

/** One row of the Locate prompt. */
interface InputItem extends vscode.QuickPickItem {
  take: () => IssueInput;
}

/**
 * Asks for the issue in a quick pick: type or paste a one-line title, URL or #123; or take the
 * editor selection, the clipboard (with its line breaks), or write the issue in an editor. An
 * input box holds one line, so a multi-line issue pasted into it arrives flattened; when the typed
 * text is the clipboard's text without its line breaks, the clipboard's own text is used instead.
 */
export async function askForIssueInput(): Promise<IssueInput | undefined> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).slice(0, MAX_ISSUE_CHARS).trim() : '';
  const clipboard = (await vscode.env.clipboard.readText().then(undefined, () => '')).slice(0, MAX_ISSUE_CHARS).trim();
  const fixed: InputItem[] = [];
  if (selected) fixed.push(sourceItem('$(selection) Use the editor selection', selected));
  if (clipboard) fixed.push(sourceItem('$(clippy) Paste from clipboard', clipboard, !looksLikeProse(clipboard)));
  fixed.push({
    label: '$(edit) Write the issue in an editor…',
    detail: 'A Markdown draft: the first line is the title, the rest the body. Then press Locate in its title bar (Ctrl+Enter).',
    alwaysShow: true,
    take: () => ({ kind: 'draft' }),
  });

  const pick = vscode.window.createQuickPick<InputItem>();
  pick.title = 'CodeGrep: Locate files for issue';
  pick.placeholder = 'Type or paste the issue title, a GitHub issue URL or #123, or pick a source below';
  pick.ignoreFocusOut = true;
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  let builtFor = '';
  const build = (value: string) => {
    builtFor = value;
    const typed = value.trim();
    const items = typed ? [typedItem(typed, clipboard), ...fixed] : fixed;
    pick.items = items;
    pick.activeItems = [items[0]];
  };
  build('');
  return new Promise<IssueInput | undefined>((resolve) => {
    let result: IssueInput | undefined;
    const subs = [
      pick.onDidChangeValue(build),
      pick.onDidAccept(() => {
        const typed = pick.value.trim();
        // Enter pressed before the typed row was built (the host had not answered yet): it means the typed text.
        const item = typed && pick.value !== builtFor ? typedItem(typed, clipboard) : pick.activeItems[0];
        if (!item) return;
        result = item.take();
        pick.hide();
      }),
      pick.onDidHide(() => {
        subs.forEach((d) => d.dispose());
        pick.dispose();
        resolve(result);
      }),
    ];
    pick.show();
  });
}

/**
 * A row for text that is already there (selection, clipboard): its first line, and how much more.
 * `hidden` shows only the size: a clipboard holding one word may be a password or a token.
 */
function sourceItem(label: string, text: string, hidden = false): InputItem {
  const lines = text.split(/\r?\n/);
  return {
    label,
    description: lines.length > 1 ? `${lines.length} lines` : undefined,
    detail: hidden ? `${text.length} characters` : clip(lines.find((l) => l.trim()) ?? text, 120),
    alwaysShow: true,
    take: () => ({ kind: 'text', text }),
  };
}

/** The row for what was typed; a flattened paste of the clipboard becomes the clipboard's text. */
function typedItem(typed: string, clipboard: string): InputItem {
  if (clipboard.includes('\n') && sameText(typed, clipboard)) {
    return { ...sourceItem('$(clippy) Locate the pasted issue', clipboard), take: () => ({ kind: 'text', text: clipboard }) };
  }
  return { label: `$(search) Locate “${clip(typed, 80)}”`, description: 'issue text, URL or #N', alwaysShow: true, take: () => ({ kind: 'text', text: typed }) };
}

/** Several lines or several words: text worth previewing (a single word is shown only as its length). */
function looksLikeProse(text: string): boolean {
  return text.includes('\n') || text.trim().split(/\s+/).length >= 3;
}

/** Equal once all whitespace is dropped (an <input> drops or spaces out pasted line breaks). */
function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}

/** Picks the folders to search: the only one, the given one, or a quick pick (one folder or all) in a multi-root workspace. */
export async function pickFolders(): Promise<vscode.Uri[] | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    await askToOpenFolder();
    return undefined;
  }
  if (folders.length === 1) return [folders[0].uri];
  const all = { label: '$(root-folder) All folders', description: `${folders.length} folders`, uris: folders.map((f) => f.uri) };
  const items = [all, ...folders.map((f) => ({ label: `$(folder) ${f.name}`, description: vscode.workspace.asRelativePath(f.uri, true), uris: [f.uri] }))];
  const picked = await vscode.window.showQuickPick(items, { title: 'CodeGrep: which folder is the issue about?', placeHolder: 'Folder to search' });
  return picked?.uris;
}

/** Says that CodeGrep needs a folder, offering to open one; asked before the issue, so nothing typed is lost. */
export async function askToOpenFolder(): Promise<void> {
  const choice = await vscode.window.showWarningMessage('CodeGrep searches the files of a workspace folder: open a folder first, then locate the issue.', 'Open Folder');
  if (choice) await vscode.commands.executeCommand('workbench.action.files.openFolder');
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
