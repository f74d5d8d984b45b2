import { randomUUID } from 'node:crypto';
import { CodeGrepError, toErrorInfo } from '../common/errors';
import { issueFromText } from '../common/issue';
import type { LocateOptions } from '../common/limits';
import type { LocateResult } from '../common/result';
import type { ToolCall, ToolResult, ToolRunner } from '../common/tools';
import type { Brain, BrainSession, BrainStep, BrainTurn } from '../core/brain';
import { Locator } from '../core/locator';
import { turnUserNote, type ProfileContext, type ProtocolProfile } from '../core/profiles';
import { toolResultText } from '../core/prompt';
import { Transcript, toolDeclarations } from '../core/transcript';
import type { DatasetRow } from '../eval/dataset';
import { dedupeRanked } from '../eval/metrics';
import { rewardParts, type RewardParts } from '../eval/reward';
import type { Checkout, Workspaces } from '../eval/worktrees';
import { parseAction, type ParsedAction } from './action';
import { ENV_PROFILE_NAMES, envProfile } from './profiles';
import type { ProtocolError } from './protocol';
import { resetRow } from './resetRow';
import { TrackedTools } from './trackedTools';

/** What every episode of a server shares: checkouts, tools, budget and rows. */
export interface EpisodeWorld {
  workspaces: Workspaces;
  createTools(root: string): ToolRunner;
  /** The budget every episode gets; what is left unset comes from the profile's trained budget, else 3 turns of 8 calls. */
  locate: Partial<LocateOptions>;
  rows: ReadonlyMap<string, DatasetRow>;
}

/** One reply to reset or step: OpenEnv's `{observation, reward, done}`. */
export interface EpisodeReply {
  observation: Record<string, unknown>;
  reward: number | null;
  done: boolean;
}

/** A reply or a protocol error (the session goes on either way). */
export type EpisodeOutcome = EpisodeReply | { error: ProtocolError };

/**
 * One WebSocket session's episodes, each a real Locator run over a fresh worktree, driven by the
 * remote policy: the Locator asks its brain for a step, the brain hands the question to the
 * client as an observation and waits for the next `step`. So budgets, parallel calls, caps,
 * over-budget notes and citation checks are the product's own, not a copy.
 */
export class EpisodeSession {
  private run?: EpisodeRun;
  private closed = false;

  constructor(private readonly world: EpisodeWorld) {}

  /** Ends any running episode, checks out the row's commit and answers the first observation. */
  async reset(data: Record<string, unknown>): Promise<EpisodeOutcome> {
    if (this.closed) return { error: { code: 'SESSION_ERROR', message: 'the session is closed.' } };
    const row = resetRow(data, this.world.rows);
    if ('error' in row) return row;
    const profile = envProfile(data.profile);
    if (!profile) {
      return { error: { code: 'VALIDATION_ERROR', message: `unknown profile ${JSON.stringify(data.profile)}; use one of ${ENV_PROFILE_NAMES.join(', ')}.` } };
    }
    // The last episode's tree is removed while the next one is checked out (time of the slower, not of both).
    const ending = this.endRun();
    let checkout: Checkout;
    try {
      checkout = await this.world.workspaces.checkout(row.repo, row.base_commit, row.instance_id);
    } catch (error) {
      await ending;
      return { error: { code: 'EXECUTION_ERROR', message: `cannot check out ${row.repo}@${row.base_commit}: ${toErrorInfo(error).message}` } };
    }
    await ending;
    if (this.closed) {
      await checkout.dispose();
      return { error: { code: 'SESSION_ERROR', message: 'the session closed during reset.' } };
    }
    const episodeId = typeof data.episode_id === 'string' && data.episode_id ? data.episode_id.slice(0, 255) : randomUUID();
    const run = new EpisodeRun(episodeId, row, profile, checkout, this.world);
    this.run = run;
    const first = await run.start();
    if ('error' in first && this.run === run) await this.endRun();
    return first;
  }

  async step(data: Record<string, unknown>): Promise<EpisodeOutcome> {
    if (!this.run) return { error: { code: 'EXECUTION_ERROR', message: 'no episode: send reset first.' } };
    return this.run.step(data);
  }

  /** OpenEnv's State: `episode_id` and `step_count`, plus where the episode stands. */
  state(): Record<string, unknown> {
    return this.run?.state() ?? { episode_id: null, step_count: 0 };
  }

  /** Aborts the episode, waits for its tool processes to exit and removes its worktree. */
  async close(): Promise<void> {
    this.closed = true;
    await this.endRun();
  }

  private async endRun(): Promise<void> {
    const run = this.run;
    this.run = undefined;
    await run?.dispose();
  }
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // a waiter nobody awaits any more (session closed) must not be unhandled
  return { promise, resolve, reject };
}

