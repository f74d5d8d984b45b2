import type { GrepHit, ToolCall, ToolResult } from '../../common/tools';
import { PLAN_LIMITS } from './plan';
import { lexicalScore, vocabularyPattern } from './lexical';
import { LEXICAL_WEIGHTS, type ScoredFile } from './score';

/**
 * The follow-up turn: greps each leading file for the distinctive words, then re-ranks the leaders
 * by evidence plus BM25 of those words. Measured on the dev sets, this breaks the close calls the evidence
 * alone gets wrong (two files defining the same name, a wrapper over the file that does the work).
 */
export class LeaderCheck {
  private readonly pending: ToolCall[] = [];
  private readonly callPath = new Map<string, string>();
  /** Each leader's hits; `null` when its grep failed. */
  private readonly hits = new Map<string, GrepHit[] | null | undefined>();

  private constructor(
    leaders: string[],
    private readonly vocabulary: Map<string, number>,
  ) {
    const pattern = vocabularyPattern(vocabulary);
    leaders.forEach((path, i) => {
      const id = `embedded_check_${i}`;
      this.hits.set(path, undefined);
      this.callPath.set(id, path);
      this.pending.push({ id, name: 'grep', args: { pattern, path, case_insensitive: true, max_hits: PLAN_LIMITS.maxHits } });
    });
  }

  /** A check of the best files, or none when there is nothing to choose between or no words to weigh. */
  static plan(ranked: ScoredFile[], vocabulary: Map<string, number>): LeaderCheck | undefined {
    const leaders = ranked.slice(0, LEXICAL_WEIGHTS.leaders).map((f) => f.path);
    if (leaders.length < 2 || vocabulary.size === 0) return undefined;
    return new LeaderCheck(leaders, vocabulary);
  }

  get size(): number {
    return this.hits.size;
  }

  /** The next calls, at most `maxCalls`; empty when every call has been made. */
  nextCalls(maxCalls: number): ToolCall[] {
    return this.pending.splice(0, Math.max(0, maxCalls));
  }

  /** Takes one result; returns false when the call was not one of this check's. */
  ingest(call: ToolCall, result: ToolResult): boolean {
    const path = this.callPath.get(call.id);
    if (path === undefined) return false;
    this.hits.set(path, result.error ? null : (result.hits ?? []));
    return true;
  }

  /** True once every leader has been searched (or its search failed). */
  get complete(): boolean {
    return this.pending.length === 0 && [...this.hits.values()].every((h) => h !== undefined);
  }

  /**
   * Re-ranks the leaders: each gains `weight` x the best evidence score x its share of the best lexical score.
   * Files below the leaders keep their place after them.
   */
  apply(ranked: ScoredFile[]): ScoredFile[] {
    // A leader whose search failed (timeout, unreadable file) cannot be compared fairly: keep the evidence order.
    if (!this.complete || [...this.hits.values()].some((h) => h === null)) return ranked;
    const leaders = ranked.filter((f) => this.hits.has(f.path));
    const rest = ranked.filter((f) => !this.hits.has(f.path));
    const lexical = new Map(leaders.map((f) => [f.path, this.lexicalOf(f.path)]));
    const best = Math.max(...[...lexical.values()].map((l) => l.score));
    if (!(best > 0)) return ranked;
    const top = Math.max(...leaders.map((f) => f.score));
    const rescored = leaders.map((f) => {
      const l = lexical.get(f.path) ?? { score: 0, words: [] };
      return { ...f, score: f.score + (LEXICAL_WEIGHTS.weight * top * l.score) / best, sharedWords: l.words.slice(0, 3) };
    });
    rescored.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
    return [...rescored, ...rest];
  }

  private lexicalOf(path: string): { score: number; words: string[] } {
    const hits = this.hits.get(path) ?? [];
    // The last line holding an issue word stands in for the file's length: as good on the dev sets as
    // reading the real line count, and it saves a call per leader.
    return lexicalScore(hits, Math.max(1, ...hits.map((h) => h.line)), this.vocabulary);
  }
}
