import { randomUUID } from 'node:crypto';
import { confidenceOf } from '../common/confidence';
import { CodeGrepError, toErrorInfo } from '../common/errors';
import type { LocateEvent } from '../common/events';
import { shareGrepWalk } from '../common/grepBatch';
import type { Issue } from '../common/issue';
import { DEFAULT_LIMITS, type LocateOptions } from '../common/limits';
import { hideKnownSecrets } from '../common/redact';
import type { Candidate, LocateResult, RejectedCitation, TrajectoryTurn, Usage, WarmStartRecord } from '../common/result';
import type { ToolCall, ToolResult, ToolRunner, WorkspaceView } from '../common/tools';
import type { Brain, BrainStartContext, BrainStep, CitedFile } from './brain';
import { entityRange } from './entityRanges';

/** Per-run hooks: cancellation and the event stream every surface listens to. */
export interface LocateRunOptions {
  signal?: AbortSignal;
  onEvent?: (event: LocateEvent) => void;
  runId?: string;
  /**
   * Warm start: run this brain (the embedded one) first and give its top candidates to the run's
   * brain as a hint in its first turn. Its tool calls are not counted in the run's usage.
   */
  warmStart?: Brain;
  /** Longest the warm start may delay the model; past it the run goes on without a hint (default 10 s). */
  warmStartTimeoutMs?: number;
}

/** Where in a run a batch of calls belongs. */
interface TurnScope {
  turn: number;
  runId: string;
  record: TrajectoryTurn;
  usage: Usage;
  signal: AbortSignal;
  emit: (event: LocateEvent) => void;
}

/** The hint saves a model turn (seconds on a 14B); waiting longer than this for it is not worth it. */
const WARM_START_TIMEOUT_MS = 10_000;

/** Candidates a warm start hands over: enough to cover the usual 1-3 gold files, few enough to read. */
const WARM_START_CANDIDATES = 5;

/**
 * The bounded loop of the CodeGrep paper: `maxTurns` exploration turns of at most
 * `maxParallelCalls` concurrent tool calls, then one answer turn without tools.
 */
export class Locator {
  /** `explicit` options win; what is left unset comes from the brain's own budget, else the defaults. */
  constructor(
    private readonly tools: ToolRunner,
    private readonly explicit: Partial<LocateOptions> = {},
  ) {}

  /** The budget a run of `brain` gets (after clamping): explicit options, else its trained budget, else the defaults. */
  limitsFor(brain: Brain | undefined): LocateOptions {
    const pick = (key: keyof LocateOptions) => this.explicit[key] ?? brain?.limits?.[key];
    return {
      maxTurns: clampInt(pick('maxTurns'), 0, 20, DEFAULT_LIMITS.maxTurns),
      maxParallelCalls: clampInt(pick('maxParallelCalls'), 1, 32, DEFAULT_LIMITS.maxParallelCalls),
    };
  }

  /** The budget this Locator runs a brain with that brings none of its own (after clamping). */
  get limits(): Readonly<LocateOptions> {
    return this.limitsFor(undefined);
  }

