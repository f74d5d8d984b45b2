import { CodeGrepError } from '../../common/errors';
import { FEATURE_GROUPS, FEATURE_NAMES, PYTHON_FILE, SHARED_FEATURES, TWIN_LANGUAGES, type CandidateFeatures } from './features';
import type { EvidenceGroup } from './reasons';

/** The model file's format name and version; a file of another version is refused, not misread. */
export const RANKER_FORMAT = 'codegrep-ranker';
export const RANKER_VERSION = 2;

/** A logistic model over standardised candidate features, plus the answer policy's constants. */
export interface RankerModel {
  format: typeof RANKER_FORMAT;
  version: typeof RANKER_VERSION;
  /** Feature names, in the order of the weights; must equal FEATURE_NAMES. */
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  /** Candidates (by the hand ranking) the model sees per run. */
  candidates: number;
  /** Most files in an answer. */
  maxFiles: number;
  /** Gold files expected outside the candidates, for the answer-size rule. */
  missingGold: number;
  /**
   * The answer-size settings when the most probable file is a Python file, chosen by cross-validation apart
   * from the others: Python fixes mostly change one file, Go and TS/JS fixes often several. Absent: as above.
   */
  python?: AnswerSizeSettings;
  /**
   * Settings of their own for runs led by a file of another language (ANSWER_LANGUAGES), where grouped
   * cross-validation showed they answer that language's held-out repositories better than the shared ones.
   */
  languages?: Partial<Record<AnswerLanguage, AnswerSizeSettings>>;
  /**
   * Shared features whose evidence does not count on one twin language's files (`python: ['title_file_name']`):
   * on such a file each contributes nothing, as if it held the training mean, and the language's twins were
   * fitted without it. Absent: every feature counts on every file.
   */
  setAside?: Partial<Record<TwinLanguage, string[]>>;
  /** How the file was made (dataset, rows, command); informative only. */
  trained?: Record<string, unknown>;
}

/** A language whose files get twins of the shared features (TWIN_LANGUAGES). */
export type TwinLanguage = (typeof TWIN_LANGUAGES)[number]['name'];

/** How many files an answer may hold, and how many gold files the answer-size rule expects outside the candidates. */
export interface AnswerSizeSettings {
  maxFiles: number;
  missingGold: number;
}

/** Languages other than Python whose runs may answer with settings of their own, by the leading file's name. */
export const ANSWER_LANGUAGES = {
  go: /\.go$/,
  rust: /\.rs$/,
  java: /\.java$/,
  // Not `.h`: C, C++ and Objective-C share it, so a header does not say which language's fixes the run is like.
  c: /\.c$/,
  cpp: /\.(?:cc|cpp|cxx|hh|hpp|hxx)$/,
  script: /\.(?:[cm]?[jt]sx?)$/,
} as const;
export type AnswerLanguage = keyof typeof ANSWER_LANGUAGES;

/** The language of ANSWER_LANGUAGES a path is written in, if any. */
export function answerLanguage(path: string): AnswerLanguage | undefined {
  return (Object.keys(ANSWER_LANGUAGES) as AnswerLanguage[]).find((language) => ANSWER_LANGUAGES[language].test(path));
}

/** The answer-size settings for a run whose most probable file is `topPath`. */
export function answerSettings(model: RankerModel, topPath: string | undefined): AnswerSizeSettings {
  const shared = { maxFiles: model.maxFiles, missingGold: model.missingGold };
  if (topPath === undefined) return shared;
  if (model.python && PYTHON_FILE.test(topPath)) return model.python;
  const language = answerLanguage(topPath);
  return (language && model.languages?.[language]) || shared;
}

