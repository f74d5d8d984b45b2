import { issueText, type Issue } from '../../common/issue';
import type { ToolCall, ToolResult } from '../../common/tools';
import type { Brain, BrainSession, BrainStep, BrainTurn, CitedFile } from '../brain';
import { mineIssue, type Clue, type IssueEvidence } from './clues';
import { messageRetryForms, messageRetryPattern, retryClue } from './messageRetry';
import { EvidenceBoard, noEvidence } from './evidence';
import { boundIssue, MINING_LIMITS } from './issueBounds';
import { withoutTemplateText } from './issueTemplate';
import { asksForFeature } from './featureRequest';
import { withOtherHalves } from './companions';
import { OtherHalves } from './otherHalves';
import { titleStems } from './definitionWords';
import { LeaderCheck } from './leaderCheck';
import { exampleManifest, exportedFolders } from './exportedFolders';
import { issueVocabulary } from './lexical';
import { distinctlyNamed, planFirstTurn, PLAN_LIMITS, type PlannedCall } from './plan';
import { broadenPattern, broadenedFiles, needsBroadening } from './broaden';
import { rangesFor, reasonFor, type EvidenceGroup } from './reasons';
import { chooseAnswerSize } from './answerSize';
import { implementationFirst } from './headerSource';
import { FEATURE_GROUPS, FEATURE_NAMES, candidateFeatures, type CandidateFeatures, type FeatureInput } from './features';
import { defaultRankerModel } from './defaultModel';
import { answerSettings, contributions, probabilities, unweighedGroups, type RankerModel } from './ranker';
import { chooseAnswer, rankFiles, type ScoreContext, type ScoredFile } from './score';
import { plural } from '../../common/wording';

/** Options of the embedded brain. */
export interface EmbeddedBrainOptions {
  /** Return exactly this many ranked files (when found) instead of the precision-first choice. */
  rankedFiles?: number;
  /** The learned ranker; `null` ranks by the hand-weighted score alone. Default: the shipped model. */
  model?: RankerModel | null;
  /** Receives every run's candidate features before the answer (training data collection). */
  observe?: (features: CandidateFeatures[]) => void;
}

/** Candidates whose features are handed to `observe` (more than any model reads, so training can choose). */
const OBSERVED_CANDIDATES = 20;
/** Leading files among which an example file makes the leader check read its package's manifest. */
const EXAMPLE_LEADERS = 10;
/**
 * The probability a file below the answer needs to be shown as a runner-up. On the dev sets' runs, runners-up at
 * 0.1 or more hold the gold file in 26 of the 84 Python runs whose answer misses, at under one file a run
 * (docs/benchmarks.md, "Runners-up; the written benches as training rows").
 */
export const RUNNER_UP_FLOOR = 0.1;

/** The deterministic, model-free brain: mines the issue, searches, confirms, answers few files. */
export class EmbeddedBrain implements Brain {
  readonly name = 'embedded';

  constructor(private readonly options: EmbeddedBrainOptions = {}) {}

  /** Starts a run; every run's state lives in its session. */
  start(issue: Issue): BrainSession {
    const bounded = boundIssue(issue, MINING_LIMITS, withoutTemplateText);
    // Read before the template's words go: the feature template and a request label say it most plainly.
    return new EmbeddedSession(mineIssue(bounded.issue), issueVocabulary(issueText(bounded.issue)), this.options, asksForFeature(issue), bounded.note);
  }
}

/** One run: turn 1 searches every clue at once, turn 2 checks the leading files for the issue's words, then it answers. */
class EmbeddedSession implements BrainSession {
  private readonly board = new EvidenceBoard();
  private planned = new Map<string, PlannedCall>();
  private searched = false;
  private check: LeaderCheck | undefined;
  private checkPlanned = false;
  /** Messages turn 1 found nowhere, and whether their retry was planned (messageRetry.ts). */
  private unfoundMessages: Clue[] = [];
  private retried = false;
  /** The read of a package.json above a leading example file, made with the leader check (exportedFolders.ts). */
  private manifestRead: ToolCall | undefined;
  /** The leading files' other halves, looked for with the leader check when the issue asks for a feature. */
  private halves: OtherHalves | undefined;
  private halvesCalls: ToolCall[] = [];

  constructor(
    private readonly issue: IssueEvidence,
    private readonly vocabulary: Map<string, number>,
    private readonly options: EmbeddedBrainOptions,
    /** The issue asks for something new (featureRequest.ts): a C++ header and its inline part answer together. */
    private readonly asksForFeature: boolean,
    /** What boundIssue cut, said once in the first step's thought (the trajectory). */
    private boundsNote?: string,
  ) {}