/** One tool result as the observation lists it (its text is also the tool message's content). */
interface ToolResultView {
  tool_call_id: string;
  name: string;
  content: string;
  count: number;
  truncated: boolean;
  error?: string;
}

class EpisodeRun {
  private readonly controller = new AbortController();
  private readonly tools: TrackedTools;
  private readonly brain: Brain;
  private readonly locator: Locator;
  private readonly limits: LocateOptions;
  /** What the profile's prompt and path mapping know of the worktree; root and entries are filled in `start`. */
  private readonly ctx: ProfileContext;
  private transcript: Transcript;
  private readonly usedIds = new Set<string>();
  private turn?: BrainTurn;
  private lastStep?: ParsedAction;
  private toolResults: ToolResultView[] = [];
  private observationWaiter = deferred<EpisodeReply>();
  private actionWaiter?: Deferred<BrainStep>;
  private locating?: Promise<void>;
  private malformed?: string;
  private done = false;
  private stepCount = 0;
  private callTurns = 0;
  /** Calls run, counted as the Locator counts them (at most max_calls per turn); for an episode that failed. */
  private toolCalls = 0;
  private disposed = false;

  constructor(
    private readonly episodeId: string,
    private readonly row: DatasetRow,
    private readonly profile: ProtocolProfile,
    private readonly checkout: Checkout,
    world: EpisodeWorld,
  ) {
    this.tools = new TrackedTools(world.createTools(checkout.dir));
    // The remote policy is the brain: the Locator gives it the profile's trained budget unless the server set one.
    this.brain = { name: `env:${profile.name}`, profile: profile.name, limits: profileLimits(profile), start: (): BrainSession => ({ next: (turn) => this.onTurn(turn) }) };
    this.locator = new Locator(this.tools, world.locate);
    this.limits = this.locator.limitsFor(this.brain);
    this.ctx = { root: '', entries: [], maxTurns: this.limits.maxTurns, maxCalls: this.limits.maxParallelCalls };
    this.transcript = new Transcript(profile.systemPrompt(this.ctx));
  }

  /** Learns the worktree (for protocols that name it), then runs the Locator until the first turn's question. */
  async start(): Promise<EpisodeOutcome> {
    if (this.profile.needsWorkspace) {
      try {
        const view = await this.tools.workspaceView(this.controller.signal);
        Object.assign(this.ctx, { root: view?.root ?? this.checkout.dir, entries: view?.entries ?? [] });
      } catch (error) {
        return { error: { code: 'EXECUTION_ERROR', message: `cannot list the worktree of ${this.row.instance_id}: ${toErrorInfo(error).message}` } };
      }
      // The system prompt names the worktree (FastContext's path and listing): written again now it is known.
      this.transcript = new Transcript(this.profile.systemPrompt(this.ctx));
    }
    if (this.disposed) return { error: { code: 'SESSION_ERROR', message: 'the session closed during reset.' } };
    this.locating = this.locator
      .locate(issueFromText(this.row.problem_statement), this.brain, { signal: this.controller.signal })
      .then((result) => this.finish(result), (error: unknown) => this.fail(error));
    return this.observationWaiter.promise;
  }

  async step(data: Record<string, unknown>): Promise<EpisodeOutcome> {
    if (this.done) return { error: { code: 'EXECUTION_ERROR', message: 'the episode is done: send reset to start another.' } };
    const waiter = this.actionWaiter;
    const turn = this.turn;
    if (!waiter || !turn) return { error: { code: 'EXECUTION_ERROR', message: 'a step is still running: wait for its observation.' } };
    const parsed = parseAction(data, { profile: this.profile, ctx: this.ctx, final: turn.final, turn: turn.turn, usedIds: this.usedIds });
    if ('error' in parsed) return parsed;
    this.stepCount++;
    this.transcript.assistant(parsed.content, parsed.calls);
    this.lastStep = parsed;
    this.actionWaiter = undefined;
    this.observationWaiter = deferred<EpisodeReply>();
    if (parsed.malformed !== undefined) {
      this.malformed = parsed.malformed;
      waiter.resolve({ kind: 'answer', files: [] });
    } else if (parsed.answer !== undefined) {
      waiter.resolve({ kind: 'answer', files: parsed.answer, thought: parsed.content || undefined });
    } else {
      const calls = parsed.calls.flatMap((c): ToolCall[] => (c.call ? [c.call] : []));
      if (calls.length) this.callTurns++;
      this.toolCalls += Math.min(calls.length, turn.maxCalls);
      waiter.resolve({ kind: 'calls', calls, thought: parsed.content || undefined });
    }
    return this.observationWaiter.promise.catch((error: unknown) => ({ error: { code: 'SESSION_ERROR' as const, message: toErrorInfo(error).message } }));
  }

