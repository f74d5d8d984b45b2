import type { FileEvidence } from './evidence';

/** How much each kind and place of clue counts when mined from the issue. */
export const CLUE_WEIGHTS = {
  source: { title: 3, trace: 2, body: 1.5, code: 0.8 },
  kind: { path: 2.5, module: 2, symbol: 1, message: 2 },
  shape: { camel: 1.4, snake: 1.3, upper: 1, capitalized: 0.8, word: 0.6 },
  /** Names followed by `(` in the issue are calls: more likely to be project functions. */
  calledFactor: 1.2,
  /** Names in backticks were deliberately marked as code by the reporter. */
  backtickFactor: 1.3,
  /** `Foo` in `Foo.bar`: a namespace, weaker than the member that is used. */
  qualifierFactor: 0.7,
  /** Each step away from the innermost traceback frame. */
  traceDepthDecay: 0.7,
  exceptionNameFactor: 0.5,
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
  /** The file mentions a name; divided by sqrt(number of files mentioning it). */
  mention: 0.35,
  /** The file contains an error message quoted in the issue; divided by number of files containing it. */
  message: 3,
  /** Path words shared with the title (e.g. `repo-card.js` for "repo card"). */
  titlePathWord: 0.6,
  /** Per title word found in the lines read to confirm a leading candidate. */
  confirmedWord: 0.3,
  /** Bonus per distinct clue that a file defines or matches, beyond the first: many leads agreeing. */
  agreement: 0.4,
  /** Multipliers for files rarely meant to be edited, unless the issue is about them. */
  testFactor: 0.25,
  docFactor: 0.2,
  exampleFactor: 0.3,
  vendorFactor: 0.3,
  /** A second file is returned only when it scores at least this share of the best. */
  secondFileRatio: 0.75,
  /** Further files need at least this share of the best. */
  extraFileRatio: 0.9,
  /** Most files in an answer. */
  maxFiles: 3,
} as const;

/** One scored file with the evidence that earned its score. */
export interface ScoredFile {
  path: string;
  score: number;
  evidence: FileEvidence;
}

/** Issue-level context the scorer needs: whether tests/docs are in scope. */
export interface ScoreContext {
  mentionsTests: boolean;
  mentionsDocs: boolean;
  titleWords: string[];
  /** How many files define / mention / contain each clue (keyed by clue text). */
  definitionFiles: Map<string, number>;
  mentionFiles: Map<string, number>;
  messageFiles: Map<string, number>;
}

/** Scores every file with evidence and returns them best first (ties broken by path, so runs are deterministic). */
export function rankFiles(files: Iterable<FileEvidence>, context: ScoreContext): ScoredFile[] {
  const scored: ScoredFile[] = [];
  for (const evidence of files) {
    const score = scoreFile(evidence, context);
    if (score > 0) scored.push({ path: evidence.path, score, evidence });
  }
  return scored.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
}

/** The explainable score of one file: a weighted sum of its evidence times a demotion for tests/docs/examples. */
export function scoreFile(evidence: FileEvidence, context: ScoreContext): number {
  let score = 0;
  let strongLeads = 0;
  for (const clue of evidence.pathMatches) {
    score += clue.weight * FILE_WEIGHTS.pathMatch;
    strongLeads++;
  }
  for (const clue of evidence.moduleMatches) {
    score += clue.weight * FILE_WEIGHTS.moduleMatch;
    strongLeads++;
  }
  for (const { clue } of evidence.definitions.values()) {
    score += (clue.weight * FILE_WEIGHTS.definition) / Math.sqrt(context.definitionFiles.get(clue.text) ?? 1);
    strongLeads++;
  }
  for (const { clue } of evidence.mentions.values()) {
    score += (clue.weight * FILE_WEIGHTS.mention) / Math.sqrt(context.mentionFiles.get(clue.text) ?? 1);
  }
  for (const { clue } of evidence.messages.values()) {
    score += (clue.weight * FILE_WEIGHTS.message) / (context.messageFiles.get(clue.text) ?? 1);
    strongLeads++;
  }
  score += titlePathWords(evidence.path, context.titleWords).length * FILE_WEIGHTS.titlePathWord;
  score += (evidence.confirmedWords?.length ?? 0) * FILE_WEIGHTS.confirmedWord;
  score += Math.max(0, strongLeads - 1) * FILE_WEIGHTS.agreement;
  return score * demotion(evidence.path, context);
}

/** Title words that appear as words of the file's path. */
export function titlePathWords(path: string, titleWords: string[]): string[] {
  const words = new Set(path.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3));
  return titleWords.filter((w) => words.has(w) || words.has(`${w}s`) || (w.endsWith('s') && words.has(w.slice(0, -1))));
}

/** Multiplier < 1 for tests, docs, examples and vendored code, unless the issue is about them. */
export function demotion(path: string, context: Pick<ScoreContext, 'mentionsTests' | 'mentionsDocs'>): number {
  const kind = pathKind(path);
  if (kind === 'test') return context.mentionsTests ? 1 : FILE_WEIGHTS.testFactor;
  if (kind === 'doc') return context.mentionsDocs ? 1 : FILE_WEIGHTS.docFactor;
  if (kind === 'example') return FILE_WEIGHTS.exampleFactor;
  if (kind === 'vendor') return FILE_WEIGHTS.vendorFactor;
  return 1;
}

/** Classifies a path as source, test, doc, example or vendored code by its folders and name. */
export function pathKind(path: string): 'source' | 'test' | 'doc' | 'example' | 'vendor' {
  const lower = path.toLowerCase();
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  if (/(?:^|\/)(?:tests?|testing|__tests__|spec|specs|testdata|test_utils|benchmarks?|bench)\//.test(lower)) return 'test';
  if (/^test_|_test\.\w+$|_tests\.\w+$|\.(?:test|spec)\.\w+$|^conftest\.py$|tests?\.(?:rs|py)$/.test(name)) return 'test';
  if (/(?:^|\/)(?:docs?|documentation|doc_src)\//.test(lower) || /\.(?:md|rst|txt|adoc)$/.test(name)) return 'doc';
  if (/(?:^|\/)(?:examples?|samples?|demos?|tutorials?|galleries?)\//.test(lower)) return 'example';
  if (/(?:^|\/)(?:vendor|third_party|thirdparty|external|node_modules|extern)\//.test(lower) || /(?:^|\/)singleheader\//.test(lower)) return 'vendor';
  return 'source';
}

/** Picks the answer: the best file, plus others only when they score close to it. */
export function chooseAnswer(ranked: ScoredFile[]): ScoredFile[] {
  const best = ranked[0];
  if (!best) return [];
  const chosen = [best];
  for (const candidate of ranked.slice(1, FILE_WEIGHTS.maxFiles)) {
    const ratio = chosen.length === 1 ? FILE_WEIGHTS.secondFileRatio : FILE_WEIGHTS.extraFileRatio;
    if (candidate.score < best.score * ratio) break;
    chosen.push(candidate);
  }
  return chosen;
}
