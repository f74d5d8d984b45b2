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

/** A required literal, and whether a word boundary (rg's `\b`, `^` or `$`) is sure to sit on each side of it. */
export interface RequiredPiece {
  text: string;
  boundedBefore: boolean;
  boundedAfter: boolean;
}

/** The literals one of which every match contains, or `undefined` when no such set is known. */
export function requiredLiterals(pattern: string): string[] | undefined {
  return requiredPieces(pattern)?.map((piece) => piece.text);
}

/**
 * requiredLiterals with their boundaries: in `\b(?:foo|bar)\b` every match holds `foo` or `bar` as a
 * whole word, so a prefilter may ask for the word and skip lines that only hold `foobar` or `bars`.
 * A literal that occurs both bounded and not counts as not bounded.
 */
export function requiredPieces(pattern: string): RequiredPiece[] | undefined {
  const sets = parseSets(pattern);
  return sets && best(sets)?.map(atTop);
}

/**
 * Every set of literals a match must hit (one literal of each set): for `(?:def|class)\s+(?:foo|bar)`
 * both the keywords and the names. A line lacking any one set cannot match, which is a cheap test to
 * make before the exact one. `undefined` when none is known.
 */
export function requiredLiteralSets(pattern: string): string[][] | undefined {
  return parseSets(pattern)?.map((set) => [...new Set(set.map((piece) => piece.text))]);
}

function parseSets(pattern: string): Piece[][] | undefined {
  try {
    const parser = new LiteralParser(pattern);
    const sets = parser.top();
    if (!parser.done()) return undefined;
    const usable = sets.filter((set) => set.every((piece) => piece.text.length > 0)).map(mergePieces);
    return usable.length > 0 ? usable : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a word boundary is known on one side of a literal: `bound` (a `\b`, `^` or `$` touches it),
 * `edge` (it touches the edge of the group being parsed, so what lies beyond the group decides) or `none`.
 */
type Edge = 'bound' | 'edge' | 'none';

/** A literal while parsing: its text and what is known on each side. */
interface Piece {
  text: string;
  left: Edge;
  right: Edge;
}

/** `undefined`: this part can match without any known literal. */
type Required = Piece[] | undefined;

/** At the top of the pattern a match may start and end anywhere, so only a real boundary counts. */
function atTop(piece: Piece): RequiredPiece {
  return { text: piece.text, boundedBefore: piece.left === 'bound', boundedAfter: piece.right === 'bound' };
}

/** One piece per text, each side as weak as its weakest occurrence. */
function mergePieces(set: Piece[]): Piece[] {
  const byText = new Map<string, Piece>();
  const rank: Record<Edge, number> = { none: 0, edge: 1, bound: 2 };
  const weaker = (a: Edge, b: Edge) => (rank[a] <= rank[b] ? a : b);
  for (const piece of set) {
    const seen = byText.get(piece.text);
    byText.set(piece.text, seen ? { text: piece.text, left: weaker(seen.left, piece.left), right: weaker(seen.right, piece.right) } : piece);
  }
  return [...byText.values()];
}

/** Punctuation that Rust's regex lets be escaped to stand for itself. */
const ESCAPABLE = new Set(Array.from('\\.+*?()|[]{}^$#&-~/ !"%\',:;<=>@`_'));

/** What an atom is: a literal character, a group with what it requires, or anything else (`assert` for `\b`, `^`, `$`). */
type Atom = { kind: 'char'; char: string } | { kind: 'group'; required: Required } | { kind: 'other'; assert?: 'word' | 'start' | 'end' };

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
  top(): Piece[][] {
    const sets = this.candidates();
    if (this.peek() !== '|') return sets;
    const branches: Required[] = [best(sets)];
    while (this.peek() === '|') {
      this.pos++;
      branches.push(best(this.candidates()));
    }
    return branches.some((b) => b === undefined) ? [] : [branches.flatMap((b) => b as Piece[])];
  }

  /** branch ('|' branch)*: every branch must require something, and the union is required. */
  alternation(): Required {
    const branches: Required[] = [this.concatenation()];
    while (this.peek() === '|') {
      this.pos++;
      branches.push(this.concatenation());
    }
    if (branches.some((b) => b === undefined)) return undefined;
    return branches.flatMap((b) => b as Piece[]);
  }

  /** A sequence of atoms: each literal run and each required group is a candidate; the most selective wins. */
  private concatenation(): Required {
    return best(this.candidates());
  }

  /**
   * The sets a sequence of atoms requires: each literal run, and each required group's set. Each
   * piece also learns whether a boundary assertion touches it, or the sequence's own edge does.
   */
  private candidates(): Piece[][] {
    const candidates: Piece[][] = [];
    let run = '';
    let runLeft: Edge = 'none';
    /** The last atom was an unrepeated `\b` or `^`, or no atom came yet (`edge`). */
    let before: Edge = 'edge';
    /** A group pushed last whose pieces' right side waits for the next atom. */
    let open: Piece[] | undefined;
    const settle = (right: Edge) => {
      if (open) for (const piece of open) if (piece.right === 'edge') piece.right = right;
      open = undefined;
    };
    const endRun = (right: Edge) => {
      if (run !== '') candidates.push([{ text: run, left: runLeft, right }]);
      run = '';
    };
    while (!this.done() && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      const { min } = this.quantifier();
      const once = min === 1 && !this.quantified;
      const assertion = atom.kind === 'other' && once ? atom.assert : undefined;
      settle(assertion === 'word' || assertion === 'end' ? 'bound' : 'none');
      if (atom.kind === 'char') {
        if (min === 0) {
          endRun('none');
          before = 'none';
          continue;
        }
        if (run === '') runLeft = before;
        run += atom.char;
        if (!once) endRun('none');
        before = 'none';
        continue;
      }
      endRun(assertion === 'word' || assertion === 'end' ? 'bound' : 'none');
      if (atom.kind === 'group' && min > 0 && atom.required) {
        // A repeated group's first and last copies may hold different pieces: only its inner bounds hold.
        const outer = (edge: Edge, side: Edge): Edge => (edge !== 'edge' ? edge : once ? side : 'none');
        const pieces = atom.required.map((piece) => ({ text: piece.text, left: outer(piece.left, before), right: outer(piece.right, 'edge') }));
        candidates.push(pieces);
        if (once) open = pieces;
      }
      before = assertion === 'word' || assertion === 'start' ? 'bound' : 'none';
    }
    settle('edge');
    endRun('edge');
    return candidates;
  }

  private atom(): Atom {
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
        return { kind: 'other' };
      case '^':
        return { kind: 'other', assert: 'start' };
      case '$':
        return { kind: 'other', assert: 'end' };
      case '*':
      case '+':
      case '?':
      case '{':
        throw new Unsupported('quantifier without an atom');
      default:
        return { kind: 'char', char: c };
    }
  }

  private escape(): Atom {
    const c = this.chars[this.pos++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (ESCAPABLE.has(c)) return { kind: 'char', char: c };
    if (c === 'b') return { kind: 'other', assert: 'word' };
    if ('BAzwWsSdD'.includes(c)) return { kind: 'other' };
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
function best(candidates: Piece[][]): Required {
  let chosen: Piece[] | undefined;
  let chosenMin = -1;
  for (const set of candidates) {
    const min = Math.min(...set.map((piece) => Array.from(piece.text).length));
    if (min > chosenMin || (min === chosenMin && chosen && set.length < chosen.length)) {
      chosen = set;
      chosenMin = min;
    }
  }
  return chosen;
}
