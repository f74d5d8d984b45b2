import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { toErrorInfo } from '../common/errors';
import { formatForModel } from '../common/handoffText';
import type { LocateResult } from '../common/result';
import { Locator } from '../core/locator';
import { NodeToolRunner } from '../tools/runner';
import { BRAIN_NAMES, parseBrains, type ModelFlags } from './brains';
import { EXIT, badInput, userCwd, type Command } from './command';
import { readGitInfo } from '../tools/git';
import { issueFromInput } from '../tools/github';
import { VERSION } from './version';

const USAGE = `Usage: codegrep mcp [--repo DIR] [--brain NAME] [options]

Serves the MCP tool "locate_files" over stdio, so Claude Code, Cursor, Cline and other MCP
clients can ask CodeGrep which files an issue is about before they edit.

  claude mcp add codegrep -- npx codegrep mcp

Options:
  --repo DIR          default repository when a call gives no "repo" (default: the current folder)
  --brain NAME        default brain: ${BRAIN_NAMES} (default: embedded)
  --endpoint URL      OpenAI-compatible server for --brain openai (or CODEGREP_ENDPOINT)
  --model NAME        served model name (or CODEGREP_MODEL); the key comes from CODEGREP_API_KEY
  --profile NAME      model protocol: auto | codegrep | generic | fastcontext | codescout

Issue URLs and OWNER/REPO#N are fetched from GitHub with GITHUB_TOKEN (and GITHUB_API_URL for
GitHub Enterprise); #N is resolved against the repository's GitHub remote.`;

const INSTRUCTIONS =
  'CodeGrep locates the files a coding issue is about (usually 1-3, with line ranges and reasons) with a bounded, read-only ' +
  'grep/glob/read search. Call locate_files with the issue text or URL before exploring the repository yourself, then open the files it returns.';

/** Defaults the server applies when a call leaves them out. */
export interface McpServerDefaults {
  repo: string;
  brain: string;
  flags: ModelFlags;
  env: Record<string, string | undefined>;
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
        brain: z.string().optional().describe(`Brain: ${BRAIN_NAMES}. Default: the server's (embedded unless configured).`),
      },
      outputSchema: {
        files: z.array(z.object({ path: z.string(), ranges: z.array(z.tuple([z.number(), z.number()])), reason: z.string() })),
        rejected: z.array(z.object({ path: z.string(), reason: z.string() })),
        brain: z.string(),
        repo: z.string(),
        issueTitle: z.string(),
        usage: z.object({ turns: z.number(), toolCalls: z.number(), ms: z.number() }),
      },
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ issue, repo, maxFiles, brain }, extra) => {
      try {
        const root = await repoFolder(repo, defaults.repo);
        const [spec] = parseBrains(brain ?? defaults.brain, defaults.flags);
        // Every remote, so a fork's `#N` resolves upstream (issueRepositoryOf ranks upstream first).
        const remotes = async () => (await readGitInfo(root))?.remotes ?? [];
        const resolved = await issueFromInput(issue, { env: defaults.env, remotes, signal: extra.signal });
        const progressToken = extra._meta?.progressToken;
        const locator = new Locator(new NodeToolRunner({ roots: [root] }));
        const result = await locator.locate(resolved, spec.create(root), {
          signal: extra.signal,
          warmStart: spec.warmStart?.(),
          onEvent: (event) => {
            if (progressToken === undefined || event.type !== 'turn-started') return;
            const message = event.final ? 'answering' : `searching (turn ${event.turn} of ${event.totalTurns})`;
            void extra
              .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: event.turn - 1, total: event.totalTurns, message } })
              .catch(() => undefined);
          },
        });
        return toolResult(result, root, maxFiles);
      } catch (error) {
        const info = toErrorInfo(error);
        return { isError: true, content: [{ type: 'text' as const, text: `CodeGrep could not locate files (${info.code}): ${info.message}` }] };
      }
    },
  );
  return server;
}

function toolResult(result: LocateResult, root: string, maxFiles: number | undefined) {
  const candidates = maxFiles ? result.candidates.slice(0, maxFiles) : result.candidates;
  const text = formatForModel({ candidates, rejected: result.rejected, brain: result.brain });
  return {
    content: [{ type: 'text' as const, text }],
    structuredContent: {
      files: candidates.map((c) => ({ path: c.path, ranges: c.ranges ?? [], reason: c.reason })),
      rejected: result.rejected,
      brain: result.brain,
      repo: root,
      issueTitle: result.issue.title,
      usage: { turns: result.usage.turns, toolCalls: result.usage.toolCalls, ms: result.usage.ms },
    },
  };
}

async function repoFolder(repo: string | undefined, fallback: string): Promise<string> {
  const folder = repo ? (isAbsolute(repo) ? repo : resolve(fallback, repo)) : fallback;
  const isDir = await stat(folder).then((s) => s.isDirectory(), () => false);
  if (!isDir) throw badInput(`repo "${folder}" is not a folder. Pass the repository's absolute path.`);
  return folder;
}

/** `codegrep mcp`: the stdio MCP server; runs until the client closes stdin. */
export const mcpCommand: Command = {
  summary: 'serve locate_files to MCP clients (Claude Code, Cursor, Cline) over stdio',
  usage: USAGE,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        repo: { type: 'string' },
        brain: { type: 'string', default: 'embedded' },
        endpoint: { type: 'string' },
        model: { type: 'string' },
        profile: { type: 'string' },
      },
    });
    const flags: ModelFlags = { endpoint: values.endpoint, model: values.model, profile: values.profile };
    parseBrains(values.brain, flags); // a bad default brain is a startup error (exit 2), not a failed call later
    const repo = await repoFolder(values.repo ? resolve(userCwd(), values.repo) : undefined, userCwd());
    const server = createMcpServer({ repo, brain: values.brain, flags, env: process.env });
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolveClosed) => {
      transport.onclose = () => resolveClosed();
      process.stdin.once('end', () => resolveClosed());
    });
    await server.connect(transport);
    process.stderr.write(`codegrep mcp ${VERSION}: serving locate_files for ${repo}\n`);
    await closed;
    await server.close().catch(() => undefined);
    return EXIT.ok;
  },
};
