import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { toErrorInfo } from '../common/errors';
import { formatForModel } from '../common/handoffText';
import { terminalSafe } from '../common/terminalText';
import type { Candidate, LocateResult } from '../common/result';
import { Locator } from '../core/locator';
import { defaultSnapshotDir } from '../tools/listingSnapshot';
import { NodeToolRunner } from '../tools/runner';
import type { VisibilityPolicy } from '../tools/visibility';
import { BRAIN_NAMES, parseBrains, type ModelFlags } from './brains';
import { EXIT, badInput, checkReadableFolder, excludeFlags, userCwd, type Command } from './command';
import { readGitInfo } from '../tools/git';
import { issueFromInput } from '../tools/github';
import { MCP_MAX_MESSAGE_BYTES, McpLineGuard } from './mcpLineGuard';
import { MCP_SUMMARY, MCP_USAGE } from './mcpUsage';
import { onStopSignals } from './signals';
import { VERSION } from './version';

const INSTRUCTIONS =
  'CodeGrep locates the files a coding issue is about (usually 1-3, with line ranges and reasons) with a bounded, read-only ' +
  'grep/glob/read search. Call locate_files with the issue text or URL before exploring the repository yourself, then open the files it returns. ' +
  'When it says its confidence is low, check the files against the issue before relying on them.';

/** Defaults the server applies when a call leaves them out. */
export interface McpServerDefaults {
  repo: string;
  brain: string;
  flags: ModelFlags;
  env: Record<string, string | undefined>;
  /** Folders besides `repo` that a call's `repo` may lie in (`--allow-repo`). */
  allowedRepos?: readonly string[];
  /** What the tools may see (`--exclude`, `--include-ignored`). */
  visibility?: VisibilityPolicy;
  /** Where copies of big repos' file listings are kept between calls (listingSnapshot.ts); none when undefined. */
  snapshotDir?: string;
  /** Aborts every call in flight (the server is shutting down on a signal). */
  shutdown?: AbortSignal;
  /** Gets each call's promise, so a shutdown can wait until their rg children are gone. */
  track?: (call: Promise<unknown>) => void;
}

/** Builds the MCP server with its `locate_files` tool (exported so tests and embedders can connect any transport). */
export function createMcpServer(defaults: McpServerDefaults): McpServer {
  const server = new McpServer({ name: 'codegrep', title: 'CodeGrep', version: VERSION }, { instructions: INSTRUCTIONS });
  server.registerTool(
    'locate_files',
    {
      title: 'Locate files for an issue',
      description:
        'Find the files that must be edited to resolve a coding issue, best first, with line ranges and a one-line reason each. ' +
        'Read-only: runs a few rounds of grep/glob/read over the repository. `issue` may be the issue text, a GitHub issue or pull request URL, OWNER/REPO#N, or #N.',
      inputSchema: {
        issue: z.string().min(1).describe('Issue text, a GitHub issue/PR URL, OWNER/REPO#N, or #N (resolved against the repo remote).'),
        repo: z.string().optional().describe('Repository folder to search (absolute, or relative to the server folder). Default: the server folder.'),
        maxFiles: z.number().int().min(1).max(50).optional().describe('Most files to return (default: all located, usually 1-5).'),
        includeRunnersUp: z
          .boolean()
          .optional()
          .describe('Also list the files ranked next, below the answer: less likely, for when the answer proved wrong or its confidence is low (default false).'),
        brain: z.string().optional().describe(`Brain: ${BRAIN_NAMES}. Default: the server's (embedded unless configured).`),
      },
      outputSchema: {
        files: z.array(z.object({ path: z.string(), ranges: z.array(z.tuple([z.number(), z.number()])), reason: z.string() })),
        rejected: z.array(z.object({ path: z.string(), reason: z.string() })),
        alsoConsidered: z.array(z.object({ path: z.string(), ranges: z.array(z.tuple([z.number(), z.number()])), reason: z.string() })).optional(),
        confidence: z
          .object({ level: z.enum(['high', 'medium', 'low']), probability: z.number() })
          .optional()
          .describe("How sure the brain is of its best file (the built-in brain only); at 'low', check the files before relying on them."),
        brain: z.string(),
        repo: z.string(),
        issueTitle: z.string(),
        usage: z.object({ turns: z.number(), toolCalls: z.number(), ms: z.number() }),
      },
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ issue, repo, maxFiles, includeRunnersUp, brain }, extra) => {
      const call = locateCall(defaults, { issue, repo, maxFiles, includeRunnersUp, brain }, extra);
      defaults.track?.(call);
      return call;
    },
  );
  return server;
}

