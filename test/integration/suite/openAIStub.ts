/** A loopback OpenAI-compatible server for in-host tests: it can hang (to test Stop) or refuse the key. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';

/** What the stub saw. */
export interface StubServer {
  baseURL: string;
  requests: { path: string; authorization?: string }[];
  /** Resolves when a request's connection closed before it was answered (the client aborted). */
  aborted: Promise<void>;
  close(): Promise<void>;
}

/**
 * `hang`: never answers chat completions; `unauthorized`: 401 like OpenAI for a bad key;
 * `echo-key`: 401 whose message repeats the Authorization header, as some proxies do.
 */
export async function startOpenAIStub(mode: 'hang' | 'unauthorized' | 'echo-key'): Promise<StubServer> {
  const requests: StubServer['requests'] = [];
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<void>((resolve) => (onAbort = resolve));
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    if (mode === 'echo-key') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `invalid credentials: Authorization: ${req.headers.authorization ?? ''}` } }));
      return;
    }
    if (mode === 'unauthorized') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }));
      return;
    }
    res.on('close', () => {
      if (!res.writableEnded) onAbort();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    aborted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const STUB_SETTINGS = ['endpoint', 'model', 'brain'] as const;

/**
 * Starts a stub and points CodeGrep's user settings at it (brain `openai`); `restore()` clears those
 * settings and closes the stub.
 */
export async function useOpenAIStub(mode: Parameters<typeof startOpenAIStub>[0]): Promise<StubServer & { restore(): Promise<void> }> {
  const stub = await startOpenAIStub(mode);
  const config = () => vscode.workspace.getConfiguration('codegrep');
  const values = { endpoint: stub.baseURL, model: 'stub-model', brain: 'openai' };
  for (const key of STUB_SETTINGS) await config().update(key, values[key], vscode.ConfigurationTarget.Global);
  return {
    ...stub,
    restore: async () => {
      for (const key of STUB_SETTINGS) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
      await stub.close();
    },
  };
}
