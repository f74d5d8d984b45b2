import type { Clue, IssueEvidence } from './clues';
import type { DefinitionWords } from './definitionWords';
import type { ClueHit } from './evidence';
import type { LexicalScore } from './leaderCheck';
import type { EvidenceGroup } from './reasons';
import { isMigrationScript } from './pathKinds';
import { bodyNamedFile, bodyNameFiles, demotion, fileStem, issueKind, joinedName, messageFileCount, namedByTitle, stemmedPathWords, titleNameFiles, titlePathWords, type KindContext, type ScoreContext, type ScoredFile } from './score';

/** One candidate file described by named evidence features (the learned ranker's input). */
export interface CandidateFeatures {
  path: string;
  /** Values in the order of FEATURE_NAMES. */
  values: number[];
}

/** Everything a candidate's features are computed from: the run's evidence, the hand ranking and the leader check. */
export interface FeatureInput {
  /** Candidates best first by the hand-weighted score (before the leader check). */
  ranked: ScoredFile[];
  context: ScoreContext;
  issue: IssueEvidence;
  /** BM25 of the checked leaders for the issue's rare words; absent when no check ran. */
  lexical?: Map<string, LexicalScore>;
  /** The checked leaders' definitions named with the title's words; absent when that search did not run or failed. */
  definitionWords?: Map<string, DefinitionWords>;
  /** BM25 of the checked leaders for the title's words alone; absent when no check ran or the title has none of its words. */
  titleLexical?: Map<string, LexicalScore>;
  /** For each checked leader, the other leaders it imports or that import it; absent when that search did not run or failed. */
  importTies?: Map<string, Set<string>>;
}

type Extractor = (file: ScoredFile, index: number, run: RunSummary) => number;

/** Issue-level facts shared by every candidate of one run. */
interface RunSummary {
  input: FeatureInput;
  bestScore: number;
  bestLexical: number;
  bestTitleLexical: number;
  /** The most distinct title words one checked leader holds. */
  mostTitleWords: number;
  lexicalRank: Map<string, number>;
  /** Leaders by their definitions' title words, 1 for the best; leaders with none are absent. */
  definitionWordsRank: Map<string, number>;
  bestDefinitionWords: number;
  bestDir: string;
  hasTrace: boolean;
  /** Depths of the traceback frames whose path is a file of the workspace, innermost first. */
  traceDepths: number[];
  hasPaths: boolean;
}

/**
 * A package's own file (`__init__.py`, `index.js`, `mod.rs`). A module clue that names a package
 * (`from sympy.physics.units import milli`, `sphinx.ext.autosummary`) matches it, but the fix is seldom there: as a
 * module match it led wrong answers, and the training rows weigh module matches more with it set aside.
 */
const PACKAGE_OWN_FILE = /(?:^|\/)(?:__init__\.\w+|index\.[\w.]+|mod\.rs)$/;

/**
 * The features, by name. The names are part of the model file's contract: a model trained on another
 * list is refused at load time (ranker.ts), so add new features at the end and retrain.
 */
