import * as vscode from 'vscode';
import { CodeGrepError } from '../../common/errors';
import type { Issue } from '../../common/issue';
import { apiBaseForHost, formatIssueRef, isEnterpriseHost, matchIssueRef, tokenMayGoTo, withRepository, type IssueRef, type RepoIssueRef } from '../../common/issueRef';
import type { Contribution } from '../platform/contributions';
import type { ExtensionServices, IssueResolver } from '../platform/services';

/** Scopes asked for: `repo` reads private repositories' issues (public ones need no token at all). */
const SCOPES = ['repo'];

/** A silent session lookup that takes longer than this (provider still starting) goes on without a token. */
const SILENT_SESSION_TIMEOUT_MS = 5_000;

/** Registers the resolver that fetches GitHub issue URLs, OWNER/REPO#N and `#N` (against the folder's remote). */
export const gitHubIssuesContribution: Contribution = {
  id: 'githubIssues',
  create: (services) => services.registerIssueResolver(new GitHubIssueResolver(services)),
};

/** Fetches issues with VS Code's GitHub session: silent first, a sign-in prompt only after a 401/404. */
export class GitHubIssueResolver implements IssueResolver {
  constructor(private readonly services: ExtensionServices) {}

  matches(input: string): boolean {
    const text = input.trim();
    return !/^\d+$/.test(text) && matchIssueRef(text) !== undefined;
  }

  async resolve(input: string, folder: vscode.Uri | undefined, signal: AbortSignal): Promise<Issue> {
    const parsed = matchIssueRef(input);
    if (!parsed) throw new CodeGrepError('bad-input', `"${input}" is not a GitHub issue URL, OWNER/REPO#N or #N.`);
    const ref = await this.completeRef(parsed, folder);
    const { envApiHost, fetchGitHubIssue, gitHubEnvOptions } = await import('../../tools/github.js');
    // GITHUB_API_URL (as for the CLI) serves GHE setups behind a custom API address; tokens come only from VS Code sessions.
    const envBase = gitHubEnvOptions(ref, process.env).apiBase;
    const apiBase = envBase ?? apiBaseForHost(ref.host);
    // The session is the one of the host the request goes to: for `OWNER/REPO#N` with GITHUB_API_URL set, that is the
    // server it names, not github.com, whose session must not go there.
    const requestHost = envBase ? envApiHost(process.env) : ref.host;
    const auth = envBase && !requestHost ? undefined : authProviderFor(requestHost);
    let session = auth ? await this.session(auth, { silent: true }, signal) : undefined;
    try {
      return await fetchGitHubIssue(ref, { token: session?.accessToken, apiBase, signal });
    } catch (error) {
      const retryable = error instanceof CodeGrepError && (error.code === 'not-found' || error.code === 'auth-failed');
      if (!retryable || !auth || signal.aborted) throw withEnterpriseHint(error, ref);
      // A private repository answers 404 to anonymous requests; a revoked token answers 401.
      this.services.logger.info(`${formatIssueRef(ref)}: ${error.code} ${session ? 'with' : 'without'} a session; asking to sign in to ${auth}.`);
      const ask = session ? { forceNewSession: { detail: `GitHub did not accept the saved session for ${formatIssueRef(ref)}.` } } : { createIfNone: true };
      const next = await this.session(auth, ask, signal);
      if (!next) throw error;
      session = next;
      return fetchGitHubIssue(ref, { token: session.accessToken, apiBase, signal });
    }
  }

  /** Completes `#N` with the GitHub remote of the folder (or of the first workspace folder). */
  private async completeRef(ref: IssueRef, folder: vscode.Uri | undefined): Promise<RepoIssueRef> {
    if (ref.owner && ref.repo) return ref as RepoIssueRef;
    const target = folder ?? vscode.workspace.workspaceFolders?.[0]?.uri;
    const { readGitInfo } = await import('../../tools/git.js');
    const info = target?.scheme === 'file' ? await readGitInfo(target.fsPath).catch(() => undefined) : undefined;
    if (!info?.github) {
      throw new CodeGrepError(
        'bad-input',
        `#${ref.number} needs a repository, and ${target ? 'this folder has no GitHub remote' : 'no folder is open'}. Write OWNER/REPO#${ref.number} or paste the issue URL.`,
      );
    }
    return withRepository(ref, info.github);
  }

  /**
   * A session, or undefined when the user declines, no provider serves the host, or (silent
   * lookups only) the provider does not answer within a few seconds. The run's signal ends the wait.
   */
  private async session(provider: string, options: vscode.AuthenticationGetSessionOptions, signal: AbortSignal): Promise<vscode.AuthenticationSession | undefined> {
    const waits: Promise<undefined>[] = [new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }))];
    if (options.silent) waits.push(new Promise((resolve) => setTimeout(() => resolve(undefined), SILENT_SESSION_TIMEOUT_MS).unref?.()));
    try {
      return await Promise.race([Promise.resolve(vscode.authentication.getSession(provider, SCOPES, options)), ...waits]);
    } catch (error) {
      this.services.logger.info(`No ${provider} session: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

/**
 * The authentication provider for a host: `github` for github.com; `github-enterprise` only when
 * its configured server (`github-enterprise.uri`) is this host, so no token goes to another server.
 */
export function authProviderFor(host: string | undefined): string | undefined {
  if (!isEnterpriseHost(host)) return 'github';
  const configured = vscode.workspace.getConfiguration('github-enterprise').get<string>('uri');
  let enterpriseHost: string | undefined;
  try {
    enterpriseHost = configured ? new URL(configured).host.toLowerCase() : undefined;
  } catch {
    enterpriseHost = undefined;
  }
  // The same rule as the CLI and MCP (tokenMayGoTo), with VS Code's own GHE setting naming the host.
  return tokenMayGoTo(host, enterpriseHost) ? 'github-enterprise' : undefined;
}

function withEnterpriseHint(error: unknown, ref: RepoIssueRef): unknown {
  if (error instanceof CodeGrepError && error.code === 'endpoint-unreachable') {
    // The CLI's hint names environment variables; in VS Code the way on is the network, or the typed text itself.
    const message = error.message.replace(/,? proxy, or GITHUB_API_URL\./, ' or proxy settings.').replace(/\s*Check the GitHub API base \(GITHUB_API_URL\)[^.]*\.(?:[^.]*\/api\/v3\.)?/, ' Check your network connection or proxy settings.');
    return new CodeGrepError(error.code, `${message} Retry, or locate with the text as the issue.`, 'use-text', { cause: error });
  }
  if (!(error instanceof CodeGrepError) || !isEnterpriseHost(ref.host) || authProviderFor(ref.host)) return error;
  if (error.code !== 'not-found' && error.code !== 'auth-failed') return error;
  return new CodeGrepError(
    error.code,
    `${error.message} To sign in to ${ref.host}, set "github-enterprise.uri" to https://${ref.host} in your settings.`,
    error.action,
    { cause: error },
  );
}
