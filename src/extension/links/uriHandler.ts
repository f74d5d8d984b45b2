import * as vscode from 'vscode';
import type { Contribution } from '../platform/contributions';
import type { LocateCommandArgs } from '../platform/services';

/** Longest issue text a link may carry (a URL is not a place for whole documents). */
const MAX_ISSUE_CHARS = 20_000;

/**
 * `vscode://codegrep.codegrep-vscode/locate?issue=...` (or `url=` / `text=`) starts a run, e.g.
 * from a browser bookmarklet on a GitHub issue page. VS Code asks the user before it opens
 * an extension URI from outside, and a run only reads the workspace.
 */
export const uriHandlerContribution: Contribution = {
  id: 'uriHandler',
  create: (services) =>
    vscode.window.registerUriHandler({
      handleUri: async (uri) => {
        await handleLocateUri(uri, (message) => services.logger.warn(message));
      },
    }),
};

/** Starts the run a `/locate` link asks for (resolving to the command's result), or explains what the link lacks. */
export async function handleLocateUri(uri: vscode.Uri, warn: (message: string) => void = () => {}): Promise<unknown> {
  const args = locateArgsFromUri(uri);
  if (!args) {
    warn(`Ignored CodeGrep link ${uri.path}: expected /locate?issue=<issue URL, OWNER/REPO#N, #N or text>.`);
    void vscode.window.showErrorMessage('CodeGrep: this link does not say which issue to locate (expected /locate?issue=...).');
    return undefined;
  }
  return vscode.commands.executeCommand('codegrep.locate', args);
}

/** Reads the run a `/locate` URI asks for: `issue`, `url` or `text`, and optionally `folder` (a workspace folder name). */
export function locateArgsFromUri(uri: vscode.Uri): LocateCommandArgs | undefined {
  if (uri.path.replace(/\/+$/, '') !== '/locate') return undefined;
  const query = new URLSearchParams(uri.query);
  const issue = (query.get('issue') ?? query.get('url') ?? query.get('text') ?? '').trim().slice(0, MAX_ISSUE_CHARS);
  if (!issue) return undefined;
  const args: LocateCommandArgs = { issue };
  const folderName = query.get('folder');
  const folder = folderName ? vscode.workspace.workspaceFolders?.find((f) => f.name === folderName) : undefined;
  if (folder) args.folders = [folder.uri];
  return args;
}
