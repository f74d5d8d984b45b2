import * as vscode from 'vscode';
import { findIssueRefs } from '../../common/issueRef';
import type { Contribution } from '../platform/contributions';
import type { LocateCommandArgs } from '../platform/services';

/** A terminal link on an issue URL or OWNER/REPO#N, carrying the reference text. */
export interface IssueTerminalLink extends vscode.TerminalLink {
  issue: string;
  terminal: vscode.Terminal;
}

/**
 * Issue URLs and OWNER/REPO#N in terminal output (`gh issue list`, git logs, CI output) become
 * links that start a run. A bare `#N` is left alone: in terminal output it is too often a
 * count, a PR number of another repo, or a colour.
 */
export const terminalLinksContribution: Contribution = {
  id: 'terminalLinks',
  // registerTerminalLinkProvider is typed for plain TerminalLinks; VS Code hands each link back as provided.
  create: () => vscode.window.registerTerminalLinkProvider(new IssueTerminalLinkProvider() as vscode.TerminalLinkProvider),
};

/** Finds issue links in a terminal line; opening one runs `codegrep.locate` in the terminal's folder. */
export class IssueTerminalLinkProvider implements vscode.TerminalLinkProvider<IssueTerminalLink> {
  provideTerminalLinks(context: vscode.TerminalLinkContext): IssueTerminalLink[] {
    return findIssueRefs(context.line)
      .filter((m) => m.ref.owner && m.ref.repo)
      .map((m) => ({
        startIndex: m.start,
        length: m.end - m.start,
        tooltip: 'CodeGrep: locate files for this issue',
        issue: m.text,
        terminal: context.terminal,
      }));
  }

  async handleTerminalLink(link: IssueTerminalLink): Promise<void> {
    const args: LocateCommandArgs = { issue: link.issue };
    const cwd = link.terminal.shellIntegration?.cwd;
    const folder = cwd && vscode.workspace.getWorkspaceFolder(cwd);
    if (folder) args.folders = [folder.uri];
    await vscode.commands.executeCommand('codegrep.locate', args);
  }
}
