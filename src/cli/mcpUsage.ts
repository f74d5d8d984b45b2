import { BRAIN_NAMES } from './brains';

// `codegrep mcp`'s help lives apart from the server (mcp.ts), so that every other command, `--help` and `--version`
// start without loading the MCP SDK and zod: about 65 ms of a CLI call's 310 ms start on this machine.

export const MCP_SUMMARY = 'serve locate_files to MCP clients (Claude Code, Cursor, Cline) over stdio';

export const MCP_USAGE = `Usage: codegrep mcp [--repo DIR] [--brain NAME] [options]

Serves the MCP tool "locate_files" over stdio, so Claude Code, Cursor, Cline and other MCP
clients can ask CodeGrep which files an issue is about before they edit.

  claude mcp add codegrep -- npx codegrep mcp

Options:
  --repo DIR          default repository when a call gives no "repo" (default: the current folder);
                      a call's "repo" must lie inside it
  --allow-repo DIR    also accept a call's "repo" inside DIR (repeatable)
  --exclude GLOB      never search, list or read matching paths (repeatable; files.exclude syntax)
  --include-ignored   also search ignored files and node_modules/ (never .git/ or .env-style files)
  --no-listing-cache  no on-disk copy of a big repo's file listing (CODEGREP_CACHE_DIR or ~/.cache/codegrep)
  --brain NAME        default brain: ${BRAIN_NAMES} (default: embedded)
  --endpoint URL      OpenAI-compatible server for --brain openai (or CODEGREP_ENDPOINT)
  --model NAME        served model name (or CODEGREP_MODEL); the key comes from CODEGREP_API_KEY
  --profile NAME      model protocol: auto | codegrep | generic | fastcontext | codescout

Issue URLs and OWNER/REPO#N are fetched from GitHub with GITHUB_TOKEN (and GITHUB_API_URL for
GitHub Enterprise); #N is resolved against the repository's GitHub remote.`;
