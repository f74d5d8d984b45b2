import type { GrepHit } from '../../common/tools';
import { hitTokens, inverseFrequency } from './lexical';
import { pathKind } from './pathKinds';

/**
 * A wider look when the first turn found almost nothing to compare. An issue told in behaviour alone ("multi-line
 * messages are only prefixed on the first line when output is not a TTY") names no identifier, and its title's
 * words may be in no file's name or code: the first turn then finds a README and nothing else. Its whole text's
 * rarest words, searched across the tree, find the files that talk about the same things (`isatty`, `namespace`,
 * `prefix`), and the leader check then weighs them as it weighs any candidate.
 */
export const BROADEN_LIMITS = {
  /** Broaden when fewer source files than this were found. */
  minSourceFiles: 3,
  /** The rarest words searched for. */
  words: 30,
  /** Files kept from the search, by the rarity of the distinct words each holds. */
  files: 8,
};

/** A case-insensitive pattern for the rarest words (vocabulary: issueVocabulary, rarest first). */
export function broadenPattern(vocabulary: Map<string, number>): string | undefined {
  const words = [...vocabulary.keys()].slice(0, BROADEN_LIMITS.words);
  return words.length > 0 ? words.join('|') : undefined;
}

/** True when so few source files were found that the first turn's results cannot be compared. */
export function needsBroadening(paths: string[]): boolean {
  return paths.filter((path) => pathKind(path) === 'source').length < BROADEN_LIMITS.minSourceFiles;
}

/**
 * The source files whose lines hold the most of the rare words, weighed by rarity, best first, each with
 * its weight as a share of the best's.
 */
export function broadenedFiles(hits: GrepHit[], vocabulary: Map<string, number>): { path: string; share: number }[] {
  const words = new Map<string, Set<string>>();
  for (const hit of hits) {
    if (pathKind(hit.path) !== 'source') continue;
    let held = words.get(hit.path);
    if (!held) words.set(hit.path, (held = new Set()));
    for (const token of hitTokens(hit)) if (vocabulary.has(token)) held.add(token);
  }
  const weight = (held: Set<string>) => [...held].reduce((sum, word) => sum + inverseFrequency(word), 0);
  const files = [...words]
    .map(([path, held]) => ({ path, weight: weight(held) }))
    .filter((file) => file.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.path.localeCompare(b.path))
    .slice(0, BROADEN_LIMITS.files);
  return files.map((file) => ({ path: file.path, share: file.weight / files[0]!.weight }));
}
