import * as vscode from 'vscode';
import { issueRefAt, type IssueRefMatch } from '../../common/issueRef';
import type { Contribution } from '../platform/contributions';
import type { LocateCommandArgs } from '../platform/services';

/** Context key: true while the cursor or selection of the active editor is on an issue URL or `#N`. */
export const ON_ISSUE_LINK_KEY = 'codegrep.onIssueLink';

/** Characters scanned each side of the cursor; keeps minified one-line files cheap. */
const WINDOW = 400;

/**
 * "Locate files for issue" in the editor context menu on an issue URL, OWNER/REPO#N or `#N`
 * (Markdown, code comments, commit messages): the context key follows the selection, and the
 * command starts a run on the reference under the cursor.
 */
export const issueLinksContribution: Contribution = {
  id: 'issueLinks',
  create: () => {
    let last: boolean | undefined;
    const update = (editor: vscode.TextEditor | undefined) => {
      const onLink = !!(editor && issueRefUnderSelection(editor.document, editor.selection));
      if (onLink === last) return;
      last = onLink;
      void vscode.commands.executeCommand('setContext', ON_ISSUE_LINK_KEY, onLink);
    };
    update(vscode.window.activeTextEditor);
    return [
      vscode.window.onDidChangeTextEditorSelection((e) => update(e.textEditor)),
      vscode.window.onDidChangeActiveTextEditor(update),
      vscode.commands.registerCommand('codegrep.locateIssueAtCursor', (uri?: unknown) => locateIssueAtCursor(uri)),
      // Context keys cannot be read through the API: in-host tests ask for the value last set.
      vscode.commands.registerCommand('codegrep.internal.onIssueLink', () => last ?? false),
    ];
  },
};

/** The issue reference the selection is on (the selection start's line), if any. */
export function issueRefUnderSelection(document: vscode.TextDocument, selection: vscode.Selection): IssueRefMatch | undefined {
  if (selection.start.line >= document.lineCount) return undefined;
  const line = document.lineAt(selection.start.line).text;
  const from = Math.max(0, selection.start.character - WINDOW);
  const text = line.slice(from, selection.start.character + WINDOW);
  const end = selection.isSingleLine ? selection.end.character : line.length;
  const match = issueRefAt(text, selection.start.character - from, end - from);
  return match && { ...match, start: match.start + from, end: match.end + from };
}

async function locateIssueAtCursor(uri: unknown): Promise<unknown> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || (uri instanceof vscode.Uri && uri.toString() !== editor.document.uri.toString())) return undefined;
  const match = issueRefUnderSelection(editor.document, editor.selection);
  if (!match) {
    void vscode.window.showInformationMessage('CodeGrep: put the cursor on a GitHub issue URL, OWNER/REPO#N or #N first.');
    return undefined;
  }
  const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri);
  const args: LocateCommandArgs = { issue: match.text };
  if (folder) args.folders = [folder.uri];
  return vscode.commands.executeCommand('codegrep.locate', args);
}
