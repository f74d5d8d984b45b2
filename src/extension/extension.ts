import * as vscode from 'vscode';
import { apiKeyContribution } from './settings/apiKeyCommand';
import { brainPickerContribution } from './settings/brainPicker';
import { issueDraftContribution } from './input/issueDraft';
import { activateContributions, type Contribution } from './platform/contributions';
import { chatParticipantContribution } from './chat/chatParticipant';
import { gitHubIssuesContribution } from './github/githubIssues';
import { gitHubTreeContribution } from './github/githubTree';
import { handoffContribution } from './handoff/handoff';
import { issueLinksContribution } from './links/issueLinks';
import { languageModelBrainContribution } from './languageModel/lmBrainProvider';
import { languageModelToolContribution } from './languageModel/lmTool';
import { mcpProviderContribution } from './mcp/mcpProvider';
import { terminalLinksContribution } from './links/terminalLinks';
import { uriHandlerContribution } from './links/uriHandler';
import { locateCommandContribution } from './input/locateCommand';
import { ChannelLogger } from './logs/logger';
import { resultsContribution } from './panel/resultsContribution';
import { RunController } from './panel/runController';
import { ExtensionServices } from './platform/services';
import { showLogsContribution } from './logs/showLogsCommand';
import { statusBarContribution } from './input/statusBar';

/**
 * Every feature, in start order. Each is created in its own try/catch (contributions.ts), so
 * integrations add theirs to this list. `runs` creates the run controller on first use.
 */
function contributions(runs: () => RunController): Contribution[] {
  return [
    showLogsContribution,
    apiKeyContribution,
    brainPickerContribution,
    resultsContribution(runs),
    locateCommandContribution(runs),
    issueDraftContribution,
    statusBarContribution,
    // Integrations: GitHub issues, right-click entry points, chat, agent tools, hand-off, MCP.
    gitHubIssuesContribution,
    issueLinksContribution,
    gitHubTreeContribution,
    terminalLinksContribution,
    uriHandlerContribution,
    languageModelBrainContribution,
    chatParticipantContribution,
    languageModelToolContribution,
    handoffContribution,
    mcpProviderContribution,
  ];
}

/** Thin activation: the log channel, the services and the contributions; nothing heavy is loaded. */
export function activate(context: vscode.ExtensionContext): ExtensionServices {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('CodeGrep', { log: true });
  context.subscriptions.push(channel);
  const services = new ExtensionServices(context, new ChannelLogger(channel));
  let controller: RunController | undefined;
  const runs = () => {
    if (!controller) {
      controller = new RunController(services);
      context.subscriptions.push(controller);
    }
    return controller;
  };
  context.subscriptions.push(...activateContributions(contributions(runs), services));
  services.activationMs = performance.now() - started;
  services.logger.info(`CodeGrep activated in ${services.activationMs.toFixed(1)} ms (VS Code ${vscode.version}).`);
  return services;
}

/** Nothing to do: every resource is owned by context.subscriptions. */
export function deactivate(): void {}
