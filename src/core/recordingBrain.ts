import type { Issue } from '../common/issue';
import type { LocateOptions } from '../common/limits';
import type { ToolCall, ToolResult } from '../common/tools';
import type { Brain, BrainSession, BrainStep, BrainTurn } from './brain';
import { PROFILES, turnUserNote, type ProfileContext } from './profiles';
import { toolResultText } from './prompt';
import { Transcript, answerArguments, finalAnswerBlock } from './transcript';

/** What a recorded run said and did, as chat messages. */
export interface RecordedRun {
  transcript: Transcript;
  /** False when the brain never answered (the answer turn passed without one). */
  answered: boolean;
  /** Exploration turns that issued at least one call. */
  callTurns: number;
}

/** The protocol recorded runs are written in: ours, the one whose tools (grep/glob/read) every brain's calls use. */
const OURS = PROFILES.codegrep;

/**
 * Wraps any brain and records its run as the conversation a model would have had: the tool calls
 * with the ids the Locator ran them under, and each result's text exactly as the tools produced
 * it, in the codegrep profile. The embedded brain has no conversation of its own, so this is how
 * it becomes SFT data.
 */
export class RecordingBrain implements Brain {
  readonly name: string;
  /** The inner brain's protocol and trained budget, passed through so the Locator runs it as it would unwrapped. */
  readonly profile?: string;
  readonly limits?: Partial<LocateOptions>;
  /** The run of the last `start` (a fresh RecordingBrain per row keeps them apart). */
  run?: RecordedRun;

  constructor(private readonly inner: Brain) {
    this.name = inner.name;
    const described = inner as { profile?: string; limits?: Partial<LocateOptions> };
    if (described.profile !== undefined) this.profile = described.profile;
    if (described.limits !== undefined) this.limits = described.limits;
  }

  /** Every argument goes to the inner brain unchanged (a start context included, where the Brain interface has one). */
  start(...args: Parameters<Brain['start']>): BrainSession {
    const [issue, options] = args;
    // Our protocol names neither the workspace root nor its entries.
    const ctx: ProfileContext = { root: '', entries: [], maxTurns: options.maxTurns, maxCalls: options.maxParallelCalls };
    const run: RecordedRun = { transcript: new Transcript(OURS.systemPrompt(ctx)), answered: false, callTurns: 0 };
    this.run = run;
    return new RecordingSession(this.inner.start(...args), issue, run, ctx);
  }
}

class RecordingSession implements BrainSession {
  private pending?: { step: Extract<BrainStep, { kind: 'calls' }>; turn: number };

  constructor(
    private readonly inner: BrainSession,
    private readonly issue: Issue,
    private readonly run: RecordedRun,
    private readonly ctx: ProfileContext,
  ) {}

  async next(turn: BrainTurn, signal: AbortSignal): Promise<BrainStep> {
    const { transcript } = this.run;
    if (this.pending) this.recordCalls(this.pending.step.thought ?? '', turn.results);
    this.pending = undefined;
    const note = turnUserNote(OURS, turn, this.ctx);
    if (turn.turn === 1) {
      const first = OURS.firstMessage(this.issue, this.ctx);
      transcript.user(note ? `${first}\n\n${note}` : first);
    } else if (note) {
      transcript.user(note);
    }
    const step = await this.inner.next(turn, signal);
    if (step.kind === 'answer') {
      this.run.answered = true;
      // The answer turn has no tools, so the answer is the text block; an early answer is the tool call.
      if (turn.final) transcript.assistant(joinText(step.thought, finalAnswerBlock(step.files)));
      else transcript.assistant(step.thought ?? '', [{ id: `answer_${turn.turn}`, name: 'answer', args: answerArguments(step.files) }]);
    } else if (turn.final) {
      // Calls on the answer turn are ignored by the Locator: recorded, never answered.
      transcript.assistant(step.thought ?? '', step.calls.map((call, index) => ({ id: call.id || `call_${turn.turn}_${index}`, name: call.name, args: call.args })));
    } else {
      this.pending = { step, turn: turn.turn };
    }
    return step;
  }

  /** The previous turn's assistant message, with the ids the Locator gave its calls, then one tool message per call. */
  private recordCalls(thought: string, results: { call: ToolCall; result: ToolResult }[]): void {
    const { transcript } = this.run;
    transcript.assistant(thought, results.map(({ call }) => ({ id: call.id, name: call.name, args: call.args })));
    if (results.length) this.run.callTurns++;
    for (const { call, result } of results) transcript.tool(call.id, toolResultText(result));
  }
}

function joinText(thought: string | undefined, block: string): string {
  return thought ? `${thought}\n\n${block}` : block;
}
