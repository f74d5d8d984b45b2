import type { RequiredPiece } from './rgLiterals';
import { requiredLiteralSets } from './rgLiterals';
import { asciiStandIn, looseTwin, NON_ASCII, rgPatternToRegExp, takesStandIns, type TwinLines } from './rgRegex';

/** A literal rg searches for in a shared walk, in one case mode. */
export type WalkPiece = RequiredPiece & { ci: boolean };

/** One search of a shared walk: its rg pattern, its case mode and its exact JavaScript twin. */
export interface TwinnedSearch {
  pattern: string;
  ci: boolean;
  twin: RegExp;
}

/** A reported line as the tests read it: whether it is ASCII, and else its ASCII stand-in if it has one. */
export interface LineView {
  line: string;
  ascii: boolean;
  standIn?: string;
}

export function viewLine(line: string): LineView {
  return NON_ASCII.test(line) ? { line, ascii: false, standIn: asciiStandIn(line) } : { line, ascii: true };
}

/** The tests of one search in one spelling (rgRegex.ts): cheap ones first, then the exact twin. */
interface Spelled {
  loose?: RegExp;
  exact: RegExp;
}

/**
 * The JavaScript tests a shared walk puts each reported line through, per search. Cheap tests come
 * before the exact twin: a line lacking one of a search's required literal sets cannot match it, nor can
 * one that fails the twin without its word boundaries (most lines holding a definition search's names
 * do). Twins come in two spellings: most lines are ASCII, where twins spelled with ASCII classes are exact
 * and several times faster to run and to compile than the Unicode ones.
 */
export class LineTests {
  private readonly literalSets: string[][][];
  private readonly literalTests: RegExp[][];
  private readonly spelled: Record<TwinLines, Spelled>[];
  private readonly standIns: boolean[];
  /** The literal tests each search still needs in the current walk. */
  private needed: RegExp[][];

  constructor(private readonly searches: TwinnedSearch[]) {
    this.literalSets = searches.map((s) => requiredLiteralSets(s.pattern) ?? []);
    this.literalTests = searches.map((s, i) => this.literalSets[i].map((set) => literalTest(set, s.ci)));
    this.needed = this.literalTests;
    this.spelled = searches.map((s) => {
      const loose = (lines: TwinLines) => (wordsOnly(s.pattern) ? undefined : looseTwin(s.pattern, s.ci, lines));
      return { any: { loose: loose('any'), exact: s.twin }, ascii: { loose: loose('ascii'), exact: rgPatternToRegExp(s.pattern, s.ci, 'ascii') ?? s.twin } };
    });
    this.standIns = searches.map((s) => takesStandIns(s.pattern));
  }

  /** Before a walk for `pieces`: a literal test every line it reports passes is skipped. */
  startWalk(pieces: WalkPiece[]): void {
    this.needed = this.searches.map((s, i) => this.literalTests[i].filter((_, k) => !impliedByWalk(this.literalSets[i][k], s.ci, pieces)));
  }

  /** Search `i`'s exact match in the line, or null (a plain loop: this runs for every reported line). */
  exec(i: number, view: LineView): RegExpExecArray | null {
    const text = view.ascii ? view.line : this.standIns[i] ? view.standIn : undefined;
    const { loose, exact } = this.spelled[i][text === undefined ? 'any' : 'ascii'];
    const tested = text ?? view.line;
    for (const test of this.needed[i]) if (!test.test(tested)) return null;
    if (loose && !loose.test(tested)) return null;
    return exact.exec(tested);
  }
}

/**
 * Whether every line a walk for `pieces` reports holds one of `set` (a search's literal test, case-insensitive
 * when `ci`): each piece holds a member of the set, in a case rg also matched it in. Case is folded for ASCII only.
 */
export function impliedByWalk(set: string[], ci: boolean, pieces: WalkPiece[]): boolean {
  const ascii = (text: string) => !NON_ASCII.test(text);
  return pieces.every((piece) => {
    if (piece.ci && !ci) return false;
    if (!ci) return set.some((member) => piece.text.includes(member));
    return ascii(piece.text) && set.some((member) => ascii(member) && piece.text.toLowerCase().includes(member.toLowerCase()));
  });
}

/**
 * Whether a pattern is only literals between word boundaries (`\b(?:join|field)\b`): without its `\b`s it is
 * its literal test again, so a loose twin would test each line twice for nothing.
 */
function wordsOnly(pattern: string): boolean {
  return /^(?:\\b|\\[^A-Za-z0-9]|[^\\[\].*+?{}^$])*$/.test(pattern.replace(/\(\?:/g, '('));
}

/** A RegExp true for lines holding any of `literals`, with the twins' case rules. */
function literalTest(literals: string[], caseInsensitive: boolean): RegExp {
  return new RegExp(literals.map((l) => l.replace(/[\^$\\.*+?()[\]{}|/]/g, '\\$&')).join('|'), caseInsensitive ? 'iu' : 'u');
}