/** Checks a parsed model file; throws a CodeGrepError that says how to regenerate it when it does not fit this build. */
export function parseRankerModel(data: unknown): RankerModel {
  const fail = (why: string) =>
    new CodeGrepError('internal', `The embedded ranker's model file ${why}. Regenerate it with \`codegrep train\` (docs/ranker.md, "Retraining").`);
  if (!isRecord(data) || data.format !== RANKER_FORMAT) throw fail(`is not a ${RANKER_FORMAT} file`);
  if (data.version !== RANKER_VERSION) throw fail(`has version ${String(data.version)}; this build reads version ${RANKER_VERSION}`);
  const features = data.features;
  if (!Array.isArray(features) || features.join(',') !== FEATURE_NAMES.join(',')) throw fail('was trained on a different feature list');
  const n = FEATURE_NAMES.length;
  for (const key of ['mean', 'scale', 'weights'] as const) {
    const values = data[key];
    if (!Array.isArray(values) || values.length !== n || !values.every(isFiniteNumber)) throw fail(`has a bad "${key}" (want ${n} numbers)`);
  }
  for (const key of ['bias', 'candidates', 'maxFiles', 'missingGold'] as const) {
    if (!isFiniteNumber(data[key])) throw fail(`has a bad "${key}"`);
  }
  const python = data.python;
  if (python !== undefined && !isSettings(python)) throw fail('has a bad "python"');
  const languages = data.languages;
  if (languages !== undefined && !(isRecord(languages) && Object.entries(languages).every(([name, settings]) => name in ANSWER_LANGUAGES && isSettings(settings)))) {
    throw fail('has a bad "languages"');
  }
  const setAside = data.setAside;
  const shared = FEATURE_NAMES.slice(0, SHARED_FEATURES);
  const isSetAside = ([name, features]: [string, unknown]) =>
    TWIN_LANGUAGES.some((l) => l.name === name) && Array.isArray(features) && features.every((f) => shared.includes(f as string));
  if (setAside !== undefined && !(isRecord(setAside) && Object.entries(setAside).every(isSetAside))) throw fail('has a bad "setAside"');
  return data as unknown as RankerModel;
}

function isSettings(value: unknown): boolean {
  return isRecord(value) && isFiniteNumber(value.maxFiles) && isFiniteNumber(value.missingGold);
}

/** The model's probability that each candidate is a file the fix changes. */
export function probabilities(model: RankerModel, rows: CandidateFeatures[]): number[] {
  return rows.map((row) => sigmoid(model.bias + contributions(model, row).reduce((sum, c) => sum + c, 0)));
}

/** Each feature's additive share of a candidate's log-odds (what the reason is built from). */
export function contributions(model: RankerModel, row: CandidateFeatures): number[] {
  const unused = setAsideFor(model, row.path);
  return row.values.map((value, i) => (unused.has(i) ? 0 : model.weights[i] * ((value - model.mean[i]) / (model.scale[i] || 1))));
}

/** Indices of the shared features the model sets aside on `path`'s language (RankerModel.setAside). */
export function setAsideFor(model: Pick<RankerModel, 'setAside'>, path: string): ReadonlySet<number> {
  const language = TWIN_LANGUAGES.find((l) => l.file.test(path))?.name;
  return featureIndices((language && model.setAside?.[language]) || []);
}

/** The indices of the named features in FEATURE_NAMES. */
export function featureIndices(names: readonly string[]): ReadonlySet<number> {
  return new Set(names.map((name) => FEATURE_NAMES.indexOf(name)));
}

/** The evidence groups whose every feature the model sets aside on `path` (a Python file's name), which its reason does not give. */
export function unweighedGroups(model: Pick<RankerModel, 'setAside'>, path: string): ReadonlySet<EvidenceGroup> {
  const unused = setAsideFor(model, path);
  const groupsOf = (keep: (i: number) => boolean) =>
    FEATURE_NAMES.slice(0, SHARED_FEATURES).flatMap((name, i) => (keep(i) ? (FEATURE_GROUPS[name] ?? []) : []));
  const counted = new Set(groupsOf((i) => !unused.has(i)));
  return new Set(groupsOf((i) => unused.has(i)).filter((group) => !counted.has(group)));
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
