import { stemmer } from 'stemmer';
import type { GrepArgs, ToolCall } from '../../common/tools';
import type { Clue, IssueEvidence } from './clues';
import { isCheckCode } from './checkCodes';
import { isCliOption, optionPattern } from './cliOptions';
import { definitionSearchPatterns, escapeRegex } from './definitions';
import { localeGlobNames } from './locales';
import { packageDeclarationPattern, subpathGlobs } from './packages';
import { fileStem } from './score';
import { bundleTail, scriptGlobs } from './scriptPaths';
import { shortestTail } from './evidence';

/** Budgets of the embedded policy's searches. */
export const PLAN_LIMITS = {
  /** Names searched for definitions in turn 1. */
  definitionNames: 40,
  /** Names per mention search, and mention searches in turn 1. */
  namesPerMentionCall: 10,
  mentionCalls: 2,
  /** Structured hits asked of grep (the tools cap this at 2000). */
  maxHits: 2000,
  messageCalls: 2,
  /** Command-line options searched in turn 1, besides the messages. */
  optionCalls: 1,
} as const;

/** One planned call and what its result is evidence of. */
export type PlannedCall =
  | { call: ToolCall; purpose: 'definitions' | 'mentions'; clues: Clue[] }
  | { call: ToolCall; purpose: 'message'; clues: [Clue] }
  | { call: ToolCall; purpose: 'paths'; clues: Clue[] }
  | { call: ToolCall; purpose: 'title-paths'; clues: [] }
  | { call: ToolCall; purpose: 'title-names'; clues: [] }
  | { call: ToolCall; purpose: 'body-names'; clues: [] }
  | { call: ToolCall; purpose: 'broaden'; clues: [] }
  | { call: ToolCall; purpose: 'packages'; clues: [] };

/** Turn 1: search for every kind of clue at once, within `maxCalls` parallel calls. */
export function planFirstTurn(evidence: IssueEvidence, maxCalls: number): PlannedCall[] {
  const planned: PlannedCall[] = [];
  const id = () => `embedded_1_${planned.length}`;
  const symbols = evidence.clues.filter((c) => c.kind === 'symbol');
  const locations = evidence.clues.filter((c) => c.kind === 'path' || c.kind === 'module');
  const messages = evidence.clues.filter((c) => c.kind === 'message' && !isCliOption(c.text)).slice(0, PLAN_LIMITS.messageCalls);
  const options = evidence.clues.filter((c) => c.kind === 'message' && isCliOption(c.text)).slice(0, PLAN_LIMITS.optionCalls);

  if (locations.length > 0) {
    const pattern = globForLocations(locations);
    planned.push({ call: { id: id(), name: 'glob', args: { pattern } }, purpose: 'paths', clues: locations });
  }
  const defNames = symbols.slice(0, PLAN_LIMITS.definitionNames);
  if (defNames.length > 0) {
    for (const pattern of definitionSearchPatterns(defNames.map((c) => c.text))) {
      planned.push({ call: { id: id(), name: 'grep', args: { pattern, max_hits: PLAN_LIMITS.maxHits } }, purpose: 'definitions', clues: defNames });
    }
  }
  for (let i = 0; i < PLAN_LIMITS.mentionCalls; i++) {
    const group = symbols.slice(i * PLAN_LIMITS.namesPerMentionCall, (i + 1) * PLAN_LIMITS.namesPerMentionCall);
    if (group.length === 0) break;
    const pattern = `\\b(?:${group.map((c) => escapeRegex(c.text)).join('|')})\\b`;
    planned.push({ call: { id: id(), name: 'grep', args: { pattern, max_hits: PLAN_LIMITS.maxHits } }, purpose: 'mentions', clues: group });
  }
  const searchMessage = (clue: Clue) => planned.push({ call: { id: id(), name: 'grep', args: messageSearch(clue.text) }, purpose: 'message', clues: [clue] });
  messages.forEach(searchMessage);
  // Case-insensitive, so `repo card` finds RepoCard.tsx as well as repo-card.js.
  const wideGlob = wordsGlob(evidence.titleWords.slice(0, 12), (words) => `*${words}*`);
  if (wideGlob) planned.push({ call: { id: id(), name: 'glob', args: { pattern: wideGlob, case_insensitive: true } }, purpose: 'title-paths', clues: [] });
  // Files named exactly by a title word (`L027.py` for "L027: outer-level table not found") or by two adjacent ones
  // joined (`manpage.py` for "man page"). The glob above lists at most 200 paths, in path order, and common title
  // words (`table`, `select`) fill that before a rare one's file.
  const titleNames = evidence.titleWords.slice(0, 12);
  const stemGlob = titleStemGlob([...new Set([...titleNames, ...evidence.titleCompounds, ...titleNames.flatMap(inflectedNames)])], localeGlobNames(evidence.titleLocales));
  if (stemGlob) planned.push({ call: { id: id(), name: 'glob', args: { pattern: stemGlob, case_insensitive: true } }, purpose: 'title-names', clues: [] });
  if (evidence.packages.length > 0) {
    // Which package.json declares each named package: a monorepo's folder for it (packages.ts). No glob, so it
    // joins the turn's one walk of the tree; hits in other files are dropped when read.
    const args = { pattern: packageDeclarationPattern(evidence.packages), max_hits: 200 };
    planned.push({ call: { id: id(), name: 'grep', args }, purpose: 'packages', clues: [] });
  }
  // Last, so that when the turn's calls run out an option goes before the title's file names and the packages.
  options.forEach(searchMessage);
  // Files named by two adjacent words of the body (`boolean_attributes.js` for "… a boolean attribute"): the
  // weakest lead, so the first call to go when the turn runs out.
  const bodyGlob = bodyNamesGlob(evidence.bodyCompounds);
  if (bodyGlob) planned.push({ call: { id: id(), name: 'glob', args: { pattern: bodyGlob, case_insensitive: true } }, purpose: 'body-names', clues: [] });
  return planned.slice(0, maxCalls);
}