const EXTRACTORS: [name: string, extract: Extractor][] = [
  ['hand_score_log', (f) => Math.log1p(f.score)],
  ['hand_score_ratio', (f, _i, r) => (r.bestScore > 0 ? f.score / r.bestScore : 0)],
  ['hand_rank_inverse', (_f, i) => 1 / (i + 1)],
  ['hand_is_first', (_f, i) => (i === 0 ? 1 : 0)],
  ['lexical_checked', (f, _i, r) => (r.input.lexical?.has(f.path) ? 1 : 0)],
  ['lexical_share', (f, _i, r) => (r.bestLexical > 0 ? (r.input.lexical?.get(f.path)?.score ?? 0) / r.bestLexical : 0)],
  ['lexical_rank_inverse', (f, _i, r) => (r.lexicalRank.has(f.path) ? 1 / r.lexicalRank.get(f.path)! : 0)],
  ['lexical_is_first', (f, _i, r) => (r.lexicalRank.get(f.path) === 1 ? 1 : 0)],
  ['path_match', (f, _i, r) => max(f.evidence.pathMatches.map((c) => c.weight / (r.input.context.pathFiles.get(c.text) ?? 1)))],
  ['path_match_unique', (f, _i, r) => (f.evidence.pathMatches.some((c) => (r.input.context.pathFiles.get(c.text) ?? 1) === 1) ? 1 : 0)],
  ['module_match', (f, _i, r) => (PACKAGE_OWN_FILE.test(f.path) ? 0 : max(f.evidence.moduleMatches.map((c) => c.weight / (r.input.context.pathFiles.get(c.text) ?? 1))))],
  ['definition_strength', (f, _i, r) => max(hits(f.evidence.definitions).map((h) => h.clue.weight / Math.sqrt(r.input.context.definitionFiles.get(h.clue.text) ?? 1)))],
  ['definition_count_log', (f) => Math.log1p(f.evidence.definitions.size)],
  ['definition_of_title_clue', (f) => (hits(f.evidence.definitions).some((h) => h.clue.source === 'title') ? 1 : 0)],
  ['definition_of_trace_clue', (f) => (hits(f.evidence.definitions).some((h) => h.clue.source === 'trace') ? 1 : 0)],
  ['definition_unique', (f, _i, r) => (hits(f.evidence.definitions).some((h) => (r.input.context.definitionFiles.get(h.clue.text) ?? 1) === 1) ? 1 : 0)],
  ['definition_top_level', (f) => (hits(f.evidence.definitions).some((h) => h.topLevel) ? 1 : 0)],
  ['definition_qualified', (f, _i, r) => (qualified(f, r.input.context) ? 1 : 0)],
  ['mention_strength_log', (f, _i, r) => Math.log1p(sum(hits(f.evidence.mentions).map((h) => h.clue.weight / Math.sqrt(r.input.context.mentionFiles.get(h.clue.text) ?? 1))))],
  ['mention_count_log', (f) => Math.log1p(f.evidence.mentions.size)],
  ['message_strength', (f, _i, r) => max(hits(f.evidence.messages).map((h) => h.clue.weight / messageFileCount(r.input.context, h.clue.text, f.path)))],
  ['trace_frame', (f, _i, r) => traceFrame(f, r.traceDepths)],
  ['title_file_name', (f, _i, r) => titleFileName(f, r.input.context)],
  ['title_path_words', (f, _i, r) => titlePathWords(f.path, r.input.context.titleWords).length],
  ['body_path_words', (f, _i, r) => Math.min(4, titlePathWords(f.path, r.input.context.bodyWords).length)],
  ['distinct_leads', (f) => distinctLeads(f)],
  ['demotion', (f, _i, r) => demotion(f.path, r.input.context)],
  ['role_test', (f, _i, r) => (issueKind(f.path, r.input.context) === 'test' ? 1 : 0)],
  ['role_doc', (f, _i, r) => (issueKind(f.path, r.input.context) === 'doc' ? 1 : 0)],
  // A tooling script shares the example weight: no training row has one, and both are code beside the package.
  ['role_example', (f, _i, r) => (['example', 'tooling'].includes(issueKind(f.path, r.input.context)) ? 1 : 0)],
  ['role_vendor', (f, _i, r) => (issueKind(f.path, r.input.context) === 'vendor' ? 1 : 0)],
  ['role_data', (f, _i, r) => (issueKind(f.path, r.input.context) === 'data' ? 1 : 0)],
  ['role_generated', (f, _i, r) => (issueKind(f.path, r.input.context) === 'generated' ? 1 : 0)],
  ['path_depth', (f) => Math.min(8, f.path.split('/').length - 1)],
  ['same_folder_as_first', (f, i, r) => (i > 0 && dirname(f.path) === r.bestDir ? 1 : 0)],
  ['issue_has_trace', (_f, _i, r) => (r.hasTrace ? 1 : 0)],
  ['issue_has_paths', (_f, _i, r) => (r.hasPaths ? 1 : 0)],
  ['candidates_log', (_f, _i, r) => Math.log1p(r.input.ranked.length)],
  ['title_path_stems', (f, _i, r) => stemmedPathWords(f.path, r.input.context.titleWords).length],
  ['body_path_stems', (f, _i, r) => Math.min(4, stemmedPathWords(f.path, r.input.context.bodyWords).length)],
  ['defined_title_words_rank_inverse', (f, _i, r) => (r.definitionWordsRank.has(f.path) ? 1 / r.definitionWordsRank.get(f.path)! : 0)],
  ['defined_title_words_share', (f, _i, r) => (r.bestDefinitionWords > 0 ? (r.input.definitionWords?.get(f.path)?.score ?? 0) / r.bestDefinitionWords : 0)],
  ['role_migration', (f, _i, r) => (isMigrationScript(f.path) && !titleNamesFile(f.path, r.input.context.titleWords) ? 1 : 0)],
  // Every name the file defines, it only declares as a type (an interface, an annotation type, a type alias).
  ['definition_declaration_only', (f) => (f.evidence.definitions.size > 0 && hits(f.evidence.definitions).every((h) => h.implemented === false) ? 1 : 0)],
  // The file imports the first or is imported by it: a fix of the first often reaches it (importTies.ts).
  ['import_tie_to_first', (f, i, r) => (i > 0 && r.input.importTies?.get(r.input.ranked[0]!.path)?.has(f.path) ? 1 : 0)],
  // BM25 of the title's words alone, from the leader check's hits: the title says what the issue is about.
  ['title_lexical_share', (f, _i, r) => (r.bestTitleLexical > 0 ? (r.input.titleLexical?.get(f.path)?.score ?? 0) / r.bestTitleLexical : 0)],
  // The title's words a leader holds, against the leader holding the most: coverage, where BM25 rewards repeats.
  ['title_words_held', (f, _i, r) => (r.mostTitleWords > 0 ? (r.input.titleLexical?.get(f.path)?.words.length ?? 0) / r.mostTitleWords : 0)],
  // Named by two adjacent words of the body (`boolean_attributes.js` for "… a boolean attribute"), not by the title.
  ['body_file_name', (f, _i, r) => bodyFileName(f, r.input.context)],
  // A traceback frame in the file runs a function the title names ("format_cursor_data crashes", `_print_MatAdd` for
  // "Error pretty printing MatAdd"): the reporter names the frame that misbehaved, wherever the error was raised.
  ['trace_frame_named_by_title', (f, _i, r) => (f.evidence.pathMatches.some((c) => r.input.issue.namedFrames.includes(c.text)) ? 1 : 0)],
  // title_file_name, where the title writes the name as code (`L027`, `ELF`, `ModelChain`): in Python titles such a
  // name is a file's about as often in the training repositories as in the dev sets' (6 in 10), a plain word is not.
  ['title_code_file_name', (f, _i, r) => (r.input.issue.titleCodeNames.includes(joinedName(fileStem(f.path))) ? titleFileName(f, r.input.context) : 0)],
];


