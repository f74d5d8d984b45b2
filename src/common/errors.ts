import { redactText } from './redact';

/** Failure kinds a user (or a surface) can act on. */
export type ErrorCode =
  | 'bad-input'
  | 'cancelled'
  | 'timeout'
  | 'endpoint-unreachable'
  | 'auth-failed'
  | 'model-not-found'
  | 'model-error'
  | 'no-model'
  | 'path-outside-workspace'
  | 'not-found'
  | 'rate-limited'
  | 'internal';

/** Something a surface can offer to fix the error ("Set API key..."). */
export type ErrorAction = 'set-endpoint' | 'set-api-key' | 'set-model' | 'open-logs' | 'sign-in' | 'retry';

/** A typed error whose message says what to do next. */
export class CodeGrepError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly action?: ErrorAction,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CodeGrepError';
  }
}

/** Plain-data form of an error, safe to post to a webview or print as JSON. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  action?: ErrorAction;
}

/**
 * Turns anything thrown into an ErrorInfo without leaking stack traces or secrets to users: every
 * surface (CLI, eval report, MCP, run history, panel) takes its error text from here, redacted.
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof CodeGrepError) return { code: error.code, message: redactText(error.message), action: error.action };
  if (isAbortError(error)) return { code: 'cancelled', message: 'The run was cancelled.' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: redactText(message), action: 'open-logs' };
}

/** True for the errors fetch/AbortSignal raise on cancellation. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error instanceof CodeGrepError && error.code === 'cancelled'));
}
