import * as vscode from 'vscode';
import type { Contribution } from '../platform/contributions';

/** "$(search) CodeGrep" in the status bar: runs Locate, and doubles as a visible activation signal. */
export const statusBarContribution: Contribution = {
  id: 'statusBar',
  create: () => {
    const item = vscode.window.createStatusBarItem('codegrep.status', vscode.StatusBarAlignment.Left, 10);
    item.name = 'CodeGrep';
    item.text = '$(search) CodeGrep';
    item.tooltip = 'CodeGrep: Locate files for issue';
    item.command = 'codegrep.locate';
    item.accessibilityInformation = { label: 'CodeGrep: locate files for an issue', role: 'button' };
    item.show();
    return item;
  },
};