  state(): Record<string, unknown> {
    return {
      episode_id: this.episodeId,
      step_count: this.stepCount,
      instance_id: this.row.instance_id,
      profile: this.profile.name,
      turn: this.turn?.turn ?? 0,
      total_turns: this.limits.maxTurns + 1,
      done: this.done,
    };
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.controller.abort();
    this.observationWaiter.reject(new CodeGrepError('cancelled', 'the episode was closed.'));
    this.actionWaiter?.reject(new CodeGrepError('cancelled', 'the episode was closed.'));
    await this.locating;
    await this.tools.settle();
    await this.checkout.dispose();
  }

  /**
   * The Locator's question for a turn: record the last turn's results, open the turn as the OpenAI
   * brain does in this profile (the issue first, then the profile's turn note, if any), then hand
   * the turn to the client.
   */
  private onTurn(turn: BrainTurn): Promise<BrainStep> {
    this.recordResults(turn.results);
    const note = turnUserNote(this.profile, turn, this.ctx);
    if (turn.turn === 1) {
      const first = this.profile.firstMessage(issueFromText(this.row.problem_statement), this.ctx);
      this.transcript.user(note ? `${first}\n\n${note}` : first);
    } else if (note) {
      this.transcript.user(note);
    }
    this.turn = turn;
    this.actionWaiter = deferred<BrainStep>();
    this.observationWaiter.resolve({ observation: this.observation(), reward: null, done: false });
    return this.actionWaiter.promise;
  }

  /** One tool message per call of the last step, in call order: its result, or why it was refused. */
  private recordResults(results: { call: ToolCall; result: ToolResult }[]): void {
    const byId = new Map(results.map((r) => [r.call.id, r.result]));
    this.toolResults = [];
    for (const call of this.lastStep?.calls ?? []) {
      if (call.answered) continue;
      const result = byId.get(call.id);
      const notRun = call.error ?? this.profile.formatError('error: this call was not run.');
      const content = result ? (call.format ?? toolResultText)(result) : notRun;
      this.transcript.tool(call.id, content);
      const view: ToolResultView = { tool_call_id: call.id, name: call.name, content, count: result?.count ?? 0, truncated: result?.truncated ?? false };
      const error = result ? result.error : notRun;
      if (error) view.error = error;
      this.toolResults.push(view);
    }
    this.lastStep = undefined;
  }

  private observation(): Record<string, unknown> {
    const turn = this.turn;
    return {
      episode_id: this.episodeId,
      instance_id: this.row.instance_id,
      repo: this.row.repo,
      base_commit: this.row.base_commit,
      profile: this.profile.name,
      turn: turn?.turn ?? 0,
      total_turns: turn?.totalTurns ?? this.limits.maxTurns + 1,
      final: turn?.final ?? false,
      max_calls: turn?.maxCalls ?? this.limits.maxParallelCalls,
      tools: turn ? toolDeclarations(turn.final ? this.profile.answerTurnTools : this.profile.tools) : [],
      messages: this.transcript.messages,
      tool_results: this.toolResults,
      done: false,
    };
  }

  private finish(result: LocateResult): void {
    const predicted = dedupeRanked(result.candidates.map((c) => c.path));
    const parts = this.reward(predicted, result.usage.turns, result.usage.toolCalls);
    this.end(parts, { files: result.candidates, rejected: result.rejected });
  }

  private fail(error: unknown): void {
    if (this.controller.signal.aborted) return;
    const parts = this.reward([], this.turn?.turn ?? 0, this.toolCalls);
    this.end(parts, { files: [], rejected: [] }, toErrorInfo(error).message);
  }

  private reward(predicted: string[], turns: number, toolCalls: number): RewardParts {
    return rewardParts({ predicted, gold: this.row.gold_files, turns, toolCalls, callTurns: this.callTurns, malformed: this.malformed !== undefined });
  }

  private end(parts: RewardParts, answer: { files: unknown[]; rejected: unknown[] }, error?: string): void {
    this.done = true;
    this.toolResults = [];
    const observation: Record<string, unknown> = {
      ...this.observation(),
      tools: [],
      done: true,
      reward: parts.reward,
      reward_parts: parts,
      answer,
      gold_files: this.row.gold_files,
    };
    if (this.malformed !== undefined) observation.malformed_reason = this.malformed;
    if (error !== undefined) observation.error = error;
    this.observationWaiter.resolve({ observation, reward: parts.reward, done: true });
  }
}

/** A profile's trained budget as Locator limits (undefined: the Locator's defaults). */
function profileLimits(profile: ProtocolProfile): Partial<LocateOptions> | undefined {
  return profile.budget ? { maxTurns: profile.budget.maxTurns, maxParallelCalls: profile.budget.maxCalls } : undefined;
}
