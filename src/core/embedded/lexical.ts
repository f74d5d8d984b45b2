import type { GrepHit } from '../../common/tools';
import { COMMON_WORDS, COMMON_WORDS_CORPUS_FILES } from './commonWords';
import { withoutAddresses } from './addresses';
import { LEXICAL_WEIGHTS } from './score';

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]{2,}/g;
/** Splits `snake_case` and `camelCase` into their parts. */
const PART_BOUNDARY = /_|(?<=[a-z0-9])(?=[A-Z])/;
/** Whether PART_BOUNDARY can split an identifier at all: most are one lower-case word, and splitting costs. */
const HAS_PARTS = /_|[a-z0-9][A-Z]/;

/**
 * The words of a text as the lexical score sees them: every identifier of three or more characters,
 * lower-cased, plus its snake/camel parts (`DurationField` gives `durationfield`, `duration`, `field`).
 * Not the BM25 baseline's `splitIdentifier` (src/eval): that one needs a stopword list, while here corpus
 * rarity drops common words; swapping it in measured the same on Python and 0.005 lower F0.5 on multi-language.
 */
export function lexicalTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [identifier] of text.matchAll(IDENTIFIER)) {
    tokens.push(identifier.toLowerCase());
    if (!HAS_PARTS.test(identifier)) continue;
    const parts = identifier.split(PART_BOUNDARY).filter((part) => part.length > 2);
    if (parts.length > 1) for (const part of parts) tokens.push(part.toLowerCase());
  }
  return tokens;
}

/** Each hit's tokens, kept while the hit lives: the leader check scores the same lines with several vocabularies. */
const tokensByHit = new WeakMap<GrepHit, string[]>();

/** lexicalTokens of a grep hit's line, worked out once per hit. */
export function hitTokens(hit: GrepHit): string[] {
  let tokens = tokensByHit.get(hit);
  if (!tokens) tokensByHit.set(hit, (tokens = lexicalTokens(hit.text)));
  return tokens;
}

let documentFrequency: Map<string, number> | undefined;

/** How many files of the reference corpus hold a word (0 for words too rare to be listed). */
function commonness(word: string): number {
  if (!documentFrequency) {
    documentFrequency = new Map();
    for (const line of COMMON_WORDS.split('\n')) {
      const [count, words] = line.split(':');
      if (!words) continue;
      for (const w of words.split(' ')) documentFrequency.set(w, Number(count));
    }
  }
  return documentFrequency.get(word) ?? 0;
}

/** Inverse document frequency against a fixed corpus of code in several languages (see commonWords.ts). */
export function inverseFrequency(word: string): number {
  const n = COMMON_WORDS_CORPUS_FILES;
  const df = commonness(word);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The issue's distinctive words with how often it uses them; words in most source files are left out. */
export function issueVocabulary(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const limit = LEXICAL_WEIGHTS.maxCommonShare * COMMON_WORDS_CORPUS_FILES;
  for (const token of lexicalTokens(withoutAddresses(text))) {
    if (commonness(token) >= limit) continue;
    counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  // Keep the grep pattern bounded: the rarest words say the most.
  const kept = [...counts.keys()]
    .sort((a, b) => inverseFrequency(b) - inverseFrequency(a) || a.localeCompare(b))
    .slice(0, LEXICAL_WEIGHTS.maxWords);
  return new Map(kept.map((word) => [word, counts.get(word) ?? 1]));
}

/** A case-insensitive grep pattern that finds every line holding one of the words. */
export function vocabularyPattern(vocabulary: Map<string, number>): string {
  return [...vocabulary.keys()].join('|');
}

/**
 * BM25 of one file for the issue's vocabulary, from the grep hits of `vocabularyPattern` in that file
 * (every line holding one of the words) and the file's length in lines.
 */
export function lexicalScore(hits: GrepHit[], lineCount: number, vocabulary: Map<string, number>): { score: number; words: string[] } {
  const frequency = new Map<string, number>();
  for (const hit of hits) {
    for (const token of hitTokens(hit)) if (vocabulary.has(token)) frequency.set(token, (frequency.get(token) ?? 0) + 1);
  }
  const { k1, b, averageLines } = LEXICAL_WEIGHTS;
  const norm = 1 - b + (b * lineCount) / averageLines;
  const contributions: [string, number][] = [];
  for (const [word, f] of frequency) {
    const queryWeight = 1 + Math.log(vocabulary.get(word) ?? 1);
    contributions.push([word, (inverseFrequency(word) * f * (k1 + 1) * queryWeight) / (f + k1 * norm)]);
  }
  contributions.sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
  return { score: contributions.reduce((sum, [, c]) => sum + c, 0), words: contributions.map(([w]) => w) };
}
