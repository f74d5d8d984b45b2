import { FEATURE_NAMES, SHARED_FEATURES, TWIN_LANGUAGES } from '../core/embedded/features';
import type { Summary } from '../eval/metrics';
import type { TrainingIssue } from './examples';
import { answerFor, scoreAnswers, trainRanker, type FitOptions } from './fit';

/**
 * The feature groups an ablation leaves out one at a time (docs/benchmarks.md). Every shared feature is in
 * exactly one group, so a feature added without a group is an error here, not a silent gap in the table.
 */
export const ABLATION_GROUPS: readonly { name: string; features: RegExp }[] = [
  { name: 'hand score and rank', features: /^hand_/ },
  { name: "leader check: the issue's words (BM25)", features: /^lexical_/ },
  { name: "leader check: the title's words alone", features: /^title_(lexical_share|words_held)$/ },
  { name: "leader check: definitions named with the title's words", features: /^defined_title_words_/ },
  { name: 'leader check: import ties', features: /^import_tie_to_first$/ },
  { name: 'paths, modules, traceback frames', features: /^(path_match|path_match_unique|module_match|trace_frame|trace_frame_named_by_title)$/ },
  { name: 'definitions of named symbols', features: /^definition_/ },
  { name: 'mentions and messages', features: /^(mention_|message_strength$|distinct_leads$)/ },
  { name: 'path words (title, body, file name)', features: /^((title|body|title_code)_file_name|(title|body)_path_(words|stems))$/ },
  { name: 'file role and place', features: /^(demotion|role_\w+|path_depth|same_folder_as_first)$/ },
  { name: 'issue-level (traceback, paths, candidate count)', features: /^(issue_has_\w+|candidates_log)$/ },
];

/** The name of the ablation row that leaves out every language's twins (and their flags) instead of one group. */
export const TWINS_GROUP = 'language twins (Python, Go)';

/** Each group's shared features; throws when a feature is in no group or in two. */
export function ablationGroups(): Map<string, string[]> {
  const shared = FEATURE_NAMES.slice(0, SHARED_FEATURES);
  const groups = new Map(ABLATION_GROUPS.map((g) => [g.name, shared.filter((f) => g.features.test(f))]));
  for (const feature of shared) {
    const owners = ABLATION_GROUPS.filter((g) => g.features.test(feature)).map((g) => g.name);
    if (owners.length !== 1) throw new Error(`feature ${feature} is in ${owners.length} ablation groups (${owners.join(', ') || 'none'}); give it one in src/trainer/ablation.ts`);
  }
  return groups;
}

/**
 * The issues with the named shared features, and every language's twin of them, set to 0: a constant column,
 * which the fit gives no weight, so the model is the one trained without them. `TWINS_GROUP` clears every
 * twin and language flag instead. With `onFiles`, only candidates whose path it matches lose them (one
 * language's files: does a group help that language's ranking?); the rest keep every feature.
 */
export function withoutFeatures(issues: TrainingIssue[], features: readonly string[] | typeof TWINS_GROUP, onFiles?: RegExp): TrainingIssue[] {
  const twinNames = TWIN_LANGUAGES.map(({ name }) => `${name}_`);
  const cleared = new Set(
    FEATURE_NAMES.flatMap((name, index) => {
      if (features === TWINS_GROUP) return index >= SHARED_FEATURES ? [index] : [];
      const base = index >= SHARED_FEATURES ? name.slice(twinNames.find((prefix) => name.startsWith(prefix))!.length) : name;
      return features.includes(base) ? [index] : [];
    }),
  );
  return issues.map((issue) => ({
    ...issue,
    candidates: issue.candidates.map((c) =>
      onFiles && !onFiles.test(c.path) ? c : { ...c, values: c.values.map((v, i) => (cleared.has(i) ? 0 : v)) },
    ),
  }));
}

/** One row of the ablation table. */
export interface AblationRow {
  group: string;
  /** Grouped CV with the answer size fixed (3 files, 1 gold expected outside), so rows differ by ranking alone. */
  fixedSize: Record<string, Summary>;
  /** Grouped CV with the answer-size settings the trainer picks, as `codegrep train` reports it. */
  chosenSize: Summary;
  /** The model trained on every training row, answering each held-out set. */
  heldOut: Record<string, Summary>;
}

/** Trains without each group in turn (and once with every feature) and scores the models; `onFiles` as in withoutFeatures. */
export function ablate(train: TrainingIssue[], heldOut: Record<string, TrainingIssue[]>, options: FitOptions, onFiles?: RegExp): AblationRow[] {
  const variants: [string, readonly string[] | typeof TWINS_GROUP][] = [['(every feature)', []], ...ablationGroups(), [TWINS_GROUP, TWINS_GROUP]];
  return variants.map(([group, features]) => {
    const rows = withoutFeatures(train, features, onFiles);
    const fixedSize = trainRanker(rows, { ...options, maxFilesGrid: [3], missingGoldGrid: [1] }).crossValidation.byLanguage;
    const { model, crossValidation } = trainRanker(rows, options);
    const scored = Object.entries(heldOut).map(([name, issues]) => {
      const cleared = withoutFeatures(issues, features, onFiles);
      return [name, scoreAnswers(cleared, new Map(cleared.map((i) => [i.instance_id, answerFor(model, i)]))).all!] as const;
    });
    return { group, fixedSize, chosenSize: crossValidation.overall, heldOut: Object.fromEntries(scored) };
  });
}
