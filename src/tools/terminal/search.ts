import { FILE_TYPE_GLOBS, joinGlobs } from '../../common/fileTypes';
import { parseGrepText } from '../../common/grepText';
import type { GrepArgs } from '../../common/tools';
import { grep } from '../grep';
import { escapeRegExp } from '../wildcard';
import type { Word } from './commandLine';
import { countOf, has, parseFlags, valueOf, valuesOf, type ParsedFlags } from './flags';
import { expandPaths, failure, relativeArg, shownPath, wildcardMatcher, type Output, type ShellEnv } from './shellEnv';

const RG_SPEC = {
  booleans: ['n', 'N', 'i', 'S', 's', 'w', 'F', 'l', 'c', 'H', 'I', 'u', 'U', 'P', 'q', 'v', 'files', 'hidden', 'no-ignore', 'heading', 'no-heading', 'count-matches', 'vimgrep', 'no-messages'],
  values: ['C', 'A', 'B', 't', 'g', 'e', 'm', 'j', 'M', 'color', 'sort', 'max-columns', 'max-depth', 'd'],
  aliases: {
    'line-number': 'n', 'no-line-number': 'N', 'ignore-case': 'i', 'smart-case': 'S', 'case-sensitive': 's', 'word-regexp': 'w',
    'fixed-strings': 'F', 'files-with-matches': 'l', count: 'c', 'with-filename': 'H', 'no-filename': 'I', multiline: 'U',
    pcre2: 'P', quiet: 'q', context: 'C', 'after-context': 'A', 'before-context': 'B', type: 't', glob: 'g', regexp: 'e',
    'max-count': 'm', threads: 'j', 'invert-match': 'v', unrestricted: 'u', 'multiline-dotall': 'U', 'max-depth': 'd', maxdepth: 'd',
  },
} as const;

const GREP_SPEC = {
  booleans: ['r', 'R', 'n', 'i', 'l', 'L', 'c', 'w', 'E', 'F', 'G', 'P', 'H', 'h', 's', 'I', 'o', 'q', 'v'],
  values: ['A', 'B', 'C', 'e', 'm', 'include', 'exclude', 'exclude-dir', 'color', 'colour'],
  aliases: {
    recursive: 'r', 'dereference-recursive': 'R', 'line-number': 'n', 'ignore-case': 'i', 'files-with-matches': 'l', count: 'c',
    'word-regexp': 'w', 'extended-regexp': 'E', 'fixed-strings': 'F', 'basic-regexp': 'G', 'perl-regexp': 'P', 'with-filename': 'H',
    'no-filename': 'h', 'no-messages': 's', 'after-context': 'A', 'before-context': 'B', context: 'C', regexp: 'e', 'max-count': 'm',
    'only-matching': 'o', quiet: 'q', silent: 'q', 'invert-match': 'v',
  },
} as const;

/** A search as both rg and grep describe it, in our grep's terms. */
interface Search {
  command: 'rg' | 'grep';
  pattern: string;
  /** Path words as given (after wildcard expansion); empty = the workspace. */
  paths: string[];
  globs: string[];
  ignoreCase: boolean;
  context: number;
  mode: 'lines' | 'files' | 'count';
  lineNumbers: boolean;
  /** Print the file name on each line (grep -H, several files) or as a heading (rg on a terminal). */
  filenames: 'each' | 'heading' | 'none';
}

/** `rg ...` as the first command of a pipeline; `tty` when its output is the call's output (not piped). */
export async function rgCommand(env: ShellEnv, words: readonly Word[], tty: boolean): Promise<Output> {
  const flags = parseFlags('rg', words, RG_SPEC);
  if ('error' in flags) return failure(flags.error);
  if (has(flags, 'v', 'invert-match')) return failure('rg: -v (invert match) is not supported here; search for what you want instead');
  const types = valuesOf(flags, 't');
  const globs = valuesOf(flags, 'g');
  for (const type of types) {
    const known = FILE_TYPE_GLOBS[type.toLowerCase()];
    if (!known) return failure(`rg: unrecognized file type: ${type}`);
    globs.push(...known);
  }
  const explicit = valuesOf(flags, 'e');
  const positionals = flags.positionals.slice();
  if (has(flags, 'files')) return listFiles(env, await expandPaths(env, positionals), globs, has(flags, 'hidden', 'u'));
  const raw = explicit.length ? explicit.join('|') : positionals.shift()?.text;
  if (raw === undefined) return failure('rg: no pattern given (usage: rg [OPTIONS] PATTERN [PATH ...])');
  let pattern = has(flags, 'F') ? escapeRegExp(raw) : raw;
  if (has(flags, 'w')) pattern = `\\b(?:${pattern})\\b`;
  const smart = has(flags, 'S') && raw === raw.toLowerCase();
  const paths = await expandPaths(env, positionals);
  const single = paths.length === 1 && !(await isDir(env, paths[0]));
  const context = contextOf(flags);
  if (typeof context !== 'number') return context;
  const heading = tty && !has(flags, 'no-heading') && !has(flags, 'vimgrep');
  const search: Search = {
    command: 'rg',
    pattern,
    paths,
    globs,
    ignoreCase: has(flags, 'i') || smart,
    context,
    mode: has(flags, 'l') ? 'files' : has(flags, 'c', 'count-matches') ? 'count' : 'lines',
    lineNumbers: has(flags, 'N') ? false : has(flags, 'n', 'vimgrep') || tty,
    filenames: has(flags, 'I') || (single && !has(flags, 'H')) ? 'none' : heading || has(flags, 'heading') ? 'heading' : 'each',
  };
  return runSearch(env, search, has(flags, 'q'));
}

