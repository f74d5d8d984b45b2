import { braceExpand, Minimatch } from 'minimatch';
import { requiredLiterals } from './globLiterals';

/**
 * Glob and shell wildcard matching in time proportional to the path's length times the pattern's. A
 * JavaScript regex backtracks: minimatch's for `*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b` tested one 60-character
 * name for 394 s, and no signal stops a running regex, so one tool call from a model or an MCP client froze
 * the extension host. Each `*` here (and each `**` over segments) only ever resumes from the last one seen,
 * the classic wildcard matcher, which never revisits an earlier star. It answers as minimatch does (a test
 * compares them on generated patterns), except that a bracket class never matches `/`, as in a shell.
 */

/** A compiled pattern: does the path (or name) match? */
export interface PathMatcher {
  test(path: string): boolean;
}

export interface WildcardOptions {
  /** `**` as a whole segment matches any number of segments (globs); otherwise it is a `*` (the shell's). */
  globstar?: boolean;
  /** `*` and `?` also match `/` (`find -path`); otherwise the pattern's segments meet the path's one by one. */
  crossSlash?: boolean;
  nocase?: boolean;
}

/** One character of a segment: a literal, `?` or a bracket class. */
type CharTest = (ch: string) => boolean;
/** A `*` among a segment's tokens, and a `**` among a glob's segments: any run of what the others match one of. */
const STAR = 'star';
type Token = CharTest | typeof STAR;
/** A pattern segment: the test of one path segment, or a `**`. */
type Segment = ((segment: ArrayLike<string>) => boolean) | typeof STAR;

/**
 * `*`, `?`, bracket classes (`[a-z]`, `[!x]`, `[^x]`, `[[:digit:]]`) and backslash escapes, as the shell and
 * minimatch read them; with `globstar`, `**` alone between slashes. Braces and extglobs are the caller's.
 */
export function compileWildcard(pattern: string, options: WildcardOptions = {}): CompiledWildcard {
  // Only the path is folded: the pattern's classes keep their case (`[B-[]` is a range of upper case).
  const fold = options.nocase ? (text: string) => text.toLowerCase() : (text: string) => text;
  if (options.crossSlash) {
    const { tokens } = tokenize(pattern, options.nocase === true, true);
    const testFolded = (folded: string) => matchTokens(tokens, [...folded]);
    return { testFolded, test: (path) => testFolded(fold(path)), nameLiteral: '' };
  }
  const written = pattern.split('/');
  const parts = written.map((part) => (options.globstar && part === '**' ? undefined : tokenize(part, options.nocase === true, false)));
  const segments: Segment[] = parts.map((part, i) => (part ? segmentTest(written[i]!, part.tokens, options.nocase === true) : STAR));
  // Cheap checks first, which most paths of a tree fail: the literal text the pattern starts and ends with
  // (`src/`, `.py`), and every segment's longest literal run, the file name's first (`**/django/conf.*` needs
  // `conf.`, which few paths hold, as well as `django`, which every path of that tree holds).
  const required = parts.flatMap((part) => (part && part.literal ? [part.literal] : [])).reverse();
  const last = parts[parts.length - 1];
  const head = options.nocase ? literalHead(pattern).toLowerCase() : literalHead(pattern);
  const tail = options.nocase ? literalTail(pattern).toLowerCase() : literalTail(pattern);
  const testFolded = (folded: string) => {
    if (!folded.startsWith(head) || !folded.endsWith(tail) || !required.every((literal) => folded.includes(literal))) return false;
    // A string indexes by UTF-16 unit; a path with a character beyond the BMP is walked by code point.
    const astral = ASTRAL.test(folded);
    return matchSegments(segments, folded.split('/').map((segment): ArrayLike<string> => (astral ? [...segment] : segment)));
  };
  // `testFolded` takes the path already in lower case when `nocase`: compileGlob folds it once for all alternatives.
  return { testFolded, test: (path) => testFolded(fold(path)), nameLiteral: last?.literal ?? '' };
}

/** A compiled wildcard; `testFolded` takes the path already in lower case when `nocase`. */
export interface CompiledWildcard extends PathMatcher {
  testFolded(folded: string): boolean;
  /** The longest literal run of the last segment (folded when `nocase`), which every match's file name holds ('' if none). */
  nameLiteral: string;
}

const ASTRAL = /[\uD800-\uDFFF]/;

