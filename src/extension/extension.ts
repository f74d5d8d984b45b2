import * as vscode from 'vscode';
import { apiKeyContribution } from './apiKeyCommand';
import { activateContributions, type Contribution } from './contributions';
import { chatParticipantContribution } from './chatParticipant';
import { gitHubIssuesContribution } from './githubIssues';
import { gitHubTreeContribution } from './githubTree';
import { handoffContribution } from './handoff';
import { issueLinksContribution } from './issueLinks';
import { languageModelBrainContribution } from './lmBrainProvider';
import { languageModelToolContribution } from './lmTool';
import { mcpProviderContribution } from './mcpProvider';
import { terminalLinksContribution } from './terminalLinks';
import { uriHandlerContribution } from './uriHandler';
import { locateCommandContribution } from './locateCommand';
import { ChannelLogger } from './logger';
import { resultsContribution } from './resultsContribution';
import { RunController } from './runController';
import { ExtensionServices } from './services';
import { showLogsContribution } from './showLogsCommand';
import { statusBarContribution } from './statusBar';

/**
 * Every feature, in start order. Each is created in its own try/catch (contributions.ts), so
 * integrations add theirs to this list. `runs` creates the run controller on first use.
 */
function contributions(runs: () => RunController): Contribution[] {
  return [
    showLogsContribution,
    apiKeyContribution,
    resultsContribution(runs),
    locateCommandContribution(runs),
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
