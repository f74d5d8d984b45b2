import * as vscode from 'vscode';
import { toErrorInfo } from '../../common/errors';
import type { Issue } from '../../common/issue';
import { formatIssueRef, matchIssueRef } from '../../common/issueRef';
import { isRecord } from '../../common/protocol';
import { editorMessage } from '../../common/wording';
import type { Contribution } from '../platform/contributions';
import type { ExtensionServices, LocateCommandArgs } from '../platform/services';

/**
 * "Locate files for issue" on issues in the GitHub Pull Requests & Issues extension's tree
 * (`issues:github`). Its items are IssueModels, read here by shape: `html_url`, or `number`
 * with `remote.owner`/`remote.repositoryName`; `uri` names the workspace folder.
 */
export const gitHubTreeContribution: Contribution = {
  id: 'githubTree',
  create: (services) => vscode.commands.registerCommand('codegrep.locateGitHubIssueItem', (item?: unknown) => locateTreeItem(services, item)),
};

/** What an issue tree item says about its issue. */
export interface TreeIssue {
  /** A reference the resolver fetches: the URL, or OWNER/REPO#N. */
  ref?: string;
  /** Title and body the item already carries, used if fetching fails. */
  fallback?: Issue;
  folder?: vscode.Uri;
}

/** Reads an issue out of a tree item by shape (no dependency on the other extension's classes). */
export function treeIssueOf(item: unknown): TreeIssue | undefined {
  if (!isRecord(item)) return undefined;
  const out: TreeIssue = {};
  const inner = isRecord(item.item) ? item.item : {};
  const url = [item.html_url, inner.html_url, item.url].find((v): v is string => typeof v === 'string' && matchIssueRef(v)?.owner !== undefined);
  const remote = isRecord(item.remote) ? item.remote : undefined;
  const owner = typeof remote?.owner === 'string' ? remote.owner : undefined;
  const repo = typeof remote?.repositoryName === 'string' ? remote.repositoryName : typeof remote?.repo === 'string' ? remote.repo : undefined;
  const number = typeof item.number === 'number' ? item.number : undefined;
  if (url) out.ref = url;
  else if (owner && repo && number) out.ref = formatIssueRef({ owner, repo, number });
  const title = typeof item.title === 'string' ? item.title : undefined;
  if (title) out.fallback = { title, body: typeof item.body === 'string' ? item.body : '', ...(url ? { url } : {}) };
  if (item.uri instanceof vscode.Uri) out.folder = vscode.workspace.getWorkspaceFolder(item.uri)?.uri;
  return out.ref || out.fallback ? out : undefined;
}

async function locateTreeItem(services: ExtensionServices, item: unknown): Promise<unknown> {
  const issue = treeIssueOf(item);
  if (!issue) {
    void vscode.window.showErrorMessage('CodeGrep: this item does not look like a GitHub issue.');
    return undefined;
  }
  const args: LocateCommandArgs = {};
  if (issue.folder) args.folders = [issue.folder];
  const resolver = issue.ref ? services.resolverFor(issue.ref) : undefined;
  if (issue.ref && resolver) {
    try {
      const controller = new AbortController();
      args.issue = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CodeGrep: fetching ${issue.ref}`, cancellable: true },
        (_progress, token) => {
          token.onCancellationRequested(() => controller.abort());
          return resolver.resolve(issue.ref as string, issue.folder, controller.signal);
        },
      );
    } catch (error) {
      const info = toErrorInfo(error);
      if (info.code === 'cancelled' || !issue.fallback) {
        if (info.code !== 'cancelled') void vscode.window.showErrorMessage(`CodeGrep: ${editorMessage(info.message)}`);
        return undefined;
      }
      // The tree already holds the title and body: locate with those rather than fail.
      services.logger.warn(`Could not fetch ${issue.ref} (${info.message}); using the title and body from the issue tree.`);
      args.issue = issue.fallback;
    }
  } else {
    args.issue = issue.fallback ?? issue.ref;
  }
  return vscode.commands.executeCommand('codegrep.locate', args);
}