/** The pattern's text before its first wildcard, class, escape or brace, which every match starts with. */
function literalHead(pattern: string): string {
  const end = pattern.search(/[*?[\\{]/);
  // `a/**` also matches `a` itself: a slash before the first wildcard is not required.
  return end < 0 ? pattern : pattern.slice(0, end).replace(/\/$/, '');
}

/** The pattern's text after its last wildcard, class, escape or brace, which every match ends with. */
function literalTail(pattern: string): string {
  // `**/a.py` also matches `a.py` at the top: a slash after the last wildcard is not required.
  return /[^*?[\]\\{}]*$/.exec(pattern)![0].replace(/^\//, '');
}

/** Most alternatives a glob's braces may expand to; `{a,b}{c,d}…` doubles with every group. */
export const MAX_BRACE_ALTERNATIVES = 256;
/**
 * Most unbounded wildcards (`*`, `**`, `*(…)`, `+(…)`) in one brace alternative of a pattern left to minimatch's
 * regex: with two, its backtracking is at worst quadratic in the path's length.
 */
export const MAX_REGEX_WILDCARDS = 2;

/** Glob syntax only minimatch reads: extglobs, `.`/`..` segments, doubled slashes. */
const EXOTIC = /[?*+@!]\(|\/\/|(?:^|\/)\.\.?(?:\/|$)/;

/**
 * A glob as minimatch reads it with `dot: true` (dot files match), or why it cannot be used: braces expanded,
 * then the linear walk, each alternative's literal text checked first (bench/glob-matcher.ts: a few ms a glob
 * on django, at most about 3 more than the regex). Extglobs and `.`/`..` segments are left to minimatch's regex,
 * refused with more than MAX_REGEX_WILDCARDS unbounded wildcards.
 */
export function compileGlob(written: string, options: { nocase?: boolean } = {}): PathMatcher | { error: string } {
  const pattern = extglobsAsBraces(written);
  // Counted before expanding: `{1..1000000}` or twenty `{a,b}` groups would build the whole list first.
  const tooMany = { error: `its braces expand to more than ${MAX_BRACE_ALTERNATIVES} patterns` };
  if (braceEstimate(pattern) > MAX_BRACE_ALTERNATIVES) return tooMany;
  const alternatives = braceExpand(pattern);
  if (alternatives.length > MAX_BRACE_ALTERNATIVES) return tooMany;
  if (EXOTIC.test(pattern)) {
    const wildcards = Math.max(0, ...alternatives.map((alternative) => alternative.match(/\*+|\+\(/g)?.length ?? 0));
    if (wildcards <= MAX_REGEX_WILDCARDS) return minimatchRegex(written, options.nocase === true);
    return { error: `it has ${wildcards} wildcards beside an extglob or a ./.. segment; at most ${MAX_REGEX_WILDCARDS} there (split it into several patterns)` };
  }
  const matchers = alternatives.map((alternative) => compileWildcard(alternative, { globstar: true, nocase: options.nocase }));
  const fold = options.nocase ? (text: string) => text.toLowerCase() : (text: string) => text;
  const anyName = matchers.length >= PREFILTER_ALTERNATIVES ? nameAlternation(matchers) : undefined;
  return {
    test: (path) => {
      const folded = fold(path);
      if (anyName && !anyName.test(folded.slice(folded.lastIndexOf('/') + 1))) return false;
      return matchers.some((matcher) => matcher.testFolded(folded));
    },
  };
}

/**
 * From this many brace alternatives on, a path's file name is first asked, in one regex, for any of the literal
 * runs their last segments need (the brain's glob of a title's word pairs, `{special?([-_])case?(s),…}.*` at any
 * depth, expands to 42), instead of each alternative's checks in turn on the whole path: most names hold none.
 */
const PREFILTER_ALTERNATIVES = 8;

/** One regex for "the file name holds a run one alternative's last segment needs", or undefined if one needs none. */
function nameAlternation(matchers: CompiledWildcard[]): RegExp | undefined {
  if (matchers.some((matcher) => matcher.nameLiteral === '')) return undefined;
  const needed = new Set(matchers.map((matcher) => matcher.nameLiteral));
  return new RegExp([...needed].map(escapeRegExp).join('|'));
}

/** Escapes text for a RegExp (JS and Rust agree on these). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `?(a|b)` and `@(a|b)` as braces (`{,a,b}`, `{a,b}`): they match the same paths and need no regex
 * (the embedded brain's `boolean?([-_])attribute?(s)`, `sl?([-_]*)`). A group holding a comma, a brace, a
 * slash or another group stays an extglob, and so do the groups of a segment that is otherwise only stars
 * (`?(a|)**` would become `**`, which matches any number of segments, not one).
 */
function extglobsAsBraces(pattern: string): string {
  const group = /(?<!\\)([?@])\(([^(){},/\\]*)\)/g;
  return pattern
    .split('/')
    .map((segment) => {
      if (/^\**$/.test(segment.replace(group, ''))) return segment;
      return segment.replace(group, (_whole, kind: string, body: string) => `{${kind === '?' ? ',' : ''}${body.split('|').join(',')}}`);
    })
    .join('/');
}

function minimatchRegex(pattern: string, nocase: boolean): PathMatcher | { error: string } {
  try {
    const regex = new Minimatch(pattern, { dot: true, nocomment: true, nonegate: true, nocase }).makeRe();
    if (regex === false) return { error: 'not a valid glob pattern' };
    // The regex for `**` backtracks on every path it is given: a path without the text each alternative
    // requires (globLiterals.ts) is refused by an `includes` first.
    const literals = requiredLiterals(nocase ? pattern.toLowerCase() : pattern);
    if (!literals) return regex;
    return {
      test: (path) => {
        const folded = nocase ? path.toLowerCase() : path;
        return literals.some((literal) => folded.includes(literal)) && regex.test(path);
      },
    };
  } catch (error) {
    // minimatch builds some patterns into a regex V8 refuses (`!([[:alpha:]])-`): invalid, not a crash.
    return { error: `not a valid glob pattern (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * How many patterns braces expand to, counted without building them (`a{b,c}{d,e}`: 4, `{x,y{1..3}}`: 4), as
 * braceExpand reads them: a group needs a top-level comma or a `..` range, else it is literal text. Counting
 * stops past MAX_BRACE_ALTERNATIVES.
 */
function braceEstimate(pattern: string): number {
  let total = 1;
  for (let i = 0; i < pattern.length && total <= MAX_BRACE_ALTERNATIVES; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === '{') {
      const end = closingBrace(pattern, i);
      if (end < 0) continue;
      const inner = pattern.slice(i + 1, end);
      const parts = topLevelParts(inner);
      const range = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.-?\d+)?$/.exec(inner);
      const value = (bound: string) => (/^-?\d+$/.test(bound) ? Number(bound) : bound.charCodeAt(0));
      if (parts.length > 1) total *= parts.reduce((sum, part) => sum + braceEstimate(part), 0);
      else if (range) total *= Math.abs(value(range[2]!) - value(range[1]!)) + 1;
      else total *= braceEstimate(inner);
      i = end;
    }
  }
  return total;
}

/** The index of the `}` that closes the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** `text` cut at its commas outside nested braces. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  return [...parts, text.slice(from)];
}

/**
 * The classic wildcard walk: does `items` match `pattern`, where a STAR matches any run of items and any other
 * element one item that `matches` accepts? A star only ever resumes from the last star seen, so the walk takes
 * at most items × pattern steps. Used twice: characters against a segment's tokens, and path segments against
 * the pattern's segments (a `**` is the star there).
 */
function wildcardWalk<T, I>(pattern: readonly (T | typeof STAR)[], items: ArrayLike<I>, matches: (element: T, item: I) => boolean): boolean {
  let at = 0;
  let item = 0;
  let star = -1;
  let resume = 0;
  while (item < items.length) {
    const element = pattern[at];
    if (element === STAR) {
      star = at++;
      resume = item;
    } else if (at < pattern.length && matches(element as T, items[item]!)) {
      at++;
      item++;
    } else if (star >= 0) {
      at = star + 1;
      item = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[at] === STAR) at++;
  return at === pattern.length;
}

function matchTokens(tokens: readonly Token[], chars: ArrayLike<string>): boolean {
  return wildcardWalk(tokens, chars, (test: CharTest, ch) => test(ch));
}

function matchSegments(segments: readonly Segment[], parts: readonly ArrayLike<string>[]): boolean {
  return wildcardWalk(segments, parts, (test: (segment: ArrayLike<string>) => boolean, part) => test(part));
}

/**
 * One segment's test: a string comparison where the segment is a literal with at most a star at either end
 * (`*.py`, `test_*`, `models.py`, the commonest), else the token walk.
 */
function segmentTest(written: string, tokens: Token[], nocase: boolean): (segment: ArrayLike<string>) => boolean {
  const simple = /^(\*?)([^*?[\]\\]*)(\*?)$/.exec(written);
  if (!simple) return (segment) => matchTokens(tokens, segment);
  const [, lead, text, trail] = simple as unknown as [string, string, string, string];
  const literal = nocase ? text.toLowerCase() : text;
  // A path segment reaches here as a string, or as code points when the path has a character beyond the BMP.
  const asString = (segment: ArrayLike<string>) => (typeof segment === 'string' ? segment : Array.from(segment).join(''));
  if (lead && trail) return (segment) => asString(segment).includes(literal);
  if (lead) return (segment) => asString(segment).endsWith(literal);
  if (trail) return (segment) => asString(segment).startsWith(literal);
  return (segment) => asString(segment) === literal;
}

/** A segment's tokens, and its longest run of literal characters; `?` and classes never match `/` unless `crossSlash`. */
function tokenize(part: string, nocase: boolean, crossSlash: boolean): { tokens: Token[]; literal: string } {
  const tokens: Token[] = [];
  let run = '';
  let longest = '';
  const endRun = () => {
    if (run.length > longest.length) longest = run;
    run = '';
  };
  const chars = [...part];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const parsed = ch === '[' ? bracketClass(chars, i, nocase) : undefined;
    if (ch === '*') {
      if (tokens[tokens.length - 1] !== STAR) tokens.push(STAR);
    } else if (ch === '?') {
      tokens.push(crossSlash ? () => true : (c) => c !== '/');
    } else if (parsed) {
      tokens.push(parsed.test);
      i = parsed.end;
    } else {
      const written = ch === '\\' && i + 1 < chars.length ? chars[++i]! : ch;
      const literal = nocase ? written.toLowerCase() : written;
      tokens.push((c) => c === literal);
      run += literal;
      continue;
    }
    endRun();
  }
  endRun();
  return { tokens, literal: longest };
}

const POSIX_CLASSES: Record<string, RegExp> = {
  alpha: /\p{L}/u,
  digit: /[0-9]/,
  alnum: /[\p{L}\p{Nd}]/u,
  upper: /\p{Lu}/u,
  lower: /\p{Ll}/u,
  space: /\s/,
  punct: /\p{P}/u,
  xdigit: /[0-9A-Fa-f]/,
  word: /[\p{L}\p{Nd}_]/u,
};

/** A bracket class starting at `chars[start]` (`[`), and the index of its `]`; undefined when it never closes. */
function bracketClass(chars: readonly string[], start: number, nocase: boolean): { test: CharTest; end: number } | undefined {
  let i = start + 1;
  const negated = chars[i] === '!' || chars[i] === '^';
  if (negated) i++;
  const members: CharTest[] = [];
  // A `]` first in the class is a member, not its end.
  for (let first = true; i < chars.length && (first || chars[i] !== ']'); first = false) {
    if (chars[i] === '[' && chars[i + 1] === ':') {
      const close = chars.indexOf(']', i + 2);
      const name = close > 0 && chars[close - 1] === ':' ? chars.slice(i + 2, close - 1).join('') : undefined;
      if (name !== undefined && POSIX_CLASSES[name]) {
        const regex = POSIX_CLASSES[name]!;
        members.push((c) => regex.test(c));
        i = close + 1;
        continue;
      }
    }
    const low = chars[i] === '\\' && i + 1 < chars.length ? chars[++i]! : chars[i]!;
    i++;
    if (chars[i] === '-' && i + 1 < chars.length && chars[i + 1] !== ']') {
      const high = chars[i + 1] === '\\' && i + 2 < chars.length ? chars[i + 2]! : chars[i + 1]!;
      i += chars[i + 1] === '\\' ? 3 : 2;
      const [from, to] = [low.codePointAt(0)!, high.codePointAt(0)!];
      members.push((c) => inRange(c, from, to));
    } else {
      members.push((c) => c === low || (nocase && c === low.toLowerCase()));
    }
  }
  if (i >= chars.length) return undefined;
  // Without case, the path's (lower-case) character or its upper case may be the member.
  const member = (c: string) => members.some((test) => test(c) || (nocase && test(c.toUpperCase())));
  const test: CharTest = (c) => c !== '/' && member(c) !== negated;
  return { test, end: i };
}

function inRange(ch: string, from: number, to: number): boolean {
  const code = ch.codePointAt(0)!;
  return code >= from && code <= to;
}
