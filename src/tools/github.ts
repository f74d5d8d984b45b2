import { CodeGrepError } from '../common/errors';
import { issueFromText, type Issue } from '../common/issue';
import { apiBaseForHost, formatIssueRef, issueRepositoryOf, matchIssueRef, tokenMayGoTo, withRepository, type GitRemote, type IssueRef } from '../common/issueRef';
import { githubGet, type GitHubRequestOptions } from './githubApi';

export type { GitHubRequestOptions } from './githubApi';

/** Fetch options plus the caps that keep a long thread within what the locator needs. */
export interface FetchIssueOptions extends GitHubRequestOptions {
  /** Comments kept (the first ones and the last 10); default 30. */
  maxComments?: number;
  /** Characters kept of the issue body; default 20,000. */
  maxBodyChars?: number;
  /** Characters kept of each comment; default 4,000. */
  maxCommentChars?: number;
  /** Comment pages of 100 fetched at most; default 10. */
  maxCommentPages?: number;
}

/** The caps fetchGitHubIssue applies unless told otherwise. */
export const ISSUE_CAPS = { maxComments: 30, tailComments: 10, maxBodyChars: 20_000, maxCommentChars: 4_000, maxCommentPages: 10 } as const;

/**
 * Fetches an issue or pull request (title, body, comments) through the REST API:
 * `GET /repos/{owner}/{repo}/issues/{n}` and its `/comments`, following `Link` pagination.
 * The ref must name its repository (resolve `#N` against the workspace remote first).
 * Bot comments and HTML comments (issue-template boilerplate) are dropped; long threads are capped.
 */
export async function fetchGitHubIssue(ref: IssueRef, options: FetchIssueOptions = {}): Promise<Issue> {
  if (!ref.owner || !ref.repo) {
    throw new CodeGrepError(
      'bad-input',
      `${formatIssueRef(ref)} does not say which repository it belongs to. Run inside a clone with a GitHub remote, or write OWNER/REPO#${ref.number} or the issue URL.`,
    );
  }
  const base = (options.apiBase ?? apiBaseForHost(ref.host)).replace(/\/+$/, '');
  const what = `issue ${formatIssueRef(ref)}`;
  const issueUrl = `${base}/repos/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.repo)}/issues/${ref.number}`;
  const { data } = await githubGet(issueUrl, what, options);
  const raw = asRecord(data);
  if (typeof raw.title !== 'string') {
    throw new CodeGrepError('endpoint-unreachable', `GitHub's reply for ${what} has no title; check the GitHub API base (GITHUB_API_URL).`);
  }
  const issue: Issue = {
    title: raw.title,
    body: trimText(cleanMarkdown(typeof raw.body === 'string' ? raw.body : ''), options.maxBodyChars ?? ISSUE_CAPS.maxBodyChars),
    url: typeof raw.html_url === 'string' ? raw.html_url : undefined,
  };
  const count = typeof raw.comments === 'number' ? raw.comments : 1;
  if (count > 0) {
    const comments = await fetchComments(`${issueUrl}/comments?per_page=100`, what, options);
    if (comments.length) issue.comments = capComments(comments, options);
  }
  return issue;
}

async function fetchComments(firstUrl: string, what: string, options: FetchIssueOptions): Promise<string[]> {
  const bodies: string[] = [];
  const maxPages = options.maxCommentPages ?? ISSUE_CAPS.maxCommentPages;
  let url: string | undefined = firstUrl;
  for (let page = 0; url && page < maxPages; page++) {
    const result = await githubGet(url, `comments of ${what}`, options);
    if (!Array.isArray(result.data)) break;
    for (const item of result.data) {
      const comment = asRecord(item);
      if (asRecord(comment.user).type === 'Bot' || typeof comment.body !== 'string') continue;
      const body = cleanMarkdown(comment.body);
      if (body) bodies.push(body);
    }
    url = result.next;
  }
  return bodies;
}

/** Keeps the opening discussion and the latest comments (where fixes are usually pinned down). */
function capComments(comments: string[], options: FetchIssueOptions): string[] {
  const max = Math.max(1, options.maxComments ?? ISSUE_CAPS.maxComments);
  const perComment = options.maxCommentChars ?? ISSUE_CAPS.maxCommentChars;
  let kept = comments;
  if (comments.length > max) {
    const tail = Math.min(ISSUE_CAPS.tailComments, Math.floor(max / 2));
    const head = max - tail;
    const omitted = comments.length - max;
    kept = [...comments.slice(0, head), `[${omitted} comments omitted]`, ...comments.slice(comments.length - tail)];
  }
  return kept.map((c) => trimText(c, perComment));
}

