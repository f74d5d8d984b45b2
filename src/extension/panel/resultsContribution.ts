import * as vscode from 'vscode';
import { isRecord } from '../../common/protocol';
import type { LocateResult } from '../../common/result';
import type { Contribution } from '../platform/contributions';
import { RESULTS_VIEW_TYPE } from './resultsPanel';
import type { RunController } from './runController';

/**
 * The results panel: its serializer (restores it after a reload), `codegrep.showResults` (opens
 * it, optionally with a result from chat or the LM tool), `codegrep.stop`, and a hidden command
 * in-host tests use to read what the panel posted and rendered.
 */
export function resultsContribution(controller: () => RunController): Contribution {
  return {
    id: 'resultsPanel',
    create: () => [
      vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel: vscode.WebviewPanel) => controller().panel.attach(panel),
      }),
      vscode.commands.registerCommand('codegrep.showResults', async (arg?: unknown) => {
        const result = isRecord(arg) && isRecord(arg.result) ? (arg.result as unknown as LocateResult) : undefined;
        if (!result) return controller().panel.show();
        const folders = isRecord(arg) && Array.isArray(arg.folders) ? arg.folders.filter((f): f is vscode.Uri => f instanceof vscode.Uri) : [];
        await controller().showResult(result, folders.length ? folders : (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri));
      }),
      vscode.commands.registerCommand('codegrep.stop', () => controller().stopAll()),
      vscode.commands.registerCommand('codegrep.internal.panelSnapshot', async () => {
        const panel = controller().panel;
        return { state: controller().state(), posted: panel.lastPostedState(), rendered: panel.isReady ? await panel.snapshot() : undefined };
      }),
    ],
  };
}
