import type { GrepHit, ToolCall, ToolResult } from '../../common/tools';
import { IMPORT_LINE_PATTERN, importTargets, importedNames, matchesTarget, packageGlob } from './imports';
import { lexicalScore, lexicalTokens, vocabularyPattern } from './lexical';
import { PLAN_LIMITS } from './plan';
import type { ScoredFile } from './score';

/** Budgets of the one-hop turn. */
export const HOP_LIMITS = {
  /** Leading files (after the leader check) whose imports and package-mates are searched. */
  leaders: 2,
  /** Files brought into the ranker's window from one hop away. */
  added: 2,
  /** Glob alternatives in the hop grep (bounds its command line). */
  targets: 300,
} as const;

/** What the hop turns found, for the features: imports between candidates and the BM25 of the files one hop away. */
export interface HopEvidence {
  /** The leaders the hop started from, best first. */
  leaders: string[];
  /** True when `path` is named by an import line (or is a package-mate) of the i-th leader. */
  linkedFrom(path: string, leader: number): boolean;
  /** True when `path` imports the first leader (known for the files whose import lines were read). */
  importsFirst(path: string): boolean;
  /** True when `path` is in the first leader's package (Go, Java: the same folder). */
  samePackage(path: string): boolean;
  /** True when an import line of one of the leaders takes a symbol named with an issue word from `path`. */
  namedImport(path: string): boolean;
  /** BM25 of a hop target for the rare words (0 when not searched or no word found). */
  lexical(path: string): number;
}

/**
 * One hop along imports, in two calls: turn 2 reads the import lines of the files the leader check searches
 * (beside that check, same paths), and turn 3 searches the files the two best of them import (and, in Go and
 * Java, their package-mates) for the rare words. The fix is often one hop from the file the issue names:
 * the named function is defined in A, the bug is in B that A calls.
 */
export class ImportHop {
  private readonly scanId = 'embedded_imports';
  private readonly hopId = 'embedded_hop';
  /** Import targets of each scanned file; undefined until the scan is in. */
  private imports: Map<string, string[]> | undefined;
  /** Per scanned file, the targets of its import lines that import a symbol named with an issue word. */
  private readonly named = new Map<string, string[]>();
  private leaders: string[] = [];
  private targets: string[] = [];
  private readonly hopScores = new Map<string, number>();

  constructor(
    private readonly scanned: string[],
    private readonly vocabulary: Map<string, number>,
  ) {}

  /** Turn 2's call: the import lines of the scanned files. */
  scanCall(): ToolCall {
    return { id: this.scanId, name: 'grep', args: { pattern: IMPORT_LINE_PATTERN, paths: this.scanned, max_hits: 200 } };
  }

  /** Turn 3's call, from the ranking after the leader check; undefined when the leaders import nothing known. */
  hopCall(ranked: ScoredFile[]): ToolCall | undefined {
    if (!this.imports || this.vocabulary.size === 0) return undefined;
    this.leaders = ranked.slice(0, HOP_LIMITS.leaders).map((f) => f.path);
    const targets = new Set<string>();
    for (const leader of this.leaders) for (const t of this.imports.get(leader) ?? []) targets.add(t);
    const mates = this.leaders[0] ? packageGlob(this.leaders[0]) : undefined;
    if (mates) targets.add(mates);
    // Glob metacharacters inside a path would change its meaning; such paths are skipped.
    this.targets = [...targets].filter((t) => !/[{}[\],?]/.test(t)).slice(0, HOP_LIMITS.targets);
    if (this.targets.length === 0) return undefined;
    const glob = this.targets.length === 1 ? this.targets[0]! : `{${this.targets.join(',')}}`;
    return { id: this.hopId, name: 'grep', args: { pattern: vocabularyPattern(this.vocabulary), case_insensitive: true, glob, max_hits: PLAN_LIMITS.maxHits } };
  }

