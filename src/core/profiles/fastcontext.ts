import { FILE_TYPE_GLOBS, joinGlobs } from '../../common/fileTypes';
import { parseGrepText } from '../../common/grepText';
import type { GrepArgs, ToolResult } from '../../common/tools';
import { parseAnswerText } from '../answer';
import { promptIssueText } from '../prompt';
import { numberedLines } from '../numberedLines';
import type { CitedFile } from '../brain';
import { FC_GLOB, FC_GREP, FC_MAX_TURNS_MESSAGE, FC_READ, FC_SYSTEM_TEMPLATE } from './fastcontextTools';
import { hintText } from './hint';
import { absoluteIn, relativeIn, systemOs, systemShell } from './paths';
import type { MappedCall, ProfileContext, ProtocolProfile } from './types';

/** FastContext caps Glob and Grep output at 100 lines, and says so in these words. */
const OUTPUT_LINES = 100;

const reminder = (text: string) => `<system-reminder>${text}</system-reminder>`;

/** Microsoft FastContext (FastContext-1.0-4B-SFT/-RL): capitalised Read/Glob/Grep over absolute paths, `<final_answer>` text. */
export const FASTCONTEXT_PROFILE: ProtocolProfile = {
  name: 'fastcontext',
  description: 'Microsoft FastContext-1.0 (4B SFT/RL): its own prompt, Read/Glob/Grep on absolute paths, <final_answer> citations, 4 turns.',
  // agent.py: `max_turns` (default 4) tool turns, then one more with the "answer now" message.
  budget: { maxTurns: 4, maxCalls: 16 },
  paths: 'absolute',
  needsWorkspace: true,
  // llm.py: temperature 0.7, top_p 0.95, max_completion_tokens 4096; for Qwen models top_k 20 and thinking off.
  sampling: { temperature: 0.7, topP: 0.95, topK: 20, maxTokens: 4096, thinkingKwarg: 'enable_thinking', thinkingDefault: false },
  tools: [FC_READ, FC_GLOB, FC_GREP],
  // The agent keeps its tools on the last turn; the message alone asks for the answer.
  answerTurnTools: [FC_READ, FC_GLOB, FC_GREP],
  systemPrompt(ctx, toolsBlock) {
    const vars: Record<string, string> = {
      OS_KIND: ctx.os ?? systemOs(),
      SHELL_NAME: ctx.shell ?? systemShell(),
      WORK_DIR: ctx.root,
      WORK_DIR_LS: listing(ctx.entries),
    };
    const text = FC_SYSTEM_TEMPLATE.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => vars[name] ?? whole);
    return toolsBlock ? `${text}\n\n${toolsBlock}` : text;
  },
  firstMessage: (issue, ctx, hint) => `<query>\n${promptIssueText(issue)}\n</query>${hintText(hint, (p) => absoluteIn(ctx, p))}`,
  turnNote: () => undefined,
  finalNote: () => FC_MAX_TURNS_MESSAGE,
  answerReminder: () => `${FC_MAX_TURNS_MESSAGE} Do not call tools: end with the <final_answer> block.`,
  mapCall: (id, name, args, ctx) => mapFastContextCall(id, name, args, ctx),
  parseAnswerText(text, mode) {
    return parseAnswerText(text, mode)?.map(stripReasonParens);
  },
  formatError: (text) => reminder(text.replace(/^error:\s*/, '')),
};

/** Top-level names shown in the prompt; a root with thousands of files would crowd out the query. */
const MAX_LISTING = 300;

/** The workspace's top level as `os.listdir` prints it (names only), capped. */
function listing(entries: readonly string[]): string {
  const names = entries.slice(0, MAX_LISTING).map((e) => e.replace(/\/$/, ''));
  if (entries.length > MAX_LISTING) names.push(`... (${entries.length - MAX_LISTING} more)`);
  return names.join('\n');
}

/** `/a/b.py:10-15 (Core logic to modify)` gives the reason `(Core logic to modify)`; keep what is inside. */
function stripReasonParens(file: CitedFile): CitedFile {
  const inner = /^\((.*)\)$/.exec(file.reason.trim());
  return inner ? { ...file, reason: inner[1].replace(/^Optional Brief Reason:\s*/i, '').replace(/^"(.*)"$/, '$1') } : file;
}

