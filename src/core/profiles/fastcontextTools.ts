import type { FunctionSchema } from '../toolSchemas';

/**
 * FastContext's tools exactly as its agent sends them (microsoft/fastcontext,
 * src/fastcontext/agent/tool/{read,glob,grep}.py and *.md). The upstream repository is not in our
 * code index; these are copied from the forks that keep upstream's schemas unchanged
 * (fenril058/fastcontext, 22yune/fastcontext, Alssndr0/fastcontext agree on every parameter).
 * test/fixtures/protocols/fastcontext.json holds the same facts and a test keeps them in step.
 */

const READ_DESCRIPTION = `Reads a file from the local filesystem. Only files inside the working directory are reachable; a path
outside it is refused, whether it is given as absolute, as relative, or reached through a symlink.
It is okay to read a file that does not exist; an error will be returned.

Usage:
- You can optionally specify a line offset and limit (especially handy for long files), but it's recommended to read the whole file by not providing these parameters
- Lines in the output are numbered starting at 1, using following format: LINE_NUMBER|LINE_CONTENT
- You have the capability to call multiple tools in a single response, and they run concurrently. It is always better to speculatively read multiple files as a batch that are potentially useful.
- If you read a file that exists but has empty contents you will receive 'File is empty.'
- Any lines longer than 2000 characters will be truncated to 2000 characters with '...' appended to the end.
- Any file content that exceeds the 2000 lines will be truncated to 2000 lines with '...' appended to the end.
`;

const GLOB_DESCRIPTION = `- Fast file pattern matching tool that works with any codebase size
- Supports glob patterns like "**/*.js" or "src/**/*.ts"
- Returns matching file paths in the order ripgrep walks the tree; that order is not meaningful, so do not read anything into which file comes first
- Only files inside the working directory are reachable; a directory outside it is refused
- Results are capped at 100 paths, and the output says so when it truncates. Narrow the directory or the pattern rather than expecting more
- Use this tool when you need to find files by name patterns
- When you are doing an open ended search that may require multiple rounds of globbing and grepping, issue those calls yourself; there is no sub-agent to delegate to
- You have the capability to call multiple tools in a single response, and they run concurrently. It is always better to speculatively perform multiple searches as a batch that are potentially useful.
`;

const GREP_DESCRIPTION = `A powerful search tool built on ripgrep
Usage:
- Prefer using Grep for search tasks when you know the exact symbols or strings to search for. Whenever possible, use this tool instead of invoking grep or rg as a terminal command.
- Supports full regex syntax (e.g., "log.*Error", "function\\s+\\w+")
- Filter files with glob parameter (e.g., ".js", "**/.tsx") or type parameter (e.g., "js", "py", "rust")
- Output modes: "content" shows matching lines (default), "files_with_matches" shows only file paths, "count" shows match counts
- Pattern syntax: Uses ripgrep (not grep) - literal braces need escaping (use interface\\{\\} to find interface{} in Go code)
- Multiline matching: By default patterns match within single lines only. For cross-line patterns like struct \\{[\\s\\S]*?field, use multiline: true
- Results are capped to 100 output lines for responsiveness; when truncation occurs the output ends with a "Results truncated" line. Narrow the pattern, path, or glob rather than expecting more lines.
- Content output formatting closely follows ripgrep output format: '-' for context lines, ':' for match lines, and all context/match lines below each file group.`;

/** `Read{path, offset, limit}`. */
export const FC_READ: FunctionSchema = {
  name: 'Read',
  description: READ_DESCRIPTION,
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'The absolute path of the file to read.' },
      offset: {
        type: 'integer',
        description: 'The line number to start reading from. Positive values are 1-indexed from the start of the file. Only provide if the file is too large to read at once.',
      },
      limit: { type: 'integer', description: 'The number of lines to read. Only provide if the file is too large to read at once.' },
    },
    required: ['path'],
  },
};

/** `Glob{directory, pattern}`. */
export const FC_GLOB: FunctionSchema = {
  name: 'Glob',
  description: GLOB_DESCRIPTION,
  parameters: {
    type: 'object',
    properties: {
      directory: {
        type: 'string',
        description: 'The absolute path of the directory to search in. If not provided, the current working directory will be used.',
      },
      pattern: { type: 'string', description: 'The glob pattern to match files or directories.' },
    },
    required: ['pattern'],
  },
};

