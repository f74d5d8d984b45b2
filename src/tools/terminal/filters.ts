import type { Word } from './commandLine';
import { has, parseFlags, valuesOf, type FlagSpec } from './flags';
import { headCount, sedArgs, sedRange } from './reading';
import { grepPattern } from './search';
import { runRipgrep } from '../ripgrep';
import { escapeRegExp } from '../wildcard';
import { failure, refusal, type Output, type ShellEnv } from './shellEnv';

/**
 * A pipeline stage after the first: it reads the previous stage's lines, never a file. (`cat x |
 * grep y` works; `grep y x` after a pipe is refused, since a real shell would ignore the pipe.)
 */
export async function filterStage(env: ShellEnv, words: readonly Word[], input: Output): Promise<Output> {
  const [command, ...args] = words.map((w) => w.text);
  const withArgs = words.slice(1);
  const pass = (lines: string[], exit = 0): Output => ({ lines, stderr: input.stderr, exit, notes: input.notes });
  switch (command) {
    case 'grep':
    case 'rg': {
      const spec: FlagSpec = command === 'grep'
        ? { booleans: ['i', 'v', 'c', 'E', 'F', 'G', 'P', 'w', 'n', 'o', 'q', 'x', 's', 'H', 'h'], values: ['e', 'm'], aliases: { 'ignore-case': 'i', 'invert-match': 'v', count: 'c', 'extended-regexp': 'E', 'fixed-strings': 'F', 'word-regexp': 'w', 'line-number': 'n' } }
        : { booleans: ['i', 'v', 'c', 'F', 'P', 'w', 'n', 'N', 'S', 'o', 'q', 'x'], values: ['e', 'm', 'color'], aliases: { 'ignore-case': 'i', 'invert-match': 'v', count: 'c', 'fixed-strings': 'F', 'word-regexp': 'w', 'smart-case': 'S', 'line-number': 'n' } };
      const flags = parseFlags(command, withArgs, spec);
      if ('error' in flags) return failure(flags.error);
      const explicit = valuesOf(flags, 'e');
      const raw = explicit.length ? explicit.join('|') : flags.positionals[0]?.text;
      if (raw === undefined) return failure(`${command}: no pattern given`);
      if (flags.positionals.length > (explicit.length ? 0 : 1)) return failure(`${command}: after a pipe, ${command} filters the piped lines; give no file`);
      let source = command === 'grep' ? grepPattern(raw, flags) : has(flags, 'F') ? escapeRegExp(raw) : raw;
      if (command === 'rg' && has(flags, 'w')) source = `\\b(?:${source})\\b`;
      if (has(flags, 'x')) source = `^(?:${source})$`;
      const ignoreCase = has(flags, 'i') || (has(flags, 'S') && raw === raw.toLowerCase());
      const matched = await matchingLines(env, source, ignoreCase, input.lines);
      if ('error' in matched) return failure(`${command}: invalid pattern /${raw}/: ${matched.error}`);
      const invert = has(flags, 'v');
      const kept = input.lines.map((line, i) => [line, i + 1] as const).filter(([, n]) => matched.has(n) !== invert);
      if (has(flags, 'q')) return pass([], kept.length ? 0 : 1);
      if (has(flags, 'c')) return pass([String(kept.length)], kept.length ? 0 : 1);
      const number = has(flags, 'n');
      return pass(kept.map(([line, n]) => (number ? `${n}:${line}` : line)), kept.length ? 0 : 1);
    }
    case 'head':
    case 'tail': {
      const parsed = headCount(command, withArgs);
      if ('error' in parsed) return failure(parsed.error);
      if (parsed.rest.length) return failure(`${command}: after a pipe, ${command} cuts the piped lines; give no file`);
      if (command === 'head') return pass(input.lines.slice(0, parsed.n));
      if (parsed.from !== undefined) return pass(input.lines.slice(parsed.from - 1));
      return pass(parsed.n === 0 ? [] : input.lines.slice(-parsed.n));
    }
    case 'sed': {
      const parsed = sedArgs(withArgs);
      if ('error' in parsed) return parsed.inPlace ? refusal(parsed.error) : failure(parsed.error);
      if (parsed.files.length) return failure('sed: after a pipe, sed prints the piped lines; give no file');
      const range = sedRange(parsed.script);
      if (!range) return failure('sed: bad range');
      return pass(input.lines.slice(range.start - 1, range.end));
    }
    case 'wc': {
      const flags = parseFlags('wc', withArgs, { booleans: ['l', 'c', 'w', 'm'], values: [], aliases: { lines: 'l', bytes: 'c', words: 'w', chars: 'm' } });
      if ('error' in flags) return failure(flags.error);
      if (flags.positionals.length) return failure('wc: after a pipe, wc counts the piped lines; give no file');
      const text = input.lines.length ? `${input.lines.join('\n')}\n` : '';
      const counts = { l: input.lines.length, w: text.split(/\s+/).filter(Boolean).length, c: Buffer.byteLength(text), m: text.length };
      const picked = (['l', 'w', 'c', 'm'] as const).filter((k) => has(flags, k));
      return pass([(picked.length ? picked : (['l', 'w', 'c'] as const)).map((k) => counts[k]).join(' ')]);
    }
    case 'cat':
      if (args.some((a) => a !== '-')) return failure('cat: after a pipe, cat passes the piped lines on; give no file');
      return pass(input.lines, input.exit);
    default:
      return refusal(`${command}: not available here; after a pipe use grep, rg, head, tail, sed -n, wc or cat`);
  }
}

/**
 * The numbers (from 1) of the piped lines that match, as rg itself finds them in its stdin: the first stage's
 * regex engine, linear in the input. (A JavaScript regex backtracks: `(a+)+$` against 40 `a`s and a `!` ran for
 * hours, and no signal can stop it, so one model call froze the extension host.)
 */
async function matchingLines(env: ShellEnv, source: string, ignoreCase: boolean, lines: readonly string[]): Promise<Set<number> | { error: string }> {
  const matched = new Set<number>();
  if (lines.length === 0) return matched;
  // As the first stage searches (grep.ts): PCRE2 only for what Rust's engine lacks (look-around, backreferences),
  // and every piped line is text.
  const flags = ['--no-config', '--no-heading', '--no-filename', '--line-number', '--color=never', '--text', '--engine=auto'];
  const args = [...flags, ignoreCase ? '--ignore-case' : '--case-sensitive', '-e', source, '-'];
  const outcome = await runRipgrep(args, {
    cwd: env.workspace.roots[0]!.abs,
    signal: env.ctx.signal,
    timeoutMs: env.ctx.timeoutMs,
    input: `${lines.join('\n')}\n`,
    onRecord: (record) => {
      matched.add(Number(record.slice(0, record.indexOf(':'))));
      return 'more';
    },
  });
  if (outcome.timedOut) return { error: `no answer within ${Math.round(env.ctx.timeoutMs / 1000)} s` };
  if (outcome.code === 2) return { error: outcome.stderr.trim().split('\n').slice(-1)[0] || 'rg could not read it' };
  return matched;
}
