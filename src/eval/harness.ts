import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { CodeGrepError, toErrorInfo } from '../common/errors';
import { redactText } from '../common/redact';
import { issueFromText } from '../common/issue';
import type { LocateOptions } from '../common/limits';
import type { ToolRunner } from '../common/tools';
import type { Brain } from '../core/brain';
import { PROFILES } from '../core/profiles';
import { Locator } from '../core/locator';
import { RecordingBrain } from '../core/recordingBrain';
import { toolDeclarations } from '../core/transcript';
import { loadBaseline } from './baselines';
import { loadDataset, type DatasetRow } from './dataset';
import { editBlocks, scoreRanges } from './lineRanges';
import { ZERO_SCORE, dedupeRanked, normalizePath, scoreInstance } from './metrics';
import type { ProgressSink } from './progress';
import { checkOutputPath, writeReport, type EvalReport } from './report';
import { appendRecord, clearRecords, loadDone, recordKey, sidecarPath, type RowRecord } from './resume';
import { rewardParts } from './reward';
import { baselineSystem, brainSystem, selectEntries } from './systems';
import { TrajectoryWriter, type TrajectoryLine } from './trajectories';
import type { Workspaces } from './worktrees';

/** A brain to evaluate; `create` gets each row's checkout root (BM25 indexes it, others ignore it) and, in eval, the row. */
export interface BrainSpec {
  name: string;
  create(root: string, row?: DatasetRow): Brain;
  /** The brain whose top files are handed to this one as a first-turn hint (warm start), if any. */
  warmStart?: () => Brain;
}

/** Everything one eval run needs; the CLI fills it from flags. */
export interface EvalOptions {
  dataset: string;
  brains: BrainSpec[];
  workspaces: Workspaces;
  /** Tool runner confined to a row's checkout. */
  createTools: (root: string) => ToolRunner;
  baselines?: { name: string; file: string }[];
  concurrency?: number;
  limit?: number;
  filter?: RegExp;
  /** Report path; its `.rows.jsonl` sidecar makes the run resumable. */
  out?: string;
  /** Ignore and delete earlier finished rows. */
  fresh?: boolean;
  /** Fingerprint of the running code: finished rows of another build are run again, not reused. */
  build?: string;
  locate?: Partial<LocateOptions>;
  /** Per brain-row wall-clock limit. */
  rowTimeoutMs?: number;
  signal?: AbortSignal;
  progress?: ProgressSink;
  /** Writes every row's conversation (for every brain) to this JSONL file, rewritten each run. */
  trajectories?: string;
}

/** The report, and whether the run was cut short by the signal. */
export interface EvalOutcome {
  report: EvalReport;
  interrupted: boolean;
  /** Rows taken from an earlier run's sidecar: not run, so not in the trajectory file. */
  resumed: number;
}

/** Runs every selected row through every brain, scores them, scores the baselines, writes the report. */
export async function runEval(options: EvalOptions): Promise<EvalOutcome> {
  if (options.brains.length === 0 && (options.baselines ?? []).length === 0) {
    throw new CodeGrepError('bad-input', 'Nothing to evaluate: give at least one --brain or --baseline.');
  }
  const names = options.brains.map((b) => b.name);
  if (new Set(names).size !== names.length) throw new CodeGrepError('bad-input', `A brain is listed twice: ${names.join(', ')}`);
  const signal = options.signal ?? new AbortController().signal;
  if (options.out) await checkOutputPath(resolve(options.out));
  if (options.trajectories) await checkOutputPath(resolve(options.trajectories), '--trajectories', 'trajectories.jsonl');
  const entries = selectEntries(await loadDataset(options.dataset), options.filter, options.limit);
  const baselines = await Promise.all((options.baselines ?? []).map((b) => loadBaseline(b.name, b.file)));
  const sidecar = options.out ? sidecarPath(resolve(options.out)) : undefined;
  if (sidecar && options.fresh) await clearRecords(sidecar);
  const done = sidecar ? await loadDone(sidecar) : new Map<string, RowRecord>();
  const finished = new Map<string, RowRecord>();
  const work: { row: DatasetRow; brains: BrainSpec[] }[] = [];
  let resumed = 0;
  let stale = 0;
  for (const entry of entries) {
    if (entry.kind !== 'row') continue;
    const pending = options.brains.filter((brain) => {
      const previous = done.get(recordKey(brain.name, entry.row.instance_id));
      if (previous && previous.build !== options.build) {
        stale++;
        return true;
      }
      if (previous && previous.error === undefined) {
        finished.set(recordKey(brain.name, entry.row.instance_id), previous);
        resumed++;
        return false;
      }
      return true; // errored rows run again: the cause may be gone
    });
    if (pending.length) work.push({ row: entry.row, brains: pending });
  }
  const writer = options.trajectories ? new TrajectoryWriter(resolve(options.trajectories)) : undefined;
  const progress = options.progress;
  if (stale) progress?.note(`eval: ${stale} finished rows in ${sidecar} came from a different build of the code; running them again`);
  progress?.start(work.reduce((sum, w) => sum + w.brains.length, 0), resumed);
  const record = async (result: RowRecord) => {
    if (options.build !== undefined) result.build = options.build;
    finished.set(recordKey(result.brain, result.instance_id), result);
    if (sidecar) await appendRecord(sidecar, result);
    progress?.row(result);
  };
  try {
    await pool(work, options.concurrency ?? availableParallelism(), signal, (item) => runRow(item.row, item.brains, options, signal, record, writer));
  } finally {
    await writer?.flush();
    await options.workspaces.closeAll();
    progress?.finish();
  }
  const systems = [
    ...options.brains.map((brain) => brainSystem(brain.name, entries, finished)),
    ...baselines.map((baseline) => baselineSystem(baseline, entries)),
  ];
  const primary = systems[0];
  const report: EvalReport = {
    created: new Date().toISOString(),
    dataset: resolve(options.dataset),
    checkout: options.workspaces.method,
    brain: primary.name,
    summary: primary.summary,
    instances: primary.instances,
    systems,
  };
  if (options.out) await writeReport(resolve(options.out), report);
  return { report, interrupted: signal.aborted, resumed };
}

