import { stemmer } from 'stemmer';
import type { GrepHit } from '../../common/tools';
import { KEYWORD_DEF, escapeRegex, importsName, isDocExample } from './definitions';
import { inverseFrequency } from './lexical';

/**
 * The title's words inside the names a leading file defines: "technical response" meets
 * `def technical_404_response`, "delete" meets `def delete_batch`, "search results" meets
 * `function renderSearchResults`. A file whose own functions and classes are named with the words is
 * about what the issue is about, even when the issue never spells a name. The leader check's grep finds the
 * words anywhere in a file; this one only where the file names something with them.
 */

/** Words in more than this share of the reference corpus's files (`value`, `error`, `type`) say nothing here. */
const MIN_RARITY = 1.2;
/** The longest defined name in one definition and all names together: the second weighs less. */
const ALL_NAMES_FACTOR = 0.3;
const KEYWORD_NAME = new RegExp(String.raw`${KEYWORD_DEF}(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)`);

/** A title word searched for: its Porter stem, and the part of it every spelling starts with. */
export interface TitleStem {
  stem: string;
  prefix: string;
}

/** One leading file's defined names that hold title words, scored by how rare the words are among the leaders. */
export interface DefinitionWords {
  score: number;
  /** The defined name holding the most (and rarest) title words, for the reason. */
  name: string;
  /** The lines of the file's definitions named with title words, for the line ranges. */
  lines: number[];
}

/** The title words worth looking for in defined names: 4 letters or more and not common in code. */
export function titleStems(titleWords: string[]): TitleStem[] {
  const stems = new Map<string, TitleStem>();
  for (const word of titleWords) {
    if (word.length < 4 || !/^[a-z]+$/.test(word) || inverseFrequency(word) <= MIN_RARITY) continue;
    const stem = stemmer(word);
    const prefix = commonPrefix(word, stem);
    if (prefix.length >= 3 && !stems.has(stem)) stems.set(stem, { stem, prefix });
  }
  return [...stems.values()];
}

/**
 * A case-insensitive grep pattern for keyword definitions (`def`, `class`, `func`, `fn`, `function`, `type`...)
 * whose name holds one of the stems' prefixes; definedTitleWords confirms each hit by stems.
 */
export function definitionWordsPattern(stems: TitleStem[]): string {
  return String.raw`${KEYWORD_DEF}(?:\([^)]*\)\s*)?[\w$]*(?:${stems.map((s) => escapeRegex(s.prefix)).join('|')})`;
}

/**
 * The name a line of the file at `path` defines by keyword, and the title stems among its words; undefined when it
 * defines none of them or only shows the API in documentation (isDocExample).
 */
export function definedTitleWords(line: string, stems: ReadonlySet<string>, path = ''): { name: string; stems: string[] } | undefined {
  if (isDocExample(line, path)) return undefined;
  const name = KEYWORD_NAME.exec(line)?.[1];
  if (!name || importsName(line, name)) return undefined;
  const held = [...new Set(nameWords(name).map((w) => stemmer(w)))].filter((s) => stems.has(s));
  return held.length > 0 ? { name, stems: held } : undefined;
}

/**
 * Each file's score: the rarity (among these files) of the title words its best-named definition holds, plus
 * a third of all the title words its definitions hold. A word every leader defines names nothing apart.
 */
export function definitionWordScores(hits: GrepHit[], files: string[], stems: TitleStem[]): Map<string, DefinitionWords> {
  const wanted = new Set(stems.map((s) => s.stem));
  const named = new Map<string, { name: string; stems: string[]; line: number }[]>();
  for (const hit of hits) {
    const found = definedTitleWords(hit.text, wanted, hit.path);
    if (found) named.set(hit.path, [...(named.get(hit.path) ?? []), { ...found, line: hit.line }]);
  }
  const filesDefining = new Map<string, number>();
  for (const defs of named.values()) for (const stem of new Set(defs.flatMap((d) => d.stems))) filesDefining.set(stem, (filesDefining.get(stem) ?? 0) + 1);
  const rarity = (stem: string) => Math.log(1 + files.length / (filesDefining.get(stem) ?? 1));
  const scores = new Map<string, DefinitionWords>();
  for (const [path, defs] of named) {
    const weighed = defs.map((d) => ({ name: d.name, weight: d.stems.reduce((sum, s) => sum + rarity(s), 0) }));
    const best = weighed.reduce((a, b) => (b.weight > a.weight ? b : a));
    const all = [...new Set(defs.flatMap((d) => d.stems))].reduce((sum, s) => sum + rarity(s), 0);
    scores.set(path, { score: best.weight + ALL_NAMES_FACTOR * all, name: best.name, lines: defs.map((d) => d.line) });
  }
  return scores;
}

/**
 * The letter words of a snake_case, camelCase or PascalCase name (`HTTPServer` gives `http`, `server`;
 * `Poly3DCollection` gives `poly`, `d`, `collection`). Not clues.ts's splitIdentifier, which keeps digits on a word
 * (`poly3`), so a title's "poly" would not meet it.
 */
function nameWords(name: string): string[] {
  return (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? []).map((w) => w.toLowerCase());
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}
