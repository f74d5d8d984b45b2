import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { EpisodeSession, type EpisodeOutcome, type EpisodeWorld } from './episode';
import { errorReply, observationReply, parseClientMessage, stateReply } from './protocol';
import { ENVIRONMENT_SCHEMA, environmentMetadata } from './schema';

/** How the server runs; the CLI fills it from flags. */
export interface EnvServerOptions {
  world: EpisodeWorld;
  /** Most sessions (WebSocket connections, one episode each) at once; more are refused with CAPACITY_REACHED. */
  maxSessions: number;
  /** A session with no message for this long is closed and its worktree removed. */
  idleTimeoutMs: number;
  /** Ping interval; a client that misses a whole interval's pong is taken for dead. */
  heartbeatMs?: number;
  version: string;
}

/** Incoming frames above this are refused (ws closes with 1009); actions are small. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * The OpenEnv server: `GET /health`, `/metadata`, `/schema`, and the `/ws` WebSocket with one
 * EpisodeSession per connection. Messages of a connection run one at a time, in order, as in
 * OpenEnv's own server. A closed, dropped, silent or idle connection ends its episode, which kills
 * its tool processes and removes its worktree.
 */
export class EnvServer {
  private readonly http: Server;
  private readonly wss: WebSocketServer;
  private readonly sessions = new Map<WebSocket, EpisodeSession>();
  private readonly closing = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: EnvServerOptions) {
    this.http = createServer((request, response) => this.onHttp(request, response));
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
    this.http.on('upgrade', (request, socket, head) => {
      if (pathOf(request) !== '/ws' || this.stopped) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.onConnection(ws));
    });
  }

  /** Starts listening; resolves to the bound port (0 picks a free one). */
  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(port, host, () => {
        this.http.off('error', reject);
        resolve((this.http.address() as AddressInfo).port);
      });
    });
  }

  /** Sessions open now. */
  get activeSessions(): number {
    return this.sessions.size;
  }

  /** Ends every session (worktrees removed), then removes any tree left and stops listening. */
  async close(): Promise<void> {
    this.stopped = true;
    for (const ws of this.sessions.keys()) ws.terminate();
    await Promise.all([...this.sessions.values()].map((session) => session.close()));
    await Promise.allSettled([...this.closing]);
    await this.options.world.workspaces.closeAll();
    this.wss.close();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private onHttp(request: IncomingMessage, response: ServerResponse): void {
    const path = pathOf(request);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET') return send(405, { detail: 'Method Not Allowed' });
    if (path === '/health') return send(200, { status: 'healthy' });
    if (path === '/metadata') return send(200, environmentMetadata(this.options.version));
    if (path === '/schema') return send(200, ENVIRONMENT_SCHEMA);
    send(404, { detail: 'Not Found' });
  }

  private onConnection(ws: WebSocket): void {
    const { maxSessions } = this.options;
    if (this.sessions.size >= maxSessions) {
      const message = `Server at capacity: ${this.sessions.size} of ${maxSessions} sessions in use; try again when one closes.`;
      ws.send(errorReply({ code: 'CAPACITY_REACHED', message }, { active_sessions: this.sessions.size, max_sessions: maxSessions }), () => ws.close());
      return;
    }
    const session = new EpisodeSession(this.options.world);
    this.sessions.set(ws, session);
    let queue = Promise.resolve();
    let idle: NodeJS.Timeout | undefined;
    let alive = true;
    let gone = false;
    const armIdle = () => {
      clearTimeout(idle);
      // A message handled after the socket closed (a `close`, say) must not leave a timer holding the process.
      if (gone) return;
      idle = setTimeout(() => {
        const seconds = Math.round(this.options.idleTimeoutMs / 1000);
        ws.send(errorReply({ code: 'SESSION_ERROR', message: `no message for ${seconds} s: the session was closed and its worktree removed.` }), () => ws.close());
        ws.terminate();
      }, this.options.idleTimeoutMs);
    };
    const heartbeat = setInterval(() => {
      if (!alive || ws.readyState !== ws.OPEN) return ws.terminate();
      alive = false;
      ws.ping();
    }, this.options.heartbeatMs ?? 20_000);
    ws.on('pong', () => (alive = true));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      clearTimeout(idle);
      queue = queue.then(() => this.handle(ws, session, data, isBinary)).then(armIdle, armIdle);
    });
    ws.on('close', () => {
      gone = true;
      clearTimeout(idle);
      clearInterval(heartbeat);
      this.sessions.delete(ws);
      const closing = session.close();
      this.closing.add(closing);
      void closing.finally(() => this.closing.delete(closing));
    });
    ws.on('error', () => ws.terminate());
    armIdle();
  }

  /** One message: its reply, or its error reply; nothing here ends the server. */
  private async handle(ws: WebSocket, session: EpisodeSession, data: RawData, isBinary: boolean): Promise<void> {
    if (ws.readyState !== ws.OPEN) return;
    const message = parseClientMessage(isBinary ? '' : rawText(data));
    if ('error' in message) return send(ws, errorReply(message.error));
    switch (message.type) {
      case 'reset':
        return send(ws, outcomeReply(await session.reset(message.data)));
      case 'step':
        return send(ws, outcomeReply(await session.step(message.data)));
      case 'state':
        return send(ws, stateReply(session.state()));
      case 'close':
        await session.close();
        ws.close();
        return;
    }
  }
}

function outcomeReply(outcome: EpisodeOutcome): string {
  if ('error' in outcome) return errorReply(outcome.error);
  return observationReply(outcome.observation, outcome.reward, outcome.done);
}

function send(ws: WebSocket, text: string): void {
  if (ws.readyState === ws.OPEN) ws.send(text);
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

function pathOf(request: IncomingMessage): string {
  return new URL(request.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/';
}
