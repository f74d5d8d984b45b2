import { readCapped as readCappedBody } from '../../common/cappedBody';
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

/** The response with its body read into memory, at most `maxBytes` of it; a larger body is rejected with replyTooLarge. */
export function readCapped(response: Response, maxBytes = MAX_REPLY_BYTES): Promise<Response> {
  return readCappedBody(response, maxBytes, (bytes) => replyTooLarge(bytes, maxBytes));
}
