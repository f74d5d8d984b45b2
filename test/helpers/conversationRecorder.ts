import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Conversation, ScriptedReply } from './fakeModelServer';

/**
 * A loopback proxy in front of a real OpenAI-compatible server that records each chat reply as a
 * ScriptedReply, so a real transcript (vLLM, SGLang, Ollama…) becomes a fixture the fake server can
 * replay. Only /chat/completions replies are recorded; every other request is passed through.
 */
export class ConversationRecorder {
  readonly replies: ScriptedReply[] = [];
  private readonly server: Server;

  private constructor(private readonly upstream: string) {
    this.server = createServer((req, res) => void this.forward(req, res));
  }

  /** Starts the proxy on 127.0.0.1; `upstream` is the real server's base URL (…/v1). */
  static async start(upstream: string): Promise<ConversationRecorder> {
    const recorder = new ConversationRecorder(upstream.replace(/\/+$/, ''));
    await new Promise<void>((resolve) => recorder.server.listen(0, '127.0.0.1', resolve));
    return recorder;
  }

  /** The base URL to give CodeGrep instead of the real one. */
  get baseURL(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** The recording as a conversation fixture. */
  conversation(name: string, description: string, issue?: Conversation['issue']): Conversation {
    return { name, description, ...(issue ? { issue } : {}), replies: this.replies };
  }

  /** Writes the recording to `file` as pretty JSON. */
  save(file: string, name: string, description: string, issue?: Conversation['issue']): void {
    writeFileSync(file, `${JSON.stringify(this.conversation(name, description, issue), null, 2)}\n`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '/').replace(/^\/v1/, '');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
    try {
      const upstream = await fetch(`${this.upstream}${path}`, { method: req.method, headers, body: req.method === 'POST' ? Buffer.concat(chunks) : undefined });
      const text = await upstream.text();
      if (path.startsWith('/chat/completions')) this.replies.push(toScripted(upstream, text));
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `recorder: upstream failed: ${error instanceof Error ? error.message : String(error)}` } }));
    }
  }
}

function toScripted(response: Response, text: string): ScriptedReply {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Keep a non-JSON error body as text.
  }
  if (!response.ok) {
    const retryAfter = response.headers.get('retry-after');
    return { status: response.status, body, ...(retryAfter ? { headers: { 'retry-after': retryAfter } } : {}) };
  }
  const completion = body as { choices?: { message?: Record<string, unknown>; finish_reason?: string }[]; usage?: ScriptedReply['usage'] };
  const choice = completion.choices?.[0];
  const reply: ScriptedReply = { message: choice?.message ?? {} };
  if (choice?.finish_reason) reply.finish_reason = choice.finish_reason;
  if (completion.usage) reply.usage = { prompt_tokens: completion.usage.prompt_tokens, completion_tokens: completion.usage.completion_tokens };
  return reply;
}
