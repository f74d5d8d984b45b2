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
 * OWNER/REPO#N in terminal output (`gh issue list`, git logs, CI output) becomes a link that starts
 * a run. Issue URLs are left to VS Code's own link detection, so Ctrl+click still opens them in
 * the browser (an extension's link would replace that default); a bare `#N` is left alone too: in
 * terminal output it is too often a count, a PR number of another repo, or a colour.
 */
export const terminalLinksContribution: Contribution = {
  id: 'terminalLinks',
  // registerTerminalLinkProvider is typed for plain TerminalLinks; VS Code hands each link back as provided.
  create: () => vscode.window.registerTerminalLinkProvider(new IssueTerminalLinkProvider() as vscode.TerminalLinkProvider),
};

/** True when the match at `start` is part of a URL on the line (e.g. the path of https://github.com/o/r/issues/1#x). */
function isInsideUrl(line: string, start: number): boolean {
  const before = line.slice(0, start);
  const token = before.slice(Math.max(before.lastIndexOf(' '), before.lastIndexOf('\t')) + 1);
  return /:\/\/|^www\./i.test(token);
}

/** Finds issue links in a terminal line; opening one runs `codegrep.locate` in the terminal's folder. */
export class IssueTerminalLinkProvider implements vscode.TerminalLinkProvider<IssueTerminalLink> {
  provideTerminalLinks(context: vscode.TerminalLinkContext): IssueTerminalLink[] {
    return findIssueRefs(context.line)
      .filter((m) => m.ref.owner && m.ref.repo && !/^[a-z][a-z0-9+.-]*:/i.test(m.text) && !isInsideUrl(context.line, m.start))
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