/** `Grep{pattern, path, glob, output_mode, -B, -A, -C, -n, -i, type, head_limit, multiline}`. */
export const FC_GREP: FunctionSchema = {
  name: 'Grep',
  description: GREP_DESCRIPTION,
  parameters: {
    type: 'object',
    properties: {
      pattern: { type: 'string', description: 'The regular expression pattern to search for in file contents' },
      path: { type: 'string', description: 'File or directory to search in (rg pattern -- PATH). Defaults to current working directory.' },
      glob: { type: 'string', description: 'Glob pattern to filter files (e.g. "*.js", "*.{ts,tsx}") - maps to rg --glob' },
      output_mode: {
        type: 'string',
        enum: ['content', 'files_with_matches', 'count'],
        description:
          'Output mode: "content" shows matching lines (supports -A/-B/-C context, -n line numbers, head_limit), "files_with_matches" shows file paths (supports head_limit), "count" shows match counts (supports head_limit). Defaults to "files_with_matches".',
      },
      '-B': { type: 'number', description: 'Number of lines to show before each match (rg -B). Requires output_mode: "content", ignored otherwise.' },
      '-A': { type: 'number', description: 'Number of lines to show after each match (rg -A). Requires output_mode: "content", ignored otherwise.' },
      '-C': { type: 'number', description: 'Number of lines to show before and after each match (rg -C). Requires output_mode: "content", ignored otherwise.' },
      '-n': { type: 'boolean', description: 'Show line numbers in output (rg -n). Requires output_mode: "content", ignored otherwise. Defaults to true.' },
      '-i': { type: 'boolean', description: 'Case insensitive search (rg -i)' },
      type: {
        type: 'string',
        description: 'File type to search (rg --type). Common types: js, py, rust, go, java, etc. More efficient than include for standard file types.',
      },
      head_limit: {
        type: 'number',
        minimum: 0,
        description:
          'Limit output to first N lines/entries, equivalent to "| head -N". Works across all output modes: content (limits output lines), files_with_matches (limits file paths), count (limits count entries). When unspecified, shows all results from ripgrep.',
      },
      multiline: {
        type: 'boolean',
        description: 'Enable multiline mode where . matches newlines and patterns can span lines (rg -U --multiline-dotall). Default: false.',
      },
    },
    required: ['pattern'],
  },
};

/** FastContext's system prompt template (src/fastcontext/agent/system.md, `${…}` variables). */
export const FC_SYSTEM_TEMPLATE = `You are a codebase exploration specialist focused exclusively on searching and analyzing existing code.
Your main goal is to explore the codebase based on a query, which are denoted by the <query> tag.

Your strengths:
- Rapidly finding files using glob patterns
- Searching code and text with powerful regex patterns
- Reading and analyzing file contents

Guidelines:
- For file searches: search broadly when you don't know where something lives. Use Read when you know the specific file path.
- For analysis: Start broad and narrow down. Use multiple search strategies if the first doesn't yield results.
- Be thorough: Check multiple locations, consider different naming conventions, look for related files.

NOTE: You are meant to be a fast agent that returns output as quickly as possible. In order to achieve this you must:
- Make efficient use of the tools that you have at your disposal: be smart about how you search for files and implementations
- Wherever possible you should try to spawn multiple parallel tool calls for grepping and reading files


## Required Output

End your response with an optional brief explanation of your findings (no more than 50 words), followed by a \`<final_answer>\` tag containing the relevant file paths and line ranges.

<example>
The core routing logic lives in two files.

<final_answer>
/absolute/path/to/file_1.py:10-15 (Optional Brief Reason: e.g., "Core logic to modify")
/absolute/path/to/file_2.js:102-123
</final_answer></example>

## Working Environment

OS Version: \${OS_KIND}

Shell: \${SHELL_NAME}

Workspace Path: \${WORK_DIR}

The directory listing of the workspace is:
\`\`\`
\${WORK_DIR_LS}
\`\`\`

Now, complete the user's search request efficiently and report your findings clearly.`;

/** The user message FastContext's agent sends when the turn budget is spent (agent.py). */
export const FC_MAX_TURNS_MESSAGE = 'Max number of turns reached. Please provide the final answer based on the information you have gathered.';
