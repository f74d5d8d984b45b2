import * as vscode from 'vscode';
import { issueRefAt, type IssueRefMatch } from '../../common/issueRef';
import type { Contribution } from '../platform/contributions';
import type { LocateCommandArgs } from '../platform/services';

/** Characters scanned each side of the cursor; keeps minified one-line files cheap. */
const WINDOW = 400;

/**
 * "Locate files for this issue" in every editor's context menu. The reference is resolved when
 * the item runs, not when the menu is built: VS Code moves the cursor to the right-click before
 * running it, while a context key set on selection change lags one click behind the menu. On an
 * issue URL, OWNER/REPO#N or `#N` it locates that issue; on a selection, the selected text (line
 * breaks kept); elsewhere it opens the Locate prompt.
 */
export const issueLinksContribution: Contribution = {
  id: 'issueLinks',
  create: () => vscode.commands.registerCommand('codegrep.locateIssueAtCursor', (uri?: unknown) => locateIssueAtCursor(uri)),
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
  // A selection is the issue text itself (unless it is just a reference); a bare cursor picks the reference under it.
  const selected = editor.selection.isEmpty ? '' : editor.document.getText(editor.selection).trim();
  const issue = selected || issueRefUnderSelection(editor.document, editor.selection)?.text;
  const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri);
  const args: LocateCommandArgs = issue ? { issue } : {};
  if (folder) args.folders = [folder.uri];
  return vscode.commands.executeCommand('codegrep.locate', args);
}