  /** Runs one issue through a brain; rejects with a CodeGrepError (code 'cancelled' on abort). */
  async locate(issue: Issue, brain: Brain, run: LocateRunOptions = {}): Promise<LocateResult> {
    const runId = run.runId ?? randomUUID();
    const emit = (event: LocateEvent) => safeEmit(run.onEvent, event);
    const signal = run.signal ?? new AbortController().signal;
    const started = performance.now();
    const limits = this.limitsFor(brain);
    const totalTurns = limits.maxTurns + 1;
    const usage: Usage = { promptTokens: 0, completionTokens: 0, turns: 0, toolCalls: 0, toolBytes: 0, ms: 0 };
    const trajectory: TrajectoryTurn[] = [];
    emit({ type: 'run-started', runId, issue, brain: brain.name, totalTurns, maxParallelCalls: limits.maxParallelCalls });
    let warmStart: WarmStartRecord | undefined;
    try {
      const context: BrainStartContext = { workspace: (at) => this.describeWorkspace(at) };
      if (run.warmStart) {
        const warm = await this.warmStart(issue, run.warmStart, signal, run.warmStartTimeoutMs ?? WARM_START_TIMEOUT_MS);
        warmStart = warm.record;
        if (warm.hint.length) context.hint = warm.hint;
      }
      throwIfAborted(signal);
      const session = brain.start(issue, limits, context);
      let results: { call: ToolCall; result: ToolResult }[] = [];
      let answer: CitedFile[] = [];
      let runnersUp: CitedFile[] = [];
      let probability: number | undefined;
      for (let turn = 1; turn <= totalTurns; turn++) {
        throwIfAborted(signal);
        const final = turn === totalTurns;
        emit({ type: 'turn-started', runId, turn, totalTurns, final });
        usage.turns = turn;
        const step = await abortable(session.next({ turn, totalTurns, final, maxCalls: limits.maxParallelCalls, results }, signal), signal);
        addTokens(usage, step);
        const record: TrajectoryTurn = { turn, calls: [], thought: step.thought };
        trajectory.push(record);
        if (step.thought) emit({ type: 'thought', runId, turn, text: step.thought });
        if (step.kind === 'answer') {
          answer = step.files;
          runnersUp = step.alsoConsidered ?? [];
          probability = step.probability;
          break;
        }
        if (final) break; // calls on the answer turn are ignored: no answer given
        // Abortable here too: a tool that ignores the signal must not hold a cancelled run open.
        results = await abortable(this.runCalls(step.calls, limits.maxParallelCalls, { turn, runId, record, usage, signal, emit }), signal);
      }
      const { candidates, rejected } = await this.checkCitations(answer);
      // A brain that cited files answered, however its calls went: its rejected citations are the result to show.
      if (candidates.length === 0 && rejected.length === 0) throwIfToolsBroken(trajectory);
      const alsoConsidered = await this.checkRunnersUp(runnersUp, candidates);
      // The brain's probability is about the files it cited; once one is rejected it no longer describes the answer.
      const confidence = candidates.length > 0 && rejected.length === 0 ? confidenceOf(probability) : undefined;
      emit({ type: 'candidates', runId, candidates, rejected, ...(alsoConsidered.length ? { alsoConsidered } : {}), ...(confidence ? { confidence } : {}) });
      usage.ms = Math.round(performance.now() - started);
      const result: LocateResult = { issue, brain: brain.name, candidates, rejected, trajectory, usage };
      if (alsoConsidered.length) result.alsoConsidered = alsoConsidered;
      if (confidence) result.confidence = confidence;
      if (brain.profile) result.profile = brain.profile;
      if (warmStart) result.warmStart = warmStart;
      emit({ type: 'done', runId, result });
      return result;
    } catch (error) {
      const failure = signal.aborted ? new CodeGrepError('cancelled', 'The run was cancelled.') : error;
      emit({ type: 'error', runId, error: toErrorInfo(failure) });
      throw failure;
    }
  }

