/**
 * The heavy half of a run (brains, tools, the Locator), imported only when a run starts so that
 * activation stays small: services.ts reaches this module through `await import('./engine.js')`.
 */
import type { Logger } from '../common/logger';
import { redactHeaders } from '../common/redact';
import type { CodeGrepSettings } from '../common/settings';
import type { Brain } from '../core/brain';
import { createEmbeddedBrain as embedded } from '../core/embedded/index';
import { createOpenAIBrain as openai } from '../core/openai/index';
import { NodeToolRunner } from '../tools/runner';

export { Locator } from '../core/locator';

/** The deterministic no-model brain. */
export function createEmbeddedBrain(): Brain {
  return embedded();
}

/** The OpenAI-compatible brain for `codegrep.endpoint`; the request line is logged at trace with the key redacted. */
export function createOpenAIBrain(settings: CodeGrepSettings, apiKey: string | undefined, logger: Logger): Brain {
  const config = { baseURL: settings.endpoint, model: settings.model, apiKey, timeoutMs: settings.requestTimeoutSeconds * 1000, profile: settings.profile };
  const headers = redactHeaders({ Authorization: `Bearer ${apiKey ?? 'EMPTY'}` });
  logger.trace(`OpenAI-compatible brain: POST ${config.baseURL}/chat/completions model=${config.model} profile=${config.profile} timeout=${config.timeoutMs}ms headers=${JSON.stringify(headers)}`);
  return openai(config);
}

/** The read-only grep/glob/read tools over the given folders. */
export function createToolRunner(roots: readonly string[]): NodeToolRunner {
  return new NodeToolRunner({ roots: [...roots] });
}
