import * as vscode from 'vscode';
import type { Contribution } from '../platform/contributions';
import type { LocateCommandArgs } from '../platform/services';

/** Context key: true while the active editor is a CodeGrep issue draft (shows Locate in its title bar, binds Ctrl+Enter). */
export const ISSUE_DRAFT_KEY = 'codegrep.issueDraft';

/** The draft's opening comment; stripped (as every HTML comment) before the text becomes the issue. */
const DRAFT_HINT = '<!-- CodeGrep issue draft: write or paste the issue below. The first line is its title, the rest its body. Then press Locate in the title bar, or Ctrl+Enter. -->\n\n';

/**
 * The multi-line way in: an untitled Markdown draft with a Locate button in its title bar. Any
 * editor's text can be located the same way ("Locate files for this text": the selection, else
 * the whole document), with its line breaks kept.
 */
export const issueDraftContribution: Contribution = {
  id: 'issueDraft',
  create: () => {
    const drafts = new Set<string>();
    const update = (editor: vscode.TextEditor | undefined) => {
      void vscode.commands.executeCommand('setContext', ISSUE_DRAFT_KEY, !!editor && drafts.has(editor.document.uri.toString()));
    };
    return [
      vscode.window.onDidChangeActiveTextEditor(update),
      vscode.workspace.onDidCloseTextDocument((document) => drafts.delete(document.uri.toString())),
      vscode.commands.registerCommand('codegrep.newIssueDraft', async (text?: unknown) => {
        const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: DRAFT_HINT + (typeof text === 'string' ? text : '') });
        drafts.add(document.uri.toString());
        const editor = await vscode.window.showTextDocument(document);
        const end = document.lineAt(document.lineCount - 1).range.end;
        editor.selection = new vscode.Selection(end, end);
        update(editor);
        return document.uri;
      }),
      vscode.commands.registerCommand('codegrep.locateDraft', (uri?: unknown) => locateEditorText(uri)),
    ];
  },
};

/** The issue text an editor holds: the selection if any, else the whole document; HTML comments dropped. */
export function draftText(document: vscode.TextDocument, selection: vscode.Selection | undefined): string {
  const raw = selection && !selection.isEmpty ? document.getText(selection) : document.getText();
  return raw.replace(/<!--[\s\S]*?-->/g, '').trim();
}

async function locateEditorText(uri: unknown): Promise<unknown> {
  const editor =
    uri instanceof vscode.Uri ? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString()) : vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const text = draftText(editor.document, editor.selection);
  if (!text) {
    void vscode.window.showInformationMessage('CodeGrep: write or paste the issue first (its first line is the title).');
    return undefined;
  }
  const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri);
  const args: LocateCommandArgs = { issue: text };
  if (folder) args.folders = [folder.uri];
  return vscode.commands.executeCommand('codegrep.locate', args);
}
