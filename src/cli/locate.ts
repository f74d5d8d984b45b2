import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { LocateEvent } from '../common/events';
import { terminalSafe } from '../common/terminalText';
import { Locator } from '../core/locator';
import { defaultSnapshotDir } from '../tools/listingSnapshot';
import { NodeToolRunner } from '../tools/runner';
import { BRAIN_NAMES, ignoredModelFlags, ignoredModelNote, parseBrains } from './brains';
import { EXIT, badInput, checkReadableFolder, excludeFlags, intFlag, userCwd, type Command } from './command';
import { formatResult } from './format';
import { readIssue } from './issueInput';
import { onStopSignals } from './signals';

const USAGE = `Usage: codegrep locate [TEXT] [--issue-file F | --url URL] [options]

Prints the files an issue is about, best first, with line ranges and reasons. The embedded brain
also says how sure it is (high, medium or low confidence; \`confidence\` in --json) and lists,
apart and after them, the files it ranked next ("Also considered, less likely").
The issue comes from TEXT, --issue-file F, --url, or stdin when it is piped. A GitHub issue
URL, OWNER/REPO#N or #N (resolved against the repo's GitHub remote) is fetched, wherever it is given.

Options:
  --repo DIR                 repository to search (default: the current folder)
  --brain NAME               ${BRAIN_NAMES} (default: embedded)
  --endpoint URL             OpenAI-compatible server for --brain openai (or CODEGREP_ENDPOINT)
  --model NAME               served model name for --brain openai (or CODEGREP_MODEL)
  --profile NAME             model protocol: auto | codegrep | generic | fastcontext | codescout
                             (default auto: FastContext* and CodeScout* model names speak their own)
  --no-warm-start            do not give the model the embedded brain's top files as a first-turn hint
  --request-timeout S        seconds per model request
  --thinking                 let the model reason before each reply (codegrep profile; slower)
  --max-turns N              exploration turns before the answer turn (default 3)
  --max-parallel-calls N     tool calls per turn (default 8)
  --exclude GLOB             never search, list or read matching paths (repeatable; VS Code
                             files.exclude syntax, e.g. **/generated or build)
  --include-ignored          also search files .gitignore/.ignore/.rgignore hide, and node_modules/
                             (.git/ and credential files such as .env are never read)
  --json                     print the LocateResult as JSON
  --no-listing-cache         list the repo's files afresh: no on-disk copy of a big repo's file
                             listing is read or written (copies live in CODEGREP_CACHE_DIR, or
                             ~/.cache/codegrep, and are checked against the folders' times)

The API key for --brain openai is read from CODEGREP_API_KEY; for GitHub issues, the token from
GITHUB_TOKEN or GH_TOKEN and, for GitHub Enterprise, the API base from GITHUB_API_URL. Exit codes: 0 success, 1 run failure, 2 bad input.`;

/** `codegrep locate`: one issue, one repo, ranked files. */
export const locateCommand: Command = {
  summary: 'find the files an issue is about',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        'issue-file': { type: 'string' },
        url: { type: 'string' },
        repo: { type: 'string' },
        brain: { type: 'string', default: 'embedded' },
        endpoint: { type: 'string' },
        model: { type: 'string' },
        profile: { type: 'string' },
        'request-timeout': { type: 'string' },
        thinking: { type: 'boolean', default: false },
        'no-warm-start': { type: 'boolean', default: false },
        'max-turns': { type: 'string' },
        'max-parallel-calls': { type: 'string' },
        exclude: { type: 'string', multiple: true, default: [] },
        'include-ignored': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'no-listing-cache': { type: 'boolean', default: false },
      },
    });
    const cwd = userCwd();
    const repo = resolve(cwd, values.repo ?? '.');
    const isDir = await stat(repo).then((s) => s.isDirectory(), () => false);
    if (!isDir) throw badInput(`--repo ${repo} is not a folder.`);
    await checkReadableFolder(repo, '--repo');
    const modelFlags = {
      endpoint: values.endpoint,
      model: values.model,
      profile: values.profile,
      requestTimeoutSeconds: intFlag('request-timeout', values['request-timeout'], 1, 3600),
      thinking: values.thinking || undefined,
      warmStart: !values['no-warm-start'],
    };
    const specs = parseBrains(values.brain, modelFlags);
    const ignored = ignoredModelFlags(values.brain, modelFlags);
    if (ignored.length > 0) process.stderr.write(`locate: ${ignoredModelNote(ignored)}; the ${values.brain} brain ignores ${ignored.length === 1 ? 'it' : 'them'}.\n`);
    if (specs.length !== 1) throw badInput('locate runs one brain; give a single --brain.');
    const maxTurns = intFlag('max-turns', values['max-turns'], 0, 20);
    const maxParallelCalls = intFlag('max-parallel-calls', values['max-parallel-calls'], 1, 32);

    const controller = new AbortController();
    const stopSignals = onStopSignals(() => controller.abort());
    const visibility = { exclude: excludeFlags(values.exclude), includeIgnored: values['include-ignored'] };
    const snapshotDir = values['no-listing-cache'] ? undefined : defaultSnapshotDir();
    const tools = new NodeToolRunner({ roots: [repo], visibility, snapshotDir });
    try {
      const issue = await readIssue({
        text: positionals.length ? positionals.join(' ') : undefined,
        issueFile: values['issue-file'],
        url: values.url,
        stdin: process.stdin,
        cwd,
        repo,
        signal: controller.signal,
      });
      const locator = new Locator(tools.warmUp(), { maxTurns, maxParallelCalls });
      const live = !values.json && process.stderr.isTTY ? liveTrace : undefined;
      const result = await locator.locate(issue, specs[0].create(repo), { signal: controller.signal, onEvent: live, warmStart: specs[0].warmStart?.() });
      if (live) process.stderr.write('\r\x1b[2K');
      process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatResult(result)}\n`);
      return EXIT.ok;
    } finally {
      stopSignals();
      // After the answer is out: the copy of a big listing saves the next call about 0.6 s per 100k files.
      tools.finishListingCopy();
    }
  },
};

/** One redrawn status line on a terminal while the run goes. */
function liveTrace(event: LocateEvent): void {
  if (event.type === 'turn-started') {
    process.stderr.write(`\r\x1b[2Kturn ${event.turn}/${event.totalTurns}${event.final ? ' (answer)' : ''}…`);
  } else if (event.type === 'tool-call') {
    const args = terminalSafe(JSON.stringify(event.call.args));
    process.stderr.write(`\r\x1b[2Kturn ${event.turn}: ${event.call.name} ${args.length > 60 ? `${args.slice(0, 60)}…` : args}`);
  }
}
