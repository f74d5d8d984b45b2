import { CodeGrepError } from './errors';
import type { BrainChoice, CodeGrepSettings } from './settings';

/** The concrete brain a setting resolves to. */
export type BrainKind = Exclude<BrainChoice, 'auto'>;

/**
 * Resolves `codegrep.brain`: `auto` means the OpenAI-compatible endpoint when one is set, else the
 * VS Code LM brain when its provider agreed, else embedded. `openai` without an endpoint is an error
 * the user can fix from the panel.
 */
export function chooseBrainKind(choice: BrainChoice, settings: Pick<CodeGrepSettings, 'endpoint'>, lmAvailable: boolean): BrainKind {
  if (choice === 'auto') return settings.endpoint ? 'openai' : lmAvailable ? 'vscode-lm' : 'embedded';
  if (choice === 'openai' && !settings.endpoint) {
    throw new CodeGrepError('bad-input', 'codegrep.brain is "openai" but codegrep.endpoint is empty. Set the endpoint (e.g. http://127.0.0.1:8000/v1).', 'set-endpoint');
  }
  return choice;
}
