import { confidenceOf, type ConfidenceLevel } from '../common/confidence';
import { chooseAnswerSize } from '../core/embedded/answerSize';
import { FEATURE_NAMES, PYTHON_FILE, SHARED_FEATURES, TWIN_LANGUAGES, twinsAt } from '../core/embedded/features';
import { ANSWER_LANGUAGES, RANKER_FORMAT, RANKER_VERSION, answerLanguage, answerSettings, featureIndices, probabilities, type AnswerLanguage, type AnswerSizeSettings, type RankerModel, type TwinLanguage } from '../core/embedded/ranker';
import { scoreInstance, summarize, type Summary } from '../eval/metrics';
import { fitLogistic, standardiser, type LogisticFit } from './logistic';
import type { TrainingIssue } from './examples';

/** Fitting choices; the defaults are what the shipped model was trained with. */
export interface FitOptions {
  /** Candidates per issue the model ranks. */
  candidates: number;
  l2: number;
  /** L2 penalty of each language's twins (stronger: they only adjust the shared weights for one language). */
  twinL2: number;
  /** Answer-size settings tried by cross-validation on the training rows. */
  maxFilesGrid: number[];
  missingGoldGrid: number[];
  folds: number;
  /** Shared features that do not count on a twin language's files (RankerModel.setAside). */
  setAside: Partial<Record<TwinLanguage, string[]>>;
}

/**
 * What the shipped model sets aside on Python files: the title's words naming the file. In Django, SymPy, Matplotlib
 * and pytest a title's plain word often names a file (`printer.py` for "LaTeX printer…", `reports.py` for "…better
 * reports") that was the fix's no more often than the other candidates; in the training repositories it was, and
 * over the Python issues no choice saw the two even out (docs/benchmarks.md, forty-seventh session).
 */
export const PYTHON_SET_ASIDE = ['title_file_name'];

export const DEFAULT_FIT: FitOptions = {
  candidates: 3,
  l2: 10,
  twinL2: 100,
  maxFilesGrid: [1, 2, 3, 4, 5, 6],
  missingGoldGrid: [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3],
  folds: 5,
  setAside: { python: PYTHON_SET_ASIDE },
};

/** A trained model and its grouped cross-validation on the training rows. */
export interface TrainingOutcome {
  model: RankerModel;
  crossValidation: CrossValidation;
}

/** Out-of-fold scores: every issue predicted by a model that never saw its repository. */
export interface CrossValidation {
  folds: number;
  maxFiles: number;
  missingGold: number;
  /** The settings chosen for runs whose most probable file is a Python file. */
  python: AnswerSizeSettings;
  /** Settings of their own for runs led by another language's file, where they beat the shared ones out of fold. */
  languages: Partial<Record<AnswerLanguage, AnswerSizeSettings>>;
  overall: Summary;
  byLanguage: Record<string, Summary>;
  /** The hand-weighted ranking on the same rows, for comparison. */
  handByLanguage: Record<string, Summary>;
  /** The out-of-fold answers grouped by the confidence they would come with (common/confidence.ts). */
  byConfidence: Partial<Record<ConfidenceLevel, Summary>>;
}

/** Fits the logistic ranker on every issue, with the answer-size settings cross-validation picked. */
export function trainRanker(issues: TrainingIssue[], options: FitOptions = DEFAULT_FIT): TrainingOutcome {
  const crossValidation = crossValidate(issues, options);
  const model = fitModel(issues, options, crossValidation.maxFiles, crossValidation.missingGold, true, crossValidation.python, crossValidation.languages);
  return { model, crossValidation };
}

/**
 * Fits one model on the given issues, in stages. First the shared weights, on every candidate's
 * base features, exactly as a model without twins. Then (with `twins`) each language's twins
 * (`python_*`, `go_*`), on that language's candidates only, with the first stage's log-odds as a fixed
 * offset. A twin is 0 on any other file and is not centred, so every other language's probabilities
 * stay the first stage's.
 * (Fitting both at once let the shared weights drift to Go, the other half of the rows, and a TS/JS
 * fixture then ranked a caller above the definition: docs/benchmarks.md.)
 * `pythonAnswers` are the answer-size settings of runs led by a Python file (RankerModel.python), and
 * `languageAnswers` those of runs led by another language's file (RankerModel.languages).
 */
