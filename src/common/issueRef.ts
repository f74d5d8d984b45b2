import { CodeGrepError } from './errors';

/**
 * A GitHub issue or pull request reference. `owner`/`repo` are missing for a bare `#N`
 * (resolve it against the workspace remote); `host` is missing unless it came from a URL.
 */
export interface IssueRef {
  number: number;
  owner?: string;
  repo?: string;
  /** Web host of a URL ref: `github.com` or a GitHub Enterprise host (with port, if any). */
  host?: string;
  /** True when the URL named a pull request. */
  pull?: boolean;
}

/** An IssueRef that names its repository, ready to fetch. */
export type RepoIssueRef = IssueRef & { owner: string; repo: string };

/** A reference found inside a larger text, with its [start, end) offsets. */
export interface IssueRefMatch {
  ref: IssueRef;
  start: number;
  end: number;
  text: string;
}

/** A GitHub repository as named by a git remote URL. */
export interface GitHubRepo {
  host: string;
  owner: string;
  repo: string;
}

const OWNER = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})';
const REPO = '[A-Za-z0-9._-]{1,100}';
const URL_SOURCE = `https?://([A-Za-z0-9.-]+(?::\\d+)?)/(${OWNER})/(${REPO})/(issues|pull|pulls)/(\\d{1,9})(?![\\d])`;
const URL_RE = new RegExp(`^${URL_SOURCE}(?:[/?#][^\\s]*)?$`);
// `#N` must not follow a word character, `&` (HTML entities like `&#123;`) or URL punctuation, nor precede a word character (`#123abc`).
const FIND_SOURCE = `${URL_SOURCE}|(?<![\\w&/.:#-])(?:(${OWNER})/(${REPO}))?#(\\d{1,9})(?![\\w])`;

/**
 * Parses a whole string as an issue reference: an issue or pull request URL (github.com or
 * GitHub Enterprise), `owner/repo#N`, `#N` or a bare number. Returns undefined when it is none.
 */
export function matchIssueRef(text: string): IssueRef | undefined {
  const input = text.trim().replace(/^<|>$/g, '');
  const url = URL_RE.exec(input);
  if (url) return fromUrlGroups(url[1], url[2], url[3], url[4], url[5]);
  const short = new RegExp(`^(?:(${OWNER})/(${REPO}))?#?(\\d{1,9})$`).exec(input);
  if (!short) return undefined;
  const ref: IssueRef = { number: Number(short[3]) };
  if (short[1] && short[2]) Object.assign(ref, { owner: short[1], repo: stripGit(short[2]) });
  return ref.number > 0 ? ref : undefined;
}

/** Like matchIssueRef, but a string that is not a reference throws a `bad-input` error saying what is accepted. */
export function parseIssueRef(text: string): IssueRef {
  const ref = matchIssueRef(text);
  if (ref) return ref;
  const shown = text.trim().length > 120 ? `${text.trim().slice(0, 117)}...` : text.trim();
  throw new CodeGrepError(
    'bad-input',
    `"${shown}" is not a GitHub issue reference. Use an issue or pull request URL ` +
      '(https://github.com/OWNER/REPO/issues/123), OWNER/REPO#123, or #123 inside a clone of the repository.',
  );
}

/** Every issue reference in a text (URLs, `owner/repo#N`, `#N`), in order of appearance. */
export function findIssueRefs(text: string): IssueRefMatch[] {
  const re = new RegExp(FIND_SOURCE, 'g');
  const found: IssueRefMatch[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let ref: IssueRef;
    if (m[5]) ref = fromUrlGroups(m[1], m[2], m[3], m[4], m[5]);
    else {
      ref = { number: Number(m[8]) };
      if (m[6] && m[7]) Object.assign(ref, { owner: m[6], repo: stripGit(m[7]) });
    }
    if (ref.number > 0) found.push({ ref, start: m.index, end: m.index + m[0].length, text: m[0] });
  }
  return found;
}

/** The reference under a cursor offset (or overlapping [offset, endOffset]) in a line of text, if any. */
export function issueRefAt(text: string, offset: number, endOffset = offset): IssueRefMatch | undefined {
  return findIssueRefs(text).find((m) => m.start <= endOffset && offset <= m.end);
}

