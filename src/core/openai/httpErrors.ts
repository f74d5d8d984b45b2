import { APIConnectionError, APIError } from 'openai';
import { CodeGrepError } from '../../common/errors';

/** Where the API key is set, said in every auth error. */
const KEY_HINT = 'Set the key with the "CodeGrep: Set API Key" command (CLI: env CODEGREP_API_KEY).';

/** True for failures worth another try: rate limits, server errors, dropped connections. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof APIError && error.status !== undefined) {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return error instanceof APIConnectionError;
}

/** The server's message when it says it cannot take `tools` (no tool parser, no --jinja, no tool template). */
export function needsTextMode(error: unknown): string | undefined {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 500)) return undefined;
  const message = serverMessage(error);
  const patterns = [
    /enable-auto-tool-choice/i,
    /tool-call-parser/i,
    /tools param requires --jinja/i,
    /does not support tools/i,
    /tool[_ ]choice.*(?:not supported|unsupported)/i,
  ];
  return patterns.some((p) => p.test(message)) ? message : undefined;
}

/** Optional request fields a strict server may refuse by name; the brain drops them and retries. */
export const OPTIONAL_FIELDS = ['chat_template_kwargs', 'parallel_tool_calls', 'temperature', 'max_tokens'] as const;

/** The optional field a 400/422 names as unsupported or invalid (OpenAI: "Unrecognized request argument supplied: …"). */
export function rejectedField(error: unknown, body: Record<string, unknown>): string | undefined {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return undefined;
  const message = serverMessage(error);
  return OPTIONAL_FIELDS.find((field) => field in body && message.includes(field));
}

/** True when the server says the prompt does not fit the model's context window. */
export function isContextOverflow(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 413)) return false;
  return /maximum context length|context (?:length|window)|too many tokens|prompt is too long|exceeds? (?:the )?(?:model'?s? )?(?:max(?:imum)? )?(?:context|input)/i.test(
    serverMessage(error),
  );
}

/** Backoff before retry `attempt` (0-based): Retry-After when the server sends one, else doubling with jitter. */
export function retryDelayMs(error: unknown, attempt: number, baseMs: number): number {
  const headers = error instanceof APIError ? error.headers : undefined;
  const ms = Number(headers?.get('retry-after-ms'));
  if (headers?.get('retry-after-ms') && Number.isFinite(ms)) return Math.max(0, ms);
  const after = headers?.get('retry-after');
  if (after) {
    const seconds = Number(after);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  const backoff = Math.min(baseMs * 2 ** attempt, 8_000);
  return backoff * (1 - Math.random() * 0.25);
}

/** Context for user-facing messages. */
export interface FailureContext {
  baseURL: string;
  model: string;
  attempts: number;
  /** Models the server lists, when a 404 made us ask. */
  models?: string[];
}

/** Maps an SDK failure to a CodeGrepError whose message names the setting to fix. */
export function describeFailure(error: unknown, ctx: FailureContext): CodeGrepError {
  const where = `the model server at ${ctx.baseURL}`;
  const tries = ctx.attempts > 1 ? ` after ${ctx.attempts} attempts` : '';
  if (error instanceof APIConnectionError) {
    const cause = connectionCause(error);
    return new CodeGrepError(
      'endpoint-unreachable',
      `Cannot reach ${where}${cause ? ` (${cause})` : ''}${tries}. Check that the server is running and that codegrep.endpoint (CLI: --endpoint) is its base URL, usually ending in /v1.`,
      'set-endpoint',
      { cause: error },
    );
  }
  if (!(error instanceof APIError) || error.status === undefined) {
    const message = error instanceof Error ? error.message : String(error);
    return new CodeGrepError('model-error', `The request to ${where} failed: ${message}`, 'open-logs', { cause: error });
  }
  const status = error.status;
  const message = serverMessage(error);
  if (status === 401 || status === 403) {
    return new CodeGrepError('auth-failed', `${where} refused the API key (HTTP ${status}: ${message}). ${KEY_HINT}`, 'set-api-key', { cause: error });
  }
  if (status === 404 || (status === 400 && /model.*(not found|does not exist|unknown)/i.test(message))) {
    return modelNotFound(error, ctx, message);
  }
  if (status === 429) {
    return new CodeGrepError('rate-limited', `${where} is rate limiting requests${tries} (HTTP 429: ${message}). Try again later.`, 'retry', { cause: error });
  }
  if (status >= 500) {
    return new CodeGrepError('model-error', `${where} failed with HTTP ${status}${tries}: ${message}. Check the server's logs.`, 'retry', { cause: error });
  }
  return new CodeGrepError('model-error', `${where} rejected the request (HTTP ${status}: ${message}).`, 'open-logs', { cause: error });
}

function modelNotFound(error: APIError, ctx: FailureContext, message: string): CodeGrepError {
  const where = `the model server at ${ctx.baseURL}`;
  if (ctx.models === undefined && !/model/i.test(message)) {
    return new CodeGrepError(
      'endpoint-unreachable',
      `${where} answered 404 for /chat/completions. Check codegrep.endpoint (CLI: --endpoint): OpenAI-compatible servers usually serve under /v1.`,
      'set-endpoint',
      { cause: error },
    );
  }
  const listed = ctx.models?.length ? ` It serves: ${ctx.models.slice(0, 20).join(', ')}${ctx.models.length > 20 ? ', …' : ''}.` : '';
  return new CodeGrepError(
    'model-not-found',
    `${where} does not serve the model "${ctx.model}" (HTTP ${error.status}: ${message}).${listed} Set codegrep.model (CLI: --model) to one of its models.`,
    'set-model',
    { cause: error },
  );
}

/** The error text a server sent (fetchWithErrorBodies puts it in `error.message`). */
export function serverMessage(error: APIError): string {
  const body: unknown = error.error;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return error.message.replace(/^\d{3}\s*/, '');
}

function connectionCause(error: APIConnectionError): string | undefined {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause; depth++) {
    if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string') return cause.code === 'ECONNREFUSED' ? 'connection refused' : cause.code;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return undefined;
}
