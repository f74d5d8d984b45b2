import { CodeGrepError } from '../../common/errors';

/**
 * Most bytes read of one model server reply. A tool-calling reply is a few KB; without a cap a
 * 200 MB body took 3.8 GB of memory and ended in "Invalid string length".
 */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;

/** The error for a reply over the cap; `model-error` so it is reported, not retried. */
export function replyTooLarge(bytes: number, maxBytes: number): CodeGrepError {
  return new CodeGrepError(
    'model-error',
    `The model server's reply is larger than ${Math.round(maxBytes / (1024 * 1024))} MB (${bytes > maxBytes ? `at least ${bytes} bytes` : 'declared'}); it was not read. Lower the server's max_tokens or check that it is an OpenAI-compatible endpoint.`,
    'open-logs',
  );
}

/**
 * The response with its body read into memory, at most `maxBytes` of it: a larger body (by its
 * Content-Length or as it streams in) is cancelled and rejected with replyTooLarge.
 */
export async function readCapped(response: Response, maxBytes = MAX_REPLY_BYTES): Promise<Response> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw replyTooLarge(declared, maxBytes);
  }
  if (!response.body) return response;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw replyTooLarge(total, maxBytes);
    }
    chunks.push(value);
  }
  const headers = new Headers(response.headers);
  // The body is now plain bytes: its encoding and length headers no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(Buffer.concat(chunks), { status: response.status, statusText: response.statusText, headers });
}