/**
 * A glob for files whose name, less its extensions, is one of `titleWords` or matches one of `names` (glob
 * patterns: localeGlobNames); undefined without either.
 */
export function titleStemGlob(titleWords: string[], names: string[] = []): string | undefined {
  return namesGlob([...plainWords(titleWords), ...names], (any) => `${any}.*`);
}

/**
 * A glob for files named by a body compound in any spelling and number: `boolean attribute` gives
 * `boolean?([-_])attribute?(s)` (boolean_attributes.js, BooleanAttribute.ts); undefined without compounds.
 */
export function bodyNamesGlob(pairs: string[]): string | undefined {
  const names = pairs.map((pair) => {
    const [first, second] = pair.split(' ').map((w) => w.replace(/[^a-z0-9]/g, '')) as [string, string];
    return `${first}?([-_])${second.replace(/s$/, '')}?(s)`;
  });
  return namesGlob(names, (any) => `${any}.*`);
}

/** Shorter words (`sets`, `lib`) are matched as written only: their stems collide with unrelated names. */
const INFLECTED_NAME_LENGTH = 5;

/**
 * The names a file could have for a title word that is inflected (`fenced` → `fence`, `parsing` → `parse`,
 * `queries` → `query`): spellings with the word's Porter stem. Turn 1 lists such files as candidates; they are not
 * named by the title (isTitleName), since "simplifies" would then name sympy's `simplify.py` in every issue that
 * says it, but their path words meet the title's by stem (stemmedPathWords).
 */
export function inflectedNames(word: string): string[] {
  if (word.length < INFLECTED_NAME_LENGTH || !/^[a-z]+(?:ed|ing|s)$/.test(word)) return [];
  const root = stemmer(word);
  if (root === word || root.length < INFLECTED_NAME_LENGTH - 1) return [];
  const forms = [root, `${root}e`, `${root}s`, `${root}ing`];
  if (root.endsWith('i')) forms.push(`${root.slice(0, -1)}y`);
  return forms.filter((f) => f !== word && f.length >= INFLECTED_NAME_LENGTH && stemmer(f) === root);
}

/** `**` + `/` + `shape(words)`, the words (letters and digits only) as a brace list when there are several. */
function wordsGlob(words: string[], shape: (words: string) => string): string | undefined {
  return namesGlob(plainWords(words), shape);
}

/** `**` + `/` + `shape(names)`, the names as a brace list when there are several; undefined without names. */
function namesGlob(names: string[], shape: (any: string) => string): string | undefined {
  if (names.length === 0) return undefined;
  return `**/${shape(names.length === 1 ? names[0]! : `{${names.join(',')}}`)}`;
}

/** Words as glob text: letters and digits only, empty ones dropped. */
function plainWords(words: string[]): string[] {
  return words.map((w) => w.replace(/[^a-z0-9]/g, '')).filter(Boolean);
}

/**
 * The files a title word names alone or nearly so (`rules/L027.py`), not those of a name every package repeats
 * (Django's 40 `models.py` for "models"): a name that common says nothing about which of them is meant.
 */
export function distinctlyNamed(paths: string[], most = 2): string[] {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = fileStem(path);
    const group = byName.get(name);
    if (group) group.push(path);
    else byName.set(name, [path]);
  }
  return [...byName.values()].filter((group) => group.length <= most).flat();
}

/** One glob pattern covering every path and module clue, by their last two segments (a script's by its twins too, a bundle named after its folder by three). */
export function globForLocations(clues: Clue[]): string {
  const alternatives = new Set<string>();
  for (const clue of clues) {
    const tail = clue.text.split('/').slice(-shortestTail(clue.text)).join('/');
    if (clue.kind === 'path') {
      const bundle = bundleTail(clue.text);
      for (const glob of [...(bundle ? scriptGlobs(bundle) : []), ...scriptGlobs(tail)]) alternatives.add(glob);
    } else if (clue.package) {
      for (const glob of subpathGlobs(clue.text)) alternatives.add(glob);
    } else {
      alternatives.add(`${tail}.*`);
      alternatives.add(`${tail}/{__init__,index,mod}.*`);
    }
  }
  const list = [...alternatives].slice(0, 24);
  return list.length === 1 ? `**/${list[0]}` : `**/{${list.join(',')}}`;
}

/**
 * A message's search: a diagnostic code as a whole word with its case (`E108`, not the `e1080` of a hash), an
 * option as a string of its own (optionPattern), any other message in any case.
 */
function messageSearch(text: string): GrepArgs {
  if (isCheckCode(text)) return { pattern: `\\b${escapeRegex(text)}\\b`, max_hits: 200 };
  if (isCliOption(text)) return { pattern: optionPattern(text), max_hits: 200 };
  return { pattern: escapeRegex(text), case_insensitive: true, max_hits: 200 };
}
