/**
 * Splits a command line the way a POSIX shell would for the tiny read-only subset we run, and
 * refuses everything else. Nothing here is ever handed to a shell: the words go to our own
 * sandboxed grep/glob/read. Supported: words, 'single' and "double" quotes, backslash escapes,
 * `|` pipes, unquoted wildcards (expanded by us, over the workspace file list), and the harmless
 * `2>/dev/null` / `2>&1`. Refused: `;`, `&&`, `||`, `&`, redirections, `$(…)`, backticks,
 * variables, subshells and newlines.
 */

/** One word of a command; `glob` when it held an unquoted `*`, `?` or `[`. */
export interface Word {
  text: string;
  glob: boolean;
}

/** A parsed command line: pipeline stages, each a list of words (the first is the command). */
export type CommandLine = { stages: Word[][] } | { refused: string };

/** Parses `line`; any construct outside the read-only subset is refused with a reason. */
export function parseCommandLine(line: string): CommandLine {
  const stages: Word[][] = [[]];
  let word: Word | undefined;
  const push = () => {
    if (word) stages[stages.length - 1].push(word);
    word = undefined;
  };
  const append = (text: string, glob = false) => {
    word ??= { text: '', glob: false };
    word.text += text;
    word.glob ||= glob;
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === ' ' || ch === '\t') {
      push();
    } else if (ch === '\n' || ch === '\r') {
      if (line.slice(i).trim() === '') break;
      return refuse('a newline starts a second command; send one command per call');
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return refuse('a single quote is not closed');
      append(line.slice(i + 1, end));
      i = end;
    } else if (ch === '"') {
      const parsed = doubleQuoted(line, i);
      if ('refused' in parsed) return parsed;
      append(parsed.text);
      i = parsed.end;
    } else if (ch === '\\') {
      if (i + 1 >= line.length) return refuse('the line ends with a backslash');
      append(line[i + 1]);
      i++;
    } else if (ch === '|') {
      if (line[i + 1] === '|') return refuse('`||` chains commands; send one command per call');
      push();
      if (stages[stages.length - 1].length === 0) return refuse('a pipe `|` needs a command on each side');
      stages.push([]);
    } else if (ch === ';') {
      return refuse('`;` chains commands; send one command per call (calls in one turn run in parallel)');
    } else if (ch === '&') {
      return refuse(line[i + 1] === '&' ? '`&&` chains commands; send one command per call (calls in one turn run in parallel)' : '`&` runs a command in the background');
    } else if (ch === '>' || ch === '<') {
      const skip = harmlessRedirect(line, i, word);
      if (skip === undefined) return refuse('redirections (`>`, `>>`, `<`) are not allowed: nothing may be written or fed in');
      word = undefined;
      i = skip;
    } else if (ch === '`') {
      return refuse('backticks run a command inside a command');
    } else if (ch === '$') {
      const next = line[i + 1] ?? '';
      if (next === '(') return refuse('`$(…)` runs a command inside a command');
      if (/[A-Za-z_{0-9?!#@*$-]/.test(next)) return refuse('`$` variables and expansions are not available; write the value itself');
      append('$');
    } else if (ch === '(' || ch === ')') {
      return refuse('subshells and grouping with ( ) are not allowed');
    } else if (ch === '*' || ch === '?' || ch === '[') {
      append(ch, true);
    } else {
      append(ch);
    }
  }
  push();
  const last = stages[stages.length - 1];
  if (last.length === 0) return refuse(stages.length > 1 ? 'a pipe `|` needs a command on each side' : 'the command is empty');
  return { stages };
}

function refuse(reason: string): { refused: string } {
  return { refused: reason };
}

/** The text of a "double-quoted" string starting at `start`, refusing expansions inside it. */
function doubleQuoted(line: string, start: number): { text: string; end: number } | { refused: string } {
  let text = '';
  for (let i = start + 1; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') return { text, end: i };
    if (ch === '\\' && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1])) {
      text += line[i + 1];
      i++;
    } else if (ch === '`') {
      return refuse('backticks run a command inside a command');
    } else if (ch === '$' && /[A-Za-z_{(0-9?!#@*$-]/.test(line[i + 1] ?? '')) {
      return refuse(line[i + 1] === '(' ? '`$(…)` runs a command inside a command' : '`$` variables and expansions are not available; write the value itself');
    } else {
      text += ch;
    }
  }
  return refuse('a double quote is not closed');
}

/**
 * `2>/dev/null` and `2>&1` write nothing anywhere, and models add them out of habit: they are
 * dropped. Returns the index of the redirection's last character, or undefined to refuse.
 */
function harmlessRedirect(line: string, at: number, word: Word | undefined): number | undefined {
  if (line[at] !== '>' || word?.text !== '2' || word.glob) return undefined;
  const rest = line.slice(at + 1);
  const match = /^(?:\s*\/dev\/null|&1)(?=\s|\||$)/.exec(rest);
  return match ? at + match[0].length : undefined;
}
