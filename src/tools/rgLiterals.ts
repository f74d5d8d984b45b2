/**
 * Required literals of a ripgrep pattern: strings such that every line the pattern matches contains
 * at least one of them. The multi-pattern grep walks the tree once with these as fixed strings (rg's
 * fastest search, a literal prefilter it keeps however many patterns there are) and re-tests each
 * reported line against each pattern's exact JavaScript twin (rgRegex.ts). Joining the patterns
 * themselves into one rg regex costs rg its literal prefilter and made the walk 7–15x slower.
 *
 * The extraction is conservative: anything it does not understand (inline flags, unknown escapes)
 * gives `undefined`, and so does a pattern that can match without any literal (`\w+`, `a?`).
 */

/** Thrown when the pattern leaves the understood subset; the caller falls back to the joined regex. */
class Unsupported extends Error {}

/** The literals one of which every match contains, or `undefined` when no such set is known. */
export function requiredLiterals(pattern: string): string[] | undefined {
  const sets = requiredLiteralSets(pattern);
  return sets && best(sets);
}

/**
 * Every set of literals a match must hit (one literal of each set): for `(?:def|class)\s+(?:foo|bar)`
 * both the keywords and the names. A line lacking any one set cannot match, which is a cheap test to
 * make before the exact one. `undefined` when none is known.
 */
export function requiredLiteralSets(pattern: string): string[][] | undefined {
  try {
    const parser = new LiteralParser(pattern);
    const sets = parser.top();
    if (!parser.done()) return undefined;
    const usable = sets.filter((set) => set.every((s) => s.length > 0)).map((set) => [...new Set(set)]);
    return usable.length > 0 ? usable : undefined;
  } catch {
    return undefined;
  }
}

/** `undefined`: this part can match without any known literal. */
type Required = string[] | undefined;

/** Punctuation that Rust's regex lets be escaped to stand for itself. */
const ESCAPABLE = new Set(Array.from('\\.+*?()|[]{}^$#&-~/ !"%\',:;<=>@`_'));

class LiteralParser {
  private readonly chars: string[];
  private pos = 0;
  /** Whether the last quantifier read repeats its atom (so a literal run cannot continue through it). */
  private quantified = false;

  constructor(pattern: string) {
    this.chars = Array.from(pattern);
  }

  done(): boolean {
    return this.pos >= this.chars.length;
  }

  /** The whole pattern: one concatenation's candidate sets, or a top-level alternation's union. */
  top(): string[][] {
    const sets = this.candidates();
    if (this.peek() !== '|') return sets;
    const branches: Required[] = [best(sets)];
    while (this.peek() === '|') {
      this.pos++;
      branches.push(best(this.candidates()));
    }
    return branches.some((b) => b === undefined) ? [] : [branches.flatMap((b) => b as string[])];
  }

  /** branch ('|' branch)*: every branch must require something, and the union is required. */
  alternation(): Required {
    const branches: Required[] = [this.concatenation()];
    while (this.peek() === '|') {
      this.pos++;
      branches.push(this.concatenation());
    }
    if (branches.some((b) => b === undefined)) return undefined;
    return branches.flatMap((b) => b as string[]);
  }

  /** A sequence of atoms: each literal run and each required group is a candidate; the most selective wins. */
  private concatenation(): Required {
    return best(this.candidates());
  }

  /** The sets a sequence of atoms requires: each literal run, and each required group's set. */
  private candidates(): string[][] {
    const candidates: string[][] = [];
    let run = '';
    const endRun = () => {
      if (run !== '') candidates.push([run]);
      run = '';
    };
    while (!this.done() && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      const { min } = this.quantifier();
      if (atom.kind === 'char') {
        if (min === 0) {
          endRun();
          continue;
        }
        run += atom.char;
        if (min !== 1 || this.quantified) endRun();
        continue;
      }
      endRun();
      if (atom.kind === 'group' && min > 0 && atom.required) candidates.push(atom.required);
    }
    endRun();
    return candidates;
  }

  private atom(): { kind: 'char'; char: string } | { kind: 'group'; required: Required } | { kind: 'other' } {
    const c = this.chars[this.pos++];
    switch (c) {
      case '\\':
        return this.escape();
      case '(':
        return { kind: 'group', required: this.group() };
      case '[':
        this.skipClass();
        return { kind: 'other' };
      case '.':
      case '^':
      case '$':
        return { kind: 'other' };
      case '*':
      case '+':
      case '?':
      case '{':
        throw new Unsupported('quantifier without an atom');
      default:
        return { kind: 'char', char: c };
    }
  }

  private escape(): { kind: 'char'; char: string } | { kind: 'other' } {
    const c = this.chars[this.pos++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (ESCAPABLE.has(c)) return { kind: 'char', char: c };
    if ('bBAzwWsSdD'.includes(c)) return { kind: 'other' };
    if (c === 'p' || c === 'P') {
      if (this.peek() === '{') this.skipPast('}');
      else this.pos++;
      return { kind: 'other' };
    }
    throw new Unsupported(`escape \\${c}`);
  }

  /** After '(': a capturing, non-capturing or named group; inline flags are not understood. */
  private group(): Required {
    if (this.peek() === '?') {
      this.pos++;
      if (this.peek() === ':') this.pos++;
      else if (this.peek() === 'P' || this.peek() === '<') this.skipPast('>');
      else throw new Unsupported('inline flags');
    }
    const inner = this.alternation();
    if (this.chars[this.pos++] !== ')') throw new Unsupported('unclosed group');
    return inner;
  }

  /** Reads an optional quantifier; `min` is how many times the atom must occur. */
  private quantifier(): { min: number } {
    this.quantified = false;
    const c = this.peek();
    let min = 1;
    if (c === '?' || c === '*') min = 0;
    else if (c === '+') min = 1;
    else if (c === '{') {
      const rest = this.chars.slice(this.pos).join('');
      const match = /^\{(\d+)(,\d*)?\}/.exec(rest);
      if (!match) throw new Unsupported('bad repetition');
      this.pos += Array.from(match[0]).length;
      this.quantified = true;
      this.lazy();
      return { min: Number(match[1]) };
    } else return { min: 1 };
    this.pos++;
    this.quantified = true;
    this.lazy();
    return { min };
  }

  private lazy(): void {
    if (this.peek() === '?') this.pos++;
  }

  /** Skips a character class, nested classes and escapes included. */
  private skipClass(): void {
    let depth = 1;
    if (this.peek() === '^') this.pos++;
    if (this.peek() === ']') this.pos++;
    while (depth > 0) {
      const c = this.chars[this.pos++];
      if (c === undefined) throw new Unsupported('unclosed class');
      if (c === '\\') this.pos++;
      else if (c === '[') depth++;
      else if (c === ']') depth--;
    }
  }

  private skipPast(end: string): void {
    while (this.chars[this.pos] !== end) {
      if (this.pos >= this.chars.length) throw new Unsupported(`missing ${end}`);
      this.pos++;
    }
    this.pos++;
  }

  private peek(): string | undefined {
    return this.chars[this.pos];
  }
}

/** The most selective candidate: its shortest literal longest, then the fewest literals. */
function best(candidates: string[][]): Required {
  let chosen: string[] | undefined;
  let chosenMin = -1;
  for (const set of candidates) {
    const min = Math.min(...set.map((s) => Array.from(s).length));
    if (min > chosenMin || (min === chosenMin && chosen && set.length < chosen.length)) {
      chosen = set;
      chosenMin = min;
    }
  }
  return chosen;
}
