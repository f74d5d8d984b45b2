import * as vscode from 'vscode';
import type { BrainChoice } from '../../common/settings';
import type { Contribution } from '../platform/contributions';
import { openSetting } from './settings';

/** One row of the brain picker. */
interface BrainItem extends vscode.QuickPickItem {
  choice: BrainChoice;
}

const ITEMS: BrainItem[] = [
  { choice: 'embedded', label: '$(zap) Embedded', description: 'no model, no network', detail: 'Built in and deterministic: searches with ripgrep and ranks the files by the evidence it finds.' },
  { choice: 'vscode-lm', label: '$(copilot) VS Code language model', description: 'e.g. Copilot', detail: "Uses a chat model VS Code offers (GitHub Copilot's, or another provider's), after you allow it." },
  { choice: 'openai', label: '$(server) OpenAI-compatible server', description: 'CodeGrep, FastContext, vLLM, Ollama…', detail: 'A model server at codegrep.endpoint; you set its URL and model next.' },
  { choice: 'auto', label: '$(wand) Auto', description: 'the default', detail: 'The server if codegrep.endpoint is set, else a VS Code model you allowed, else embedded.' },
];

/**
 * "CodeGrep: Choose Brain…": sets codegrep.brain in the user settings (a workspace value still
 * wins there, as always), and for a server opens the endpoint setting. Returns the choice.
 */
export async function chooseBrain(): Promise<BrainChoice | undefined> {
  const current = vscode.workspace.getConfiguration('codegrep').get<string>('brain', 'auto');
  const items = ITEMS.map((item) => (item.choice === current ? { ...item, description: `${item.description} · current` } : item));
  const picked = await vscode.window.showQuickPick(items, { title: 'CodeGrep: which brain decides what to search?', placeHolder: 'Choose a brain' });
  if (!picked) return undefined;
  await vscode.workspace.getConfiguration('codegrep').update('brain', picked.choice, vscode.ConfigurationTarget.Global);
  if (picked.choice === 'openai' && !vscode.workspace.getConfiguration('codegrep').get<string>('endpoint')) await openSetting('endpoint');
  return picked.choice;
}

/** Registers "CodeGrep: Choose Brain…" (the palette, the walkthrough, and the panel's fix button). */
export const brainPickerContribution: Contribution = {
  id: 'brainPicker',
  create: () => vscode.commands.registerCommand('codegrep.chooseBrain', () => chooseBrain()),
};