/** `grep ...` as the first command of a pipeline. */
export async function grepCommand(env: ShellEnv, words: readonly Word[]): Promise<Output> {
  const flags = parseFlags('grep', words, GREP_SPEC);
  if ('error' in flags) return failure(flags.error);
  if (has(flags, 'L')) return failure('grep: -L is not supported here');
  if (has(flags, 'v', 'invert-match')) return failure('grep: -v (invert match) only works after a pipe here, e.g. rg --files | grep -v test');
  const explicit = valuesOf(flags, 'e');
  const positionals = flags.positionals.slice();
  const raw = explicit.length ? explicit.join('|') : positionals.shift()?.text;
  if (raw === undefined) return failure('grep: no pattern given (usage: grep [OPTIONS] PATTERN [FILE ...])');
  const recursive = has(flags, 'r', 'R');
  let paths = await expandPaths(env, positionals);
  if (paths.length === 0) {
    if (!recursive) return failure('grep: needs a file or folder to search here (stdin is empty); try grep -rn PATTERN . or rg PATTERN');
    // GNU grep -r with no path searches `.` and prints paths without `./`.
    paths = [''];
  }
  if (!recursive) {
    for (const p of paths) if (await isDir(env, p)) return failure(`grep: ${p}: Is a directory`);
  }
  const single = paths.length === 1 && !recursive;
  const context = contextOf(flags);
  if (typeof context !== 'number') return context;
  const search: Search = {
    command: 'grep',
    pattern: grepPattern(raw, flags),
    paths,
    globs: valuesOf(flags, 'include'),
    ignoreCase: has(flags, 'i'),
    context,
    mode: has(flags, 'l') ? 'files' : has(flags, 'c') ? 'count' : 'lines',
    lineNumbers: has(flags, 'n'),
    filenames: has(flags, 'h') || (single && !has(flags, 'H')) ? 'none' : 'each',
  };
  return runSearch(env, search, has(flags, 'q'));
}

/** grep's pattern dialects (basic by default, -E extended, -F fixed, -w words) as one regex. */
export function grepPattern(raw: string, flags: ParsedFlags): string {
  let pattern = has(flags, 'F') ? escapeRegExp(raw) : has(flags, 'E', 'P') ? raw : basicToExtended(raw);
  if (has(flags, 'w')) pattern = `\\b(?:${pattern})\\b`;
  return pattern;
}

/** POSIX basic regex → extended: `\|`, `\(`, `\+`... are the operators, bare `|(){}+?` are literal. */
export function basicToExtended(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i];
      out += '|(){}+?'.includes(next) ? next : `\\${next}`;
    } else {
      out += '|(){}+?'.includes(ch) ? `\\${ch}` : ch;
    }
  }
  return out;
}

function contextOf(flags: ParsedFlags): number | Output {
  let most = 0;
  for (const name of ['C', 'A', 'B']) {
    const n = countOf(name === 'C' ? 'context' : name, valueOf(flags, name), 0);
    if (typeof n !== 'number') return failure(n.error);
    most = Math.max(most, n);
  }
  return most;
}

async function isDir(env: ShellEnv, arg: string): Promise<boolean> {
  const rel = relativeArg(env, arg);
  if (rel === undefined) return false;
  const resolved = await env.workspace.resolve(rel, 'any');
  return !('error' in resolved) && resolved[0].kind === 'dir';
}

