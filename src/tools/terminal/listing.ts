import type { Word } from './commandLine';
import { has, parseFlags } from './flags';
import { expandPaths, failure, refusal, relativeArg, wildcardMatcher, type Output, type ShellEnv } from './shellEnv';

/** Most paths find prints before saying it stopped (the glob tool's cap is 200; find is for listing). */
const FIND_MAX = 500;

/** find predicates that run or change things: refused outright, whatever else the line says. */
const FIND_DANGEROUS = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);

/** One `find` test on a path below a start folder. */
type FindTest = (entry: { rel: string; shown: string; name: string; dir: boolean; depth: number }) => boolean;

/** `find [PATH...] [-name P] [-iname P] [-path P] [-type f|d] [-maxdepth N] [-mindepth N] [-not|!] ...` over the workspace list. */
export async function findCommand(env: ShellEnv, words: readonly Word[]): Promise<Output> {
  const starts: string[] = [];
  let i = 0;
  while (i < words.length && !words[i].text.startsWith('-') && words[i].text !== '!') starts.push(words[i++].text);
  const tests: FindTest[] = [];
  let maxDepth = Infinity;
  let minDepth = 0;
  let negate = false;
  for (; i < words.length; i++) {
    const flag = words[i].text;
    const value = words[i + 1]?.text;
    if (FIND_DANGEROUS.has(flag)) return refusal(`find: ${flag} is refused here: this terminal only reads, it never runs or deletes anything`);
    const add = (test: FindTest) => {
      const wanted = !negate;
      tests.push((entry) => test(entry) === wanted);
      negate = false;
    };
    if (flag === '!' || flag === '-not') {
      negate = !negate;
      continue;
    }
    if (flag === '-a' || flag === '-and' || flag === '-print') continue;
    if (flag === '-o' || flag === '-or') return failure('find: -o (or) is not supported here; run two finds in parallel calls instead');
    if (['-name', '-iname', '-path', '-ipath', '-wholename', '-type', '-maxdepth', '-mindepth'].includes(flag)) {
      if (value === undefined) return failure(`find: missing argument to \`${flag}'`);
      i++;
    }
    if (flag === '-name' || flag === '-iname') {
      const matcher = wildcardMatcher(value ?? '', { crossSlash: false, ignoreCase: flag === '-iname' });
      add((e) => matcher.test(e.name));
    } else if (flag === '-path' || flag === '-ipath' || flag === '-wholename') {
      const matcher = wildcardMatcher(value ?? '', { crossSlash: true, ignoreCase: flag === '-ipath' });
      add((e) => matcher.test(e.shown));
    } else if (flag === '-type') {
      if (value !== 'f' && value !== 'd') return failure(`find: -type ${value} is not supported here (use f or d)`);
      add((e) => e.dir === (value === 'd'));
    } else if (flag === '-maxdepth' || flag === '-mindepth') {
      if (!/^\d+$/.test(value ?? '')) return failure(`find: invalid argument \`${value}' to \`${flag}'`);
      if (flag === '-maxdepth') maxDepth = Number(value);
      else minDepth = Number(value);
    } else {
      return failure(`find: ${flag} is not supported here (supported: -name, -iname, -path, -type f|d, -maxdepth, -mindepth, -not)`);
    }
  }
  const all = await env.files.list(env.ctx.signal, env.ctx.timeoutMs);
  const lines: string[] = [];
  const stderr: string[] = [];
  for (const start of starts.length ? starts : ['.']) {
    const rel = relativeArg(env, start);
    if (rel === undefined) {
      stderr.push(`find: '${start}': outside the repository`);
      continue;
    }
    const entries = entriesUnder(all, rel);
    if (entries === undefined) {
      stderr.push(`find: '${start}': No such file or directory`);
      continue;
    }
    for (const entry of entries) {
      const shown = entry.rel === rel ? start : joinShown(start, entry.rel.slice(rel === '' ? 0 : rel.length + 1));
      const item = { ...entry, shown };
      if (item.depth > maxDepth || item.depth < minDepth) continue;
      if (tests.every((test) => test(item))) lines.push(shown);
    }
  }
  const notes = lines.length > FIND_MAX ? [`find printed ${lines.length} paths; showing the first ${FIND_MAX}. Narrow it with -name, -path or a folder.`] : [];
  return { lines: lines.slice(0, FIND_MAX), stderr, exit: stderr.length ? 1 : 0, notes };
}

/** `ls [-a] [-l] [-1] [-A] [-F] [PATH...]`: names in a folder, from the files the tools can see. */
export async function lsCommand(env: ShellEnv, words: readonly Word[]): Promise<Output> {
  const flags = parseFlags('ls', words, { booleans: ['a', 'A', 'l', '1', 'F', 'h', 'p', 'd'], values: ['color'], aliases: { all: 'a', 'almost-all': 'A' } });
  if ('error' in flags) return failure(`${flags.error} (supported: -a, -A, -l, -1, -F)`);
  const all = await env.files.list(env.ctx.signal, env.ctx.timeoutMs);
  const targets = await expandPaths(env, flags.positionals);
  const showHidden = has(flags, 'a', 'A');
  const marks = has(flags, 'F', 'p');
  const lines: string[] = [];
  const stderr: string[] = [];
  const list = targets.length ? targets : ['.'];
  for (const target of list) {
    const rel = relativeArg(env, target);
    const entries = rel === undefined ? undefined : entriesUnder(all, rel);
    if (rel === undefined || entries === undefined) {
      stderr.push(`ls: cannot access '${target}': ${rel === undefined ? 'outside the repository' : 'No such file or directory'}`);
      continue;
    }
    const self = entries.find((e) => e.rel === rel);
    if (self && !self.dir) {
      lines.push(target);
      continue;
    }
    if (list.length > 1) lines.push(`${lines.length ? '\n' : ''}${target}:`);
    const children = entries.filter((e) => e.depth === 1 && (showHidden || !e.name.startsWith('.')));
    lines.push(...children.map((e) => `${e.name}${marks && e.dir ? '/' : ''}`));
  }
  const notes = has(flags, 'l') ? ['ls -l: sizes, owners and dates are not available here; names only'] : [];
  return { lines, stderr, exit: stderr.length ? 2 : 0, notes };
}

/** The start itself and every file and folder below it (depth counted from it), or undefined when it does not exist. */
function entriesUnder(files: readonly string[], rel: string): { rel: string; name: string; dir: boolean; depth: number }[] | undefined {
  const prefix = rel === '' ? '' : `${rel}/`;
  const below = files.filter((f) => f.startsWith(prefix));
  if (rel !== '' && files.includes(rel)) return [{ rel, name: baseName(rel), dir: false, depth: 0 }];
  if (rel !== '' && below.length === 0) return undefined;
  const dirs = new Set<string>();
  for (const file of below) {
    const parts = file.slice(prefix.length).split('/');
    for (let k = 1; k < parts.length; k++) dirs.add(prefix + parts.slice(0, k).join('/'));
  }
  const entries = [{ rel, name: rel === '' ? '.' : baseName(rel), dir: true, depth: 0 }];
  for (const dir of dirs) entries.push({ rel: dir, name: baseName(dir), dir: true, depth: dir.slice(prefix.length).split('/').length });
  for (const file of below) entries.push({ rel: file, name: baseName(file), dir: false, depth: file.slice(prefix.length).split('/').length });
  return entries.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

function baseName(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1);
}

function joinShown(start: string, below: string): string {
  return start.endsWith('/') ? `${start}${below}` : `${start}/${below}`;
}
