import type { GrepHit, ToolCall, ToolResult } from '../../common/tools';
import { PLAN_LIMITS } from './plan';
import { definitionWordScores, definitionWordsPattern, type DefinitionWords, type TitleStem } from './definitionWords';
import { importTies, importTiesPattern } from './importTies';
import { REEXPORT_PATTERN, reexportLines } from './reexports';
import { SCRIPT_EXTENSIONS } from './scriptPaths';
import { hitTokens, inverseFrequency, lexicalScore, vocabularyPattern } from './lexical';
import { LEXICAL_WEIGHTS, demotion, type DemotionContext, type ScoredFile } from './score';

/** BM25 of one leader for the rare words, and the words it holds, strongest first. */
export interface LexicalScore {
  score: number;
  words: string[];
}

/** A line of a file holding some of the rare words, and their summed rarity. */
export interface WordLine {
  line: number;
  weight: number;
}

/**
 * The follow-up turn: one grep of the leading files for the issue's distinctive words (up to 2000 lines in
 * each), then the leaders are re-ranked by evidence plus BM25 of those words. Measured on the dev sets, this
 * breaks the close calls the evidence alone gets wrong (two files defining the same name, a wrapper over the
 * file that does the work). A second grep of the same files, in the same turn, finds the definitions named
 * with the title's words (definitionWords.ts), and a third the leaders' import lines that name one another
 * (importTies.ts); only the learned ranker reads those two.
 */
export class LeaderCheck {
  private pending: ToolCall[];
  private readonly callId = 'embedded_check';
  private readonly definitionsCallId = 'embedded_check_definitions';
  private readonly importsCallId = 'embedded_check_imports';
  private readonly reexportsCallId = 'embedded_check_reexports';
  /** Each leader's hits; `null` when the search failed, `undefined` until it is in. */
  private readonly hits = new Map<string, GrepHit[] | null | undefined>();
  /** The leaders' definitions named with title words; `null` when that search failed or was not made. */
  private definitionHits: GrepHit[] | null | undefined;
  /** The leaders' import lines naming another leader; `null` when that search failed or was not made. */
  private importHits: GrepHit[] | null | undefined;
  /** The JavaScript and TypeScript leaders' re-export lines (reexports.ts); `null` when that search failed or was not made. */
  private reexports: Map<string, Set<number>> | null | undefined;

  private constructor(
    leaders: string[],
    private readonly vocabulary: Map<string, number>,
    private readonly stems: TitleStem[],
    /** The vocabulary's words that the title holds. */
    private readonly titleVocabulary: Map<string, number>,
  ) {
    for (const path of leaders) this.hits.set(path, undefined);
    const args = { pattern: vocabularyPattern(vocabulary), paths: leaders, case_insensitive: true, max_hits: PLAN_LIMITS.maxHits };
    this.pending = [{ id: this.callId, name: 'grep', args }];
    if (stems.length === 0) this.definitionHits = null;
    else {
      const definitionArgs = { pattern: definitionWordsPattern(stems), paths: leaders, case_insensitive: true, max_hits: PLAN_LIMITS.maxHits };
      this.pending.push({ id: this.definitionsCallId, name: 'grep', args: definitionArgs });
    }
    const importsPattern = importTiesPattern(leaders);
    if (!importsPattern) this.importHits = null;
    else this.pending.push({ id: this.importsCallId, name: 'grep', args: { pattern: importsPattern, paths: leaders, max_hits: PLAN_LIMITS.maxHits } });
    const scripts = leaders.filter((path) => SCRIPT_FILE.test(path));
    if (scripts.length === 0) this.reexports = null;
    else this.pending.push({ id: this.reexportsCallId, name: 'grep', args: { pattern: REEXPORT_PATTERN, paths: scripts, max_hits: PLAN_LIMITS.maxHits } });
  }

  /** A check of the best files, or none when there is nothing to choose between or no words to weigh. */
  static plan(ranked: ScoredFile[], vocabulary: Map<string, number>, stems: TitleStem[] = [], titleWords: string[] = []): LeaderCheck | undefined {
    const leaders = ranked.slice(0, LEXICAL_WEIGHTS.leaders).map((f) => f.path);
    if (leaders.length < 2 || vocabulary.size === 0) return undefined;
    const inTitle = new Set(titleWords);
    return new LeaderCheck(leaders, vocabulary, stems, new Map([...vocabulary].filter(([word]) => inTitle.has(word))));
  }

  get size(): number {
    return this.hits.size;
  }

  /** The next calls, at most `maxCalls`; empty when every call has been made. */
  nextCalls(maxCalls: number): ToolCall[] {
    if (maxCalls < 1) return [];
    const calls = this.pending.slice(0, maxCalls);
    this.pending = this.pending.slice(maxCalls);
    return calls;
  }

  /** What a turn of this check's calls looks for, for the user. */
  thought(calls: ToolCall[]): string {
    const purposes: [id: string, text: string][] = [
      [this.callId, "for the issue's rarest words"],
      [this.definitionsCallId, "for definitions named with the title's words"],
      [this.importsCallId, 'for imports of one another'],
      [this.reexportsCallId, 'for re-exports'],
    ];
    const made = purposes.filter(([id]) => calls.some((c) => c.id === id)).map(([, text]) => text);
    return `Checking the ${this.size} leading files ${made.join(' and ')}.`;
  }

  /** True once the words search is in for every leader and failed for none: only then are leaders compared. */
  private get usable(): boolean {
    return this.complete && [...this.hits.values()].every((h) => h !== null);
  }

