import type { ToolCall } from '../common/tools';

/** A JSON-schema function declaration, as OpenAI-style chat APIs and the Hermes `<tools>` block expect it. */
export interface FunctionSchema {
  name: string;
  description: string;
  parameters: {
    type: 'object';
    properties: Record<string, Record<string, unknown>>;
    required: string[];
  };
}

/** Names a model may call: the three workspace tools plus `answer`. */
export type ModelToolName = 'grep' | 'glob' | 'read' | 'answer';

/** The workspace tools exactly as architecture.md's tool contract names them (no `max_hits` or `paths`: those are ours only). */
export const WORKSPACE_TOOL_SCHEMAS: readonly FunctionSchema[] = [
  {
    name: 'grep',
    description:
      'Search file contents with a ripgrep regular expression. Returns `path:line: text` lines (about 100 at most) with a note when truncated.',
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'Rust regex, e.g. `def parse_header|class Header`.' },
        path: { type: 'string', description: 'Directory or file to search, relative to the workspace root. Default: whole workspace.' },
        glob: { type: 'string', description: 'Only files matching this glob, e.g. `*.py` or `src/**/*.ts`.' },
        case_insensitive: { type: 'boolean', description: 'Ignore case. Default false.' },
        context_lines: { type: 'integer', description: 'Lines of context around each match (0-10). Default 0.' },
      },
      required: ['pattern'],
    },
  },
  {
    name: 'glob',
    description: 'List files whose workspace-relative path matches a glob, e.g. `**/*serializer*.py`. Returns about 200 paths at most.',
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'Glob pattern, e.g. `**/test_*.py`.' },
        path: { type: 'string', description: 'Directory to list under, relative to the workspace root.' },
      },
      required: ['pattern'],
    },
  },
  {
    name: 'read',
    description: 'Read numbered lines of a file (about 300 lines per call).',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path relative to the workspace root.' },
        start_line: { type: 'integer', description: 'First line, 1-based. Default 1.' },
        end_line: { type: 'integer', description: 'Last line, inclusive.' },
      },
      required: ['path'],
    },
  },
];

/** The `answer` tool of architecture.md's answer contract. */
export const ANSWER_TOOL_SCHEMA: FunctionSchema = {
  name: 'answer',
  description:
    'Finish: list only the files that must be edited to resolve the issue, most important first. Wrong files cost more than missing ones.',
  parameters: {
    type: 'object',
    properties: {
      files: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            path: { type: 'string', description: 'Workspace-relative file path.' },
            lines: { type: 'string', description: 'Optional line ranges to edit, e.g. "10-40" or "10-40,55-60".' },
            reason: { type: 'string', description: 'One line: why this file must change.' },
          },
          required: ['path', 'reason'],
        },
      },
    },
    required: ['files'],
  },
};

/** Every tool a model may call during an exploration turn. */
export const ALL_TOOL_SCHEMAS: readonly FunctionSchema[] = [...WORKSPACE_TOOL_SCHEMAS, ANSWER_TOOL_SCHEMA];

/**
 * Turns a model's `grep`/`glob`/`read` call into a typed ToolCall, keeping only contract arguments.
 * Lenient about types small models get wrong ("true", "5"); returns a model-readable error otherwise.
 */
export function toToolCall(id: string, name: string, args: unknown): { call: ToolCall } | { error: string } {
  if (!isRecord(args)) return { error: `error: arguments of ${name} must be a JSON object.` };
  if (name === 'grep') {
    const pattern = stringArg(args.pattern);
    if (!pattern) return { error: 'error: grep needs a non-empty "pattern".' };
    const call: ToolCall = { id, name, args: { pattern } };
    const path = stringArg(args.path);
    const glob = stringArg(args.glob);
    const caseInsensitive = boolArg(args.case_insensitive);
    const context = intArg(args.context_lines);
    if (path) call.args.path = path;
    if (glob) call.args.glob = glob;
    if (caseInsensitive !== undefined) call.args.case_insensitive = caseInsensitive;
    if (context !== undefined) call.args.context_lines = Math.min(10, Math.max(0, context));
    return { call };
  }
  if (name === 'glob') {
    const pattern = stringArg(args.pattern);
    if (!pattern) return { error: 'error: glob needs a non-empty "pattern".' };
    const call: ToolCall = { id, name, args: { pattern } };
    const path = stringArg(args.path);
    if (path) call.args.path = path;
    return { call };
  }
  if (name === 'read') {
    const path = stringArg(args.path) ?? stringArg(args.file) ?? stringArg(args.file_path);
    if (!path) return { error: 'error: read needs a "path".' };
    const call: ToolCall = { id, name, args: { path } };
    const start = intArg(args.start_line);
    const end = intArg(args.end_line);
    if (start !== undefined) call.args.start_line = start;
    if (end !== undefined) call.args.end_line = end;
    return { call };
  }
  return { error: `error: unknown tool "${name}". Available tools: grep, glob, read, answer.` };
}

/** Narrowing helper: a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringArg(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function boolArg(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function intArg(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : undefined;
}
