/**
 * Translates a ripgrep pattern (Rust `regex` syntax, Unicode mode) into a JavaScript RegExp that
 * matches the same lines, for a subset of the syntax where the two provably agree. Anything outside
 * the subset (inline flags, lookaround, `\p{..}`, POSIX or nested classes, `\<`, `\A`...) is refused
 * with `undefined`, and the caller searches that pattern with rg alone instead.
 *
 * Why this exists: rg can search several `-e` patterns in one walk, but its output does not say
 * which pattern matched a line. The multi-pattern grep re-tests each reported line against each
 * pattern in JavaScript to give every pattern its own hits.
 */

/**
 * What the translation spells Rust's classes and word boundaries with. Rust's are Unicode's: `\w` is
 * Alphabetic, marks, decimal digits, connector punctuation and joiners, `\d` is Nd, `\s` is White_Space,
 * and `\b` is Unicode-aware (JavaScript's is ASCII-only even with the `u` flag, so it is spelled out).
 */
interface Spelling {
  /** The class contents of `\w`, `\d` and `\s`. */
  body: Record<'w' | 'd' | 's', string>;
  boundary: string;
  notBoundary: string;
  /** `\b` where one side is known to be an ASCII word character: only the other side needs a look. */
  before: string;
  after: string;
}

/** Rust's Unicode classes, with `\b` spelled out as look-arounds over its `\w`. */
function unicodeSpelling(): Spelling {
  const body = { w: String.raw`\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}`, d: String.raw`\p{Nd}`, s: String.raw`\p{White_Space}` };
  const w = `[${body.w}]`;
  return {
    body,
    boundary: `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`,
    notBoundary: `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w}))`,
    before: `(?<!${w})`,
    after: `(?!${w})`,
  };
}

const UNICODE = unicodeSpelling();
/**
 * On a line of ASCII characters Unicode's classes hold exactly ASCII's (White_Space there is tab to
 * carriage return and space), and JavaScript's `\b` is Rust's. Tested that way, a twin runs several
 * times faster: the Unicode property look-arounds are what a shared walk's line tests spend their time on.
 */
const ASCII: Spelling = {
  body: { w: 'A-Za-z0-9_', d: '0-9', s: String.raw`\t\n\v\f\r ` },
  boundary: String.raw`\b`,
  notBoundary: String.raw`\B`,
  before: String.raw`\b`,
  after: String.raw`\b`,
};

/** Which lines a twin must be exact on: any line, or (faster) lines of ASCII characters only. */
export type TwinLines = 'any' | 'ascii';

/** True for a line with a character outside ASCII, where only an `any` twin is exact. */
export const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Typographic punctuation (curly quotes, dashes, ellipsis, bullet, guillemets, primes), the non-ASCII characters
 * most common in code, docs and message catalogues. None is in Rust's `\w`, `\d` or `\s`, so to a pattern that
 * names no character outside printable ASCII each behaves as a control character does: only `.`, negated classes
 * and `\W`, `\S`, `\D` take it, and it ends a word.
 */
const PLAIN_PUNCTUATION = /[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u2022\u00ab\u00bb\u2032\u2033]/g;
const STAND_IN = '\u0001';
const PRINTABLE_ASCII_PATTERN = /^[\t\u0020-\u007e]*$/;

/** Whether `pattern` names only printable ASCII (no `\x` escape, which could name the stand-in): see asciiStandIn. */
export function takesStandIns(pattern: string): boolean {
  return PRINTABLE_ASCII_PATTERN.test(pattern) && !pattern.includes('\\x');
}

/**
 * `line` with its typographic punctuation replaced by a control character, when that leaves it ASCII; else
 * `undefined`. For a pattern that takesStandIns, its `ascii` twin matches the result exactly where rg matches
 * the line, at the same index (each replaced character is one UTF-16 unit, as is its stand-in). A few curly
 * quotes would otherwise cost a line the Unicode twin, whose classes take V8 milliseconds to compile for
 * every new pattern.
 */
export function asciiStandIn(line: string): string | undefined {
  const replaced = line.replace(PLAIN_PUNCTUATION, STAND_IN);
  return NON_ASCII.test(replaced) ? undefined : replaced;
}

const MAX_REPEAT = 1000;
const ASCII_WORD_CHAR = /^[A-Za-z0-9_]$/;

/** Thrown inside the translator when the pattern leaves the supported subset. */
class Unsupported extends Error {}

/**
 * A RegExp that matches exactly the lines `pattern` matches under rg (one line, without its `\n`),
 * or `undefined` when the pattern uses syntax this translator does not cover. With `ascii`, it is
 * exact only on lines without a character outside ASCII (NON_ASCII).
 */