  /** Takes one result; returns false when the call was not this check's. */
  ingest(call: ToolCall, result: ToolResult): boolean {
    if (call.id === this.definitionsCallId) {
      // A capped result is an arbitrary subset of the leaders' definitions: not a fair comparison.
      this.definitionHits = everyHit(result);
      return true;
    }
    if (call.id === this.reexportsCallId) {
      // A capped result could end inside an export list: keep every line as the file's own then.
      const hits = everyHit(result);
      this.reexports = hits && reexportLines(hits);
      return true;
    }
    if (call.id === this.importsCallId) {
      this.importHits = result.error ? null : (result.hits ?? []);
      return true;
    }
    if (call.id !== this.callId) return false;
    for (const path of this.hits.keys()) this.hits.set(path, result.error ? null : []);
    if (result.error) return true;
    for (const hit of result.hits ?? []) this.hits.get(hit.path)?.push(hit);
    return true;
  }

  /** True once every leader has been searched for the words (or that search failed). */
  get complete(): boolean {
    return [...this.hits.values()].every((h) => h !== undefined);
  }

  /**
   * Re-ranks the leaders: each gains `weight` x the best evidence score x its share of the best lexical score,
   * times the file's demotion (a word-rich changelog must not win on words). Files below the leaders keep
   * their place after them.
   */
  apply(ranked: ScoredFile[], context: DemotionContext): ScoredFile[] {
    // A leader whose search failed (timeout, unreadable file) cannot be compared fairly: keep the evidence order.
    if (!this.usable) return ranked;
    const leaders = ranked.filter((f) => this.hits.has(f.path));
    const rest = ranked.filter((f) => !this.hits.has(f.path));
    const lexical = new Map(leaders.map((f) => [f.path, this.lexicalOf(f.path)]));
    const best = Math.max(...[...lexical.values()].map((l) => l.score));
    if (!(best > 0)) return ranked;
    const top = Math.max(...leaders.map((f) => f.score));
    // For the reason shown to the user, words most leaders share (the project's own name) explain nothing.
    const everywhere = wordsInMost([...lexical.values()].map((l) => l.words));
    const rescored = leaders.map((f) => {
      const l = lexical.get(f.path) ?? { score: 0, words: [] };
      const sharedWords = l.words.filter((w) => !everywhere.has(w)).slice(0, 3);
      const bonus = (LEXICAL_WEIGHTS.weight * top * l.score * demotion(f.path, context)) / best;
      return { ...f, score: f.score + bonus, sharedWords };
    });
    rescored.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
    return [...rescored, ...rest];
  }

  /** Every leader's lexical score, or undefined when the check is incomplete or one search failed. */
  scores(): Map<string, LexicalScore> | undefined {
    if (!this.usable) return undefined;
    return new Map([...this.hits.keys()].map((path) => [path, this.lexicalOf(path)]));
  }

  /** Every leader's BM25 for the title's words alone, from the same search; undefined as for `scores`. */
  titleScores(): Map<string, LexicalScore> | undefined {
    if (!this.usable || this.titleVocabulary.size === 0) return undefined;
    return new Map([...this.hits.keys()].map((path) => [path, this.lexicalOf(path, this.titleVocabulary)]));
  }

  /** Each leader's definitions named with the title's words (leaders without one are absent); undefined when that search failed. */
  definitionWords(): Map<string, DefinitionWords> | undefined {
    if (!this.definitionHits) return undefined;
    return definitionWordScores(this.definitionHits, [...this.hits.keys()], this.stems);
  }

  /** Each leader's re-export lines (leaders without any are absent); undefined when that search failed or was not made. */
  reexportedLines(): Map<string, Set<number>> | undefined {
    return this.reexports ?? undefined;
  }

  /** For each leader, the other leaders it imports or that import it; undefined when that search failed. */
  importTies(): Map<string, Set<string>> | undefined {
    return this.importHits ? importTies(this.importHits, [...this.hits.keys()]) : undefined;
  }

  /** A leader's lines that hold the words, each weighed by the rarity of the distinct words on it. */
  wordLines(path: string): WordLine[] {
    return (this.hits.get(path) ?? []).flatMap((hit) => {
      const words = new Set(hitTokens(hit).filter((t) => this.vocabulary.has(t)));
      const weight = [...words].reduce((sum, w) => sum + inverseFrequency(w), 0);
      return weight > 0 ? [{ line: hit.line, weight }] : [];
    });
  }

  private lexicalOf(path: string, vocabulary = this.vocabulary): LexicalScore {
    // A barrel's re-exports hold the names but none of its behaviour (reexports.ts).
    const reexported = this.reexports?.get(path);
    const hits = (this.hits.get(path) ?? []).filter((hit) => !reexported?.has(hit.line));
    // The last line holding an issue word stands in for the file's length: as good on the dev sets as
    // reading the real line count, and it saves a call per leader.
    return lexicalScore(hits, Math.max(1, ...hits.map((h) => h.line)), vocabulary);
  }
}

/** JavaScript and TypeScript sources (and components whose scripts export), the files with `export … from`. */
const SCRIPT_FILE = new RegExp(`\\.(?:${[...SCRIPT_EXTENSIONS, 'svelte', 'vue'].join('|')})$`);

/** Words found in more than half of the lists. */
function wordsInMost(lists: string[][]): Set<string> {
  const counts = new Map<string, number>();
  for (const list of lists) for (const w of new Set(list)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n > lists.length / 2).map(([w]) => w));
}

/**
 * All of a search's hits, or null when it failed or its hit cap cut them short. `truncated` says only that the
 * text the model reads was cut (at 100 lines); the hits hold up to `max_hits`.
 */
function everyHit(result: ToolResult): GrepHit[] | null {
  const hits = result.hits ?? [];
  return result.error || (result.count ?? 0) > hits.length ? null : hits;
}
