import { readCapped } from '../common/cappedBody';
import { CodeGrepError } from '../common/errors';
import { addKnownSecret } from '../common/redact';

/** How to reach the GitHub REST API; every field is optional and injectable for tests. */
export interface GitHubRequestOptions {
  /** A token (PAT, GITHUB_TOKEN or a VS Code session token); sent as a Bearer header, never logged. */
  token?: string;
  /** REST base, e.g. https://api.github.com or https://HOST/api/v3. */
  apiBase?: string;
  signal?: AbortSignal;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
  /** Per-request wall-clock limit; default 20 s. */
  timeoutMs?: number;
}

/** One decoded JSON page and the URL of the next one (from the `Link` header), if any. */
export interface GitHubPage {
  data: unknown;
  next?: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Most bytes read of one GitHub reply: a page of 100 comments at GitHub's 65 536-character limit is about 7 MB. A
 * server that sent hundreds of MB took over a GB of memory, and then failed as if GitHub were unreachable.
 */
export const MAX_GITHUB_REPLY_BYTES = 16 * 1024 * 1024;

function replyTooLarge(url: string, what: string): CodeGrepError {
  return new CodeGrepError(
    'endpoint-unreachable',
    `${origin(url)} sent more than ${MAX_GITHUB_REPLY_BYTES / (1024 * 1024)} MB for ${what}; it was not read. Check the GitHub API base (GITHUB_API_URL), or paste the issue's text instead.`,
    'use-text',
  );
}

/**
 * GETs one GitHub REST resource. `what` names it for error messages ("issue o/r#5").
 * Failures become CodeGrepErrors: not-found, auth-failed, rate-limited, timeout,
 * endpoint-unreachable, cancelled.
 */
export async function githubGet(url: string, what: string, options: GitHubRequestOptions): Promise<GitHubPage> {
  const headers: Record<string, string> = {
    Accept: 'application/vnd.github+json',
    'X-GitHub-Api-Version': '2022-11-28',
    'User-Agent': 'codegrep-vscode',
  };
  if (options.token) {
    addKnownSecret(options.token);
    headers.Authorization = `Bearer ${options.token}`;
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { headers, signal, redirect: 'follow' });
  } catch (error) {
    throw transportError(error, url, options, timeout);
  }
  let text: string;
  try {
    text = await (await readCapped(response, MAX_GITHUB_REPLY_BYTES, () => replyTooLarge(url, what))).text();
  } catch (error) {
    if (error instanceof CodeGrepError) throw error;
    throw transportError(error, url, options, timeout);
  }
  const data = parseJson(text);
  if (!response.ok) throw httpError(response, data, what, !!options.token);
  if (data === undefined) {
    throw new CodeGrepError(
      'endpoint-unreachable',
      `${origin(url)} did not answer with JSON for ${what}. Check the GitHub API base (GITHUB_API_URL); for GitHub Enterprise it is https://HOST/api/v3.`,
    );
  }
  return { data, next: nextLink(response.headers.get('link'), url) };
}

/** The `rel="next"` URL of a Link header, kept only when it stays on the same origin (the token must not leak). */
export function nextLink(link: string | null, currentUrl: string): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (!match || !match[2].split(/\s+/).includes('next')) continue;
    try {
      const next = new URL(match[1], currentUrl);
      return next.origin === new URL(currentUrl).origin ? next.toString() : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Formats an epoch-seconds reset time as "HH:MM UTC (in N min)". */
export function describeReset(resetEpochSeconds: number, now = Date.now()): string {
  const at = new Date(resetEpochSeconds * 1000);
  const hhmm = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')} UTC`;
  const minutes = Math.max(1, Math.ceil((at.getTime() - now) / 60_000));
  return `${hhmm} (in ${minutes} min)`;
}

function httpError(response: Response, data: unknown, what: string, authenticated: boolean): CodeGrepError {
  const status = response.status;
  const apiMessage = messageOf(data);
  const remaining = response.headers.get('x-ratelimit-remaining');
  const reset = Number(response.headers.get('x-ratelimit-reset'));
  const retryAfter = Number(response.headers.get('retry-after'));
  const rateLimited = status === 429 || (status === 403 && (remaining === '0' || /rate limit/i.test(apiMessage)));
  if (rateLimited) {
    const when = Number.isFinite(reset) && reset > 0
      ? `it resets at ${describeReset(reset)}`
      : Number.isFinite(retryAfter) && retryAfter > 0
        ? `retry in ${Math.ceil(retryAfter)} s`
        : 'retry in a few minutes';
    const hint = authenticated ? '' : ' Signing in (or setting GITHUB_TOKEN) raises the limit from 60 to 5,000 requests an hour.';
    return new CodeGrepError('rate-limited', `GitHub's API rate limit was reached while fetching ${what}; ${when}.${hint}`, authenticated ? 'retry' : 'sign-in');
  }
  if (status === 404 || status === 410) {
    const hint = authenticated
      ? ' Check the number and repository, and that your token can read this repository (scope "repo" for private ones).'
      : ' If the repository is private, sign in to GitHub (or set GITHUB_TOKEN) and try again.';
    return new CodeGrepError('not-found', `GitHub has no ${what}.${hint}`, authenticated ? undefined : 'sign-in');
  }
  if (status === 401) {
    return new CodeGrepError(
      'auth-failed',
      `GitHub rejected the token while fetching ${what} (401${apiMessage ? `: ${apiMessage}` : ''}). Sign in again or set a valid GITHUB_TOKEN.`,
      'sign-in',
    );
  }
  if (status === 403) {
    return new CodeGrepError(
      'auth-failed',
      `GitHub refused access to ${what} (403${apiMessage ? `: ${apiMessage}` : ''}). Use a token that can read this repository (authorise it for SSO if your organisation requires it).`,
      'sign-in',
    );
  }
  return new CodeGrepError(
    'endpoint-unreachable',
    `GitHub answered ${status} for ${what}${apiMessage ? ` (${apiMessage})` : ''}. Try again in a moment.`,
    'retry',
  );
}

function transportError(error: unknown, url: string, options: GitHubRequestOptions, timeout: AbortSignal): CodeGrepError {
  if (options.signal?.aborted) return new CodeGrepError('cancelled', 'The run was cancelled.', undefined, { cause: error });
  if (timeout.aborted) {
    const ms = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const limit = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
    return new CodeGrepError('timeout', `GitHub (${origin(url)}) did not answer within ${limit}. Check your connection and try again.`, 'retry', { cause: error });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return new CodeGrepError(
    'endpoint-unreachable',
    `Could not reach GitHub at ${origin(url)} (${cause}). Check your network connection, proxy, or GITHUB_API_URL.`,
    'retry',
    { cause: error },
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(data: unknown): string {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message.slice(0, 200);
  return '';
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
