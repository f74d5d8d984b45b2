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

/** Rust's Unicode `\w`: Alphabetic, marks, decimal digits, connector punctuation, joiners. */
const WORD = String.raw`\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}`;
const W = `[${WORD}]`;
/** Rust's `\b` is Unicode-aware; JavaScript's is ASCII-only even with the `u` flag, so spell it out. */
const BOUNDARY = `(?:(?<=${W})(?!${W})|(?<!${W})(?=${W}))`;
const NOT_BOUNDARY = `(?:(?<=${W})(?=${W})|(?<!${W})(?!${W}))`;
/** Positive shorthand classes, as class contents (Rust's `\d` is Unicode Nd and `\s` is White_Space). */
const CLASS_BODY: Record<string, string> = { w: WORD, d: String.raw`\p{Nd}`, s: String.raw`\p{White_Space}` };
const SHORTHAND: Record<string, string> = {
  w: W,
  W: `[^${WORD}]`,
  d: String.raw`\p{Nd}`,
  D: String.raw`\P{Nd}`,
  s: String.raw`\p{White_Space}`,
  S: String.raw`\P{White_Space}`,
};
const MAX_REPEAT = 1000;
const ASCII_WORD_CHAR = /^[A-Za-z0-9_]$/;

/** Thrown inside the translator when the pattern leaves the supported subset. */
class Unsupported extends Error {}

/**
 * A RegExp that matches exactly the lines `pattern` matches under rg (one line, without its `\n`),
 * or `undefined` when the pattern uses syntax this translator does not cover.
 */
export function rgPatternToRegExp(pattern: string, caseInsensitive: boolean): RegExp | undefined {
  try {
    const source = new Translator(pattern).run();
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

  constructor(pattern: string) {
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
    if (this.afterWordChar) return `(?!${W})`;
    const next = this.chars[this.pos];
    const then = this.chars[this.pos + 1];
    if (next !== undefined && ASCII_WORD_CHAR.test(next) && !['?', '*', '{'].includes(then ?? '')) return `(?<!${W})`;
    return BOUNDARY;
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
      return this.emit(NOT_BOUNDARY, false);
    }
    const shorthand = SHORTHAND[c];
    if (shorthand) return this.emit(shorthand, true);
    return this.emit(literal(this.escapedChar(c)), true);
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
        const inner = e === undefined ? undefined : CLASS_BODY[e];
        if (inner) {
          body += inner;
          continue;
        }
        if (e === undefined || e === 'b' || e === 'B' || SHORTHAND[e]) throw new Unsupported('escape in class');
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
      if (e === undefined || CLASS_BODY[e] || SHORTHAND[e] || e === 'b' || e === 'B') throw new Unsupported('range end');
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
export function looseTwin(pattern: string, caseInsensitive: boolean): RegExp | undefined {
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
  return loose === pattern ? undefined : rgPatternToRegExp(loose, caseInsensitive);
}
