import type { Logger } from '../../common/logger';
import { redactHeaders, redactText } from '../../common/redact';

/** The fetch signature the OpenAI client takes. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * Wraps a fetch so each request is logged at trace level: method, URL, status, time to headers,
 * body sizes and headers. Credential headers are replaced before logging and the key is scrubbed
 * from the whole line, so a log level change can never leak it. Bodies are sized, not logged: they
 * hold the user's code.
 */
export function tracingFetch(inner: Fetch, logger: Logger, secrets: readonly string[]): Fetch {
  return async (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    const headers = redactHeaders(Object.fromEntries(new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))));
    const sent = bodySize(init?.body);
    const log = (line: string) => logger.trace(redactText(line, secrets));
    log(`→ ${method} ${url} request=${sent === undefined ? '?' : `${sent} B`} headers=${JSON.stringify(headers)}`);
    const started = performance.now();
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      log(`✗ ${method} ${url} failed after ${elapsed(started)} ms: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    const headersMs = elapsed(started);
    // Sizing the body needs it whole; a copy is read aside so the client's own read is not delayed.
    response
      .clone()
      .arrayBuffer()
      .then(
        (body) => log(`← ${method} ${url} ${status} in ${headersMs} ms (body after ${elapsed(started)} ms) response=${body.byteLength} B`),
        (error: unknown) => log(`← ${method} ${url} ${status} in ${headersMs} ms; body not read: ${error instanceof Error ? error.message : String(error)}`),
      );
    return response;
  };
}

function bodySize(body: RequestInit['body'] | undefined): number | undefined {
  if (body === undefined || body === null) return 0;
  if (typeof body === 'string') return new TextEncoder().encode(body).byteLength;
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof Blob) return body.size;
  return undefined;
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