/** Runs a search through our grep (one call per path) and prints it as rg or grep would. */
async function runSearch(env: ShellEnv, search: Search, quiet: boolean): Promise<Output> {
  const targets: (string | undefined)[] = search.paths.length ? search.paths : [undefined];
  const lines: string[] = [];
  const stderr: string[] = [];
  const notes: string[] = [];
  let found = false;
  let broken = false;
  for (const target of targets) {
    const rel = target === undefined ? '' : relativeArg(env, target);
    if (rel === undefined) {
      stderr.push(`${search.command}: ${target}: outside the repository; only the repository can be searched`);
      broken = true;
      continue;
    }
    const args: GrepArgs = { pattern: search.pattern, path: rel };
    if (search.globs.length) args.glob = joinGlobs(search.globs);
    if (search.ignoreCase) args.case_insensitive = true;
    if (search.context > 0 && search.mode === 'lines') args.context_lines = search.context;
    if (search.mode !== 'lines') args.max_hits = 2000;
    const result = await grep(env.workspace, args, env.ctx);
    if (result.error) {
      stderr.push(`${search.command}: ${result.error.replace(/^error:\s*/, '')}`);
      broken = true;
      continue;
    }
    if (result.count === 0) continue;
    found = true;
    const show = (display: string) => shownPath(env, target, display);
    if (search.mode === 'files') {
      lines.push(...unique((result.hits ?? []).map((h) => show(h.path))));
    } else if (search.mode === 'count') {
      const counts = new Map<string, number>();
      for (const hit of result.hits ?? []) counts.set(hit.path, (counts.get(hit.path) ?? 0) + 1);
      for (const [file, n] of counts) lines.push(search.filenames === 'none' ? String(n) : `${show(file)}:${n}`);
    } else {
      lines.push(...formatLines(result.text, search, show));
    }
    // Our grep's notes name our own tools; here the way to narrow is a path or a glob.
    notes.push(...result.text.split('\n').filter((l) => l.startsWith('... ')).map((l) => l.slice(4).replace('use glob/path', `give a path or ${search.command === 'rg' ? '-g GLOB' : '--include=GLOB'}`)));
  }
  if (quiet) return { lines: [], stderr, exit: found ? 0 : broken ? 2 : 1, notes: [] };
  return { lines, stderr, exit: found ? 0 : broken ? 2 : 1, notes };
}

/** Our grep's `path:line: text` lines in rg's or grep's own layout. */
function formatLines(text: string, search: Search, show: (display: string) => string): string[] {
  const out: string[] = [];
  let current: string | undefined;
  for (const part of parseGrepText(text)) {
    if (part.kind === 'note') continue; // reported separately
    if (part.kind === 'gap') {
      out.push('--');
      continue;
    }
    const sep = part.kind === 'match' ? ':' : '-';
    const shown = show(part.path);
    if (search.filenames === 'heading' && shown !== current) {
      if (current !== undefined) out.push('');
      out.push(shown);
    }
    current = shown;
    const prefix = search.filenames === 'each' ? `${shown}${sep}` : '';
    out.push(`${prefix}${search.lineNumbers ? `${part.line}${sep}` : ''}${part.text}`);
  }
  // A gap right after a heading's blank line is not printed by rg.
  return out.filter((line, i) => !(line === '--' && (out[i - 1] === undefined || out[i + 1] === '' || out[i - 1] === '')));
}

/** `rg --files [PATH...] [-g GLOB] [--hidden]`: the workspace's files (ignore rules applied), sorted. */
async function listFiles(env: ShellEnv, paths: string[], globs: string[], hidden: boolean): Promise<Output> {
  const all = await env.files.list(env.ctx.signal, env.ctx.timeoutMs);
  const targets: (string | undefined)[] = paths.length ? paths : [undefined];
  const filters = globs.map((g) => {
    const body = g.replace(/^!/, '').replace(/^\*\*\//, '');
    return { negate: g.startsWith('!'), whole: body.includes('/'), matcher: wildcardMatcher(body, { crossSlash: body.includes('**') }) };
  });
  const keep = (file: string) => {
    // rg --files skips hidden files and folders unless --hidden.
    if (!hidden && /(^|\/)\./.test(file)) return false;
    const name = file.slice(file.lastIndexOf('/') + 1);
    const test = (f: (typeof filters)[number]) => f.matcher.test(f.whole ? file : name);
    const positive = filters.filter((f) => !f.negate);
    if (positive.length && !positive.some(test)) return false;
    return !filters.some((f) => f.negate && test(f));
  };
  const lines: string[] = [];
  const stderr: string[] = [];
  for (const target of targets) {
    const rel = target === undefined ? '' : relativeArg(env, target);
    if (rel === undefined) {
      stderr.push(`rg: ${target}: outside the repository`);
      continue;
    }
    const prefix = rel === '' ? '' : `${rel}/`;
    const under = all.filter((f) => f === rel || f.startsWith(prefix));
    if (under.length === 0 && rel !== '') stderr.push(`rg: ${target}: No such file or directory (os error 2)`);
    lines.push(...under.filter(keep).map((f) => shownPath(env, target, f)));
  }
  return { lines, stderr, exit: lines.length ? 0 : stderr.length ? 2 : 1, notes: [] };
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
