import { stemmer } from 'stemmer';
import { memoized } from '../../common/memo';
import type { FileEvidence } from './evidence';
import { localeOfFile } from './locales';
import { BUILD_FILE, TOOLING_SCRIPT, TS_DECLARATION, isStringTable, pathKind, type PathKind } from './pathKinds';
import { SCRIPT_FILE_EXTENSION } from './scriptPaths';

/** How much each kind and place of clue counts when mined from the issue. */
export const CLUE_WEIGHTS = {
  source: { title: 3, trace: 2, body: 1.5, code: 0.8 },
  kind: { path: 2.5, module: 2, symbol: 1, message: 2 },
  shape: { camel: 1.4, snake: 1.3, upper: 1, capitalized: 0.6, word: 0.6 },
  /** Names followed by `(` in the issue are calls: more likely to be project functions. */
  calledFactor: 1.2,
  /** Names in backticks were deliberately marked as code by the reporter. */
  backtickFactor: 1.3,
  /** `Foo` in `Foo.bar`: a namespace, weaker than the member that is used. */
  qualifierFactor: 0.7,
  /** Each step away from the innermost traceback frame. */
  traceDepthDecay: 0.7,
  exceptionNameFactor: 0.5,
  /** Plain lower-case title words, tried as names (`delete` in "QuerySet.Delete fails"). */
  titleWordFactor: 0.3,
  repeatBonus: 0.5,
} as const;

/** How much each kind of evidence found in a file counts towards its score. */
export const FILE_WEIGHTS = {
  /** The file's path ends with a path the issue names. */
  pathMatch: 3,
  /** The file is the module a dotted path in the issue names. */
  moduleMatch: 2.5,
  /** The file defines a name the issue uses; divided by sqrt(number of files defining it). */
  definition: 2.2,
  /** Multiplier for a definition at the top level of a file (a module function or class rather than a method). */
  topLevelDefinition: 1.3,
  /** The i-th strongest piece of evidence (0-based) counts 1 / (1 + diminishing * i). */
  diminishing: 0.5,
  /** Path words shared with the body's prose. */
  bodyPathWord: 0.2,
  /** Multiplier for a definition that only declares a type (an interface, an annotation type): its code is elsewhere. */
  typeOnlyDefinition: 0.5,
  /** Multiplier when the file's path contains the qualifier the issue used (`models` in `models.FilePathField`). */
  qualifiedDefinition: 1.5,
  /** The file mentions a name; divided by sqrt(number of files mentioning it). */
  mention: 0.35,
  /** The file contains an error message quoted in the issue; divided by number of files containing it. */
  message: 3,
  /** Path words shared with the title (e.g. `repo-card.js` for "repo card"). */
  titlePathWord: 0.6,
  /** The file is named after a title word (`commands/sqlmigrate.py` for "sqlmigrate wraps..."); divided by files so named. */
  titleFileName: 2,
  /**
   * The file is named by two adjacent words of the body (`boolean_attributes.js`); divided by files so named. As much
   * as a title name: grouped CV chose 2 over 1 (F0.5 0.515 against 0.514, acc@1 0.657 against 0.653).
   */
  bodyFileName: 2,
  /** Found only by the wider search for the issue's rare words (broaden.ts); times its share of the best one's weight. */
  broadened: 0.05,
  /** Bonus per distinct clue that a file defines or matches, beyond the first: many leads agreeing. */
  agreement: 0.4,
  /** Multiplier for a file inside a workspace package the issue names (`@babel/parser` → packages/babel-parser/). */
  namedPackage: 1.5,
  /** Multipliers for files rarely meant to be edited, unless the issue is about them. */
  testFactor: 0.15,
  docFactor: 0.2,
  exampleFactor: 0.3,
  vendorFactor: 0.3,
  /** Data, config and script files (json, yaml, lock, cmd...): rarely where a code fix goes. */
  dataFactor: 0.3,
  /** Type declarations (.d.ts), built bundles (dist/, build/): outputs of the code a fix edits. */
  generatedFactor: 0.2,
  /** A further file from the best file's folder is returned when it scores at least this share of the best. */
  siblingFileRatio: 0.95,
  /** A further file from elsewhere needs at least this share of the best. */
  otherFileRatio: 0.99,
  /** A header's inline/source companion is added when it scores at least this share of the best. */
  companionRatio: 0.3,
  /** Most files in an answer. */
  maxFiles: 4,
} as const;