/** The evidence a reason names for each feature (features of no group, like the hand rank, explain nothing). */
const BASE_GROUPS: Partial<Record<string, EvidenceGroup>> = {
  path_match: 'path',
  path_match_unique: 'path',
  trace_frame: 'path',
  trace_frame_named_by_title: 'path',
  module_match: 'module',
  message_strength: 'message',
  definition_strength: 'definition',
  definition_count_log: 'definition',
  definition_of_title_clue: 'definition',
  definition_of_trace_clue: 'definition',
  definition_unique: 'definition',
  definition_top_level: 'definition',
  definition_qualified: 'definition',
  title_file_name: 'title-name',
  title_code_file_name: 'title-code-name',
  body_file_name: 'body-name',
  defined_title_words_rank_inverse: 'defined-words',
  defined_title_words_share: 'defined-words',
  import_tie_to_first: 'import',
  mention_strength_log: 'mention',
  mention_count_log: 'mention',
  lexical_share: 'words',
  lexical_rank_inverse: 'words',
  lexical_is_first: 'words',
  title_lexical_share: 'words',
  title_words_held: 'words',
};

/**
 * Every feature again, for one language's files only (zero elsewhere), and the language's flag. Python
 * (372 training rows) and Go (240) are most of the training rows, and their fixes look unlike the
 * others' (Python: one file, module paths in tracebacks; Go: a package is a folder of files that do not
 * name each other). The trainer fits each language's twins on its candidates only, after the shared
 * weights and on top of them, so the language gets adjustments of its own while every other language
 * keeps exactly the shared model (trainer/fit.ts, fitModel).
 */