export function fitModel(
  issues: TrainingIssue[],
  options: FitOptions,
  maxFiles: number,
  missingGold: number,
  twins = true,
  pythonAnswers?: AnswerSizeSettings,
  languageAnswers: RankerModel['languages'] = {},
): RankerModel {
  const base = SHARED_FEATURES;
  const rows: number[][] = [];
  const labels: number[] = [];
  const sampleWeights: number[] = [];
  for (const issue of issues) {
    const candidates = issue.candidates.slice(0, options.candidates);
    // Each issue weighs the same whatever its number of candidates, so large trees do not dominate.
    for (const c of candidates) {
      rows.push(c.values);
      labels.push(c.gold ? 1 : 0);
      sampleWeights.push(options.candidates / Math.max(1, candidates.length));
    }
  }
  const shared = rows.map((r) => r.slice(0, base));
  const { mean, scale } = standardiser(shared);
  const standardised = shared.map((r) => r.map((v, i) => (v - mean[i]!) / scale[i]!));
  const fit = fitLogistic(standardised, labels, { l2: options.l2, sampleWeights });
  const none = { bias: 0, weights: new Array<number>(base).fill(0), scale: new Array<number>(base).fill(1) };
  const setAside = twins ? Object.fromEntries(Object.entries(options.setAside).filter(([, names]) => names.length > 0)) : {};
  const stages = TWIN_LANGUAGES.map(({ name }, index) => {
    const at = twinsAt(index);
    const members = twins ? rows.flatMap((r, i) => (r[at] === 1 ? [i] : [])) : [];
    const unused = featureIndices(setAside[name] ?? []);
    return members.length > 0 ? fitTwins(rows, labels, sampleWeights, members, standardised, fit, options.twinL2, at, unused) : none;
  });
  return {
    format: RANKER_FORMAT,
    version: RANKER_VERSION,
    features: [...FEATURE_NAMES],
    mean: [...mean, ...stages.flatMap(() => [0, ...new Array<number>(base).fill(0)])].map(round),
    scale: [...scale, ...stages.flatMap((stage) => [1, ...stage.scale])].map(round),
    // Each language stage's bias is the weight of its `<language>_file` flag (1 on its files, 0 elsewhere).
    weights: [...fit.weights, ...stages.flatMap((stage) => [stage.bias, ...stage.weights])].map(round),
    bias: round(fit.bias),
    candidates: options.candidates,
    maxFiles,
    missingGold,
    ...(pythonAnswers ? { python: pythonAnswers } : {}),
    ...(Object.keys(languageAnswers).length > 0 ? { languages: languageAnswers } : {}),
    ...(Object.keys(setAside).length > 0 ? { setAside } : {}),
  };
}

/**
 * One language's twins: its rows (`members`), the twin values after its flag at `at`, scaled but not
 * centred (0 stays 0), the shared log-odds as offset. The `unused` shared features count in neither (their
 * twins are held at 0, so they get no weight), as the ranker leaves them out on this language's files.
 */
function fitTwins(rows: number[][], labels: number[], sampleWeights: number[], members: number[], standardised: number[][], fit: LogisticFit, l2: number, at: number, unused: ReadonlySet<number>) {
  const base = SHARED_FEATURES;
  const twinRows = members.map((i) => rows[i]!.slice(at + 1, at + 1 + base).map((v, k) => (unused.has(k) ? 0 : v)));
  const { scale } = standardiser(twinRows);
  const offsets = members.map((i) => fit.bias + standardised[i]!.reduce((sum, v, k) => sum + (unused.has(k) ? 0 : v * fit.weights[k]!), 0));
  const second = fitLogistic(twinRows.map((r) => r.map((v, k) => v / scale[k]!)), members.map((i) => labels[i]!), {
    l2,
    sampleWeights: members.map((i) => sampleWeights[i]!),
    offsets,
  });
  return { bias: second.bias, weights: second.weights, scale };
}

