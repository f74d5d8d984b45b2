/**
 * A fetch response with its body read into memory, at most `maxBytes` of it. A larger body (by its
 * Content-Length, or as it streams in) is cancelled, and `tooLarge` (called with the bytes seen, or the
 * declared length) gives the error to throw: a server that streams hundreds of MB must not take the
 * process's memory, or end in "Cannot create a string longer than …".
 */
export async function readCapped(response: Response, maxBytes: number, tooLarge: (bytes: number) => Error): Promise<Response> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(declared);
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
      throw tooLarge(total);
    }
    chunks.push(value);
  }
  const headers = new Headers(response.headers);
  // The body is now plain bytes: its encoding and length headers no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(Buffer.concat(chunks), { status: response.status, statusText: response.statusText, headers });
}