export const TWIN_LANGUAGES = [
  { name: 'python', file: /\.pyi?$/ },
  { name: 'go', file: /\.go$/ },
] as const;
export const PYTHON_FILE = TWIN_LANGUAGES[0].file;
const BASE_NAMES = EXTRACTORS.map(([name]) => name);

/** Names of the features, in the order of `CandidateFeatures.values`. */
export const FEATURE_NAMES: readonly string[] = [
  ...BASE_NAMES,
  ...TWIN_LANGUAGES.flatMap(({ name: language }) => [`${language}_file`, ...BASE_NAMES.map((name) => `${language}_${name}`)]),
];

/** How many shared features there are; the first language's part starts there. */
export const SHARED_FEATURES = BASE_NAMES.length;

/** Where language `index`'s part starts (TWIN_LANGUAGES order): its `<language>_file` flag, then its twins. */
export function twinsAt(index: number): number {
  return BASE_NAMES.length + index * (BASE_NAMES.length + 1);
}

/** BASE_GROUPS, and each language's twin of a feature in its feature's group. */
export const FEATURE_GROUPS: Partial<Record<string, EvidenceGroup>> = Object.fromEntries(
  Object.entries(BASE_GROUPS).flatMap(([name, group]) => [[name, group], ...TWIN_LANGUAGES.map(({ name: language }) => [`${language}_${name}`, group])]),
);

/** Features of the `limit` best candidates of a run, in hand-ranking order. */
export function candidateFeatures(input: FeatureInput, limit: number): CandidateFeatures[] {
  const summary = summarize(input);
  return input.ranked.slice(0, limit).map((file, index) => {
    const base = EXTRACTORS.map(([, extract]) => round(extract(file, index, summary)));
    const twins = TWIN_LANGUAGES.flatMap(({ file: pattern }) => {
      const on = pattern.test(file.path) ? 1 : 0;
      return [on, ...base.map((value) => value * on)];
    });
    return { path: file.path, values: [...base, ...twins] };
  });
}

function summarize(input: FeatureInput): RunSummary {
  const lexical = rankByScore(input.lexical);
  const definitionWords = rankByScore(input.definitionWords);
  return {
    input,
    definitionWordsRank: definitionWords.rank,
    bestDefinitionWords: definitionWords.best,
    bestScore: input.ranked[0]?.score ?? 0,
    bestLexical: lexical.best,
    bestTitleLexical: rankByScore(input.titleLexical).best,
    mostTitleWords: Math.max(0, ...[...(input.titleLexical?.values() ?? [])].map((l) => l.words.length)),
    lexicalRank: lexical.rank,
    bestDir: dirname(input.ranked[0]?.path ?? ''),
    hasTrace: input.issue.clues.some((c) => c.source === 'trace'),
    traceDepths: workspaceFrameDepths(input.ranked, input.context),
    hasPaths: input.issue.clues.some((c) => c.kind === 'path' || c.kind === 'module'),
  };
}

