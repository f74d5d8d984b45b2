import * as vscode from 'vscode';
import { toErrorInfo } from '../../common/errors';
import { formatForModel } from '../../common/handoffText';
import { issueFromText } from '../../common/issue';
import type { Contribution } from '../platform/contributions';
import type { ExtensionServices } from '../platform/services';

/** The tool name declared in package.json (`languageModelTools`); users write `#locateFiles`. */
export const LOCATE_TOOL_NAME = 'codegrep_locateFiles';

/** Input of `codegrep_locateFiles`, as its JSON schema in package.json declares it. */
export interface LocateToolInput {
  issue: string;
  maxFiles?: number;
  /** Also list the runners-up (less likely files ranked below the answer). */
  includeRunnersUp?: boolean;
}

/** Registers `codegrep_locateFiles` so agent mode (Copilot or any vscode.lm user) calls CodeGrep instead of exploring. */
export const languageModelToolContribution: Contribution = {
  id: 'languageModelTool',
  create: (services) => {
    if (typeof vscode.lm?.registerTool !== 'function') {
      services.logger.info('This host has no language model tool API; #locateFiles is off.');
      return;
    }
    return vscode.lm.registerTool<LocateToolInput>(LOCATE_TOOL_NAME, new LocateFilesTool(services));
  },
};

/**
 * Runs the Locator (with the configured brain) on the workspace and answers with compact lines
 * (`path:ranges — reason`) that a downstream model can act on. Failures come back as result
 * text the model can read, not as exceptions, except cancellation.
 */
export class LocateFilesTool implements vscode.LanguageModelTool<LocateToolInput> {
  constructor(private readonly services: ExtensionServices) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<LocateToolInput>): vscode.PreparedToolInvocation {
    const issue = typeof options.input?.issue === 'string' ? options.input.issue.trim() : '';
    const subject = issue.split('\n')[0].slice(0, 80) || 'the issue';
    const brain = this.services.settings(vscode.workspace.workspaceFolders?.[0]?.uri).brain;
    return {
      invocationMessage: `CodeGrep: locating files for "${subject}" (read-only grep/glob/read, brain: ${brain})`,
    };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<LocateToolInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const text = await this.locate(options.input, token);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
  }

  private async locate(input: LocateToolInput | undefined, token: vscode.CancellationToken): Promise<string> {
    const raw = typeof input?.issue === 'string' ? input.issue.trim() : '';
    if (!raw) return 'error: codegrep_locateFiles needs "issue": the issue text, a GitHub issue URL, OWNER/REPO#N or #N.';
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri);
    if (!folders.length) return 'error: no folder is open, so there is nothing to search.';
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const resolver = this.services.resolverFor(raw);
      const issue = resolver ? await resolver.resolve(raw, folders[0], controller.signal) : issueFromText(raw);
      const result = await this.services.runLocate({ issue, folders }, { signal: controller.signal });
      const max = typeof input?.maxFiles === 'number' && input.maxFiles >= 1 ? Math.floor(input.maxFiles) : undefined;
      // Runners-up only on request: most are not the fix, and the model pays for every file it reads.
      return formatForModel({ ...result, candidates: max ? result.candidates.slice(0, max) : result.candidates, includeRunnersUp: input?.includeRunnersUp === true });
    } catch (error) {
      const info = toErrorInfo(error);
      if (info.code === 'cancelled') throw new vscode.CancellationError();
      this.services.logger.warn(`codegrep_locateFiles failed: ${info.message}`);
      return `error: CodeGrep could not locate files (${info.code}): ${info.message}`;
    } finally {
      cancel.dispose();
    }
  }
}
