import * as vscode from 'vscode';
import type { Contribution } from '../platform/contributions';

/** "CodeGrep: Set API Key": stores the endpoint's key in SecretStorage. */
export const apiKeyContribution: Contribution = {
  id: 'apiKey',
  create: (services) => vscode.commands.registerCommand('codegrep.setApiKey', () => services.apiKey.promptAndStore()),
};