/** Files by score, 1 for the best (ties by path; files scoring 0 unranked), and the best score. */
function rankByScore(scores: Map<string, { score: number }> | undefined): { rank: Map<string, number>; best: number } {
  const sorted = [...(scores ?? new Map<string, { score: number }>()).entries()].sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]));
  return { rank: new Map(sorted.filter(([, s]) => s.score > 0).map(([path], i) => [path, i + 1])), best: sorted[0]?.[1].score ?? 0 };
}

function hits(map: Map<string, ClueHit>): ClueHit[] {
  return [...map.values()];
}

function qualified(file: ScoredFile, context: ScoreContext): boolean {
  const segments = new Set(file.path.toLowerCase().split(/[/.]/));
  return hits(file.evidence.definitions).some((h) => (context.qualifiers.get(h.clue.text) ?? []).some((q) => segments.has(q)));
}

/** The frame depths the traceback clues among `clues` were seen at, each once, innermost first. */
function frameDepths(clues: Clue[]): number[] {
  return [...new Set(clues.filter((c) => c.source === 'trace' && c.depth !== undefined).map((c) => c.depth!))].sort((a, b) => a - b);
}

/**
 * Depths of the traceback frames in the workspace, innermost first: the frames whose path is a workspace file, or,
 * when no frame's path is (a bundle's `vendor.4b7d91.js:2:301877`, Go's function-only frames), the frames whose
 * function a workspace file defines. The reporter's own `analyticsCallback` above the library's frames is then not
 * counted as the innermost.
 */
function workspaceFrameDepths(ranked: ScoredFile[], context: KindContext): number[] {
  // A vendored copy of another package (`requests/packages/urllib3/`) is that package's code, as a frame of the
  // installed one would be: the project's own innermost frame is the one above it, unless the trace has no other.
  const own = frameDepths(ranked.filter((f) => issueKind(f.path, context) !== 'vendor').flatMap((f) => f.evidence.pathMatches));
  if (own.length) return own;
  const byPath = frameDepths(ranked.flatMap((f) => f.evidence.pathMatches));
  return byPath.length ? byPath : frameDepths(ranked.flatMap((f) => hits(f.evidence.definitions).map((h) => h.clue)));
}

/**
 * 1 for the innermost traceback frame in the workspace, 1/2 for the next...; 0 when no frame points at the file.
 * Frames in files the workspace lacks (the standard library, another package) do not count: the innermost frame
 * of `urllib/parse.py` under `django/core/validators.py` leaves the validators the innermost of the project's.
 */
function traceFrame(file: ScoredFile, workspaceDepths: number[]): number {
  const depths = frameDepths([...file.evidence.pathMatches, ...hits(file.evidence.definitions).map((h) => h.clue)]);
  if (!depths.length) return 0;
  const depth = depths[0]!;
  // Without any frame in the workspace (no frame's path, no frame's function), depths stay as printed.
  const inner = workspaceDepths.length ? workspaceDepths.filter((d) => d < depth).length : depth;
  return 1 / (1 + inner);
}

function bodyFileName(file: ScoredFile, context: ScoreContext): number {
  const pair = bodyNamedFile(file.path, context);
  return pair ? 1 / bodyNameFiles(pair, context) : 0;
}

function titleFileName(file: ScoredFile, context: ScoreContext): number {
  return namedByTitle(file.path, context) ? 1 / titleNameFiles(file.path, context) : 0;
}

/** True when every word of the file's name is a title word ("Migration auth.0011_update_proxy_permissions fails"). */
function titleNamesFile(path: string, titleWords: string[]): boolean {
  const words = fileStem(path).split(/[^a-z]+/).filter((w) => w.length >= 3);
  return words.length > 0 && words.every((w) => titleWords.includes(w));
}

function distinctLeads(file: ScoredFile): number {
  const e = file.evidence;
  return e.pathMatches.length + e.moduleMatches.length + e.definitions.size + e.messages.size;
}

function dirname(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

function max(values: number[]): number {
  return values.length ? Math.max(...values) : 0;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