/** Drops HTML comments (issue-template hints) and collapses the blank lines they leave. */
function cleanMarkdown(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/<!--[\s\S]*?-->/g, '').replace(/\n{3,}/g, '\n\n').trim();
}

function trimText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[... ${text.length - max} more characters trimmed]`;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Token and API base from the environment, as GitHub Actions and GHE users set them: the token
 * from GITHUB_TOKEN (or GH_TOKEN); GITHUB_API_URL when it serves the ref's host (GITHUB_SERVER_URL
 * names that host in Actions), so a github.com URL is never sent to an Enterprise API or back.
 * The token goes only where tokenMayGoTo allows: github.com, or the Enterprise host those name.
 */
export function gitHubEnvOptions(ref: IssueRef, env: Record<string, string | undefined>): Pick<GitHubRequestOptions, 'token' | 'apiBase'> {
  const options: Pick<GitHubRequestOptions, 'token' | 'apiBase'> = {};
  const apiUrl = env.GITHUB_API_URL?.trim();
  const serverHost = envApiHost(env);
  const servesRef = !!apiUrl && (!ref.host || !serverHost || serverHost === ref.host);
  if (servesRef) options.apiBase = apiUrl;
  // The request goes to GITHUB_API_URL (a host the user named) when it serves this ref, else to the ref's own host.
  const token = env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim();
  if (token && (servesRef || tokenMayGoTo(ref.host, serverHost))) options.token = token;
  return options;
}

/**
 * The web host whose issues GITHUB_API_URL serves: GITHUB_SERVER_URL's host (GitHub Actions sets both), else the API
 * URL's own (`https://HOST/api/v3` serves HOST, `https://api.github.com` github.com); undefined without either. A
 * token may go to GITHUB_API_URL only as this host's token (VS Code's github.com session must not go to an
 * Enterprise server that GITHUB_API_URL names for `OWNER/REPO#N`).
 */
export function envApiHost(env: Record<string, string | undefined>): string | undefined {
  const apiUrl = env.GITHUB_API_URL?.trim();
  return hostOf(env.GITHUB_SERVER_URL) ?? (apiUrl ? hostOf(apiUrl.replace(/\/api\/v3\/?$/, ''))?.replace(/^api\./, '') : undefined);
}

function hostOf(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  try {
    return new URL(url.trim()).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** How issueFromInput reaches GitHub and the repository's remotes. */
export interface IssueInputOptions {
  /** Environment with GITHUB_TOKEN / GITHUB_API_URL (see gitHubEnvOptions). */
  env: Record<string, string | undefined>;
  /** Reads the repository's git remotes, to resolve a bare `#N`. */
  remotes?: () => Promise<GitRemote[]>;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * Turns what a user or agent typed into an Issue: a GitHub issue/PR URL, OWNER/REPO#N or `#N`
 * is fetched (a bare `#N` against the repository's GitHub remote); anything else is issue text.
 */
export async function issueFromInput(input: string, options: IssueInputOptions): Promise<Issue> {
  const text = input.trim();
  if (!text) throw new CodeGrepError('bad-input', 'The issue is empty: give its text, a GitHub issue URL, OWNER/REPO#N or #N.');
  const ref = /^\d+$/.test(text) ? undefined : matchIssueRef(text);
  if (!ref) return issueFromText(text);
  const full = ref.owner && ref.repo ? ref : await withRemoteRepository(ref, options.remotes);
  return fetchGitHubIssue(full, { ...gitHubEnvOptions(full, options.env), signal: options.signal, fetch: options.fetch });
}

async function withRemoteRepository(ref: IssueRef, remotes: (() => Promise<GitRemote[]>) | undefined): Promise<IssueRef> {
  const repo = remotes ? issueRepositoryOf(await remotes().catch(() => [])) : undefined;
  if (!repo) {
    throw new CodeGrepError(
      'bad-input',
      `#${ref.number} needs a repository, and this folder has no GitHub remote. Write OWNER/REPO#${ref.number} or paste the issue URL.`,
    );
  }
  return withRepository(ref, repo);
}
