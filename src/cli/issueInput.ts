import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Issue } from '../common/issue';
import { matchIssueRef } from '../common/issueRef';
import { readGitInfo } from '../tools/git';
import { issueFromInput } from '../tools/github';
import { badInput } from './command';

/** Where `codegrep locate` takes its issue from: exactly one of these. */
export interface IssueSources {
  text?: string;
  issueFile?: string;
  url?: string;
  /** The stream read when no other source is given and it is not a terminal. */
  stdin: NodeJS.ReadStream;
  cwd: string;
  /** The repository searched: a bare `#N` is resolved against its GitHub remote. */
  repo: string;
  signal?: AbortSignal;
}

/**
 * Reads the issue from TEXT, a file, --url or piped stdin. Whichever it is, a GitHub issue URL,
 * OWNER/REPO#N or #N is fetched (GITHUB_TOKEN / GITHUB_API_URL from the environment); other
 * input is the issue text. Empty input is bad input.
 */
export async function readIssue(sources: IssueSources): Promise<Issue> {
  const given = [sources.text !== undefined, sources.issueFile !== undefined, sources.url !== undefined].filter(Boolean).length;
  if (given > 1) throw badInput('give the issue one way only: TEXT, --issue-file F or --url URL.');
  let input: string;
  if (sources.url !== undefined) {
    if (/^\s*\d+\s*$/.test(sources.url) || !matchIssueRef(sources.url)) {
      throw badInput(`--url needs a GitHub issue URL, OWNER/REPO#N or #N, got "${sources.url}".`);
    }
    input = sources.url;
  } else if (sources.text !== undefined) {
    input = sources.text;
  } else if (sources.issueFile !== undefined) {
    const file = resolve(sources.cwd, sources.issueFile);
    input = await readFile(file, 'utf8').catch((error: Error) => {
      throw badInput(`cannot read --issue-file ${file}: ${error.message}`);
    });
  } else if (!sources.stdin.isTTY) {
    input = await readStream(sources.stdin);
  } else {
    throw badInput('no issue given: pass the issue text, --issue-file F, --url URL, or pipe it on stdin.');
  }
  if (input.trim() === '') throw badInput('the issue text is empty.');
  // Every remote, so a fork's `#N` resolves upstream (issueRepositoryOf ranks upstream first).
  const remotes = async () => (await readGitInfo(sources.repo))?.remotes ?? [];
  return issueFromInput(input, { env: process.env, remotes, signal: sources.signal });
}

function readStream(stream: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolveText, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolveText(text));
    stream.on('error', reject);
  });
}