  async next(turn: BrainTurn): Promise<BrainStep> {
    const step = await this.step(turn);
    if (!this.boundsNote) return step;
    const note = this.boundsNote;
    this.boundsNote = undefined;
    return { ...step, thought: step.thought ? `${note} ${step.thought}` : note };
  }

  private async step(turn: BrainTurn): Promise<BrainStep> {
    this.ingest(turn.results);
    if (turn.final) return this.answer();
    if (!this.searched) {
      this.searched = true;
      const calls = this.plan(planFirstTurn(this.issue, turn.maxCalls));
      if (calls.length > 0) return { kind: 'calls', calls, thought: this.searchThought() };
    }
    if (!this.retried) {
      this.retried = true;
      // Only when a turn is left after it for the leader check, which then sees what these searches found.
      const broaden = this.broadening();
      const planned = turn.turn + 1 < turn.totalTurns ? [...broaden, ...this.messageRetries(turn.maxCalls - broaden.length)] : [];
      const calls = this.plan(planned);
      if (calls.length > 0) return { kind: 'calls', calls, thought: this.secondLookThought(calls.length - broaden.length, broaden.length > 0) };
    }
    if (!this.checkPlanned) {
      this.checkPlanned = true;
      const ranked = this.rank();
      this.check = LeaderCheck.plan(ranked, this.vocabulary, titleStems(this.issue.titleWords), this.issue.titleWords);
      const manifest = exampleManifest(ranked.slice(0, EXAMPLE_LEADERS).map((file) => file.path));
      if (manifest) this.manifestRead = { id: 'embedded_manifest', name: 'read', args: { path: manifest } };
      this.halves = this.asksForFeature ? OtherHalves.plan(ranked.map((file) => file.path)) : undefined;
      this.halvesCalls = this.halves?.calls ?? [];
    }
    // The leader check comes first: these extra calls take what room its turn leaves.
    const extra = [this.manifestRead, ...this.halvesCalls].filter((call): call is ToolCall => !!call).slice(0, Math.max(0, turn.maxCalls - 1));
    this.manifestRead = undefined;
    this.halvesCalls = [];
    const calls = [...(this.check?.nextCalls(turn.maxCalls - extra.length) ?? []), ...extra];
    if (calls.length > 0) return { kind: 'calls', calls, thought: this.checkThought(calls) };
    return this.answer();
  }

  /** One grep of the whole tree for the issue's rarest words, when turn 1 found fewer than 3 source files (broaden.ts). */
  private broadening(): PlannedCall[] {
    const pattern = broadenPattern(this.vocabulary);
    if (!pattern || !needsBroadening(this.board.all().map((file) => file.path))) return [];
    return [{ call: { id: 'embedded_broaden', name: 'grep', args: { pattern, case_insensitive: true, max_hits: PLAN_LIMITS.maxHits } }, purpose: 'broaden', clues: [] }];
  }

  private secondLookThought(retries: number, broadened: boolean): string {
    const parts = [
      ...(broadened ? ["Few files found: searching the whole tree for the issue's rarest words."] : []),
      ...(retries > 0 ? [`Searching again, in shorter forms, for ${plural(retries, 'message')} found nowhere as written.`] : []),
    ];
    return parts.join(' ');
  }

  /** A grep per message that turn 1 found nowhere, for its shorter forms (none when it has none). */
  private messageRetries(maxCalls: number): PlannedCall[] {
    const planned: PlannedCall[] = [];
    for (const clue of this.unfoundMessages.splice(0).slice(0, maxCalls)) {
      const pattern = messageRetryPattern(messageRetryForms(clue.text));
      if (!pattern) continue;
      const call: ToolCall = { id: `embedded_retry_${planned.length}`, name: 'grep', args: { pattern, case_insensitive: true, max_hits: 200 } };
      planned.push({ call, purpose: 'message', clues: [retryClue(clue)] });
    }
    return planned;
  }

  private plan(planned: PlannedCall[]): ToolCall[] {
    // Separate greps: the Locator runs a turn's plain greps as one walk of the tree (common/grepBatch.ts).
    this.planned = new Map(planned.map((p) => [p.call.id, p]));
    return planned.map((p) => p.call);
  }

