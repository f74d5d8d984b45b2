// A minimal OpenEnv WebSocket client (what GenericEnvClient sends), for the env bench and the env server tests.
import { WebSocket } from 'ws';

/** A reply frame from the server, parsed. */
export interface Reply {
  type: string;
  data: Record<string, unknown>;
}

/**
 * A minimal OpenEnv client over a real WebSocket, shaped like GenericEnvClient: `reset(data)` and
 * `step(action)` send `{type, data}` and resolve to the next reply frame.
 */
export class OpenEnvClient {
  private readonly frames: Reply[] = [];
  private readonly waiting: ((reply: Reply) => void)[] = [];
  readonly closed: Promise<number>;

  /** How long `next` waits for a frame; OpenEnv's client default is 60 s (message_timeout_s). */
  timeoutMs = 60_000;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const reply = JSON.parse(String(data)) as Reply;
      const waiter = this.waiting.shift();
      if (waiter) waiter(reply);
      else this.frames.push(reply);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static connect(url: string): Promise<OpenEnvClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const client = new OpenEnvClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  /** The next frame from the server (already received, or the next to arrive). */
  next(timeoutMs = this.timeoutMs): Promise<Reply> {
    const ready = this.frames.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply from the env server')), timeoutMs);
      this.waiting.push((reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  async call(message: unknown): Promise<Reply> {
    this.send(message);
    return this.next();
  }

  reset(data: Record<string, unknown>): Promise<Reply> {
    return this.call({ type: 'reset', data });
  }

  step(action: Record<string, unknown>): Promise<Reply> {
    return this.call({ type: 'step', data: action });
  }

  /** OpenEnv's disconnect: send close, then close the socket. */
  async close(): Promise<void> {
    if (this.ws.readyState === this.ws.OPEN) {
      this.send({ type: 'close' });
      this.ws.close();
    }
    await this.closed;
  }
}

/** The observation of an observation reply (throws on anything else, with the server's message). */
export function observationOf(reply: Reply): Record<string, unknown> & { messages: { role: string; content: string; tool_calls?: unknown[] }[] } {
  if (reply.type !== 'observation') throw new Error(`expected an observation, got ${JSON.stringify(reply)}`);
  return reply.data.observation as Record<string, unknown> & { messages: { role: string; content: string }[] };
}

/** A native tool call as a model server returns it. */
export function toolCall(id: string, name: string, args: Record<string, unknown>): Record<string, unknown> {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } };
}