/** One scored file with the evidence that earned its score. */
export interface ScoredFile {
  path: string;
  score: number;
  evidence: FileEvidence;
  /** The issue's rarest words found in the file, when the leaders were checked for them. */
  sharedWords?: string[];
  /** The workspace package the issue names that holds the file, if any. */
  namedPackage?: string;
}

/** Issue-level context the scorer needs: whether tests/docs are in scope. */
export interface ScoreContext {
  mentionsTests: boolean;
  mentionsDocs: boolean;
  /** The issue is about the TypeScript typings, so a `.d.ts` may be where the fix goes (IssueEvidence.mentionsTypings). */
  mentionsTypings?: boolean;
  /** The title is about building or installing, so a build file may be where the fix goes (IssueEvidence.mentionsBuild). */
  mentionsBuild?: boolean;
  titleWords: string[];
  /** Adjacent title words joined as one name (IssueEvidence.titleCompounds). */
  titleCompounds: string[];
  /** The title's words written as code (IssueEvidence.titleCodeNames); absent, none. */
  titleCodeNames?: string[];
  /** Codes of the locales the title names by language (IssueEvidence.titleLocales). */
  titleLocales: string[];
  /** String tables that define a named locale's identifier (`huHU`: locales.ts), which issueKind counts as source. */
  localeTables: Set<string>;
  /** Adjacent words of the body's prose, apart by a space (IssueEvidence.bodyCompounds). */
  bodyCompounds: string[];
  bodyWords: string[];
  qualifiers: Map<string, string[]>;
  /** How many files define / mention / contain each clue (keyed by clue text). */
  definitionFiles: Map<string, number>;
  mentionFiles: Map<string, number>;
  messageFiles: Map<string, number>;
  /** How many of those are string tables (isStringTable). */
  messageTableFiles: Map<string, number>;
  /** How many files each path or module clue matched. */
  pathFiles: Map<string, number>;
  /** How many source files with evidence have each title word in their file name (each locale code: are its files). */
  stemFiles: Map<string, number>;
  /** How many source files on the board are named by each body compound (keyed by the compound). */
  bodyNameFiles: Map<string, number>;
  /** The workspace's packages the issue names, folder (trailing `/`) to name; empty outside monorepos. */
  packages: Map<string, string>;
  /** What a package.json above a leading example file exports (exportedFolders.ts): code, not examples. */
  exported: string[];
}

/** Scores every file with evidence and returns them best first (ties broken by path, so runs are deterministic). */
export function rankFiles(files: Iterable<FileEvidence>, context: ScoreContext): ScoredFile[] {
  const scored: ScoredFile[] = [];
  for (const evidence of files) {
    const namedPackage = namedPackageOf(evidence.path, context);
    const score = scoreFile(evidence, context, namedPackage !== undefined);
    if (score > 0) scored.push({ path: evidence.path, score, evidence, ...(namedPackage ? { namedPackage } : {}) });
  }
  return scored.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
}

/**
 * The explainable score of one file: a weighted sum of its evidence, times FILE_WEIGHTS.namedPackage when it lies
 * in a package the issue names (`inNamedPackage`, from namedPackageOf), times a demotion for tests/docs/examples.
 */