type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** One locate_files call; every failure comes back as a tool error the agent can read, redacted. */
async function locateCall(
  defaults: McpServerDefaults,
  { issue, repo, maxFiles, includeRunnersUp, brain }: { issue: string; repo?: string; maxFiles?: number; includeRunnersUp?: boolean; brain?: string },
  extra: ToolExtra,
) {
  const signal = defaults.shutdown ? AbortSignal.any([extra.signal, defaults.shutdown]) : extra.signal;
  try {
    const root = await repoFolder(repo, defaults.repo, defaults.allowedRepos ?? []);
    const [spec] = parseBrains(brain ?? defaults.brain, defaults.flags);
    // Every remote, so a fork's `#N` resolves upstream (issueRepositoryOf ranks upstream first).
    const remotes = async () => (await readGitInfo(root))?.remotes ?? [];
    const resolved = await issueFromInput(issue, { env: defaults.env, remotes, signal });
    const progressToken = extra._meta?.progressToken;
    const tools = new NodeToolRunner({ roots: [root], visibility: defaults.visibility, snapshotDir: defaults.snapshotDir });
    const locator = new Locator(tools.warmUp());
    const result = await locator.locate(resolved, spec.create(root), {
      signal,
      warmStart: spec.warmStart?.(),
      onEvent: (event) => {
        if (progressToken === undefined || event.type !== 'turn-started') return;
        const message = event.final ? 'answering' : `searching (turn ${event.turn} of ${event.totalTurns})`;
        void extra
          .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: event.turn - 1, total: event.totalTurns, message } })
          .catch(() => undefined);
      },
    });
    return toolResult(result, root, maxFiles, includeRunnersUp === true);
  } catch (error) {
    const info = toErrorInfo(error);
    return { isError: true, content: [{ type: 'text' as const, text: `CodeGrep could not locate files (${info.code}): ${terminalSafe(info.message, true)}` }] };
  }
}

function toolResult(result: LocateResult, root: string, maxFiles: number | undefined, includeRunnersUp: boolean) {
  const candidates = maxFiles ? result.candidates.slice(0, maxFiles) : result.candidates;
  // Only on request: an agent pays for every file it is handed, and most runners-up are not the fix.
  const alsoConsidered = includeRunnersUp ? result.alsoConsidered : undefined;
  // The confidence is about the whole answer: a caller that cut it short still gets the brain's word on its best file.
  const text = formatForModel({ ...result, candidates, includeRunnersUp });
  // Paths stay exact (a client opens them); a reason is a model's text, shown as text.
  const entry = (c: Candidate) => ({ path: c.path, ranges: c.ranges ?? [], reason: terminalSafe(c.reason) });
  return {
    content: [{ type: 'text' as const, text }],
    structuredContent: {
      files: candidates.map(entry),
      ...(alsoConsidered?.length ? { alsoConsidered: alsoConsidered.map(entry) } : {}),
      ...(result.confidence ? { confidence: result.confidence } : {}),
      rejected: result.rejected,
      brain: result.brain,
      repo: root,
      issueTitle: result.issue.title,
      usage: { turns: result.usage.turns, toolCalls: result.usage.toolCalls, ms: result.usage.ms },
    },
  };
}

/**
 * The folder a call searches: the server's own repo, or a folder inside it or inside an
 * `--allow-repo` folder (real paths, so a symlink cannot lead out). With a remote brain, a call's
 * `repo: "/"` would otherwise send files from anywhere on the machine to the model.
 */
