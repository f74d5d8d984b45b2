import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
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
    input = await readCapped(createReadStream(file)).catch((error: Error) => {
      throw badInput(`cannot read --issue-file ${file}: ${error.message}`);
    });
  } else if (!sources.stdin.isTTY) {
    input = await readCapped(sources.stdin);
  } else {
    throw badInput('no issue given: pass the issue text, --issue-file F, --url URL, or pipe it on stdin.');
  }
  if (input.trim() === '') throw badInput('the issue text is empty.');
  // Every remote, so a fork's `#N` resolves upstream (issueRepositoryOf ranks upstream first).
  const remotes = async () => (await readGitInfo(sources.repo))?.remotes ?? [];
  return issueFromInput(input, { env: process.env, remotes, signal: sources.signal });
}

/**
 * Most of an issue read from a file or stdin. A brain reads far less (the embedded one at most 1,000,000 characters,
 * a model 48,000); without a cap `yes | codegrep locate` grew to 640 MB and died of "Invalid string length".
 */
export const MAX_ISSUE_BYTES = 16 * 1024 * 1024;

function noteCut(): void {
  process.stderr.write(`codegrep: the issue is longer than ${MAX_ISSUE_BYTES / (1024 * 1024)} MB; only its start is read.\n`);
}

/**
 * Reads a stream (stdin, or a file's: `/dev/zero` included) to its end or to MAX_ISSUE_BYTES, whichever comes first;
 * at the cap it stops reading, so an endless writer such as `yes` gets EPIPE and ends.
 */
function readCapped(stream: Readable): Promise<string> {
  return new Promise((resolveText, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    const text = () => new TextDecoder().decode(Buffer.concat(chunks));
    stream.on('data', (chunk: Buffer) => {
      const room = MAX_ISSUE_BYTES - kept;
      chunks.push(chunk.subarray(0, room));
      kept += Math.min(chunk.length, room);
      if (chunk.length <= room) return;
      noteCut();
      stream.destroy();
      resolveText(text());
    });
    stream.on('end', () => resolveText(text()));
    stream.on('error', reject);
  });
}