/** Answer-size settings to try instead of a model's own: for every run, and (optionally) for Python-led runs. */
export interface TrialSettings extends AnswerSizeSettings {
  python?: AnswerSizeSettings;
  languages?: RankerModel['languages'];
}

/** The files the model answers for one issue (probability order, expected-F0.5 size), with its settings or `trial`'s. */
export function answerFor(model: RankerModel, issue: TrainingIssue, trial?: TrialSettings): string[] {
  const order = modelOrder(model, issue);
  const { maxFiles, missingGold } = answerSettings(trial ? { ...model, ...trial } : model, order[0]?.path);
  return order.slice(0, chooseAnswerSize(order.map((o) => o.p), maxFiles, missingGold)).map((o) => o.path);
}

/** Summary per language (and `all`) of answers against each issue's gold files. */
export function scoreAnswers(issues: TrainingIssue[], answers: Map<string, string[]>): Record<string, Summary> {
  const groups = new Map<string, ReturnType<typeof scoreInstance>[]>();
  for (const issue of issues) {
    const score = scoreInstance(answers.get(issue.instance_id) ?? [], issue.gold_files);
    for (const key of ['all', issue.language]) groups.set(key, [...(groups.get(key) ?? []), score]);
  }
  return Object.fromEntries([...groups].map(([key, scores]) => [key, summarize(scores)]));
}