async function repoFolder(repo: string | undefined, fallback: string, allowed: readonly string[]): Promise<string> {
  const folder = repo ? (isAbsolute(repo) ? repo : resolve(fallback, repo)) : fallback;
  const isDir = await stat(folder).then((s) => s.isDirectory(), () => false);
  if (!isDir) throw badInput(`repo "${folder}" is not a folder. Pass the repository's absolute path.`);
  await checkReadableFolder(folder, 'repo');
  if (repo === undefined) return folder;
  const real = await realpath(folder);
  const roots = await Promise.all([fallback, ...allowed].map((dir) => realpath(dir).catch(() => resolve(dir))));
  if (!roots.some((root) => isInside(root, real))) {
    throw badInput(`repo "${folder}" is outside the folders this server may search (${[fallback, ...allowed].join(', ')}). Start the server with --repo or --allow-repo for it.`);
  }
  // The real path that was checked, not the name: a symlink switched after the check must not lead the search out.
  return real;
}

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** `codegrep mcp`: the stdio MCP server; runs until the client closes stdin. */
export const mcpCommand: Command = {
  summary: MCP_SUMMARY,
  usage: MCP_USAGE,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        repo: { type: 'string' },
        'allow-repo': { type: 'string', multiple: true, default: [] },
        exclude: { type: 'string', multiple: true, default: [] },
        'include-ignored': { type: 'boolean', default: false },
        'no-listing-cache': { type: 'boolean', default: false },
        brain: { type: 'string', default: 'embedded' },
        endpoint: { type: 'string' },
        model: { type: 'string' },
        profile: { type: 'string' },
      },
    });
    const flags: ModelFlags = { endpoint: values.endpoint, model: values.model, profile: values.profile };
    parseBrains(values.brain, flags); // a bad default brain is a startup error (exit 2), not a failed call later
    const cwd = userCwd();
    const repo = await repoFolder(undefined, values.repo ? resolve(cwd, values.repo) : cwd, []);
    const allowedRepos = [];
    for (const dir of values['allow-repo']) allowedRepos.push(await repoFolder(undefined, resolve(cwd, dir), []));
    const shutdown = new AbortController();
    const inFlight = new Set<Promise<unknown>>();
    const track = (call: Promise<unknown>) => {
      inFlight.add(call);
      void call.finally(() => inFlight.delete(call));
    };
    const visibility = { exclude: excludeFlags(values.exclude), includeIgnored: values['include-ignored'] };
    const snapshotDir = values['no-listing-cache'] ? undefined : defaultSnapshotDir();
    const server = createMcpServer({ repo, brain: values.brain, flags, env: process.env, allowedRepos, visibility, snapshotDir, shutdown: shutdown.signal, track });
    // The SDK closes stdio silently on a message over its buffer; the guard answers such a line with an error instead.
    const reply = (id: string | number | null, code: number, message: string) =>
      void transport.send({ jsonrpc: '2.0', id: id as string | number, error: { code, message } }).catch(() => undefined);
    const guard = new McpLineGuard(
      MCP_MAX_MESSAGE_BYTES,
      (id, bytes) => {
        process.stderr.write(`codegrep mcp: dropped a ${bytes}-byte message (over ${MCP_MAX_MESSAGE_BYTES} bytes)\n`);
        reply(id, -32600, `message too large: ${bytes} bytes, over the ${MCP_MAX_MESSAGE_BYTES}-byte limit; send a shorter issue text or its URL.`);
      },
      (id, code, message) => {
        process.stderr.write(`codegrep mcp: ${message}\n`);
        reply(id, code, message);
      },
    );
    process.stdin.pipe(guard);
    const transport = new StdioServerTransport(guard, process.stdout, { maxBufferSize: MCP_MAX_MESSAGE_BYTES + 1024 });
    let stoppedBy: NodeJS.Signals | undefined;
    const closed = new Promise<void>((resolveClosed) => {
      transport.onclose = () => resolveClosed();
      // The client closed stdin (MCP's stdio shutdown): no one can read a result any more, so calls in flight stop
      // (and stop sending the repository to a model server) instead of running to their end.
      process.stdin.once('end', () => {
        shutdown.abort();
        resolveClosed();
      });
      onStopSignals((signal) => {
        stoppedBy = signal;
        shutdown.abort();
        resolveClosed();
      });
    });
    server.server.onerror = (error) => process.stderr.write(`codegrep mcp: ${toErrorInfo(error).message}\n`);
    await server.connect(transport);
    process.stderr.write(`codegrep mcp ${VERSION}: serving locate_files for ${repo}\n`);
    await closed;
    // Calls in flight end (and kill their rg) before the process does.
    await Promise.allSettled([...inFlight]);
    await server.close().catch(() => undefined);
    // An open stdin would keep the process alive after a signal.
    process.stdin.unpipe(guard);
    process.stdin.destroy();
    if (stoppedBy) process.stderr.write(`codegrep mcp: stopped by ${stoppedBy}\n`);
    return stoppedBy ? EXIT.interrupted : EXIT.ok;
  },
};
