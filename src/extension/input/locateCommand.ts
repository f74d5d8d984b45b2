import * as vscode from 'vscode';
import { toErrorInfo } from '../../common/errors';
import type { Issue } from '../../common/issue';
import { isRecord } from '../../common/protocol';
import type { LocateResult } from '../../common/result';
import type { Contribution } from '../platform/contributions';
import { askForIssueInput, askToOpenFolder, pickFolders, resolveIssue } from './issueInput';
import type { RunController } from '../panel/runController';
import type { ExtensionServices, LocateCommandArgs } from '../platform/services';

/** "CodeGrep: Locate files for issue": asks for the issue and folder, then runs with live results. */
export function locateCommandContribution(controller: () => RunController): Contribution {
  return {
    id: 'locateCommand',
    create: (services) => vscode.commands.registerCommand('codegrep.locate', (arg?: unknown) => locate(services, controller(), arg)),
  };
}

async function locate(services: ExtensionServices, controller: RunController, arg: unknown): Promise<LocateResult | undefined> {
  const args = commandArgs(arg);
  // A folder first: asking for the issue and then refusing it would lose what the user typed.
  if (!args.folders?.length && !vscode.workspace.workspaceFolders?.length) {
    await askToOpenFolder();
    return undefined;
  }
  let input = args.issue;
  if (input === undefined) {
    const answer = await askForIssueInput();
    if (answer?.kind === 'draft') await vscode.commands.executeCommand('codegrep.newIssueDraft');
    if (answer?.kind !== 'text') return undefined;
    input = answer.text;
  }
  const folders = args.folders?.length ? args.folders : await pickFolders();
  if (!folders) return undefined;
  let issue: Issue | undefined;
  try {
    issue = typeof input === 'string' ? await resolveIssue(services, input, folders[0]) : input;
  } catch (error) {
    services.logger.warn(`Could not read the issue: ${toErrorInfo(error).message}`);
    // In the panel, with what was typed kept: Retry, or use the text itself.
    await controller.showInputError(typeof input === 'string' ? input : input.title, folders, error);
    return undefined;
  }
  if (!issue) return undefined;
  return controller.locate({ issue, folders, brain: args.brain });
}

/** Accepts LocateCommandArgs from other features; a Uri (explorer/editor menus) narrows the folder. */
function commandArgs(arg: unknown): LocateCommandArgs {
  if (arg instanceof vscode.Uri) {
    const folder = vscode.workspace.getWorkspaceFolder(arg);
    return folder ? { folders: [folder.uri] } : {};
  }
  if (!isRecord(arg)) return {};
  const out: LocateCommandArgs = {};
  if (typeof arg.issue === 'string' && arg.issue.trim()) out.issue = arg.issue.trim();
  else if (isRecord(arg.issue) && typeof arg.issue.title === 'string') out.issue = arg.issue as unknown as Issue;
  if (Array.isArray(arg.folders)) out.folders = arg.folders.filter((f): f is vscode.Uri => f instanceof vscode.Uri);
  if (arg.brain === 'auto' || arg.brain === 'openai' || arg.brain === 'vscode-lm' || arg.brain === 'embedded') out.brain = arg.brain;
  return out;
}