/** One checkout per row, shared by every brain that still has to run on it; always removed. */
async function runRow(
  row: DatasetRow,
  brains: BrainSpec[],
  options: EvalOptions,
  signal: AbortSignal,
  record: (result: RowRecord) => Promise<void>,
  writer: TrajectoryWriter | undefined,
): Promise<void> {
  const failAll = async (message: string) => {
    for (const brain of brains) await record(errorRecord(brain.name, row.instance_id, row.gold_files, message));
  };
  let checkout;
  try {
    checkout = await options.workspaces.checkout(row.repo, row.base_commit, row.instance_id);
  } catch (error) {
    if (!signal.aborted) await failAll(toErrorInfo(error).message);
    return;
  }
  try {
    const tools = options.createTools(checkout.dir);
    for (const brain of brains) {
      if (signal.aborted) return;
      const result = await runBrain(row, brain, checkout.dir, tools, options, signal, writer);
      if (result) await record(result);
    }
  } finally {
    await checkout.dispose();
  }
}

/** Runs one brain on one row; undefined when the whole eval was interrupted (nothing to record). */
async function runBrain(
  row: DatasetRow,
  spec: BrainSpec,
  root: string,
  tools: ToolRunner,
  options: EvalOptions,
  signal: AbortSignal,
  writer: TrajectoryWriter | undefined,
): Promise<RowRecord | undefined> {
  const timeoutMs = options.rowTimeoutMs ?? 300_000;
  const rowSignal = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
  const started = performance.now();
  const locator = new Locator(tools, options.locate);
  const brain = spec.create(root, row);
  const recorder = writer ? new RecordingBrain(brain) : undefined;
  const trajectory = (fields: Pick<TrajectoryLine, 'answer' | 'reward'> & { error?: string }): TrajectoryLine => ({
    instance_id: row.instance_id,
    brain: spec.name,
    conversation_format: PROFILES.codegrep.name,
    repo: row.repo,
    base_commit: row.base_commit,
    messages: recorder?.run?.transcript.messages ?? [],
    tools: toolDeclarations(PROFILES.codegrep.tools),
    gold_files: row.gold_files,
    budget: { max_turns: locator.limitsFor(brain).maxTurns, max_calls: locator.limitsFor(brain).maxParallelCalls },
    ...fields,
  });
  try {
    const result = await locator.locate(issueFromText(row.problem_statement), recorder ?? brain, { signal: rowSignal, warmStart: spec.warmStart?.() });
    const predicted = dedupeRanked(result.candidates.map((c) => c.path));
    const record: RowRecord = {
      brain: spec.name,
      instance_id: row.instance_id,
      predicted_files: predicted,
      gold_files: row.gold_files,
      ...scoreInstance(predicted, row.gold_files),
      latency_ms: result.usage.ms,
      turns: result.usage.turns,
      tool_calls: result.usage.toolCalls,
    };
    const ranges = Object.fromEntries(result.candidates.flatMap((c) => (c.ranges?.length ? [[normalizePath(c.path), c.ranges]] : [])));
    if (Object.keys(ranges).length > 0) record.ranges = ranges;
    if (row.gold_patch) record.range_scores = scoreRanges(predicted, ranges, editBlocks(row.gold_patch));
    if (result.confidence) record.confidence = result.confidence;
    if (result.rejected.length) record.rejected = result.rejected.map((r) => r.path);
    if (result.profile) record.profile = result.profile;
    if (result.warmStart) {
      record.hinted = result.warmStart.candidates;
      record.hint_ms = result.warmStart.ms;
    }
    if (writer && recorder?.run) {
      const run = recorder.run;
      const reward = rewardParts({ predicted, gold: row.gold_files, turns: result.usage.turns, toolCalls: result.usage.toolCalls, callTurns: run.callTurns, malformed: !run.answered });
      await writer.write(trajectory({ answer: { files: result.candidates, rejected: result.rejected }, reward }));
    }
    return record;
  } catch (error) {
    if (signal.aborted) return undefined;
    const message = rowSignal.aborted ? `timed out after ${Math.round(timeoutMs / 1000)} s` : toErrorInfo(error).message;
    const failed = errorRecord(spec.name, row.instance_id, row.gold_files, message);
    failed.latency_ms = Math.round(performance.now() - started);
    if (writer) {
      const reward = rewardParts({ predicted: [], gold: row.gold_files, turns: 0, toolCalls: 0, callTurns: 0, malformed: true });
      await writer.write(trajectory({ answer: { files: [], rejected: [] }, reward, error: message }));
    }
    return failed;
  }
}

function errorRecord(brain: string, instanceId: string, gold: string[], error: string): RowRecord {
  return { brain, instance_id: instanceId, predicted_files: [], gold_files: gold, ...ZERO_SCORE, error: redactText(error) };
}

/**
 * Runs `task` over `items` with at most `limit` in flight; stops taking new items once aborted or
 * once a task fails, and settles only when every started task has (so cleanup never races a row).
 */
async function pool<T>(items: T[], limit: number, signal: AbortSignal, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !signal.aborted && !failed) {
      try {
        await task(items[next++]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (rejected) throw rejected.reason;
}