export function rgPatternToRegExp(pattern: string, caseInsensitive: boolean, lines: TwinLines = 'any'): RegExp | undefined {
  try {
    const source = new Translator(pattern, lines === 'ascii' ? ASCII : UNICODE).run();
    return new RegExp(source, caseInsensitive ? 'iu' : 'u');
  } catch {
    return undefined;
  }
}

class Translator {
  private readonly chars: string[];
  private pos = 0;
  private out = '';
  private depth = 0;
  /** Whether the last emitted item can take a quantifier. */
  private canRepeat = false;
  /** Whether the last emitted item is one literal ASCII word character, not yet quantified. */
  private afterWordChar = false;

  constructor(
    pattern: string,
    private readonly spelled: Spelling,
  ) {
    this.chars = Array.from(pattern);
  }

  run(): string {
    while (this.pos < this.chars.length) this.step();
    if (this.depth !== 0) throw new Unsupported('unclosed group');
    return this.out;
  }

  private step(): void {
    const c = this.chars[this.pos++];
    switch (c) {
      case '\\':
        return this.escape();
      case '(':
        return this.openGroup();
      case ')':
        if (this.depth === 0) throw new Unsupported('unopened group');
        this.depth--;
        return this.emit(')', true);
      case '|':
        return this.emit('|', false);
      case '^':
      case '$':
        return this.emit(c, false);
      case '.':
        return this.emit('[^\\n]', true);
      case '[':
        return this.emit(this.charClass(), true);
      case '*':
      case '+':
      case '?':
        return this.quantifier(c);
      case '{':
        return this.quantifier(this.counted());
      default:
        this.emit(literal(c), true);
        this.afterWordChar = ASCII_WORD_CHAR.test(c);
        return;
    }
  }

  private emit(text: string, repeatable: boolean): void {
    this.out += text;
    this.canRepeat = repeatable;
    this.afterWordChar = false;
  }

  /**
   * `\b` beside a literal ASCII letter needs one look-around, not the general two-sided test: after
   * `o` in `foo\b` the boundary is just "no word character next". The names in the embedded brain's
   * searches are bounded this way, and each line of a shared walk is tested against them.
   */
  private boundaryNextToWord(): string {
    if (this.afterWordChar) return this.spelled.after;
    const next = this.chars[this.pos];
    const then = this.chars[this.pos + 1];
    if (next !== undefined && ASCII_WORD_CHAR.test(next) && !['?', '*', '{'].includes(then ?? '')) return this.spelled.before;
    return this.spelled.boundary;
  }

  private quantifier(text: string): void {
    if (!this.canRepeat) throw new Unsupported('nothing to repeat');
    const lazy = this.chars[this.pos] === '?';
    if (lazy) this.pos++;
    this.emit(lazy ? `${text}?` : text, false);
  }

