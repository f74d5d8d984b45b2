import { batchGreps, type GrepBatch } from '../../common/grepBatch';
import type { GrepHit, ToolCall, ToolResult } from '../../common/tools';
import { definesName, definitionSearchPatterns } from './definitions';
import { corpusShare, inverseFrequency } from './lexical';
import { PLAN_LIMITS } from './plan';
import type { ScoredFile } from './score';

/** Budgets of the callee hop. */
export const CALLEE_LIMITS = {
  /** Called names searched for definitions. */
  names: 20,
  /** Files defining a callee moved into the ranker's window. */
  added: 2,
  /** A callee defined in more files than this names no particular file. */
  maxDefiners: 3,
  /**
   * Names in at least this share of the reference corpus's files are the languages' builtins and helpers
   * (`len`, `isinstance`, `append`, `printf`), not the project's functions.
   */
  maxCorpusShare: 0.005,
} as const;

/** A called name: an identifier followed by `(`, also after `.`, `->` or `::`. */
const CALL = /([A-Za-z_$][\w$]*)\s*\(/g;
/** Words followed by `(` that are syntax, not calls. */
const NOT_CALLS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'def', 'func', 'fn', 'sizeof', 'typeof', 'elif', 'with', 'match', 'assert', 'super', 'print', 'require', 'import']);
/** Go's builtins and its `fmt`/`errors`/`testing` helpers: absent from the reference corpus, so not caught by rarity. */
const GO_BUILTINS = new Set(['panic', 'recover', 'make', 'append', 'cap', 'copy', 'close', 'delete', 'Errorf', 'Sprintf', 'Printf', 'Println', 'Sprint', 'Fprintf', 'Fatalf', 'Fatal', 'Wrap', 'Wrapf', 'Is', 'As', 'Unwrap']);

/** What the callee hop found: the files that define what the leading file calls on its lines with the words. */
export interface CalleeEvidence {
  /** Callees of the leading file that `path` defines (and how many files define each). */
  defines(path: string): { name: string; definers: number }[];
}

/**
 * One hop along calls, in the free third turn: the leading file's lines that hold the words (already
 * read by the leader check) name the functions it calls there; one search for their definitions finds the files
 * that implement them. The fix is often one call away from the named symbol: the issue names A's function, the
 * bug is in the B it calls with the data.
 */
export class CalleeHop {
  private names: string[] = [];
  private leader = '';
  private batch: GrepBatch | undefined;
  private readonly ids = new Set<string>();
  private readonly definers = new Map<string, Set<string>>();

  /** Turn 3's calls from the leader's check hits; none when the leader calls nothing new there. */
  plan(leader: string, hits: GrepHit[], known: Set<string>): ToolCall[] {
    this.leader = leader;
    this.names = calledNames(hits, known).slice(0, CALLEE_LIMITS.names);
    if (this.names.length === 0) return [];
    const calls = definitionSearchPatterns(this.names).map((pattern, i): ToolCall => ({ id: `embedded_callee_${i}`, name: 'grep', args: { pattern, max_hits: PLAN_LIMITS.maxHits } }));
    for (const call of calls) this.ids.add(call.id);
    this.batch = batchGreps(calls);
    return this.batch.calls;
  }

  /** Takes a turn's results; returns the ones that were not this hop's. */
  ingest(results: { call: ToolCall; result: ToolResult }[]): { call: ToolCall; result: ToolResult }[] {
    const split = this.batch?.split(results) ?? results;
    this.batch = undefined;
    const rest: { call: ToolCall; result: ToolResult }[] = [];
    for (const entry of split) {
      if (!this.ids.has(entry.call.id)) {
        rest.push(entry);
        continue;
      }
      if (entry.result.error) continue;
      for (const hit of entry.result.hits ?? []) {
        if (hit.path === this.leader) continue;
        for (const name of this.names) {
          if (hit.text.includes(name) && definesName(hit.text, name)) this.definers.set(name, (this.definers.get(name) ?? new Set()).add(hit.path));
        }
      }
    }
    return rest;
  }

  /** The evidence for the features. */
  evidence(): CalleeEvidence {
    return {
      defines: (path) => [...this.definers].filter(([, files]) => files.has(path)).map(([name, files]) => ({ name, definers: files.size })),
    };
  }

  /**
   * The ranking with up to CALLEE_LIMITS.added files that define a callee (rarest callee first, defined in at
   * most CALLEE_LIMITS.maxDefiners files) moved in right after the first `keep`, and the paths so added.
   */
  widen(ranked: ScoredFile[], keep: number): { ranked: ScoredFile[]; added: Set<string> } {
    const head = ranked.slice(0, keep);
    const inHead = new Set(head.map((f) => f.path));
    const picked: string[] = [];
    for (const name of this.names) {
      const files = [...(this.definers.get(name) ?? [])].sort();
      if (files.length === 0 || files.length > CALLEE_LIMITS.maxDefiners) continue;
      for (const path of files) if (!inHead.has(path) && !picked.includes(path) && picked.length < CALLEE_LIMITS.added) picked.push(path);
    }
    const added = new Set(picked);
    const byPath = new Map(ranked.map((f) => [f.path, f]));
    const moved = picked.map((path) => byPath.get(path) ?? emptyFile(path));
    return { ranked: [...head, ...moved, ...ranked.slice(keep).filter((f) => !added.has(f.path))], added };
  }
}

/** Names called on the lines, rarest first: not syntax, not common words, not defined on those lines, not already searched. */
export function calledNames(hits: GrepHit[], known: Set<string>): string[] {
  const found = new Set<string>();
  for (const hit of hits) {
    for (const [, name] of hit.text.matchAll(CALL)) {
      if (name!.length < 3 || NOT_CALLS.has(name!) || GO_BUILTINS.has(name!) || known.has(name!) || corpusShare(name!.toLowerCase()) >= CALLEE_LIMITS.maxCorpusShare) continue;
      if (definesName(hit.text, name!)) continue;
      found.add(name!);
    }
  }
  return [...found].sort((a, b) => inverseFrequency(b.toLowerCase()) - inverseFrequency(a.toLowerCase()) || a.localeCompare(b));
}

function emptyFile(path: string): ScoredFile {
  return { path, score: 0, evidence: { path, pathMatches: [], moduleMatches: [], definitions: new Map(), mentions: new Map(), messages: new Map() } };
}
