import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { issueFromText, type Issue } from '../common/issue';
import { parseIssueRef } from '../common/issueRef';
import { fetchGitHubIssue } from '../tools/github';
import { badInput } from './command';

/** Where `codegrep locate` takes its issue from: exactly one of these. */
export interface IssueSources {
  text?: string;
  issueFile?: string;
  url?: string;
  /** The stream read when no other source is given and it is not a terminal. */
  stdin: NodeJS.ReadStream;
  cwd: string;
  signal?: AbortSignal;
}

/** Reads the issue from text, a file, a GitHub URL / `owner/repo#N`, or piped stdin; empty input is bad input. */
export async function readIssue(sources: IssueSources): Promise<Issue> {
  const given = [sources.text !== undefined, sources.issueFile !== undefined, sources.url !== undefined].filter(Boolean).length;
  if (given > 1) throw badInput('give the issue one way only: TEXT, --issue-file F or --url URL.');
  if (sources.url !== undefined) return fetchIssue(sources.url, sources.signal);
  let text: string;
  if (sources.text !== undefined) {
    text = sources.text;
  } else if (sources.issueFile !== undefined) {
    const file = resolve(sources.cwd, sources.issueFile);
    text = await readFile(file, 'utf8').catch((error: Error) => {
      throw badInput(`cannot read --issue-file ${file}: ${error.message}`);
    });
  } else if (!sources.stdin.isTTY) {
    text = await readStream(sources.stdin);
  } else {
    throw badInput('no issue given: pass the issue text, --issue-file F, --url URL, or pipe it on stdin.');
  }
  if (text.trim() === '') throw badInput('the issue text is empty.');
  return issueFromText(text);
}

async function fetchIssue(url: string, signal: AbortSignal | undefined): Promise<Issue> {
  const ref = parseIssueRef(url);
  if (!ref.owner || !ref.repo) throw badInput(`--url needs an issue URL or OWNER/REPO#N, got "${url}".`);
  const token = process.env.GITHUB_TOKEN || process.env.GH_TOKEN || undefined;
  return fetchGitHubIssue(ref, { token, signal });
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
