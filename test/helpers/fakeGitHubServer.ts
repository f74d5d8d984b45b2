import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One issue the fake API serves. */
export interface FakeIssue {
  owner: string;
  repo: string;
  number: number;
  title: string;
  body: string | null;
  comments?: { body: string; login?: string; bot?: boolean }[];
  /** Served only to requests with `Authorization: Bearer <token>`; 404 otherwise, as GitHub does. */
  privateToken?: string;
  pull?: boolean;
}

/** A request the fake saw, for assertions on headers and paging. */
export interface SeenRequest {
  path: string;
  authorization?: string;
  accept?: string;
  apiVersion?: string;
}

/** A loopback server speaking the subset of the GitHub REST API that fetchGitHubIssue uses. */
export interface FakeGitHubServer {
  /** Base URL to pass as apiBase, e.g. http://127.0.0.1:PORT/api/v3. */
  apiBase: string;
  requests: SeenRequest[];
  issues: FakeIssue[];
  /** When set, every request answers with this rate-limit failure. */
  rateLimit?: { status: 403 | 429; resetEpochSeconds: number };
  /** Tokens the server answers 401 to (revoked or bogus). */
  badTokens: Set<string>;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 (random port); an apiPrefix like `/api/v3` mimics GitHub Enterprise. */
export async function startFakeGitHub(issues: FakeIssue[] = [], apiPrefix = ''): Promise<FakeGitHubServer> {
  const state = { requests: [] as SeenRequest[], issues, badTokens: new Set<string>() } as Omit<FakeGitHubServer, 'apiBase' | 'close'>;
  const server: Server = createServer((req, res) => {
    try {
      handle(state, apiPrefix, req, res);
    } catch (error) {
      send(res, 500, { message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = state as FakeGitHubServer;
  fake.apiBase = `http://127.0.0.1:${port}${apiPrefix}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function handle(state: Omit<FakeGitHubServer, 'apiBase' | 'close'>, prefix: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const authorization = req.headers.authorization;
  state.requests.push({
    path: url.pathname + url.search,
    authorization,
    accept: req.headers.accept,
    apiVersion: header(req, 'x-github-api-version'),
  });
  if (state.rateLimit) {
    res.setHeader('x-ratelimit-remaining', '0');
    res.setHeader('x-ratelimit-reset', String(state.rateLimit.resetEpochSeconds));
    send(res, state.rateLimit.status, { message: 'API rate limit exceeded for 127.0.0.1.' });
    return;
  }
  const token = authorization?.replace(/^Bearer\s+/i, '');
  if (token && state.badTokens.has(token)) {
    send(res, 401, { message: 'Bad credentials' });
    return;
  }
  const match = new RegExp(`^${prefix}/repos/([^/]+)/([^/]+)/issues/(\\d+)(/comments)?$`).exec(url.pathname);
  const issue = match && state.issues.find((i) => i.owner === match[1] && i.repo === match[2] && i.number === Number(match[3]));
  if (!match || !issue || (issue.privateToken && issue.privateToken !== token)) {
    send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    return;
  }
  const origin = `http://${req.headers.host}`;
  const htmlUrl = `https://github.com/${issue.owner}/${issue.repo}/${issue.pull ? 'pull' : 'issues'}/${issue.number}`;
  if (!match[4]) {
    send(res, 200, {
      number: issue.number,
      title: issue.title,
      body: issue.body,
      html_url: htmlUrl,
      comments: issue.comments?.length ?? 0,
      ...(issue.pull ? { pull_request: { html_url: htmlUrl } } : {}),
    });
    return;
  }
  const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
  const page = Number(url.searchParams.get('page') ?? 1);
  const all = issue.comments ?? [];
  const last = Math.max(1, Math.ceil(all.length / perPage));
  const slice = all.slice((page - 1) * perPage, page * perPage);
  const link = (p: number, rel: string) => `<${origin}${url.pathname}?per_page=${perPage}&page=${p}>; rel="${rel}"`;
  const links: string[] = [];
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
  if (links.length) res.setHeader('Link', links.join(', '));
  send(
    res,
    200,
    slice.map((c, i) => ({
      id: (page - 1) * perPage + i + 1,
      body: c.body,
      user: { login: c.login ?? 'someone', type: c.bot ? 'Bot' : 'User' },
    })),
  );
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}