  private checkThought(calls: ToolCall[]): string {
    const manifest = calls.some((call) => call.id === 'embedded_manifest');
    const extras = calls.filter((call) => call.id === 'embedded_manifest' || OtherHalves.owns(call)).length;
    const check = this.check && calls.length > extras ? this.check.thought(calls) : '';
    const read = manifest ? 'Reading package.json for the folders it exports: an example folder there is code.' : '';
    return [check, read, OtherHalves.thought(calls)].filter(Boolean).join(' ');
  }

  private ingest(turnResults: { call: ToolCall; result: ToolResult }[]): void {
    for (const { call, result } of turnResults) {
      if (call.id === 'embedded_manifest') {
        if (!result.error && !result.truncated && call.name === 'read') this.board.setExported(exportedFolders(call.args.path, result));
        continue;
      }
      if (this.halves?.ingest(call, result)) continue;
      if (this.check?.ingest(call, result)) continue;
      const planned = this.planned.get(call.id);
      if (!planned || result.error) continue;
      switch (planned.purpose) {
        case 'paths':
          this.board.addPaths(result.paths ?? [], planned.clues);
          break;
        case 'title-paths':
          // A capped listing is an arbitrary subset: only use it when it is complete.
          if (!result.truncated) this.board.addBarePaths(result.paths ?? []);
          break;
        case 'title-names':
        case 'body-names':
          if (!result.truncated) this.board.addBarePaths(distinctlyNamed(result.paths ?? []));
          break;
        case 'definitions':
        case 'mentions':
          this.board.addSymbolHits(result.hits ?? [], planned.clues, this.issue.qualifiers);
          break;
        case 'message':
          this.board.addMessageHits(result.hits ?? [], planned.clues[0]);
          if ((result.hits ?? []).length === 0) this.unfoundMessages.push(planned.clues[0]);
          break;
        case 'packages':
          this.board.addPackageManifests(result.hits ?? []);
          break;
        case 'broaden':
          this.board.addBroadened(broadenedFiles(result.hits ?? [], this.vocabulary));
          break;
      }
    }
    this.planned = new Map();
    // Once the packages the workspace declares are in, an installed frame's files are known; once a turn's
    // definitions are in, a bundle's frames point at the files that define their functions.
    this.board.resolveFramePaths();
    this.board.unlinkBundleTwins(this.issue.framesByPath);
  }

  private rank(): ScoredFile[] {
    return rankFiles(this.board.all(), this.board.context(this.issue));
  }

  private answer(): BrainStep {
    for (const [path, lines] of this.check?.reexportedLines() ?? []) this.board.dropMentionLines(path, lines);
    const context = this.board.context(this.issue);
    const hand = rankFiles(this.board.all(), context);
    const ranked = this.check ? this.check.apply(hand, context) : hand;
    const model = this.options.model === undefined ? defaultRankerModel() : this.options.model;
    // What the leader check found, read once for the features and the reasons.
    const checked: CheckResults = {
      lexical: this.check?.scores(),
      titleLexical: this.check?.titleScores(),
      definitionWords: this.check?.definitionWords(),
      importTies: this.check?.importTies(),
    };
    const defined = checked.definitionWords;
    const chosen = model || this.options.observe ? this.learnedChoice(ranked, context, model, checked) : undefined;
    const first = ranked[0]?.path;
    const tiedToFirst = first ? checked.importTies?.get(first) : undefined;
    const cite = ({ file, score, weights, declaredBy, halfOf, unweighed }: Choice): CitedFile => {
      const found = { definedName: defined?.get(file.path)?.name, importedWith: tiedToFirst?.has(file.path) ? first : undefined, declaredBy, halfOf, unweighed };
      const cited: CitedFile = { path: file.path, reason: reasonFor(file, context, weights, found), score: round(score) };
      const ranges = rangesFor(file, this.check?.wordLines(file.path), defined?.get(file.path)?.lines);
      if (ranges.length > 0) cited.ranges = ranges;
      return cited;
    };
    const files = (chosen?.answer ?? this.handChoice(ranked)).map(cite);
    const thought = files.length > 0 ? `Answering with ${plural(files.length, 'file')}, best first.` : 'No file had evidence for this issue.';
    const runnersUp = chosen?.runnersUp ?? [];
    const step: BrainStep = { kind: 'answer', files, thought };
    if (runnersUp.length > 0) step.alsoConsidered = runnersUp.map(cite);
    // Only the learned model's scores are probabilities; the hand ranking's are not.
    if (chosen && files.length > 0) step.probability = Math.max(...chosen.answer.map((choice) => choice.score));
    return step;
  }