export function scoreFile(evidence: FileEvidence, context: ScoreContext, inNamedPackage = false): number {
  const parts: number[] = [];
  let strongLeads = 0;
  for (const clue of evidence.pathMatches) {
    // A bare `utils.py` matches many files; a full path matches one.
    parts.push((clue.weight * FILE_WEIGHTS.pathMatch) / (context.pathFiles.get(clue.text) ?? 1));
    strongLeads++;
  }
  for (const clue of evidence.moduleMatches) {
    parts.push((clue.weight * FILE_WEIGHTS.moduleMatch) / (context.pathFiles.get(clue.text) ?? 1));
    strongLeads++;
  }
  const segments = new Set(evidence.path.toLowerCase().split(/[/.]/));
  for (const { clue, topLevel, implemented } of evidence.definitions.values()) {
    const qualified = (context.qualifiers.get(clue.text) ?? []).some((q) => segments.has(q));
    const kind = (qualified ? FILE_WEIGHTS.qualifiedDefinition : 1) * (topLevel ? FILE_WEIGHTS.topLevelDefinition : 1) * (implemented === false ? FILE_WEIGHTS.typeOnlyDefinition : 1);
    const weight = clue.weight * kind;
    parts.push((weight * FILE_WEIGHTS.definition) / Math.sqrt(context.definitionFiles.get(clue.text) ?? 1));
    strongLeads++;
  }
  for (const { clue } of evidence.mentions.values()) {
    parts.push((clue.weight * FILE_WEIGHTS.mention) / Math.sqrt(context.mentionFiles.get(clue.text) ?? 1));
  }
  for (const { clue } of evidence.messages.values()) {
    parts.push((clue.weight * FILE_WEIGHTS.message) / messageFileCount(context, clue.text, evidence.path));
    strongLeads++;
  }
  if (namedByTitle(evidence.path, context)) {
    parts.push(FILE_WEIGHTS.titleFileName / titleNameFiles(evidence.path, context));
    strongLeads++;
  } else {
    const bodyName = bodyNamedFile(evidence.path, context);
    if (bodyName) parts.push(FILE_WEIGHTS.bodyFileName / bodyNameFiles(bodyName, context));
  }
  // Diminishing returns: the strongest lead counts fully, each further one less, so a long trace cannot drown the title.
  parts.sort((a, b) => b - a);
  let score = parts.reduce((sum, part, index) => sum + part / (1 + FILE_WEIGHTS.diminishing * index), 0);
  score += titlePathWords(evidence.path, context.titleWords).length * FILE_WEIGHTS.titlePathWord;
  score += titlePathWords(evidence.path, context.bodyWords).length * FILE_WEIGHTS.bodyPathWord;
  score += Math.max(0, strongLeads - 1) * FILE_WEIGHTS.agreement;
  score += (evidence.broadened ?? 0) * FILE_WEIGHTS.broadened;
  if (inNamedPackage) score *= FILE_WEIGHTS.namedPackage;
  return score * demotion(evidence.path, context);
}

/** The name of the workspace package the issue names that holds the file (the innermost), if any. */
export function namedPackageOf(path: string, context: Pick<ScoreContext, 'packages'>): string | undefined {
  let best: [string, string] | undefined;
  for (const entry of context.packages) if (path.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  return best?.[1];
}

/** True when a file's name (its stem) is a title word, or two adjacent title words joined (`manpage`). */
export function isTitleName(stem: string, context: Pick<ScoreContext, 'titleWords' | 'titleCompounds'>): boolean {
  const name = joinedName(stem);
  return context.titleWords.includes(name) || context.titleCompounds.includes(name);
}

/**
 * True when the title names a source file: by its name (isTitleName), or as the file of a locale it names by
 * language (`locale/bs.js` for "Bosnian locale: …").
 */
export function namedByTitle(path: string, context: Pick<ScoreContext, 'titleWords' | 'titleCompounds' | 'titleLocales' | 'localeTables'>): boolean {
  if (issueKind(path, context) !== 'source') return false;
  return isTitleName(fileStem(path), context) || localeOfFile(path, context.titleLocales) !== undefined;
}

/** What issueKind reads: the title's locales, a package's exported folders, and whether the issue is about typings or the build. */
export type KindContext = Pick<ScoreContext, 'titleLocales' | 'localeTables' | 'mentionsTypings' | 'mentionsBuild'> & Partial<Pick<ScoreContext, 'exported'>>;
/** What demotion reads: what issueKind reads, and whether the issue is about tests or docs. */
export type DemotionContext = KindContext & Pick<ScoreContext, 'mentionsTests' | 'mentionsDocs'>;

/**
 * What a file is for in this issue: its pathKind, except that the string table of a locale the title names
 * (`locale/bs.js` for "Bosnian locale: …", or MUI's `locale/index.js` that defines `huHU` for "Hungarian
 * locale") is where the fix goes, as a source file is. So is a TypeScript declaration file (`index.d.ts`) when the
 * issue is about the typings: a JavaScript package writes its `.d.ts` by hand, and a build file or a tooling
 * script when it is about the build.
 */
export function issueKind(path: string, context: KindContext): PathKind {
  const kind = pathKind(path);
  if (kind === 'example' && context.exported && isExported(path, context.exported)) return 'source';
  if (kind === 'generated' && context.mentionsTypings && TS_DECLARATION.test(path)) return 'source';
  if (context.mentionsBuild && (BUILD_FILE.test(path.slice(path.lastIndexOf('/') + 1)) || TOOLING_SCRIPT.test(path))) return 'source';
  return kind === 'data' && (localeOfFile(path, context.titleLocales) !== undefined || context.localeTables.has(path)) ? 'source' : kind;
}

/** True when `path` is one of the `exported` files or lies in one of its folders (those end with `/`). */
export function isExported(path: string, exported: readonly string[]): boolean {
  return exported.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));
}

