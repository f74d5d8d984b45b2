import { readCapped } from './replyCap';

/**
 * A fetch for the OpenAI client that gives every error body the `{ "error": { "message" } }` shape
 * the SDK reads. Older vLLM answers `{ "message": … }` at top level, llama.cpp and Ollama sometimes
 * `{ "error": "…" }` or plain text; without this the SDK reports "400 status code (no body)" and the
 * server's own words (which say what flag is missing) are lost.
 */
export async function fetchWithErrorBodies(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  // Every body, reply or error, is read under the size cap.
  const response = await readCapped(await fetch(input, init));
  if (response.ok) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify({ error: normaliseError(text, response.statusText) }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function normaliseError(text: string, statusText: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { message: text.trim() || statusText || 'no error message' };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { message: String(json) };
  const record = json as Record<string, unknown>;
  const inner = record.error;
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) return inner as Record<string, unknown>;
  if (typeof inner === 'string') return { ...record, message: inner };
  if (typeof record.message === 'string') return record;
  if (typeof record.detail === 'string') return { ...record, message: record.detail };
  return { ...record, message: text.slice(0, 500) };
}
