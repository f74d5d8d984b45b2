import * as path from 'node:path';
import * as vscode from 'vscode';

/** Edits to these change which files the tools list, like a creation or a deletion does. */
const IGNORE_FILES = new Set(['.gitignore', '.ignore', '.rgignore']);
/** A burst of events (a checkout, a build) is told once at its start and once more after it, not per file. */
const COALESCE_MS = 200;

/**
 * Watches a set of workspace folders so the tool helper can keep their file listing between runs
 * (a 100k-file listing costs about 0.7 s of CPU per locate): every creation, deletion or ignore-file
 * edit calls `onChange` at once, later events of the same burst once more after COALESCE_MS. VS Code's
 * watcher skips `files.watcherExclude`; the helper's listing still expires after two minutes for that.
 */
export class ListingWatcher implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private pending = false;

  constructor(
    roots: readonly string[],
    private readonly onChange: () => void,
  ) {
    for (const root of roots) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(root), '**/*'));
      this.disposables.push(
        watcher,
        watcher.onDidCreate(() => this.changed()),
        watcher.onDidDelete(() => this.changed()),
        watcher.onDidChange((uri) => {
          if (IGNORE_FILES.has(path.basename(uri.fsPath))) this.changed();
        }),
      );
    }
  }

  private changed(): void {
    if (this.timer) {
      this.pending = true;
      return;
    }
    this.onChange();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.pending) {
        this.pending = false;
        this.changed();
      }
    }, COALESCE_MS);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const d of this.disposables) d.dispose();
  }
}
