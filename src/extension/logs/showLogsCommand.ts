import * as vscode from 'vscode';
import type { Contribution } from '../platform/contributions';

/** "CodeGrep: Show Logs": reveals the CodeGrep log channel (also the "Open logs" fix in the panel). */
export const showLogsContribution: Contribution = {
  id: 'showLogs',
  create: (services) => vscode.commands.registerCommand('codegrep.showLogs', () => services.logger.channel.show(true)),
};
