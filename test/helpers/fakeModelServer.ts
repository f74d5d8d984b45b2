import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as path from 'node:path';

/**
 * A scripted OpenAI-compatible model server on 127.0.0.1: a test double for the model that speaks the
 * real HTTP protocol (`POST /v1/chat/completions`, `GET /v1/models`), so the real `openai` client, our
 * retry/timeout code and the whole agent loop run unchanged. Each chat request takes the next scripted
 * reply; every request is recorded with timestamps for assertions.
 */

/** One scripted answer to a chat request. */
export interface ScriptedReply {
  /** Assistant message fields (`content`, `tool_calls`, `reasoning`, `reasoning_content`); answered 200. */
  message?: Record<string, unknown>;
  finish_reason?: string;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** HTTP status for an error reply (with `body` as the raw JSON, or text when a string). */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait before answering. */
  delayMs?: number;
  /** Never answer (the socket stays open until the client gives up or the server closes). */
  hang?: boolean;
}

/** A recorded scripted conversation (test/fixtures/conversations/*.json). */
export interface Conversation {
  name: string;
  description: string;
  issue?: { title: string; body: string };
  replies: ScriptedReply[];
  /** When the script runs out: repeat the last reply, start over, or fail the request with 500 (default). */
  after?: 'repeat-last' | 'restart' | 'fail';
  /** Ids GET /models lists (default: the model each request named, or "codegrep"). */
  models?: string[];
  /** Free-form expectations the test that plays this conversation checks. */
  expect?: Record<string, unknown>;
}

/** How a scripted server picks the reply for a request. */
export interface StartOptions {
  /**
   * Pick reply N for a request whose history holds N assistant messages, instead of by arrival order.
   * Stateless per request, so several runs (eval --concurrency, repeated e2e runs) can share one
   * server; scripts with retried error replies need arrival order.
   */
  byTurn?: boolean;
}

/** Computes a reply from the request (benches, CLI tests); `index` counts chat requests from 0. */
export type Responder = (body: Record<string, unknown>, index: number) => ScriptedReply | Promise<ScriptedReply>;

/** A request the server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body (undefined for GET). */
  body: Record<string, unknown> | undefined;
  /** performance.now() when the body had arrived. */
  receivedAt: number;
  /** performance.now() when the response was finished. */
  answeredAt?: number;
  /** performance.now() when the client closed the connection before an answer. */
  abortedAt?: number;
}

/** The folder of recorded conversations. */
export const CONVERSATIONS_DIR = path.resolve(__dirname, '../fixtures/conversations');

/** Loads a recorded conversation by file name (without `.json`). */
export function loadConversation(name: string): Conversation {
  const file = path.join(CONVERSATIONS_DIR, `${name}.json`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Conversation;
  if (!Array.isArray(parsed.replies)) throw new Error(`${file}: "replies" must be an array`);
  return parsed;
}

/** Names of every recorded conversation. */
export function listConversations(): string[] {
  return readdirSync(CONVERSATIONS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** A running fake server; `close()` ends it and every open connection. */
export class FakeModelServer {
  readonly requests: RecordedRequest[] = [];
  private readonly sockets = new Set<Socket>();
  private chatCount = 0;

  private constructor(
    private readonly server: Server,
    private readonly responder: Responder,
    private readonly models: string[] | undefined,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req, res) => void this.handle(req, res));
  }

  /** Starts a server playing a conversation, a list of replies, or a responder function. */
  static async start(script: Conversation | ScriptedReply[] | Responder, options: StartOptions = {}): Promise<FakeModelServer> {
    const conversation = Array.isArray(script) ? { name: 'inline', description: '', replies: script } : script;
    const responder = typeof conversation === 'function' ? conversation : scriptResponder(conversation, options.byTurn === true);
    const models = typeof script === 'function' || Array.isArray(script) ? undefined : script.models;
    const fake = new FakeModelServer(createServer(), responder, models);
    await new Promise<void>((resolve, reject) => {
      fake.server.once('error', reject);
      fake.server.listen(0, '127.0.0.1', () => resolve());
    });
    return fake;
  }

  /** The base URL a client uses (ends in /v1). */
  get baseURL(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** The chat completion requests, in arrival order. */
  get chatRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith('/chat/completions'));
  }

  /** Stops listening and destroys open (hanging) connections. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const record: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: undefined, receivedAt: performance.now() };
    this.requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.abortedAt = performance.now();
    });
    if (req.method === 'GET' && /^\/v1\/models\/?$/.test(record.path)) {
      const ids = this.models ?? ['codegrep'];
      return send(res, record, 200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
    }
    if (req.method !== 'POST' || !/^\/v1\/chat\/completions\/?$/.test(record.path)) {
      return send(res, record, 404, { detail: 'Not Found' });
    }
    try {
      record.body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, record, 400, { error: { message: 'body is not JSON', type: 'invalid_request_error' } });
    }
    const reply = await this.responder(record.body, this.chatCount++);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.hang || res.destroyed) return;
    if (reply.status && reply.status !== 200) return send(res, record, reply.status, reply.body ?? { error: { message: `HTTP ${reply.status}` } }, reply.headers);
    send(res, record, 200, completion(record.body, reply, this.chatCount), reply.headers);
  }
}

function scriptResponder(conversation: Conversation, byTurn: boolean): Responder {
  const count = conversation.replies.length;
  return (body, arrival) => {
    const index = byTurn ? assistantMessages(body) : arrival;
    const reply = conversation.replies[conversation.after === 'restart' && count ? index % count : index];
    if (reply) return reply;
    if (conversation.after === 'repeat-last' && count) return conversation.replies[count - 1];
    return { status: 500, body: { error: { message: `fake server: script "${conversation.name}" has no reply #${index + 1}` } } };
  };
}

function assistantMessages(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown }[]) : [];
  return messages.filter((m) => m.role === 'assistant').length;
}

/** Wraps a scripted message as a chat.completion object. */
function completion(body: Record<string, unknown>, reply: ScriptedReply, n: number): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: null, ...(reply.message ?? {}) };
  const hasCalls = Array.isArray(message.tool_calls) && message.tool_calls.length > 0;
  const usage = reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
  return {
    id: `chatcmpl-fake-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof body.model === 'string' ? body.model : 'codegrep',
    choices: [{ index: 0, message, finish_reason: reply.finish_reason ?? (hasCalls ? 'tool_calls' : 'stop') }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function send(res: ServerResponse, record: RecordedRequest, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(text, () => {
    record.answeredAt = performance.now();
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}
