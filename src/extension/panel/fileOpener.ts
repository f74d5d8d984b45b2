import * as path from 'node:path';
import * as vscode from 'vscode';
import { CodeGrepError } from '../../common/errors';
import type { LineRange } from '../../common/result';

/**
 * Maps a candidate's workspace-relative path back to a file URI, with the tools' own naming of roots (single root:
 * relative to it; several: prefixed with the folder's name) and their own checks: anything that lands outside the
 * folders, also through a symlink, is refused, as the read tool refuses it.
 */
export async function candidateUri(folderUris: readonly vscode.Uri[], candidatePath: string): Promise<vscode.Uri> {
  const { Workspace } = await import('../../tools/workspace.js');
  const workspace = new Workspace(folderUris.map((u) => u.fsPath));
  const resolved = await workspace.resolve(candidatePath, 'any');
  if ('error' in resolved) {
    if (resolved.reason === 'outside the workspace') throw new CodeGrepError('path-outside-workspace', `${candidatePath} is outside the workspace folder.`);
    throw new CodeGrepError('not-found', `${candidatePath} cannot be opened: ${resolved.reason}.`);
  }
  const { root, abs } = resolved[0];
  const relative = path.relative(root.abs, abs);
  if (!relative) throw new CodeGrepError('not-found', `${candidatePath} is a workspace folder, not a file in it.`);
  const folder = folderUris[workspace.roots.indexOf(root)];
  return vscode.Uri.joinPath(folder, ...relative.split(path.sep));
}

/** Opens files at a range and highlights a candidate's ranges until the next open. */
export class FileOpener implements vscode.Disposable {
  private readonly highlight = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.findMatchForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Center,
  });
  private decorated: vscode.TextEditor | undefined;

  /** Opens `uri`, selects `range` (or the first of `highlight`) and highlights every range of the candidate. */
  async open(uri: vscode.Uri, range: LineRange | undefined, highlight: readonly LineRange[], column: vscode.ViewColumn): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument(uri);
    const target = range ?? highlight[0];
    const selection = target ? lineRange(document, target) : undefined;
    const editor = await vscode.window.showTextDocument(document, { viewColumn: column, preview: true, selection });
    if (selection) editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    this.decorated?.setDecorations(this.highlight, []);
    editor.setDecorations(this.highlight, highlight.map((r) => lineRange(document, r)));
    this.decorated = editor;
    return editor;
  }

  dispose(): void {
    this.highlight.dispose();
  }
}

/** A 1-based inclusive line range as an editor Range, clamped to the document. */
function lineRange(document: vscode.TextDocument, [start, end]: LineRange): vscode.Range {
  const last = Math.max(0, document.lineCount - 1);
  const from = Math.min(Math.max(0, start - 1), last);
  const to = Math.min(Math.max(from, end - 1), last);
  return new vscode.Range(from, 0, to, document.lineAt(to).text.length);
}