/** Folds by repository: no repository is in both a fold's training and its test rows. */
export function repositoryFolds(issues: TrainingIssue[], folds: number): TrainingIssue[][] {
  const byRepo = new Map<string, TrainingIssue[]>();
  for (const issue of issues) byRepo.set(issue.repo, [...(byRepo.get(issue.repo) ?? []), issue]);
  // Largest repositories first, each to the currently smallest fold: balanced and deterministic.
  const repos = [...byRepo.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const out: TrainingIssue[][] = Array.from({ length: folds }, () => []);
  for (const [, rows] of repos) {
    const smallest = out.reduce((min, fold, i) => (fold.length < out[min]!.length ? i : min), 0);
    out[smallest]!.push(...rows);
  }
  return out.filter((fold) => fold.length > 0);
}

function crossValidate(issues: TrainingIssue[], options: FitOptions): CrossValidation {
  const folds = repositoryFolds(issues, options.folds);
  // Out-of-fold models (twins included), one per fold; the answer-size grid is then scored on all out-of-fold answers.
  const models = folds.map((held) => fitModel(issues.filter((i) => !held.includes(i)), options, 1, 0, true));
  const heldModel = new Map<string, RankerModel>();
  folds.forEach((held, f) => held.forEach((i) => heldModel.set(i.instance_id, models[f]!)));
  // Runs led by a Python file answer with settings of their own (Python fixes mostly change one file), every other
  // run with the shared ones. Which runs are Python-led depends on the model, not on the settings, so the two are
  // chosen apart, each on its own runs, for the model that ships (twins included): together they are then the best
  // pair. (Chosen over every run, the shared size also had to suit the Python-led runs it never answers, and a
  // small change of the features could flip it between 3 files with 0 and with 3 gold expected outside.)
  // Each run's most probable out-of-fold file, read by the Python group and by each other language's.
  const leading = new Map(issues.map((i) => [i.instance_id, leadingPath(heldModel.get(i.instance_id)!, i) ?? '']));
  const led = new Set(issues.filter((i) => PYTHON_FILE.test(leading.get(i.instance_id)!)).map((i) => i.instance_id));
  const global = sharedSettings(issues, heldModel, (i) => !led.has(i.instance_id), options);
  const python = bestSettings(issues, heldModel, (i) => led.has(i.instance_id), options, (settings) => ({ ...global, python: settings }));
  // Then each other language's runs, apart (languageSettings).
  const languages: Partial<Record<AnswerLanguage, AnswerSizeSettings>> = {};
  for (const language of Object.keys(ANSWER_LANGUAGES) as AnswerLanguage[]) {
    const own = languageSettings(issues, folds, heldModel, language, (i) => !led.has(i.instance_id) && answerLanguage(leading.get(i.instance_id)!) === language, options, { ...global, python });
    if (own) languages[language] = own;
  }
  const settings = { ...global, python, languages };
  const byLanguage = scoreAnswers(issues, new Map(issues.map((i) => [i.instance_id, answerFor(heldModel.get(i.instance_id)!, i, settings)])));
  const hand = new Map(issues.map((i) => [i.instance_id, i.candidates.slice(0, 1).map((c) => c.path)]));
  const byConfidence = confidenceSummaries(issues, heldModel, settings);
  return { folds: folds.length, ...settings, overall: byLanguage.all!, byLanguage, handByLanguage: scoreAnswers(issues, hand), byConfidence };
}

/**
 * Out-of-fold answers by the level of their most probable file's probability, which is the confidence the embedded
 * brain gives its answer: whether the levels' names hold on repositories the model never saw.
 */
function confidenceSummaries(issues: TrainingIssue[], models: Map<string, RankerModel>, settings: TrialSettings): Partial<Record<ConfidenceLevel, Summary>> {
  const groups = new Map<ConfidenceLevel, ReturnType<typeof scoreInstance>[]>();
  for (const issue of issues) {
    const model = models.get(issue.instance_id)!;
    const level = confidenceOf(modelOrder(model, issue)[0]?.p)?.level;
    if (!level) continue;
    groups.set(level, [...(groups.get(level) ?? []), scoreInstance(answerFor(model, issue, settings), issue.gold_files)]);
  }
  return Object.fromEntries([...groups].map(([level, scores]) => [level, summarize(scores)]));
}

/**
 * Where the shared answer size starts: up to the three files the model ranks, with one gold file expected beyond
 * them. The grid chose it for every model shipped since the thirty-eighth session; earlier ones moved between 0.5
 * and 3 gold expected beyond, and twice to 2 files, as the features changed.
 */
export const SHARED_PRIOR: AnswerSizeSettings = { maxFiles: 3, missingGold: 1 };

/**
 * The shared answer-size settings: the grid's best on the runs `inGroup` keeps (those no Python file leads, mostly
 * Go's), when it beats SHARED_PRIOR by one run's worth of out-of-fold F0.5 (1 / runs); the prior otherwise.
 * (Past one file the grid is flat: every size from 2 files scored within 0.005 of the best on 327 runs, and the
 * plain choice went from 3 files to 2 when a rule moved a few training rows, which cost TS/JS dev 0.408 → 0.392
 * F0.5 and multi-language 0.492 → 0.469 offline: docs/benchmarks.md, forty-sixth session.)
 */
function sharedSettings(issues: TrainingIssue[], models: Map<string, RankerModel>, inGroup: (issue: TrainingIssue) => boolean, options: FitOptions): AnswerSizeSettings {
  const runs = issues.filter(inGroup).length;
  const challenger = bestSettings(issues, models, inGroup, options, (settings) => settings);
  const scored = (settings: AnswerSizeSettings): ScoredSettings => ({ ...settings, f05: meanF05(issues, models, inGroup, settings) });
  return pickSettings([scored(SHARED_PRIOR), scored(challenger)], runs);
}

/** One file, no more: the answer of a language whose fixes mostly change one file (mostlyOneFile). */
export const ONE_FILE: AnswerSizeSettings = { maxFiles: 1, missingGold: 0 };

/**
 * The answer-size settings of runs led by one language's file (`inGroup`), or undefined for the `shared` ones.
 * The language starts from an incumbent: one file where its training fixes mostly change one file (mostlyOneFile),
 * else the shared settings. A challenger replaces it only where it answers the group's runs better out of fold,
 * on repositories its choice never saw: the shared settings against one file, or settings chosen on the group's
 * own runs (nestedGain) against the shared ones. A smaller answer needs only to win; a larger one must win by
 * one run's worth (1 / runs), as in pickSettings, because a wrong file costs more than a missing one.
 * (With the out-of-fold comparison alone, C's 18 runs chose one file or the shared three as the features moved
 * by a few rows: a gain of +0.014 one build, -0.017 the next, while 16 of its 19 fixes change one file.)
 */
function languageSettings(
  issues: TrainingIssue[],
  folds: TrainingIssue[][],
  models: Map<string, RankerModel>,
  language: AnswerLanguage,
  inGroup: (issue: TrainingIssue) => boolean,
  options: FitOptions,
  shared: TrialSettings,
): AnswerSizeSettings | undefined {
  const runs = issues.filter(inGroup).length;
  if (runs === 0) return mostlyOneFile(issues, language) ? ONE_FILE : undefined;
  const trial = (settings: AnswerSizeSettings): TrialSettings => ({ ...shared, languages: { [language]: settings } });
  if (mostlyOneFile(issues, language)) {
    const gain = meanF05(issues, models, inGroup, shared) - meanF05(issues, models, inGroup, trial(ONE_FILE));
    return gain > 1 / runs ? undefined : ONE_FILE;
  }
  const own = bestSettings(issues, models, inGroup, options, trial);
  const needed = answersFewer(own, shared) ? 0 : 1 / runs;
  return nestedGain(issues, folds, models, inGroup, options, shared, trial) > needed ? own : undefined;
}

/** Dataset language names (the rows' `language`) by the answer language of their files. */
const DATASET_LANGUAGES: Record<string, AnswerLanguage> = { c: 'c', cpp: 'cpp', go: 'go', rust: 'rust', java: 'java', javascript: 'script', typescript: 'script' };

/**
 * Whether most fixes in `language` change one file, with 90% confidence: the chance that the share of one-file
 * fixes is above one half, for a uniform prior and the training rows' counts, exceeds 0.9. A language with a
 * handful of rows cannot show it (1 of 1 gives 0.75).
 */
export function mostlyOneFile(issues: TrainingIssue[], language: AnswerLanguage): boolean {
  const rows = issues.filter((i) => DATASET_LANGUAGES[i.language] === language);
  const single = rows.filter((i) => i.gold_files.length === 1).length;
  return chanceMostly(single, rows.length) > 0.9;
}

/**
 * The chance that a share is above one half after `k` successes in `n` trials, with a uniform prior: the
 * posterior is Beta(k + 1, n - k + 1), and P(share > 1/2) = P(Binomial(n + 1, 1/2) <= k).
 */
export function chanceMostly(k: number, n: number): number {
  // In logarithms: 0.5^(n + 1) underflows past a thousand rows, the terms near the mode do not.
  let logTerm = -(n + 1) * Math.LN2;
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += Math.exp(logTerm);
    logTerm += Math.log((n + 1 - i) / (i + 1));
  }
  return Math.min(1, sum);
}

