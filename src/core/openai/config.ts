import { CodeGrepError } from '../../common/errors';
import { DEFAULT_LIMITS } from '../../common/limits';
import type { Logger } from '../../common/logger';
import { addKnownSecret } from '../../common/redact';
import { PROFILE_NAMES, resolveProfile, type ProfileName, type ProtocolProfile } from '../profiles';

/** What a surface passes to create an OpenAI-compatible brain (CLI flags, extension settings). */
export interface OpenAIBrainConfig {
  /** Base URL of the server, usually ending in /v1 (http://localhost:8000/v1). */
  baseURL: string;
  /** Served model name (vLLM `--served-model-name`, a LoRA module name, an Ollama tag). */
  model: string;
  /** Bearer key; local servers ignore it, so "EMPTY" is sent when none is set. */
  apiKey?: string;
  /** Per request wall-clock limit. */
  timeoutMs?: number;
  /** Retries after 429, 5xx and connection errors. */
  maxRetries?: number;
  /** The protocol to speak; `auto` (the default) picks it from the model name. */
  profile?: ProfileName | 'auto';
  /** Turn model reasoning on or off (profile default when unset). */
  thinking?: boolean;
  /** First retry delay; doubles per retry (tests and benches set it small). */
  retryBaseMs?: number;
  /** Gets each HTTP request/response at trace and each tool call at debug; the key is redacted. */
  logger?: Logger;
}

/** A config with every default filled in and checked. */
export interface ResolvedOpenAIConfig {
  baseURL: string;
  model: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  profile: ProtocolProfile;
  thinking?: boolean;
  retryBaseMs: number;
  logger?: Logger;
}

/** Checks a config and fills defaults; bad values are user errors naming the setting to fix. */
export function resolveConfig(config: OpenAIBrainConfig): ResolvedOpenAIConfig {
  const baseURL = (config.baseURL ?? '').trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new CodeGrepError(
      'bad-input',
      `The model endpoint "${config.baseURL ?? ''}" is not a URL. Set codegrep.endpoint (CLI: --endpoint) to the server's base URL, e.g. http://localhost:8000/v1.`,
      'set-endpoint',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CodeGrepError('bad-input', `The model endpoint must be http(s), not ${url.protocol} (codegrep.endpoint, CLI: --endpoint).`, 'set-endpoint');
  }
  const model = (config.model ?? '').trim();
  if (!model) {
    throw new CodeGrepError('no-model', 'No model name is set. Set codegrep.model (CLI: --model) to the name the server serves.', 'set-model');
  }
  const profile = resolveProfile(config.profile ?? 'auto', model);
  if (!profile) {
    throw new CodeGrepError('bad-input', `Unknown model profile "${config.profile}". Use one of: ${PROFILE_NAMES.join(', ')}.`);
  }
  // From here on every error text, report and log line hides the key, even when a server echoes it back.
  addKnownSecret(config.apiKey);
  return {
    baseURL,
    model,
    apiKey: config.apiKey?.trim() || 'EMPTY',
    timeoutMs: positive(config.timeoutMs, DEFAULT_LIMITS.requestTimeoutMs),
    maxRetries: Math.max(0, Math.min(10, Math.round(config.maxRetries ?? 3))),
    profile,
    thinking: config.thinking,
    retryBaseMs: positive(config.retryBaseMs, 500),
    logger: config.logger,
  };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}
