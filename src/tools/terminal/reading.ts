import { DEFAULT_LIMITS } from '../../common/limits';
import { read } from '../read';
import type { Word } from './commandLine';
import { has, parseFlags } from './flags';
import { expandPaths, failure, refusal, relativeArg, type Output, type ShellEnv } from './shellEnv';

/** Lines of a file from our read tool, or the message a shell tool would print. */
type Slice = { lines: string[]; start: number; end: number; total?: number; cut: boolean } | { error: string };

/** Reads lines `start..end` (at most the read tool's cap) of a path argument. */
async function readSlice(env: ShellEnv, command: string, arg: string, start: number, end?: number): Promise<Slice> {
  const rel = relativeArg(env, arg);
  if (rel === undefined) return { error: `${command}: ${arg}: outside the repository` };
  const resolved = await env.workspace.resolve(rel, 'file');
  if ('error' in resolved) {
    const why = { 'does not exist': 'No such file or directory', 'is a directory': 'Is a directory', 'outside the workspace': 'outside the repository' }[resolved.reason as string];
    return { error: `${command}: ${arg}: ${why ?? resolved.error}` };
  }
  const result = await read(env.workspace, { path: rel, start_line: start, ...(end !== undefined ? { end_line: end } : {}) }, env.ctx);
  if (result.error) {
    const message = result.error.replace(/^error:\s*/, '');
    // Past the end is not an error for head/tail/sed: they print nothing.
    if (/past the end/.test(message)) return { lines: [], start, end: start - 1, cut: false };
    if (/binary file/.test(message)) return { error: `${command}: ${arg}: binary file, not shown` };
    return { error: `${command}: ${arg}: ${message}` };
  }
  const lines: string[] = [];
  for (const line of result.text.split('\n')) {
    const match = /^\s*\d+\t(.*)$/.exec(line);
    if (match) lines.push(match[1]);
  }
  const info = result.read;
  const last = info && info.endLine > 0 ? info.endLine : start - 1;
  return { lines, start, end: last, total: info?.totalLines, cut: result.truncated };
}

/** The line count of a file (for tail and wc), or the shell's message. */
async function lineCount(env: ShellEnv, command: string, arg: string): Promise<number | { error: string }> {
  const probe = await readSlice(env, command, arg, 1, 1);
  if ('error' in probe) return probe;
  if (probe.total === undefined) return { error: `${command}: ${arg}: too large to count here` };
  return probe.total;
}

/** A note when a slice stopped at the read cap before the range or file ended. */
function cutNote(arg: string, slice: Extract<Slice, { lines: string[] }>): string[] {
  if (!slice.cut) return [];
  const next = slice.end + 1;
  const of = slice.total !== undefined ? ` of ${slice.total}` : '';
  return [`showing lines ${slice.start}-${slice.end}${of} of ${arg} (at most ${DEFAULT_LIMITS.readMaxLines} per command); for more: sed -n '${next},${next + 99}p' ${arg}`];
}

/** Runs `each` over the path words, with `==> name <==` headers when there are several (head/tail style). */
async function perFile(env: ShellEnv, words: readonly Word[], headers: boolean, each: (arg: string) => Promise<Slice>): Promise<Output> {
  const args = await expandPaths(env, words);
  const out: Output = { lines: [], stderr: [], exit: 0, notes: [] };
  for (const arg of args) {
    const slice = await each(arg);
    if ('error' in slice) {
      out.stderr.push(slice.error);
      out.exit = 1;
      continue;
    }
    if (headers && args.length > 1) out.lines.push(...(out.lines.length ? [''] : []), `==> ${arg} <==`);
    out.lines.push(...slice.lines);
    out.notes.push(...cutNote(arg, slice));
  }
  return out;
}

/** `cat [-n] FILE...` */
export async function catCommand(env: ShellEnv, words: readonly Word[]): Promise<Output> {
  const flags = parseFlags('cat', words, { booleans: ['n'], values: [], aliases: { number: 'n' } });
  if ('error' in flags) return failure(flags.error);
  if (flags.positionals.length === 0) return failure('cat: needs a file here (nothing is piped in)');
  const out = await perFile(env, flags.positionals, false, (arg) => readSlice(env, 'cat', arg, 1));
  if (has(flags, 'n')) out.lines = out.lines.map((line, i) => `${String(i + 1).padStart(6)}\t${line}`);
  return out;
}

/** The N of `head`/`tail` from `-n N`, `-N` or `--lines=N`; `from` for tail's `-n +K`. */
export function headCount(command: string, words: readonly Word[]): { n: number; from?: number; rest: Word[] } | { error: string } {
  const rest: Word[] = [];
  let n = 10;
  let from: number | undefined;
  for (let i = 0; i < words.length; i++) {
    const text = words[i].text;
    let value: string | undefined;
    if (/^-\d+$/.test(text)) value = text.slice(1);
    else if (text === '-n' || text === '--lines') value = words[++i]?.text;
    else if (text.startsWith('-n')) value = text.slice(2);
    else if (text.startsWith('--lines=')) value = text.slice(8);
    else if (text.startsWith('-') && text !== '-') return { error: `${command}: unsupported option ${text} (use -n N)` };
    else {
      rest.push(words[i]);
      continue;
    }
    if (value === undefined) return { error: `${command}: option -n needs a number` };
    if (command === 'tail' && value.startsWith('+') && /^\+\d+$/.test(value)) {
      from = Math.max(1, Number(value.slice(1)));
      continue;
    }
    if (!/^\d+$/.test(value)) return { error: `${command}: invalid number of lines: '${value}'` };
    n = Number(value);
  }
  return { n, from, rest };
}