  /** `{n}`, `{n,}` or `{n,m}`, just after the `{`. */
  private counted(): string {
    const rest = this.chars.slice(this.pos, this.pos + 24).join('');
    const m = /^(\d{1,4})(,(\d{0,4}))?\}/.exec(rest);
    if (!m) throw new Unsupported('bad repetition');
    const min = Number(m[1]);
    const max = m[3] ? Number(m[3]) : undefined;
    if (min > MAX_REPEAT || (max !== undefined && (max < min || max > MAX_REPEAT))) throw new Unsupported('repetition bounds');
    this.pos += m[0].length;
    return `{${m[1]}${m[2] ?? ''}}`;
  }

  private openGroup(): void {
    if (this.chars[this.pos] === '?') {
      const next = this.chars[this.pos + 1];
      if (next === ':') this.pos += 2;
      else if (next === 'P' && this.chars[this.pos + 2] === '<') this.skipName(this.pos + 3);
      else if (next === '<') this.skipName(this.pos + 2);
      // Inline flags, lookaround and the rest have no exact JavaScript twin here.
      else throw new Unsupported('group kind');
    }
    this.depth++;
    // Captures do not change which lines match.
    this.emit('(?:', false);
  }

  private skipName(from: number): void {
    let i = from;
    while (i < this.chars.length && /[A-Za-z0-9_]/.test(this.chars[i])) i++;
    if (i === from || this.chars[i] !== '>') throw new Unsupported('group name');
    this.pos = i + 1;
  }

  private escape(): void {
    const c = this.chars[this.pos++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (c === 'b' || c === 'B') {
      if (this.chars[this.pos] === '{') throw new Unsupported('\\b{...}');
      if (c === 'b') return this.emit(this.boundaryNextToWord(), false);
      return this.emit(this.spelled.notBoundary, false);
    }
    const shorthand = this.shorthand(c);
    if (shorthand) return this.emit(shorthand, true);
    return this.emit(literal(this.escapedChar(c)), true);
  }

  /** `\w`, `\d`, `\s` and their negations as a class, or undefined for another escape. */
  private shorthand(c: string): string | undefined {
    const body = this.classBody(c.toLowerCase());
    if (body === undefined) return undefined;
    return c === c.toLowerCase() ? `[${body}]` : `[^${body}]`;
  }

  private classBody(c: string): string | undefined {
    return c === 'w' || c === 'd' || c === 's' ? this.spelled.body[c] : undefined;
  }

  /** The character an escape other than a class or assertion stands for, after its backslash. */
  private escapedChar(c: string): string {
    if (c === 't') return '\t';
    if (c === 'x') return this.hexEscape();
    // `\<` and `\>` are word-boundary assertions in Rust's regex; other ASCII punctuation is literal.
    if (/^[!-/:-@[-`{-~]$/.test(c) && c !== '<' && c !== '>') return c;
    throw new Unsupported(`escape \\${c}`);
  }

  private hexEscape(): string {
    const rest = this.chars.slice(this.pos, this.pos + 10).join('');
    const m = /^(?:([0-9A-Fa-f]{2})|\{([0-9A-Fa-f]{1,6})\})/.exec(rest);
    if (!m) throw new Unsupported('hex escape');
    const cp = parseInt(m[1] ?? m[2], 16);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0x0a) throw new Unsupported('code point');
    this.pos += m[0].length;
    return String.fromCodePoint(cp);
  }

  /** A bracketed class, just after the `[`. */
  private charClass(): string {
    let negated = false;
    if (this.chars[this.pos] === '^') {
      negated = true;
      this.pos++;
    }
    // Rust reads a leading `]` as a literal; rare enough to refuse.
    if (this.chars[this.pos] === ']') throw new Unsupported('leading ]');
    let body = '';
    let count = 0;
    for (;;) {
      const c = this.chars[this.pos++];
      if (c === undefined) throw new Unsupported('unclosed class');
      if (c === ']') break;
      if (c === '[') throw new Unsupported('nested or POSIX class');
      const pair = c + (this.chars[this.pos] ?? '');
      if (pair === '&&' || pair === '--' || pair === '~~') throw new Unsupported('class set operation');
      count++;
      if (c === '\\') {
        const e = this.chars[this.pos++];
        const inner = e === undefined ? undefined : this.classBody(e);
        if (inner) {
          body += inner;
          continue;
        }
        if (e === undefined || e === 'b' || e === 'B' || this.shorthand(e)) throw new Unsupported('escape in class');
        body += this.rangeFrom(this.escapedChar(e));
        continue;
      }
      body += this.rangeFrom(c);
    }
    if (count === 0) throw new Unsupported('empty class');
    return `[${negated ? '^' : ''}${body}]`;
  }

  /** One class member starting with `first`: a single character, or `first-last`. */
  private rangeFrom(first: string): string {
    if (this.chars[this.pos] !== '-' || this.chars[this.pos + 1] === ']' || this.chars[this.pos + 1] === undefined) return literal(first);
    this.pos++;
    let last = this.chars[this.pos++];
    if (last === '[') throw new Unsupported('nested class');
    if (last === '\\') {
      const e = this.chars[this.pos++];
      if (e === undefined || this.shorthand(e) || e === 'b' || e === 'B') throw new Unsupported('range end');
      last = this.escapedChar(e);
    }
    if ((first.codePointAt(0) ?? 0) > (last.codePointAt(0) ?? 0)) throw new Unsupported('reversed range');
    return `${literal(first)}-${literal(last)}`;
  }
}

/** One character as a JavaScript `u`-mode regex atom that means only itself (inside or outside a class). */
function literal(c: string): string {
  if (c === '\n') throw new Unsupported('newline');
  if (/^[A-Za-z0-9_]$/.test(c)) return c;
  return `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`;
}

/**
 * The twin of `pattern` with every `\b` outside a character class dropped: it matches every line the
 * exact twin matches, and it runs much faster on lines that match neither, since a Unicode `\b` becomes
 * a pair of lookarounds over Unicode classes tried at every position. `undefined` when the pattern has
 * no `\b` (nothing to gain), has the `\b{…}` forms, or has no twin.
 */
export function looseTwin(pattern: string, caseInsensitive: boolean, lines: TwinLines = 'any'): RegExp | undefined {
  const chars = Array.from(pattern);
  let loose = '';
  /** Nesting of character classes (Rust's may nest); a `]` first in a class, or after `[^`, is literal. */
  let depth = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '\\') {
      const next = chars[++i] ?? '';
      if (depth > 0 || next !== 'b') loose += c + next;
      else if (chars[i + 1] === '{') return undefined;
      continue;
    }
    loose += c;
    if (c === '[') {
      depth++;
      if (chars[i + 1] === '^') loose += chars[++i];
      if (chars[i + 1] === ']') loose += chars[++i];
    } else if (c === ']' && depth > 0) depth--;
  }
  return loose === pattern ? undefined : rgPatternToRegExp(loose, caseInsensitive, lines);
}