/** Whether settings `a` answer fewer files than `b`: a smaller cap, or the same cap with fewer gold expected outside. */
function answersFewer(a: AnswerSizeSettings, b: AnswerSizeSettings): boolean {
  return a.maxFiles < b.maxFiles || (a.maxFiles === b.maxFiles && a.missingGold < b.missingGold);
}

/** Mean F0.5 of the runs `inGroup` keeps, each answered by its out-of-fold model with `settings`. */
function meanF05(issues: TrainingIssue[], models: Map<string, RankerModel>, inGroup: (issue: TrainingIssue) => boolean, settings: TrialSettings): number {
  const runs = issues.filter(inGroup);
  return runs.length ? scoreAnswers(runs, new Map(runs.map((i) => [i.instance_id, answerFor(models.get(i.instance_id)!, i, settings)]))).all!.f05 : 0;
}

/**
 * How much settings of their own raise the mean F0.5 of one group's runs out of fold: for each fold, the grid's
 * best settings on the group's runs in the other folds, scored on the group's runs in this one, against the
 * `shared` settings. Folds hold whole repositories, so the gain is on repositories the choice never saw; a fold
 * with no group runs outside it to choose on adds nothing.
 */
function nestedGain(
  issues: TrainingIssue[],
  folds: TrainingIssue[][],
  models: Map<string, RankerModel>,
  inGroup: (issue: TrainingIssue) => boolean,
  options: FitOptions,
  shared: TrialSettings,
  trial: (settings: AnswerSizeSettings) => TrialSettings,
): number {
  const group = issues.filter(inGroup);
  if (group.length === 0) return 0;
  const f05Sum = (runs: TrainingIssue[], settings: TrialSettings) => meanF05(runs, models, () => true, settings) * runs.length;
  let gain = 0;
  for (const fold of folds) {
    const inner = group.filter((i) => !fold.includes(i));
    const outer = group.filter((i) => fold.includes(i));
    if (inner.length === 0 || outer.length === 0) continue;
    const chosen = bestSettings(inner, models, () => true, options, trial);
    gain += f05Sum(outer, trial(chosen)) - f05Sum(outer, shared);
  }
  return gain / group.length;
}