/** `head [-n N] FILE...` */
export async function headCommand(env: ShellEnv, words: readonly Word[]): Promise<Output> {
  const parsed = headCount('head', words);
  if ('error' in parsed) return failure(parsed.error);
  if (parsed.rest.length === 0) return failure('head: needs a file here (nothing is piped in)');
  if (parsed.n === 0) return { lines: [], stderr: [], exit: 0, notes: [] };
  return perFile(env, parsed.rest, true, (arg) => readSlice(env, 'head', arg, 1, parsed.n));
}

/** `tail [-n N | -n +K] FILE...` */
export async function tailCommand(env: ShellEnv, words: readonly Word[]): Promise<Output> {
  const parsed = headCount('tail', words);
  if ('error' in parsed) return failure(parsed.error);
  if (parsed.rest.length === 0) return failure('tail: needs a file here (nothing is piped in)');
  return perFile(env, parsed.rest, true, async (arg) => {
    if (parsed.from !== undefined) return readSlice(env, 'tail', arg, parsed.from);
    const total = await lineCount(env, 'tail', arg);
    if (typeof total !== 'number') return total;
    if (parsed.n === 0 || total === 0) return { lines: [], start: 1, end: 0, cut: false };
    return readSlice(env, 'tail', arg, Math.max(1, total - parsed.n + 1), total);
  });
}

/** A `sed -n` script we run: one line or range to print (`5p`, `10,20p`, `30,$p`). */
export function sedRange(script: string): { start: number; end?: number } | undefined {
  const match = /^\s*(\d+|\$)(?:\s*,\s*(\d+|\$))?\s*p\s*;?\s*$/.exec(script);
  if (!match) return undefined;
  const start = match[1] === '$' ? Infinity : Number(match[1]);
  const end = match[2] === undefined ? start : match[2] === '$' ? undefined : Number(match[2]);
  if (start === Infinity) return undefined;
  return { start: Math.max(1, start), end: end === undefined ? undefined : Math.max(start, end) };
}

/** Why a sed command line is refused, or its script and file words. */
export function sedArgs(words: readonly Word[]): { script: string; files: Word[] } | { error: string; inPlace?: boolean } {
  let quiet = false;
  let script: string | undefined;
  const files: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const text = words[i].text;
    if (text === '-i' || text.startsWith('-i') || text === '--in-place' || text.startsWith('--in-place=') || /^-[a-zA-Z]*i/.test(text)) {
      return { error: 'sed: -i edits files and is refused here: this terminal only reads. Print lines with sed -n \'START,ENDp\' FILE', inPlace: true };
    }
    if (text === '-n' || text === '--quiet' || text === '--silent') quiet = true;
    else if (text === '-e' || text === '--expression') script = words[++i]?.text;
    else if (text.startsWith('-') && text.length > 1) return { error: `sed: unsupported option ${text}; only sed -n 'START,ENDp' FILE runs here` };
    else if (script === undefined) script = text;
    else files.push(words[i]);
  }
  if (!quiet || script === undefined || !sedRange(script)) {
    return { error: "sed: only printing line ranges runs here: sed -n 'START,ENDp' FILE (e.g. sed -n '1,100p' src/app.py)" };
  }
  return { script, files };
}

/** `sed -n 'A,Bp' FILE...` */
export async function sedCommand(env: ShellEnv, words: readonly Word[]): Promise<Output> {
  const parsed = sedArgs(words);
  if ('error' in parsed) return parsed.inPlace ? refusal(parsed.error) : failure(parsed.error);
  if (parsed.files.length === 0) return failure('sed: needs a file here (nothing is piped in)');
  const range = sedRange(parsed.script);
  if (!range) return failure('sed: bad range');
  return perFile(env, parsed.files, false, (arg) => readSlice(env, 'sed', arg, range.start, range.end));
}

/** `wc -l FILE...` (other counts only after a pipe, where the text is at hand). */
export async function wcCommand(env: ShellEnv, words: readonly Word[]): Promise<Output> {
  const flags = parseFlags('wc', words, { booleans: ['l', 'c', 'w', 'm'], values: [], aliases: { lines: 'l', bytes: 'c', words: 'w', chars: 'm' } });
  if ('error' in flags) return failure(flags.error);
  if (!has(flags, 'l') || has(flags, 'c', 'w', 'm')) return failure('wc: only wc -l FILE runs on files here (line counts)');
  const args = await expandPaths(env, flags.positionals);
  if (args.length === 0) return failure('wc: needs a file here (nothing is piped in)');
  const counts: [number, string][] = [];
  const stderr: string[] = [];
  for (const arg of args) {
    const n = await lineCount(env, 'wc', arg);
    if (typeof n === 'number') counts.push([n, arg]);
    else stderr.push(n.error);
  }
  if (counts.length > 1) counts.push([counts.reduce((sum, [n]) => sum + n, 0), 'total']);
  const width = Math.max(0, ...counts.map(([n]) => String(n).length));
  const lines = counts.map(([n, name]) => `${counts.length > 1 ? String(n).padStart(width) : n} ${name}`);
  return { lines, stderr, exit: stderr.length ? 1 : 0, notes: [] };
}
