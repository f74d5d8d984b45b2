import type { Issue } from '../common/issue';
import type { LocateOptions } from '../common/limits';
import type { Candidate, LineRange } from '../common/result';
import type { ToolCall, ToolResult, WorkspaceView } from '../common/tools';

/** A code entity a brain names instead of lines (CodeScout's class/function); the Locator finds its lines. */
export interface CitedEntity {
  className?: string;
  functionName?: string;
}

/** A file a brain cites in its answer, before the Locator checks it exists. */
export interface CitedFile {
  path: string;
  ranges?: LineRange[];
  reason: string;
  score?: number;
  /** A class and/or function in the file; the Locator adds its line range to `ranges`. */
  entity?: CitedEntity;
}

/** What the Locator knows before the first turn and hands to `Brain.start`. */
export interface BrainStartContext {
  /** The workspace root and top level, when the tools can describe them (asked only by protocols that name them). */
  workspace?: (signal: AbortSignal) => Promise<WorkspaceView | undefined>;
  /** Warm start: another brain's top candidates with their evidence, for the model to verify or ignore. */
  hint?: readonly Candidate[];
}

/** What the Locator hands a brain at the start of each turn. */
export interface BrainTurn {
  /** 1-based turn number. */
  turn: number;
  /** Exploration turns plus the answer turn. */
  totalTurns: number;
  /** True on the answer turn: tools are withdrawn and an answer is required. */
  final: boolean;
  /** Most tool calls this turn may run. */
  maxCalls: number;
  /** The previous turn's calls and their results, in call order. */
  results: { call: ToolCall; result: ToolResult }[];
}

/** Tokens a model request consumed, when the backend reports them. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** A brain's move for one turn: explore with tool calls, or answer. */
export type BrainStep =
  | { kind: 'calls'; calls: ToolCall[]; thought?: string; usage?: TokenUsage }
  | {
      kind: 'answer';
      files: CitedFile[];
      thought?: string;
      usage?: TokenUsage;
      alsoConsidered?: CitedFile[];
      /** The brain's probability that its best answered file is one the fix changes, when it knows one (common/confidence.ts). */
      probability?: number;
    };

/** One run's worth of brain state (message history, evidence gathered so far). */
export interface BrainSession {
  next(turn: BrainTurn, signal: AbortSignal): Promise<BrainStep>;
}

/** Decides what to search and what to answer; the Locator does everything else. */
export interface Brain {
  /** Short name shown to users ("embedded", "openai:qwen3-codegrep-14b"). */
  readonly name: string;
  /** The protocol a model brain speaks (recorded on the result). */
  readonly profile?: string;
  /** The budget the brain was trained for; explicit run options override it, the defaults yield to it. */
  readonly limits?: Partial<LocateOptions>;
  start(issue: Issue, options: LocateOptions, context?: BrainStartContext): BrainSession;
}