/** The body compound (`boolean attribute`) a file's name spells (`boolean_attributes`), in either number. */
export function bodyNameOf(stem: string, context: Pick<ScoreContext, 'bodyCompounds'>): string | undefined {
  const name = joinedName(stem);
  return context.bodyCompounds.find((pair) => {
    const joined = pair.replace(' ', '');
    return name === joined || name === `${joined}s` || (joined.endsWith('s') && name === joined.slice(0, -1));
  });
}

/** The body compound a source file's name spells, when the title does not name the file already. */
export function bodyNamedFile(path: string, context: Pick<ScoreContext, 'titleWords' | 'titleCompounds' | 'bodyCompounds'>): string | undefined {
  if (pathKind(path) !== 'source') return undefined;
  const stem = fileStem(path);
  return isTitleName(stem, context) ? undefined : bodyNameOf(stem, context);
}

/** How many source files on the board spell the body compound `pair` as their name (ScoreContext.bodyNameFiles), at least 1. */
export function bodyNameFiles(pair: string, context: Pick<ScoreContext, 'bodyNameFiles'>): number {
  return context.bodyNameFiles.get(pair) ?? 1;
}

/**
 * A file's name with the separators between its words dropped, as a title writes it: `path-exists` and `path_exists`
 * are `pathexists`. A leading underscore stays: scikit-learn's private `_search.py` is not "search" (measured: it
 * then named `model_selection/_search.py` for "GridSearch" in a title).
 */
export function joinedName(stem: string): string {
  return stem.replace(/(?<=[a-z0-9])[-_]+(?=[a-z0-9])/g, '');
}

/** How many source files have the title name of the file at `path` in their names (ScoreContext.stemFiles), at least 1. */
export function titleNameFiles(path: string, context: Pick<ScoreContext, 'stemFiles' | 'titleLocales'>): number {
  return context.stemFiles.get(localeOfFile(path, context.titleLocales) ?? joinedName(fileStem(path))) ?? 1;
}

/** A script that stands for its folder when imported (`require('./path-exists')` loads `path-exists/index.js`). */
const isFolderIndex = (name: string) => SCRIPT_FILE_EXTENSION.test(name) && name.replace(SCRIPT_FILE_EXTENSION, '') === 'index';

/**
 * A file's name without folders and extension, lower-cased (`sqlmigrate` for `commands/sqlmigrate.py`); a script
 * folder's index goes by its folder's name (`path-exists` for `lib/path-exists/index.js`), below the top level.
 * Not Python's `__init__.py`: measured, "napoleon" in a title then named `sphinx/ext/napoleon/__init__.py` against
 * its `docstring.py`, and a project's own name (`pvlib/__init__.py`) named its package's root (Python dev 0.590 →
 * 0.576 F0.5).
 */
export function fileStem(path: string): string {
  const parts = path.toLowerCase().split('/');
  const name = parts[parts.length - 1]!;
  if (isFolderIndex(name) && parts.length > 2) return parts[parts.length - 2]!;
  return name.replace(/\.[^.]*$/, '');
}

/** Title words that appear as words of the file's path. */
export function titlePathWords(path: string, titleWords: string[]): string[] {
  const stems = pathStems(path);
  return titleWords.filter((w) => stems.has(stem(w)));
}

/** The crude stems of a path's words (never changed by callers: the set is shared). */
const pathStems = memoized((path: string): ReadonlySet<string> => new Set(pathWords(path).map(stem)));

/**
 * Issue words that name a path's folders or file by their Porter stems (deletion.py for "delete", validators.py
 * for "validation"), or whole inside a compound name (defaultfilters.py for "filter"): looser than
 * titlePathWords, for the learned ranker to weigh.
 */
export function stemmedPathWords(path: string, words: string[]): string[] {
  const tokens = pathWords(path);
  const stems = new Set(tokens.map((t) => stemmer(t)));
  return words.filter((w) => {
    const s = stemmer(w);
    return stems.has(s) || (s.length >= 5 && tokens.some((t) => t.length > s.length && t.includes(s)));
  });
}

