import * as vscode from 'vscode';
import { apiKeyContribution } from './apiKeyCommand';
import { activateContributions, type Contribution } from './contributions';
import { ChannelLogger } from './logger';
import { ExtensionServices } from './services';
import { showLogsContribution } from './showLogsCommand';
import { statusBarContribution } from './statusBar';

/**
 * Every feature, in start order. Each is created in its own try/catch (contributions.ts);
 * integrations add theirs to this list.
 */
const CONTRIBUTIONS: readonly Contribution[] = [
  showLogsContribution,
  apiKeyContribution,
  statusBarContribution,
];

/** Thin activation: create the log channel and services, register contributions, load nothing heavy. */
export function activate(context: vscode.ExtensionContext): ExtensionServices {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('CodeGrep', { log: true });
  context.subscriptions.push(channel);
  const services = new ExtensionServices(context, new ChannelLogger(channel));
  context.subscriptions.push(...activateContributions(CONTRIBUTIONS, services));
  services.activationMs = performance.now() - started;
  services.logger.info(`CodeGrep activated in ${services.activationMs.toFixed(1)} ms (VS Code ${vscode.version}).`);
  return services;
}

/** Nothing to do: every resource is owned by context.subscriptions. */
export function deactivate(): void {}