function mapFastContextCall(id: string, name: string, args: Record<string, unknown>, ctx: ProfileContext): MappedCall {
  if (name === 'Read') return mapRead(id, args, ctx);
  if (name === 'Glob') return mapGlob(id, args, ctx);
  if (name === 'Grep') return mapGrep(id, args, ctx);
  // tool.py's ToolSet answers an unknown name with exactly this.
  return { kind: 'refused', text: `Tool \`${name}\` not found.` };
}

/** A path argument inside the workspace, or FastContext's permission error. */
function inside(ctx: ProfileContext, value: unknown): { rel: string; shown: string } | { refused: string } | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const rel = relativeIn(ctx, value);
  if (rel === undefined) return { refused: reminder(`Permission error: \`${value}\` is not within the working directory \`${ctx.root}\``) };
  return { rel, shown: value.startsWith('/') ? value : absoluteIn(ctx, rel) };
}

function positiveInt(value: unknown): number | undefined | 'bad' {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 'bad';
}

function mapRead(id: string, args: Record<string, unknown>, ctx: ProfileContext): MappedCall {
  const where = inside(ctx, args.path);
  if (where === undefined) return { kind: 'refused', text: reminder('Error: file path is required') };
  if ('refused' in where) return { kind: 'refused', text: where.refused };
  const offset = positiveInt(args.offset);
  if (offset === 'bad') return { kind: 'refused', text: reminder('Error: offset must be a positive integer') };
  const limit = positiveInt(args.limit);
  if (limit === 'bad') return { kind: 'refused', text: reminder('Error: limit must be a positive integer') };
  const start = offset ?? 1;
  const call = { id, name: 'read' as const, args: { path: where.rel, start_line: start, ...(limit ? { end_line: start + limit - 1 } : {}) } };
  return { kind: 'run', call, format: (result) => formatRead(result, where.shown) };
}

/** Our numbered read as FastContext's fenced `path:start-end` block of `N|line` lines. */
function formatRead(result: ToolResult, shown: string): string {
  if (result.error) {
    const message = result.error.replace(/^error:\s*/, '');
    if (/does not exist/.test(message)) return reminder(`Error: ${shown} does not exist`);
    const past = /^start_line (\d+) is past the end of .* \((\d+) lines\)/.exec(message);
    if (past) return reminder(`Error: offset ${past[1]} is past the end of ${shown} (${past[2]} lines)`);
    return reminder(`Error: ${message.replace(/use glob/, 'use Glob')}`);
  }
  const info = result.read;
  if (!info || info.totalLines === 0 || info.endLine === 0) return 'File is empty.';
  const lines = numberedLines(result).map(([n, text]) => `${n}|${text}`);
  if (result.truncated) lines.push('...');
  const block = `\`\`\`${shown}:${info.startLine}-${info.endLine}\n${lines.join('\n')}\n\`\`\``;
  if (!result.truncated) return block;
  const of = info.totalLines !== undefined ? ` of ${info.totalLines}` : '';
  return `${block}\n${reminder(`Showing lines ${info.startLine}-${info.endLine}${of}; call Read with offset=${info.endLine + 1} for more.`)}`;
}

function mapGlob(id: string, args: Record<string, unknown>, ctx: ProfileContext): MappedCall {
  const pattern = typeof args.pattern === 'string' ? args.pattern : '';
  if (pattern.trim() === '') return { kind: 'refused', text: reminder('Error: pattern is required') };
  const where = inside(ctx, args.directory);
  if (where && 'refused' in where) return { kind: 'refused', text: where.refused };
  const call = { id, name: 'glob' as const, args: { pattern, ...(where && where.rel ? { path: where.rel } : {}) } };
  return {
    kind: 'run',
    call,
    format(result) {
      if (result.error) {
        const message = result.error.replace(/^error:\s*/, '');
        return reminder(/does not exist|not a folder|is a file/.test(message) ? `Error: directory \`${String(args.directory)}\` does not exist or is not a directory.` : `Error: ${message}`);
      }
      const paths = (result.paths ?? []).map((p) => absoluteIn(ctx, p));
      if (paths.length === 0) return 'No files found';
      const shown = paths.slice(0, OUTPUT_LINES);
      if (result.count > OUTPUT_LINES) shown.push(`Results are truncated: showing first ${OUTPUT_LINES} results. Consider using a more specific path or pattern.`);
      return shown.join('\n');
    },
  };
}

type OutputMode = 'content' | 'files_with_matches' | 'count' | 'plain';

