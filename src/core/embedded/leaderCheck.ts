import type { ToolCall, ToolResult } from '../../common/tools';
import { PLAN_LIMITS } from './plan';
import { lexicalScore, vocabularyPattern } from './lexical';
import { LEXICAL_WEIGHTS, type ScoredFile } from './score';

interface LeaderData {
  hits?: ToolResult['hits'];
  lines?: number;
  failed?: boolean;
}

/**
 * The follow-up turn(s): greps each leading file for the distinctive words and reads one line of it
 * for its length, then re-ranks the leaders by evidence plus BM25 of those words. Measured on the dev sets,
 * this breaks the close calls the evidence alone gets wrong (two files defining the same name, a wrapper
 * over the file that does the work).
 */
export class LeaderCheck {
  private readonly pending: ToolCall[] = [];
  private readonly callPath = new Map<string, { path: string; kind: 'hits' | 'lines' }>();
  private readonly data = new Map<string, LeaderData>();

  private constructor(
    private readonly leaders: string[],
    private readonly vocabulary: Map<string, number>,
  ) {
    const pattern = vocabularyPattern(vocabulary);
    leaders.forEach((path, i) => {
      this.data.set(path, {});
      this.queue({ id: `embedded_check_${i}_grep`, name: 'grep', args: { pattern, path, case_insensitive: true, max_hits: PLAN_LIMITS.maxHits } }, path, 'hits');
      this.queue({ id: `embedded_check_${i}_read`, name: 'read', args: { path, start_line: 1, end_line: 1 } }, path, 'lines');
    });
  }

  /** A check of the best files, or none when there is nothing to choose between or no words to weigh. */
  static plan(ranked: ScoredFile[], vocabulary: Map<string, number>): LeaderCheck | undefined {
    const leaders = ranked.slice(0, LEXICAL_WEIGHTS.leaders).map((f) => f.path);
    if (leaders.length < 2 || vocabulary.size === 0) return undefined;
    return new LeaderCheck(leaders, vocabulary);
  }

  get size(): number {
    return this.leaders.length;
  }

  /** The next calls, at most `maxCalls`; empty when every call has been made. */
  nextCalls(maxCalls: number): ToolCall[] {
    return this.pending.splice(0, Math.max(0, maxCalls));
  }

  /** Takes one result; returns false when the call was not one of this check's. */
  ingest(call: ToolCall, result: ToolResult): boolean {
    const target = this.callPath.get(call.id);
    if (!target) return false;
    const entry = this.data.get(target.path) ?? {};
    if (result.error) entry.failed = true;
    else if (target.kind === 'hits') entry.hits = result.hits ?? [];
    else entry.lines = result.read?.totalLines;
    this.data.set(target.path, entry);
    return true;
  }

  /** True once every leader has been searched (or failed). */
  get complete(): boolean {
    return this.pending.length === 0 && [...this.data.values()].every((d) => d.failed || d.hits !== undefined);
  }

  /**
   * Re-ranks the leaders: each gains `weight` x the best evidence score x its share of the best lexical score.
   * Files below the leaders keep their place after them.
   */
  apply(ranked: ScoredFile[]): ScoredFile[] {
    if (!this.complete) return ranked;
    const leaders = ranked.filter((f) => this.data.has(f.path));
    const rest = ranked.filter((f) => !this.data.has(f.path));
    const lexical = new Map(leaders.map((f) => [f.path, this.lexicalOf(f.path)]));
    const best = Math.max(...[...lexical.values()].map((l) => l.score));
    const top = Math.max(...leaders.map((f) => f.score));
    if (!(best > 0)) return ranked;
    const rescored = leaders.map((f) => {
      const l = lexical.get(f.path) ?? { score: 0, words: [] };
      return { ...f, score: f.score + (LEXICAL_WEIGHTS.weight * top * l.score) / best, sharedWords: l.words.slice(0, 3) };
    });
    rescored.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
    return [...rescored, ...rest];
  }

  private lexicalOf(path: string): { score: number; words: string[] } {
    const d = this.data.get(path);
    if (!d || d.failed || !d.hits) return { score: 0, words: [] };
    return lexicalScore(d.hits, d.lines, this.vocabulary);
  }

  private queue(call: ToolCall, path: string, kind: 'hits' | 'lines'): void {
    this.pending.push(call);
    this.callPath.set(call.id, { path, kind });
  }
}
