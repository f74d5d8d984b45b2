import { posix } from 'node:path';
import { parse, type ParseEntry } from 'shell-quote';

/** A file an `execute_bash` command read: `cat`/`head`/`tail`/`sed -n` of it, or a grep/rg hit in it. */
export interface ShellRead {
  /** Absolute path in the agent's sandbox. */
  path: string;
  via: 'cat' | 'head' | 'tail' | 'sed' | 'grep' | 'rg';
  range?: [number, number];
}

/** What one command line read and wrote, and the folder it left the shell in. */
export interface ShellEffects {
  reads: ShellRead[];
  /** Files it wrote (`>`, `>>`, `tee`, `touch`, `cp`/`mv` targets): scratch when the agent made them. */
  written: string[];
  /** Files it changed in place (`sed -i`). */
  edited: string[];
  cwd: string;
}

type Token = string | { op: string };

/**
 * Reads a bash command line the way OpenHands ran it: statements split on newlines, `&&`, `||`
 * and `;`, pipelines on `|`, `cd` followed so relative paths resolve. A grep or rg reads what its
 * output lists (the `observation`), a downstream `head`/`grep` reads only its pipe, and heredoc
 * bodies are skipped. Paths come back absolute.
 */
export function shellEffects(command: string, startCwd: string, observation?: string): ShellEffects {
  const effects: ShellEffects = { reads: [], written: [], edited: [], cwd: startCwd };
  for (const line of commandLines(command)) {
    for (const statement of statements(line)) {
      statement.forEach((simple, position) => runSimple(simple, position, effects, observation));
    }
  }
  return effects;
}

function runSimple(tokens: Token[], position: number, effects: ShellEffects, observation: string | undefined): void {
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (typeof token === 'string') {
      words.push(token);
      continue;
    }
    if (token.op === '>' || token.op === '>>') {
      const target = tokens[i + 1];
      if (typeof target === 'string') effects.written.push(resolvePath(target, effects.cwd));
      i++;
    } else if (token.op === '>&' || token.op === '<') {
      i++; // 2>&1, < input: not a file the agent reads for code
      if (words.length && /^\d$/.test(words[words.length - 1])) words.pop();
    }
  }
  while (words.length && /^\w+=/.test(words[0])) words.shift(); // FOO=bar cmd
  while (words[0] === 'sudo' || words[0] === 'time' || words[0] === 'command') words.shift();
  if (words[0] === 'timeout') words.splice(0, 2);
  const [name, ...args] = words;
  if (!name) return;
  const fromPipe = position > 0;
  const at = (path: string) => resolvePath(path, effects.cwd);
  switch (name) {
    case 'cd':
      if (args[0] && !fromPipe) effects.cwd = at(args[0]);
      return;
    case 'cat':
    case 'nl':
      for (const file of operands(args, [])) if (!failed(observation, file)) effects.reads.push({ path: at(file), via: 'cat' });
      return;
    case 'head':
    case 'tail': {
      const files = operands(args, ['-n', '-c', '--lines', '--bytes']);
      const lines = lineCount(args);
      for (const file of files) {
        if (failed(observation, file)) continue;
        const read: ShellRead = { path: at(file), via: name };
        if (name === 'head' && lines) read.range = [1, lines];
        effects.reads.push(read);
      }
      return;
    }
    case 'sed':
      return sed(args, effects, observation);
    case 'touch':
    case 'tee':
      for (const file of operands(args, [])) effects.written.push(at(file));
      return;
    case 'cp':
    case 'mv': {
      const files = operands(args, ['-t']);
      if (files.length >= 2) effects.written.push(at(files[files.length - 1]));
      return;
    }
    case 'grep':
    case 'egrep':
    case 'rg':
      if (!fromPipe) grepHits(name === 'rg' ? 'rg' : 'grep', args, effects, observation);
      return;
    case 'find':
    case 'xargs': {
      // `find … -exec grep -l P {} \;` and `… | xargs grep -l P`: the files are in the output.
      const index = args.findIndex((word) => word === 'grep' || word === 'rg');
      if (index >= 0) grepHits(args[index] === 'rg' ? 'rg' : 'grep', args.slice(index + 1).filter((w) => w !== '{}' && w !== ';' && w !== '+'), effects, observation, true);
      return;
    }
    default:
      return;
  }
}

/** `sed -n '10,40p' f` reads lines 10-40 of f; `sed -i` edits f in place. */
function sed(args: string[], effects: ShellEffects, observation: string | undefined): void {
  const inPlace = args.some((a) => a === '-i' || a.startsWith('-i') || a === '--in-place');
  const quiet = args.some((a) => a === '-n' || (/^-[a-z]*n[a-z]*$/.test(a) && !a.startsWith('-i')));
  const rest = args.filter((a) => !a.startsWith('-'));
  const script = args.includes('-e') ? args[args.indexOf('-e') + 1] : rest.shift();
  const files = args.includes('-e') ? rest.filter((a) => a !== script) : rest;
  for (const file of files) {
    const path = resolvePath(file, effects.cwd);
    if (inPlace) effects.edited.push(path);
    else if (quiet && !failed(observation, file)) {
      const read: ShellRead = { path, via: 'sed' };
      const range = /^(\d+)(?:,(\d+))?p$/.exec(script ?? '');
      if (range) read.range = [Number(range[1]), Number(range[2] ?? range[1])];
      effects.reads.push(read);
    }
  }
}