  private handChoice(ranked: ScoredFile[]): Choice[] {
    const chosen = this.options.rankedFiles ? ranked.slice(0, this.options.rankedFiles) : chooseAnswer(ranked);
    return chosen.map((file) => ({ file, score: file.score }));
  }

  /**
   * The learned ranking: each candidate's probability of being changed by the fix, then the size with the best
   * expected F0.5. The ranked files below the answer whose probability is still RUNNER_UP_FLOOR or more are its
   * runners-up, which the user sees apart from the answer.
   */
  private learnedChoice(ranked: ScoredFile[], context: ScoreContext, model: RankerModel | null, checked: CheckResults): { answer: Choice[]; runnersUp: Choice[] } | undefined {
    const limit = Math.max(model?.candidates ?? 0, this.options.observe ? OBSERVED_CANDIDATES : 0);
    const all = candidateFeatures({ ranked, context, issue: this.issue, ...checked }, limit);
    this.options.observe?.(all);
    if (!model) return undefined;
    const features = all.slice(0, model.candidates);
    const p = probabilities(model, features);
    const order = implementationFirst(
      p
        .map((probability, index): Choice => ({
          file: ranked[index]!,
          score: probability,
          weights: groupWeights(model, features[index]!),
          unweighed: unweighedGroups(model, ranked[index]!.path),
        }))
        .sort((a, b) => b.score - a.score || a.file.path.localeCompare(b.file.path)),
      this.issue.titleWords,
    );
    const settings = answerSettings(model, order[0]?.file.path);
    const size = this.options.rankedFiles ?? chooseAnswerSize(order.map((o) => o.score), settings.maxFiles, settings.missingGold);
    const answer = order.slice(0, size);
    if (this.options.rankedFiles) return { answer, runnersUp: [] };
    const withHalves = this.withOtherHalves(answer, ranked);
    const answered = new Set(withHalves.map((choice) => choice.file.path));
    const runnersUp = order.slice(size).filter((choice) => choice.score >= RUNNER_UP_FLOOR && !answered.has(choice.file.path));
    return { answer: withHalves, runnersUp };
  }

  /** Each answered C++ header's inline part, or inline part's header, right after it (otherHalves.ts). */
  private withOtherHalves(answer: Choice[], ranked: ScoredFile[]): Choice[] {
    const halves = this.halves;
    if (!halves) return answer;
    const scored = new Map(ranked.map((file) => [file.path, file]));
    const choices = new Map(answer.map((choice) => [choice.file.path, choice]));
    const seen = this.board.all().map((evidence) => evidence.path);
    return withOtherHalves([...choices.keys()], (path) => halves.halfOf(path, seen)).map(({ path, halfOf }) => {
      if (!halfOf) return choices.get(path)!;
      const half = scored.get(path) ?? { path, score: 0, evidence: this.board.get(path) ?? noEvidence(path) };
      return { file: half, score: choices.get(halfOf)!.score, halfOf };
    });
  }

  private searchThought(): string {
    const counts = new Map<string, number>();
    for (const clue of this.issue.clues) counts.set(clue.kind, (counts.get(clue.kind) ?? 0) + 1);
    const summary = [...counts.entries()].map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`).join(', ');
    return `Searching for the issue's clues (${summary || 'title words only'}).`;
  }
}

/** The leader check's findings that the features read. */
type CheckResults = Pick<FeatureInput, 'lexical' | 'titleLexical' | 'definitionWords' | 'importTies'>;

/** A file chosen for the answer, its score, and (learned ranker) how much each kind of evidence raised it. */
interface Choice {
  file: ScoredFile;
  score: number;
  weights?: Map<EvidenceGroup, number>;
  /** Set on a C or C++ implementation put above the header that only declares its name (headerSource.ts). */
  declaredBy?: { header: string; name: string };
  /** Set on a C++ header or inline part added as the other half of an answered one (otherHalves.ts). */
  halfOf?: string;
  /** Evidence groups the model sets aside on this file (unweighedGroups). */
  unweighed?: ReadonlySet<EvidenceGroup>;
}

/** Each evidence group's total share of a candidate's log-odds, for the reason. */
function groupWeights(model: RankerModel, row: CandidateFeatures): Map<EvidenceGroup, number> {
  const weights = new Map<EvidenceGroup, number>();
  contributions(model, row).forEach((c, i) => {
    const group = FEATURE_GROUPS[FEATURE_NAMES[i]!];
    if (group) weights.set(group, (weights.get(group) ?? 0) + c);
  });
  return weights;
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}
