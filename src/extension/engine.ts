/**
 * The heavy half of a run (brains, tools, the Locator), imported only when a run starts so that
 * activation stays small: services.ts reaches this module through `await import('./engine.js')`.
 */
import type { Logger } from '../common/logger';
import type { CodeGrepSettings } from '../common/settings';
import type { Brain } from '../core/brain';
import { createEmbeddedBrain as embedded } from '../core/embedded/index';
import { createOpenAIBrain as openai } from '../core/openai/index';
import { NodeToolRunner } from '../tools/runner';
import { mergeExcludeMaps } from '../tools/excludes';
import type { VisibilitySettings } from './settings';

export { Locator } from '../core/locator';

/** The deterministic no-model brain. */
export function createEmbeddedBrain(): Brain {
  return embedded();
}

/**
 * The OpenAI-compatible brain for `codegrep.endpoint`; every HTTP request/response goes to the log at
 * trace and every tool call at debug, with the key redacted (see core/openai/tracingFetch.ts).
 */
export function createOpenAIBrain(settings: CodeGrepSettings, apiKey: string | undefined, logger: Logger): Brain {
  return openai({ baseURL: settings.endpoint, model: settings.model, apiKey, timeoutMs: settings.requestTimeoutSeconds * 1000, profile: settings.profile, logger });
}

/** The read-only grep/glob/read tools over the given folders, seeing what the exclude and ignore settings allow. */
export function createToolRunner(roots: readonly string[], settings?: VisibilitySettings): NodeToolRunner {
  const visibility = settings && {
    exclude: settings.folders.flatMap((folder) => mergeExcludeMaps(folder.maps, folder.root)),
    includeIgnored: settings.includeIgnored,
  };
  return new NodeToolRunner({ roots: [...roots], visibility }).warmUp();
}