/** Reads `owner/repo` from a git remote URL (https, ssh, scp-like `git@host:o/r.git`); undefined if it is not one. */
export function parseGitRemoteUrl(remote: string): GitHubRepo | undefined {
  const text = remote.trim();
  if (!text.includes('://')) {
    const scp = /^(?:[\w.-]+@)?([A-Za-z0-9.-]{2,}):\/?([^/\s]+)\/([^/\s]+?)\/?$/.exec(text);
    return scp ? repoOf(scp[1], scp[2], scp[3]) : undefined;
  }
  try {
    const url = new URL(text);
    if (!['https:', 'http:', 'ssh:', 'git:', 'git+ssh:', 'ssh+git:'].includes(url.protocol)) return undefined;
    const parts = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
    if (parts.length !== 2) return undefined;
    // An https port is part of the web host; an ssh port is not.
    return repoOf(url.protocol.startsWith('http') ? url.host : url.hostname, parts[0], parts[1]);
  } catch {
    return undefined;
  }
}

/** A named git remote (`origin`, `upstream`) and its URL. */
export interface GitRemote {
  name: string;
  url: string;
}

/**
 * The GitHub repository a bare `#N` refers to: `upstream` first (in a fork, issues live there),
 * then `github`, then `origin`, then any other remote on a GitHub host. Undefined when none is GitHub.
 */
export function issueRepositoryOf(remotes: readonly GitRemote[]): GitHubRepo | undefined {
  const rank = (name: string) => ['upstream', 'github', 'origin'].indexOf(name) >>> 0;
  const sorted = [...remotes].sort((a, b) => rank(a.name) - rank(b.name));
  for (const remote of sorted) {
    const repo = parseGitRemoteUrl(remote.url);
    if (repo) return repo;
  }
  return undefined;
}

/** Completes a `#N` ref with the repository of a remote; refs naming their repo are returned unchanged. */
export function withRepository(ref: IssueRef, repo: GitHubRepo): RepoIssueRef {
  if (ref.owner && ref.repo) return ref as RepoIssueRef;
  return { ...ref, owner: repo.owner, repo: repo.repo, host: ref.host ?? repo.host };
}

/** The REST API base for a web host: api.github.com for github.com, `https://HOST/api/v3` for Enterprise. */
export function apiBaseForHost(host: string | undefined): string {
  if (!host || host === 'github.com' || host === 'www.github.com') return 'https://api.github.com';
  return `https://${host}/api/v3`;
}

/**
 * The one rule for where a GitHub token may go: to github.com (its API), or to the single
 * Enterprise host the user configured (`enterpriseHost`: GITHUB_SERVER_URL / GITHUB_API_URL for the
 * CLI and MCP, `github-enterprise.uri` in VS Code). Any other host gets the request without it.
 */
export function tokenMayGoTo(host: string | undefined, enterpriseHost: string | undefined): boolean {
  if (!isEnterpriseHost(host)) return true;
  return enterpriseHost !== undefined && host?.toLowerCase() === enterpriseHost.toLowerCase();
}

/** True when a host is GitHub Enterprise rather than github.com. */
export function isEnterpriseHost(host: string | undefined): boolean {
  return !!host && host !== 'github.com' && host !== 'www.github.com';
}

/** The web URL of an issue (pull request URLs redirect the same way, so `/issues/` serves both). */
export function issueWebUrl(ref: RepoIssueRef): string {
  return `https://${ref.host ?? 'github.com'}/${ref.owner}/${ref.repo}/${ref.pull ? 'pull' : 'issues'}/${ref.number}`;
}

/** Short display form: `owner/repo#N`, or `#N` when the repository is unknown. */
export function formatIssueRef(ref: IssueRef): string {
  return ref.owner && ref.repo ? `${ref.owner}/${ref.repo}#${ref.number}` : `#${ref.number}`;
}

function fromUrlGroups(host: string, owner: string, repo: string, kind: string, num: string): IssueRef {
  return { host: host.toLowerCase(), owner, repo: stripGit(repo), number: Number(num), pull: kind !== 'issues' };
}

function repoOf(host: string, owner: string, repo: string): GitHubRepo | undefined {
  const name = stripGit(repo);
  if (!new RegExp(`^${OWNER}$`).test(owner) || !new RegExp(`^${REPO}$`).test(name)) return undefined;
  return { host: canonicalHost(host), owner, repo: name };
}

/** ssh.github.com (ssh over 443) and ssh-config aliases such as `github-work` all mean github.com. */
function canonicalHost(host: string): string {
  const lower = host.toLowerCase();
  if (lower === 'ssh.github.com' || lower === 'www.github.com' || /^github(?:[-_][\w-]+)?$/.test(lower)) return 'github.com';
  return lower;
}

function stripGit(repo: string): string {
  return repo.endsWith('.git') ? repo.slice(0, -4) : repo;
}