  /** Takes one result; returns false when the call was not this hop's. */
  ingest(call: ToolCall, result: ToolResult): boolean {
    if (call.id === this.scanId) {
      this.imports = new Map();
      if (result.error) return true;
      for (const hit of result.hits ?? []) {
        const found = importTargets(hit.path, hit.text);
        if (found.length === 0) continue;
        this.imports.set(hit.path, [...(this.imports.get(hit.path) ?? []), ...found]);
        if (lexicalTokens(importedNames(hit.path, hit.text)).some((w) => this.vocabulary.has(w))) {
          this.named.set(hit.path, [...(this.named.get(hit.path) ?? []), ...found]);
        }
      }
      return true;
    }
    if (call.id !== this.hopId) return false;
    if (result.error) return true;
    const byFile = new Map<string, GrepHit[]>();
    for (const hit of result.hits ?? []) {
      // The glob matches names anywhere below the root (`*.go`, `x.py`): keep only the targets themselves.
      if (!this.targets.some((t) => matchesTarget(hit.path, t))) continue;
      byFile.set(hit.path, [...(byFile.get(hit.path) ?? []), hit]);
    }
    for (const [path, hits] of byFile) {
      this.hopScores.set(path, lexicalScore(hits, Math.max(1, ...hits.map((h) => h.line)), this.vocabulary).score);
    }
    return true;
  }

  /** The evidence for the features. */
  evidence(): HopEvidence {
    const imports = this.imports ?? new Map<string, string[]>();
    const leaders = this.leaders;
    const linked = (path: string, from: string | undefined) =>
      from !== undefined && path !== from && ((imports.get(from) ?? []).some((t) => matchesTarget(path, t)) || this.mates(path, from));
    return {
      leaders,
      linkedFrom: (path, leader) => linked(path, leaders[leader]),
      importsFirst: (path) => leaders[0] !== undefined && path !== leaders[0] && (imports.get(path) ?? []).some((t) => matchesTarget(leaders[0]!, t)),
      samePackage: (path) => leaders[0] !== undefined && this.mates(path, leaders[0]),
      namedImport: (path) => leaders.some((l) => l !== path && (this.named.get(l) ?? []).some((t) => matchesTarget(path, t))),
      lexical: (path) => this.hopScores.get(path) ?? 0,
    };
  }

  /**
   * The ranking with up to HOP_LIMITS.added files one hop away (those a leader imports an issue word's symbol
   * from first, then most of the words) moved in right
   * after the first `keep`, and the paths so added. Files the tools never found before get empty evidence.
   */
  widen(ranked: ScoredFile[], keep: number): { ranked: ScoredFile[]; added: Set<string> } {
    const head = ranked.slice(0, keep);
    const inHead = new Set(head.map((f) => f.path));
    const named = this.evidence().namedImport;
    const picked = [...this.hopScores.entries()]
      .filter(([path, score]) => score > 0 && !inHead.has(path))
      .map(([path, score]) => [path, score + (named(path) ? NAMED_FIRST : 0)] as const)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, HOP_LIMITS.added)
      .map(([path]) => path);
    const added = new Set(picked);
    const byPath = new Map(ranked.map((f) => [f.path, f]));
    const moved = picked.map((path) => byPath.get(path) ?? emptyFile(path));
    return { ranked: [...head, ...moved, ...ranked.slice(keep).filter((f) => !added.has(f.path))], added };
  }

  private mates(path: string, of: string): boolean {
    const glob = packageGlob(of);
    return glob !== undefined && path !== of && matchesTarget(path, glob);
  }
}

/** Added to a named import's BM25 when choosing what to widen with: above any BM25, so named imports come first. */
const NAMED_FIRST = 1e6;

function emptyFile(path: string): ScoredFile {
  return { path, score: 0, evidence: { path, pathMatches: [], moduleMatches: [], definitions: new Map(), mentions: new Map(), messages: new Map() } };
}