  /** The workspace as protocol prompts name it; undefined when the tools cannot say (or fail to). */
  private async describeWorkspace(signal: AbortSignal): Promise<WorkspaceView | undefined> {
    if (!this.tools.describeWorkspace) return undefined;
    try {
      return await this.tools.describeWorkspace(signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return undefined;
    }
  }

  /** Runs the warm-start brain on the same tools; a failure costs the hint, never the run. */
  private async warmStart(issue: Issue, warm: Brain, signal: AbortSignal, timeoutMs: number): Promise<{ hint: Candidate[]; record: WarmStartRecord }> {
    const t0 = performance.now();
    const budget = AbortSignal.timeout(timeoutMs);
    try {
      const result = await new Locator(this.tools, this.explicit).locate(issue, warm, { signal: AbortSignal.any([signal, budget]) });
      const hint = result.candidates.slice(0, WARM_START_CANDIDATES);
      const record = { brain: warm.name, candidates: hint.map((c) => c.path), toolCalls: result.usage.toolCalls, ms: Math.round(performance.now() - t0) };
      return { hint, record };
    } catch (error) {
      if (signal.aborted) throw error;
      const message = budget.aborted ? `took longer than ${timeoutMs / 1000} s; the model started without a hint` : toErrorInfo(error).message;
      return { hint: [], record: { brain: warm.name, candidates: [], toolCalls: 0, ms: Math.round(performance.now() - t0), error: message } };
    }
  }

  private async runCalls(requested: ToolCall[], maxCalls: number, at: TurnScope): Promise<{ call: ToolCall; result: ToolResult }[]> {
    const { turn, runId, record, usage, signal, emit } = at;
    const seen = new Set<string>();
    const calls = requested.map((call, index) => {
      const id = call.id && !seen.has(call.id) ? call.id : `call_${turn}_${index}`;
      seen.add(id);
      return { ...call, id } as ToolCall;
    });
    // Small models often repeat a call within a turn: run each distinct call once and share its result.
    const distinct = new Map<string, Promise<ToolResult>>();
    const keyOf = (call: ToolCall) => JSON.stringify([call.name, call.args]);
    const firsts = new Map<string, ToolCall>();
    for (const call of calls.slice(0, maxCalls)) if (!firsts.has(keyOf(call))) firsts.set(keyOf(call), call);
    // The turn's workspace-wide greps share one walk of the tree, and its greps of the same files one search of
    // them; each still gets exactly its own result.
    const walked = shareGrepWalk([...firsts.values()], (call) => this.runOne(call, signal));
    for (const [key, call] of firsts) {
      const pending = walked.get(call.id);
      if (pending) distinct.set(key, pending);
    }
    const runShared = (call: ToolCall) => {
      const key = keyOf(call);
      let pending = distinct.get(key);
      if (!pending) distinct.set(key, (pending = this.runOne(call, signal)));
      return pending;
    };
    const outcomes = await Promise.all(
      calls.map(async (call, index) => {
        // What is shown and kept (events, the trajectory) hides a key a server echoed into the call; the call runs as asked.
        const shown = withoutSecrets(call);
        emit({ type: 'tool-call', runId, turn, call: shown });
        const t0 = performance.now();
        const result = index < maxCalls ? await runShared(call) : overBudget(maxCalls);
        const ms = Math.round(performance.now() - t0);
        const summary = { count: result.count, truncated: result.truncated, error: result.error, bytes: result.bytes, ms };
        emit({ type: 'tool-result', runId, turn, callId: call.id, summary });
        record.calls.push({ call: shown, ...summary });
        return { call, result };
      }),
    );
    throwIfAborted(signal);
    record.calls.sort((a, b) => calls.indexOf(a.call) - calls.indexOf(b.call));
    usage.toolCalls += Math.min(calls.length, maxCalls);
    usage.toolBytes += outcomes.reduce((sum, o) => sum + o.result.bytes, 0);
    return outcomes;
  }

  private async runOne(call: ToolCall, signal: AbortSignal): Promise<ToolResult> {
    try {
      return await this.tools.run(call, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const text = `error: ${toErrorInfo(error).message}`;
      return { text, truncated: false, error: text, count: 0, bytes: Buffer.byteLength(text) };
    }
  }

  /** The cited entity's lines, or undefined when it is not found in time (the file is still cited). */
  private async rangeOfEntity(path: string, file: CitedFile): Promise<[number, number] | undefined> {
    if (!file.entity) return undefined;
    try {
      return await entityRange(this.tools, path, file.entity, AbortSignal.timeout(ENTITY_TIMEOUT_MS));
    } catch {
      return undefined;
    }
  }

  /**
   * The brain's runners-up that exist in the workspace and are not in the answer. One that does not resolve is
   * dropped without a word: it was never cited as an answer.
   */
  private async checkRunnersUp(files: CitedFile[], answer: Candidate[]): Promise<Candidate[]> {
    if (files.length === 0 || answer.length === 0) return [];
    const answered = new Set(answer.map((c) => c.path));
    const { candidates } = await this.checkCitations(files);
    return candidates.filter((c) => !answered.has(c.path));
  }

  /**
   * Keeps cited files that exist in the workspace (merged per path, first mention wins rank), within the answer's
   * caps: whatever a model writes is shown whole in the panel and the terminal, and lands in an MCP client's context.
   */
  private async checkCitations(cited: CitedFile[]): Promise<{ candidates: Candidate[]; rejected: RejectedCitation[] }> {
    const files = cited.slice(0, MAX_CITED_FILES).map((file) => ({ ...file, reason: capText(hideKnownSecrets(file.reason), MAX_REASON_CHARS) }));
    const byPath = new Map<string, Candidate>();
    const rejected: RejectedCitation[] = [];
    // Resolve concurrently (each is a stat or two), then merge in citation order so rank is kept.
    const resolutions = await Promise.all(files.map((file) => this.tools.resolveCitation(file.path)));
    const entityRanges = await Promise.all(
      files.map((file, index) => {
        const resolved = resolutions[index];
        return file.entity && !('rejected' in resolved) ? this.rangeOfEntity(resolved.path, file) : undefined;
      }),
    );
    for (const [index, file] of files.entries()) {
      const resolved = resolutions[index];
      if ('rejected' in resolved) {
        rejected.push({ path: file.path, reason: resolved.rejected });
        continue;
      }
      const entity = entityRanges[index];
      const ranges = clampRanges([...(file.ranges ?? []), ...(entity ? [entity] : [])], resolved.lines);
      const existing = byPath.get(resolved.path);
      if (existing) {
        if (ranges.length) existing.ranges = mergeRanges([...(existing.ranges ?? []), ...ranges]);
        continue;
      }
      const candidate: Candidate = { path: resolved.path, reason: file.reason };
      if (ranges.length) candidate.ranges = mergeRanges(ranges);
      if (file.score !== undefined) candidate.score = file.score;
      byPath.set(resolved.path, candidate);
    }
    for (const candidate of byPath.values()) if (candidate.ranges) candidate.ranges = candidate.ranges.slice(0, MAX_RANGES_PER_FILE);
    return { candidates: [...byPath.values()], rejected };
  }
}

/** The call with every string argument's known secrets hidden (hideKnownSecrets); the call itself when none holds one. */
function withoutSecrets(call: ToolCall): ToolCall {
  const args = JSON.parse(JSON.stringify(call.args), (_key, value: unknown) => (typeof value === 'string' ? hideKnownSecrets(value) : value)) as ToolCall['args'];
  return JSON.stringify(args) === JSON.stringify(call.args) ? call : ({ ...call, args } as ToolCall);
}

/** Most files one answer keeps (in cited order), ranges per file (best first) and characters of a reason. */
const MAX_CITED_FILES = 50;
const MAX_RANGES_PER_FILE = 8;
const MAX_REASON_CHARS = 500;

/** `text` cut to `max` characters (at a code point), marked with an ellipsis when cut. */
function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${[...text.slice(0, max)].slice(0, -1).join('')}…`;
}

/** Budget for finding one cited entity's lines (a grep or two and a read). */
const ENTITY_TIMEOUT_MS = 5_000;

/** Clamps cited ranges to a file of `lines` lines (when known), dropping ranges that start past its end. */
export function clampRanges(ranges: [number, number][], lines: number | undefined): [number, number][] {
  const valid = ranges.filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b)).map(([a, b]) => [Math.max(1, Math.min(a, b)), Math.max(a, b)] as [number, number]);
  if (lines === undefined) return valid;
  return valid.filter(([a]) => a <= lines).map(([a, b]) => [a, Math.min(b, lines)] as [number, number]);
}

/**
 * Merges overlapping or adjacent inclusive ranges, keeping the cited order: a brain lists its best range
 * first and the panel opens the first, so a merged range takes the place of its earliest-cited part.
 */
export function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = ranges
    .map(([a, b], order) => ({ range: [Math.min(a, b), Math.max(a, b)] as [number, number], order }))
    .sort((x, y) => x.range[0] - y.range[0]);
  const merged: { range: [number, number]; order: number }[] = [];
  for (const item of sorted) {
    const last = merged[merged.length - 1];
    if (last && item.range[0] <= last.range[1] + 1) {
      last.range[1] = Math.max(last.range[1], item.range[1]);
      last.order = Math.min(last.order, item.order);
    } else merged.push(item);
  }
  return merged.sort((x, y) => x.order - y.order).map((m) => m.range);
}

function overBudget(max: number): ToolResult {
  const text = `error: more than ${max} tool calls in one turn; this call was not run.`;
  return { text, truncated: false, error: text, count: 0, bytes: Buffer.byteLength(text) };
}

function addTokens(usage: Usage, step: BrainStep): void {
  usage.promptTokens += step.usage?.promptTokens ?? 0;
  usage.completionTokens += step.usage?.completionTokens ?? 0;
}

/** An empty answer after every tool call failed means the tools are broken (no rg, unreadable folder), not that nothing matched. */
function throwIfToolsBroken(trajectory: TrajectoryTurn[]): void {
  const calls = trajectory.flatMap((turn) => turn.calls);
  if (calls.length === 0 || calls.some((call) => !call.error)) return;
  const first = calls[0].error?.replace(/^error:\s*/, '') ?? '';
  throw new CodeGrepError('internal', `Every tool call failed, so nothing could be searched. First error: ${first}`, 'open-logs');
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new CodeGrepError('cancelled', 'The run was cancelled.');
}

/** Settles as soon as the signal aborts, even if the brain ignores it. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The work may have been aborted while it started (a listener stopped the run); its own
    // rejection must still be observed, or Node reports an unhandled rejection.
    promise.catch(() => undefined);
    return Promise.reject(new CodeGrepError('cancelled', 'The run was cancelled.'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CodeGrepError('cancelled', 'The run was cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function safeEmit(listener: ((event: LocateEvent) => void) | undefined, event: LocateEvent): void {
  try {
    listener?.(event);
  } catch {
    // A broken listener (a closed webview, say) must not end the run.
  }
}

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}
