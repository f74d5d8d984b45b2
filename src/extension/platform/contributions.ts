import * as vscode from 'vscode';
import type { ExtensionServices } from './services';

/**
 * One feature of the extension (a command, the results panel, the chat participant...).
 * Each is created in its own try/catch, so one failing feature never takes the others down.
 */
export interface Contribution {
  /** Short name used in logs ("locateCommand"). */
  readonly id: string;
  /** Registers the feature; everything returned is disposed on deactivation. */
  create(services: ExtensionServices): vscode.Disposable | readonly vscode.Disposable[] | void;
}

/** Creates every contribution, logging (and surfacing once) those that fail; returns what to dispose. */
export function activateContributions(contributions: readonly Contribution[], services: ExtensionServices): vscode.Disposable[] {
  const disposables: vscode.Disposable[] = [];
  const failed: string[] = [];
  for (const contribution of contributions) {
    try {
      const created = contribution.create(services);
      if (Array.isArray(created)) disposables.push(...created);
      else if (created) disposables.push(created as vscode.Disposable);
    } catch (error) {
      failed.push(contribution.id);
      services.logger.error(`Contribution "${contribution.id}" failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  if (failed.length) {
    void vscode.window
      .showErrorMessage(`CodeGrep: ${failed.join(', ')} could not start. The rest of CodeGrep works.`, 'Open Logs')
      .then((choice) => choice && services.logger.channel.show());
  }
  return disposables;
}
