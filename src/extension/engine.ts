/**
 * The heavy half of a run (brains, tools, the Locator), imported only when a run starts so that
 * activation stays small. services.ts reaches it through `await import('./engine')`.
 */
import { CodeGrepError } from '../common/errors';
import type { Logger } from '../common/logger';
import type { CodeGrepSettings } from '../common/settings';
import type { ToolRunner } from '../common/tools';
import type { Brain } from '../core/brain';

export { Locator } from '../core/locator';

/** The deterministic no-model brain. */
export async function createEmbeddedBrain(): Promise<Brain> {
  throw new CodeGrepError('internal', 'The embedded brain is not part of this build yet.', 'open-logs');
}

/** The OpenAI-compatible brain for `codegrep.endpoint`. */
export async function createOpenAIBrain(_settings: CodeGrepSettings, _apiKey: string | undefined, _logger: Logger): Promise<Brain> {
  throw new CodeGrepError('internal', 'The OpenAI-compatible brain is not part of this build yet.', 'open-logs');
}

/** The read-only grep/glob/read tools over the given folders. */
export async function createToolRunner(_roots: readonly string[], _logger: Logger): Promise<ToolRunner> {
  throw new CodeGrepError('internal', 'The workspace tools are not part of this build yet.', 'open-logs');
}