/**
 * The grid's answer-size settings for the runs `inGroup` keeps, each tried as `trial` says: by mean F0.5, but a
 * near-tie keeps the smaller answer (pickSettings).
 */
function bestSettings(
  issues: TrainingIssue[],
  models: Map<string, RankerModel>,
  inGroup: (issue: TrainingIssue) => boolean,
  options: FitOptions,
  trial: (settings: AnswerSizeSettings) => TrialSettings,
): AnswerSizeSettings {
  const group = issues.filter(inGroup);
  const tried: ScoredSettings[] = [];
  for (const maxFiles of options.maxFilesGrid) {
    for (const missingGold of options.missingGoldGrid) {
      const answers = new Map(group.map((i) => [i.instance_id, answerFor(models.get(i.instance_id)!, i, trial({ maxFiles, missingGold }))]));
      tried.push({ maxFiles, missingGold, f05: group.length ? scoreAnswers(group, answers).all!.f05 : 0 });
    }
  }
  return pickSettings(tried, group.length);
}

/** Answer-size settings with the mean F0.5 they scored. */
export interface ScoredSettings extends AnswerSizeSettings {
  f05: number;
}

/**
 * The settings to keep from `tried` (in grid order: fewer files first, then fewer gold expected outside; or an
 * incumbent first, then its challenger), scored over `runs` runs. A later setting replaces the best so far only when
 * it scores at least one run's worth of mean F0.5 (1 / runs) more: a larger answer must earn its place, and a
 * difference no single run could make is noise.
 * (Picking the plain maximum, the Python-led size flipped between 1 and 2 files on margins of 0.0003 and 0.0013,
 * a tenth of one run's worth, as the collected features moved.)
 */
export function pickSettings(tried: ScoredSettings[], runs: number): AnswerSizeSettings {
  const margin = 1 / Math.max(1, runs);
  let best: ScoredSettings | undefined;
  for (const settings of tried) if (!best || settings.f05 >= best.f05 + margin) best = settings;
  return best ? { maxFiles: best.maxFiles, missingGold: best.missingGold } : { maxFiles: 1, missingGold: 0 };
}

/** The model's candidates for one issue with their probabilities, most probable first (ties by path). */
export function modelOrder(model: RankerModel, issue: TrainingIssue): { path: string; p: number }[] {
  const candidates = issue.candidates.slice(0, model.candidates);
  const p = probabilities(model, candidates);
  return candidates.map((c, i) => ({ path: c.path, p: p[i]! })).sort((a, b) => b.p - a.p || a.path.localeCompare(b.path));
}

/** The model's most probable file for the run. */
function leadingPath(model: RankerModel, issue: TrainingIssue): string | undefined {
  return modelOrder(model, issue)[0]?.path;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