/**
 * The files a grep/rg found, from its output: `path:line:text`, `path:text`, `path` (-l), or
 * `line:text` when it searched one file. Only paths that look like files are taken, so other
 * output of the same command line is not mistaken for hits.
 */
function grepHits(via: 'grep' | 'rg', args: string[], effects: ShellEffects, observation: string | undefined, listed = false): void {
  if (!observation) return;
  const patternGiven = args.includes('-e') || args.includes('--regexp');
  const words = operands(args, GREP_FLAGS_WITH_VALUE);
  const targets = patternGiven ? words : words.slice(1);
  const found = new Set<string>();
  // grep prints no file name when it searches one file (without -r); rg likewise for one file argument.
  const recursive = args.some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === '--recursive');
  const oneFile = targets.length === 1 && (via === 'grep' ? !recursive && !listed : /\.[A-Za-z]\w*$/.test(targets[0]));
  const single = oneFile ? targets[0] : undefined;
  for (const raw of observation.split('\n')) {
    const line = raw.trimEnd();
    // OpenHands appends `[The command completed with exit code N.]`-style lines; grep's own errors start with `grep:`.
    if (!line || line.startsWith('[') || /^(grep|rg|find): /.test(line)) continue;
    // One file searched: any output line is a hit in it (with or without -n, with context lines).
    if (single) {
      found.add(single);
      break;
    }
    const hit = /^((?:\.{0,2}\/)?[\w@+.\-/]*[\w-]\.[\w]+)(?::\d+)?[:-]/.exec(line) ?? (listed || args.some((a) => /^-\w*l/.test(a)) ? /^((?:\.{0,2}\/)?[\w@+.\-/]*\.[\w]+)$/.exec(line) : null);
    if (hit) found.add(hit[1]);
  }
  for (const path of found) effects.reads.push({ path: resolvePath(path, effects.cwd), via });
}

/** grep and rg flags whose value is the next word (`-A 5`, `-g '*.py'`). */
const GREP_FLAGS_WITH_VALUE = ['-A', '-B', '-C', '-m', '-e', '-f', '-g', '-t', '-T', '--glob', '--type', '--max-count', '--context', '--regexp', '--include', '--exclude'];

/** Non-flag arguments, skipping the values of flags that take one. */
function operands(args: string[], flagsWithValue: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (flagsWithValue.includes(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-') || arg === '') continue;
    out.push(arg);
  }
  return out;
}

function lineCount(args: string[]): number | undefined {
  for (let i = 0; i < args.length; i++) {
    const n = args[i] === '-n' ? args[i + 1] : /^-(\d+)$/.exec(args[i])?.[1] ?? /^--lines=(\d+)$/.exec(args[i])?.[1];
    if (n !== undefined && /^\d+$/.test(n)) return Number(n);
  }
  return undefined;
}

/** The command said the file is not there: no read happened. */
function failed(observation: string | undefined, file: string): boolean {
  return !!observation && observation.includes(`${file}: No such file or directory`);
}

/** Absolute POSIX path of `path` from `cwd`. */
export function resolvePath(path: string, cwd: string): string {
  return posix.normalize(path.startsWith('/') ? path : posix.join(cwd, path)).replace(/\/+$/, '') || '/';
}

/** Splits a command on unquoted newlines; a heredoc's body lines are dropped. */
function commandLines(command: string): string[] {
  const lines: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    if (ch === '\\' && quote !== "'") {
      current += ch + (command[i + 1] ?? '');
      i++;
      continue;
    }
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '\n') {
      lines.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  lines.push(current);
  const kept: string[] = [];
  let heredocEnd: string | undefined;
  for (const line of lines) {
    if (heredocEnd !== undefined) {
      if (line.trim() === heredocEnd) heredocEnd = undefined;
      continue;
    }
    const heredoc = /<<-?\s*['"]?(\w+)['"]?/.exec(line);
    if (heredoc) heredocEnd = heredoc[1];
    kept.push(line);
  }
  return kept;
}

/** Statements of one line (split on && || ; &), each a pipeline of simple commands. */
function statements(line: string): Token[][][] {
  let entries: ParseEntry[];
  try {
    entries = parse(line, (key) => `$${key}`);
  } catch {
    return [];
  }
  const out: Token[][][] = [];
  let pipeline: Token[][] = [];
  let simple: Token[] = [];
  const endSimple = () => {
    pipeline.push(simple);
    simple = [];
  };
  for (const entry of entries) {
    if (typeof entry === 'string') simple.push(entry);
    else if ('op' in entry && entry.op === 'glob') simple.push((entry as { pattern: string }).pattern);
    else if ('op' in entry && (entry.op === '|' || entry.op === '|&')) endSimple();
    else if ('op' in entry && ['&&', '||', ';', '&', ';;'].includes(entry.op)) {
      endSimple();
      out.push(pipeline);
      pipeline = [];
    } else if ('op' in entry && entry.op === '<<') break; // heredoc: the rest of the line is its delimiter
    else if ('op' in entry) simple.push({ op: entry.op });
  }
  endSimple();
  out.push(pipeline);
  return out.map((p) => p.filter((s) => s.length > 0)).filter((p) => p.length > 0);
}
