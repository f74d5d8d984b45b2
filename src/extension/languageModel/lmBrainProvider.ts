import * as vscode from 'vscode';
import { CodeGrepError } from '../../common/errors';
import type { CodeGrepSettings } from '../../common/settings';
import type { Contribution } from '../platform/contributions';
import { LanguageModelBrain } from './lmBrain';
import type { BrainProvider, ExtensionServices } from '../platform/services';

/** Registers the VS Code LM brain, used when codegrep.brain is `vscode-lm` (or `auto` with consent and no endpoint). */
export const languageModelBrainContribution: Contribution = {
  id: 'languageModelBrain',
  create(services: ExtensionServices) {
    if (!hasLanguageModelApi()) {
      services.logger.info('vscode.lm is not available in this host; the VS Code LM brain is off.');
      return;
    }
    return services.registerLanguageModelBrain(new LanguageModelBrainProvider(services));
  },
};

/** True when this host has the `vscode.lm` chat model API (older hosts and some forks lack it). */
export function hasLanguageModelApi(): boolean {
  return typeof vscode.lm?.selectChatModels === 'function';
}

class LanguageModelBrainProvider implements BrainProvider {
  constructor(private readonly services: ExtensionServices) {}

  /** `auto` uses a model only once the user has allowed CodeGrep to (VS Code records that consent). */
  async availableForAuto(): Promise<boolean> {
    const access = this.services.context.languageModelAccessInformation;
    const models = await vscode.lm.selectChatModels();
    return models.some((model) => access.canSendRequest(model) === true);
  }

  async create(settings: CodeGrepSettings): Promise<LanguageModelBrain> {
    const model = await pickLanguageModel(settings.model, (message) => this.services.logger.warn(message));
    return new LanguageModelBrain(model, { requestTimeoutMs: settings.requestTimeoutSeconds * 1000 });
  }
}

/**
 * Picks a chat model: the one named by `preferred` (id, family or name), else Copilot's first,
 * else any. Throws `no-model` with what to do when none is installed.
 */
export async function pickLanguageModel(preferred: string, warn: (message: string) => void = () => {}): Promise<vscode.LanguageModelChat> {
  const models = hasLanguageModelApi() ? await vscode.lm.selectChatModels() : [];
  if (!models.length) {
    throw new CodeGrepError(
      'no-model',
      'No VS Code language model is available. Install and sign in to GitHub Copilot (or another model provider), or use the embedded brain.',
      'choose-brain',
    );
  }
  const wanted = preferred.trim().toLowerCase();
  if (wanted) {
    const match = models.find((m) => [m.id, m.family, m.name].some((v) => v.toLowerCase() === wanted));
    if (match) return match;
    warn(`No VS Code language model is named "${preferred}" (available: ${models.map((m) => m.id).join(', ')}); using the default one.`);
  }
  return models.find((m) => m.vendor === 'copilot') ?? models[0];
}