function mapGrep(id: string, args: Record<string, unknown>, ctx: ProfileContext): MappedCall {
  const pattern = typeof args.pattern === 'string' ? args.pattern : '';
  if (pattern === '') return { kind: 'refused', text: reminder('Error: pattern is required') };
  const where = inside(ctx, args.path);
  if (where && 'refused' in where) return { kind: 'refused', text: where.refused };
  const raw = args.output_mode;
  // grep.py passes output_mode through: unset (or unknown) adds neither -n nor context, nor -l.
  const mode: OutputMode = raw === 'content' || raw === 'files_with_matches' || raw === 'count' ? raw : 'plain';
  const grepArgs: GrepArgs = { pattern };
  if (where?.rel) grepArgs.path = where.rel;
  const globs = typeof args.glob === 'string' && args.glob.trim() ? [args.glob.trim()] : [];
  const type = typeof args.type === 'string' ? FILE_TYPE_GLOBS[args.type.toLowerCase()] : undefined;
  if (typeof args.type === 'string' && !type) return { kind: 'refused', text: reminder(`Error: unrecognized file type: ${args.type}`) };
  if (type && globs.length === 0) globs.push(...type);
  if (globs.length) grepArgs.glob = joinGlobs(globs);
  if (args['-i'] === true || args['-i'] === 'true') grepArgs.case_insensitive = true;
  if (mode === 'content') {
    // grep.py's default context is -C 3 in content mode.
    const context = Math.max(...['-A', '-B', '-C'].map((k) => (typeof args[k] === 'number' ? (args[k] as number) : k === '-C' ? 3 : 0)));
    if (context > 0) grepArgs.context_lines = Math.min(10, Math.round(context));
  }
  if (mode === 'files_with_matches' || mode === 'count') grepArgs.max_hits = 2000;
  const numbers = mode === 'content' && args['-n'] !== false && args['-n'] !== 'false';
  const headLimit = typeof args.head_limit === 'number' && args.head_limit > 0 && args.head_limit < OUTPUT_LINES ? Math.floor(args.head_limit) : OUTPUT_LINES;
  const target = where?.rel;
  const multiline = args.multiline === true || args.multiline === 'true';
  return {
    kind: 'run',
    call: { id, name: 'grep', args: grepArgs },
    // rg omits the file name when it searches one file.
    format: (result) => {
      const text = formatGrep(result, { mode, numbers, headLimit, single: !!target && (result.hits ?? []).every((h) => h.path === target), ctx });
      return multiline ? `${text}\n${reminder('multiline is not available here: the pattern was matched line by line.')}` : text;
    },
  };
}

/** Our grep result as `rg --heading` prints it (absolute paths), capped like grep.py. */
function formatGrep(result: ToolResult, opts: { mode: OutputMode; numbers: boolean; headLimit: number; single: boolean; ctx: ProfileContext }): string {
  if (result.error) return reminder(`Error: ${result.error.replace(/^error:\s*/, '')}`);
  if (result.count === 0) return 'No matches found';
  const abs = (p: string) => absoluteIn(opts.ctx, p);
  let lines: string[];
  if (opts.mode === 'files_with_matches') {
    lines = [...new Set((result.hits ?? []).map((h) => abs(h.path)))];
  } else if (opts.mode === 'count') {
    const counts = new Map<string, number>();
    for (const hit of result.hits ?? []) counts.set(hit.path, (counts.get(hit.path) ?? 0) + 1);
    lines = [...counts].map(([p, n]) => (opts.single ? String(n) : `${abs(p)}:${n}`));
  } else {
    lines = [];
    let current: string | undefined;
    for (const part of parseGrepText(result.text)) {
      if (part.kind === 'note') continue;
      if (part.kind === 'gap') {
        if (lines.length && lines[lines.length - 1] !== '') lines.push('--');
        continue;
      }
      if (!opts.single && part.path !== current) {
        if (current !== undefined) lines.push('');
        lines.push(abs(part.path));
      }
      current = part.path;
      const sep = part.kind === 'match' ? ':' : '-';
      lines.push(`${opts.numbers ? `${part.line}${sep}` : ''}${part.text}`);
    }
  }
  const more = result.count > (result.hits?.length ?? 0) || result.truncated;
  if (lines.length > opts.headLimit || (more && opts.mode !== 'files_with_matches')) {
    const kept = lines.slice(0, opts.headLimit);
    return `${kept.join('\n')}\nResults truncated to first ${Math.min(opts.headLimit, kept.length)} lines`;
  }
  return lines.join('\n');
}
