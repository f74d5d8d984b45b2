import type { Brain } from '../brain';
import { resolveConfig, type OpenAIBrainConfig } from './config';
import { OpenAIBrain } from './openaiBrain';

export type { OpenAIBrainConfig } from './config';
export { OpenAIBrain } from './openaiBrain';

/**
 * Creates the brain for an OpenAI-compatible server (the CLI's `--brain openai`, the extension's
 * `codegrep.brain: openai`). Throws a CodeGrepError ('bad-input' / 'no-model') for a bad config.
 */
export function createOpenAIBrain(config: OpenAIBrainConfig): Brain {
  return new OpenAIBrain(resolveConfig(config));
}
