import type { TerminalArgs, ToolResult } from '../../common/tools';
import { parseCommandLine, type Word } from './commandLine';
import { filterStage } from './filters';
import { findCommand, lsCommand } from './listing';
import { catCommand, headCommand, sedCommand, tailCommand, wcCommand } from './reading';
import { grepCommand, rgCommand } from './search';
import { refusal, type Output, type ShellEnv } from './shellEnv';

/** What the terminal runs, said in every refusal so the model can rephrase. */
export const TERMINAL_COMMANDS = 'rg, grep, find, cat, head, tail, sed -n, wc -l and ls, joined with |';

/** OpenHands caps a command's output at 30,000 characters (MAX_CMD_OUTPUT_SIZE); we do the same. */
const MAX_OUTPUT_CHARS = 30_000;

/** Commands that write, run or reach out: named in the refusal so it is plain why. */
const WRITERS = /^(rm|rmdir|mv|cp|dd|tee|touch|mkdir|chmod|chown|ln|truncate|shred|install|patch|git|python\d*|node|perl|ruby|bash|sh|zsh|env|xargs|curl|wget|ssh|scp|pip\d*|npm|npx|make|kill|sudo|su|eval|exec|source|\.)$/;

/**
 * The read-only terminal behind CodeScout's `terminal` tool: parses the command line itself, runs
 * each command through the sandboxed grep/glob/read, prints what the real command would print
 * (close enough for a model trained on it), and refuses everything else with a reason. Nothing is
 * ever handed to a shell. Exit codes follow the tools: 0 found, 1 nothing found, 2 refused or bad usage.
 */
export async function runTerminal(env: ShellEnv, args: TerminalArgs): Promise<ToolResult> {
  if (typeof args.command !== 'string' || args.command.trim() === '') return finish(refusal('the command is empty'));
  const parsed = parseCommandLine(args.command);
  if ('refused' in parsed) return finish(refusal(parsed.refused));
  const [first, ...rest] = parsed.stages;
  let out = await source(env, first, rest.length === 0);
  for (const stage of rest) {
    if (out.refused) break;
    const next = await filterStage(env, stage, out);
    out = next.refused ? { ...next, lines: [] } : next;
  }
  return finish(out);
}

async function source(env: ShellEnv, words: Word[], tty: boolean): Promise<Output> {
  const [command, ...args] = words;
  const name = command.text;
  switch (name) {
    case 'rg':
      return rgCommand(env, args, tty);
    case 'grep':
      return grepCommand(env, args);
    case 'egrep':
      return grepCommand(env, [{ text: '-E', glob: false }, ...args]);
    case 'fgrep':
      return grepCommand(env, [{ text: '-F', glob: false }, ...args]);
    case 'find':
      return findCommand(env, args);
    case 'ls':
      return lsCommand(env, args);
    case 'cat':
      return catCommand(env, args);
    case 'head':
      return headCommand(env, args);
    case 'tail':
      return tailCommand(env, args);
    case 'sed':
      return sedCommand(env, args);
    case 'wc':
      return wcCommand(env, args);
    case 'cd':
      return refusal('cd: every command runs at the repository root here; give paths instead (e.g. rg foo src/)');
    default:
      if (WRITERS.test(name)) return refusal(`${name}: refused: this terminal only reads the repository; it cannot write, run programs or reach the network`);
      return refusal(`${name}: command not available here`);
  }
}

/** Prints an Output as the terminal shows it, and sizes it for the trajectory. */
function finish(out: Output): ToolResult {
  const parts = [...out.lines];
  parts.push(...out.stderr);
  if (out.refused) parts.push(`(only ${TERMINAL_COMMANDS} run here, on the repository; nothing runs in a shell)`);
  for (const note of out.notes) parts.push(`[${note}]`);
  let text = parts.join('\n');
  let truncated = out.notes.length > 0;
  if (text.length > MAX_OUTPUT_CHARS) {
    const cut = text.lastIndexOf('\n', MAX_OUTPUT_CHARS);
    const kept = text.slice(0, cut > 0 ? cut : MAX_OUTPUT_CHARS);
    text = `${kept}\n[output cut at ${MAX_OUTPUT_CHARS} characters; ${text.length - kept.length} more not shown. Narrow the command, or pipe it through head.]`;
    truncated = true;
  }
  const result: ToolResult = { text, truncated, count: out.lines.length, bytes: Buffer.byteLength(text), exitCode: out.exit };
  if (out.refused) result.error = `refused: ${out.stderr.join(' ')}`;
  return result;
}
