import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { CodeGrepError } from '../../common/errors';
import type { ResolvedOpenAIConfig } from './config';
import { fetchWithErrorBodies } from './errorBodies';
import { describeFailure, isContextOverflow, isRetryable, needsTextMode, rejectedField, retryDelayMs, serverMessage } from './httpErrors';
import { tracingFetch } from './tracingFetch';

/** A chat completion request body: the standard fields plus server extras (chat_template_kwargs). */
export type ChatRequest = Record<string, unknown> & { model: string; messages: unknown[] };

/** What a brain can change about its request to get past a refusal. */
export type Recovery =
  | { kind: 'text-mode'; message: string }
  | { kind: 'drop-field'; field: string; message: string }
  | { kind: 'context-overflow'; message: string };

/**
 * A refusal the brain may recover from by changing its request (text tool calls, dropping an
 * optional field, shortening history); `failure` is what to report if it cannot.
 */
export class RecoverableRequestError extends Error {
  constructor(
    readonly recovery: Recovery,
    readonly failure: CodeGrepError,
  ) {
    super(recovery.message);
    this.name = 'RecoverableRequestError';
  }
}

/** Longest Retry-After we wait out; longer ones fail the run with a "try later" error. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Sends non-streaming chat requests (streamed tool-call deltas are unreliable on Ollama and vLLM)
 * with our own retry loop, so backoff is abortable and configurable, and maps failures to
 * CodeGrepErrors that name the setting to fix.
 */
export class ChatClient {
  private readonly client: OpenAI;

  constructor(private readonly config: ResolvedOpenAIConfig) {
    this.client = new OpenAI({
      baseURL: config.baseURL,
      apiKey: config.apiKey,
      // Retries and timeouts are ours: the SDK's backoff sleep cannot be cancelled.
      maxRetries: 0,
      timeout: config.timeoutMs + 5_000,
      fetch: config.logger ? tracingFetch(fetchWithErrorBodies, config.logger, secretsOf(config)) : fetchWithErrorBodies,
    });
  }

  /** Sends one request, retrying 429/5xx/connection errors; rejects with a CodeGrepError. */
  async complete(body: ChatRequest, signal: AbortSignal): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(body, signal);
      } catch (error) {
        if (signal.aborted) throw cancelled();
        if (error instanceof CodeGrepError) throw error;
        // The SDK wraps what our fetch throws (a reply over the size cap) as a connection error; it is final, not retried.
        if (error instanceof Error && error.cause instanceof CodeGrepError) throw error.cause;
        const recovery = recoveryFor(error, body);
        if (recovery) throw new RecoverableRequestError(recovery, await this.failure(error, attempt + 1, signal, recovery));
        if (!isRetryable(error) || attempt >= this.config.maxRetries) throw await this.failure(error, attempt + 1, signal);
        const delay = retryDelayMs(error, attempt, this.config.retryBaseMs);
        if (delay > MAX_RETRY_AFTER_MS) throw await this.failure(error, attempt + 1, signal);
        await sleep(delay, signal);
      }
    }
  }

  /** Model ids from GET /models, or undefined when the server cannot list them quickly. */
  async listModels(signal: AbortSignal): Promise<string[] | undefined> {
    try {
      const page = await this.client.models.list({ signal: AbortSignal.any([signal, AbortSignal.timeout(5_000)]), timeout: 5_000 });
      return page.data.map((m) => m.id).filter((id): id is string => typeof id === 'string');
    } catch {
      return undefined;
    }
  }

  private async once(body: ChatRequest, signal: AbortSignal): Promise<unknown> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.config.timeoutMs);
    try {
      // The body is ours and may carry server extras the SDK types do not list.
      const params = body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
      const completion: unknown = await this.client.chat.completions.create(params, { signal: controller.signal });
      return completion;
    } catch (error) {
      if (timedOut && !signal.aborted) throw this.timeout();
      if (error instanceof APIConnectionTimeoutError && !signal.aborted) throw this.timeout();
      throw error;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  private timeout(): CodeGrepError {
    const seconds = Math.round(this.config.timeoutMs / 100) / 10;
    return new CodeGrepError(
      'timeout',
      `The model server at ${this.config.baseURL} did not answer within ${seconds} s. Check that it is not overloaded, or raise codegrep.requestTimeoutSeconds (CLI: --request-timeout).`,
      'retry',
    );
  }

  private async failure(error: unknown, attempts: number, signal: AbortSignal, recovery?: Recovery): Promise<CodeGrepError> {
    if (recovery?.kind === 'context-overflow') {
      return new CodeGrepError(
        'model-error',
        `The conversation no longer fits the model's context (${recovery.message}). Serve the model with a longer context (vLLM --max-model-len, Ollama num_ctx, llama.cpp -c) or lower codegrep.maxParallelCalls.`,
        'open-logs',
        { cause: error },
      );
    }
    const models = error instanceof APIError && error.status === 404 ? await this.listModels(signal) : undefined;
    return describeFailure(error, { baseURL: this.config.baseURL, model: this.config.model, attempts, models });
  }
}

/** Values the trace must hide: the key, unless it is the placeholder sent to keyless local servers. */
export function secretsOf(config: ResolvedOpenAIConfig): string[] {
  return config.apiKey === 'EMPTY' ? [] : [config.apiKey];
}

function recoveryFor(error: unknown, body: ChatRequest): Recovery | undefined {
  const textMode = needsTextMode(error);
  if (textMode) return { kind: 'text-mode', message: textMode };
  const field = rejectedField(error, body);
  if (field && error instanceof APIError) return { kind: 'drop-field', field, message: serverMessage(error) };
  if (isContextOverflow(error) && error instanceof APIError) return { kind: 'context-overflow', message: serverMessage(error) };
  return undefined;
}

function cancelled(): CodeGrepError {
  return new CodeGrepError('cancelled', 'The run was cancelled.');
}

/** Waits, but settles at once (rejecting) if the run is cancelled. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