/** The lower-case words of a path's folders and file name, of 3 letters or more. */
function pathWords(path: string): string[] {
  return path.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
}

/** A crude English stem (printer, printing, prints -> print) so title words meet file names. */
export function stem(word: string): string {
  return word.length > 5 ? word.replace(/(?:ings?|ers?|ed|ions?|s)$/, '') : word.replace(/s$/, '');
}

/** Multiplier < 1 for tests, docs, examples and vendored code, unless the issue is about them. */
export function demotion(path: string, context: DemotionContext): number {
  const kind = issueKind(path, context);
  if (kind === 'test') return context.mentionsTests ? 1 : FILE_WEIGHTS.testFactor;
  if (kind === 'doc') return context.mentionsDocs ? 1 : FILE_WEIGHTS.docFactor;
  // Tooling scripts are demoted as examples are: runnable code beside the package that its users do not import.
  if (kind === 'example' || kind === 'tooling') return FILE_WEIGHTS.exampleFactor;
  if (kind === 'vendor') return FILE_WEIGHTS.vendorFactor;
  if (kind === 'data') return FILE_WEIGHTS.dataFactor;
  if (kind === 'generated') return FILE_WEIGHTS.generatedFactor;
  return 1;
}

/**
 * How many files share a message, as the rarity of a code file's hit: a program's string tables count as one
 * file together. Django and Sphinx print a message from one line and copy it into a hundred `.po` files, and
 * those copies do not make the line that prints it any less specific. A string table's own hit keeps the
 * count of every file.
 */
export function messageFileCount(context: Pick<ScoreContext, 'messageFiles' | 'messageTableFiles'>, message: string, path: string): number {
  const all = context.messageFiles.get(message) ?? 1;
  if (isStringTable(path)) return all;
  const tables = context.messageTableFiles.get(message) ?? 0;
  return Math.max(1, all - tables + (tables > 0 ? 1 : 0));
}

/** The name shared by a C/C++ header and its inline or source file (`dom/element` for `dom/element-inl.h`), if any. */
export function companionKey(path: string): string | undefined {
  const match = path.match(/^(.*?)(?:[-_.](?:inl|impl|inline))?\.(?:h|hh|hpp|hxx|inl|ipp|c|cc|cpp|cxx)$/);
  return match ? match[1]!.replace(/^.*\/(?=[^/]+$)/, '') : undefined;
}

function dirname(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

/** Picks the answer: the best file, plus others only when they score close to it. */
export function chooseAnswer(ranked: ScoredFile[]): ScoredFile[] {
  const best = ranked[0];
  if (!best) return [];
  const chosen = [best];
  for (const candidate of ranked.slice(1, FILE_WEIGHTS.maxFiles)) {
    // A close runner-up from the same folder is usually part of the same change (x.h and x-inl.h, a handler and its route).
    const sibling = dirname(candidate.path) === dirname(best.path);
    const ratio = sibling ? FILE_WEIGHTS.siblingFileRatio : FILE_WEIGHTS.otherFileRatio;
    if (candidate.score < best.score * ratio) break;
    chosen.push(candidate);
  }
  // C and C++ split a declaration and its inline definition (x.h and x-inl.h, x.h and x.cpp): a fix touches both.
  for (const file of [...chosen]) {
    const key = companionKey(file.path);
    if (!key) continue;
    for (const other of ranked) {
      if (chosen.length >= FILE_WEIGHTS.maxFiles) break;
      if (!chosen.includes(other) && companionKey(other.path) === key && other.score >= best.score * FILE_WEIGHTS.companionRatio) chosen.push(other);
    }
  }
  return chosen;
}

/** Lexical re-ranking of the leaders: BM25 of each file for the issue's distinctive words. */
export const LEXICAL_WEIGHTS = {
  /** How many of the best files are re-ranked (one grep over all of them; the grep tool takes at most 8 paths). */
  leaders: 8,
  /** The lexical score's share: a leader gains up to this many times the best evidence score. */
  weight: 2,
  /** Words in at least this share of the reference corpus's files are not searched. */
  maxCommonShare: 0.3,
  /** At most this many issue words are searched, rarest first. */
  maxWords: 300,
  /** BM25 constants; file length is in lines, relative to a typical source file. */
  k1: 1.2,
  b: 0.75,
  averageLines: 200,
} as const;
