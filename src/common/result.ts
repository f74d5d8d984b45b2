import type { AnswerConfidence } from './confidence';
import type { Issue } from './issue';
import type { ToolCall } from './tools';

/** Inclusive 1-based line range. */
export type LineRange = [start: number, end: number];

/** One located file, best first in a LocateResult. */
export interface Candidate {
  path: string;
  ranges?: LineRange[];
  reason: string;
  score?: number;
}

/** A cited path that was not shown to the user, and why. */
export interface RejectedCitation {
  path: string;
  reason: string;
}

/** One tool call as recorded in the trajectory. */
export interface TrajectoryCall {
  call: ToolCall;
  count: number;
  truncated: boolean;
  error?: string;
  bytes: number;
  ms: number;
}

/** One turn of the run: the calls it made, and any visible reasoning. */
export interface TrajectoryTurn {
  turn: number;
  calls: TrajectoryCall[];
  thought?: string;
}

/** Token, turn and time accounting for a run. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  turns: number;
  toolCalls: number;
  toolBytes: number;
  ms: number;
}

/** What a run produces; every candidate path exists in the workspace. */
export interface LocateResult {
  issue: Issue;
  brain: string;
  /** The protocol the brain spoke (`codegrep`, `generic`, `fastcontext`, `codescout`), for model brains. */
  profile?: string;
  /** The embedded brain's hint given to the model in its first turn, when warm start ran. */
  warmStart?: WarmStartRecord;
  candidates: Candidate[];
  /**
   * Files the brain ranked next, below its answer: less likely, shown apart and never handed off unless the user
   * picks one. Not part of the answer (the eval harness scores `candidates` only). The embedded brain fills it.
   */
  alsoConsidered?: Candidate[];
  /** How sure the brain is of its answer; only a brain that knows a probability gives one (the embedded brain). */
  confidence?: AnswerConfidence;
  rejected: RejectedCitation[];
  trajectory: TrajectoryTurn[];
  usage: Usage;
}

/** What a warm start did: which candidates the model was shown, and what finding them cost. */
export interface WarmStartRecord {
  brain: string;
  candidates: string[];
  toolCalls: number;
  ms: number;
  /** Set when the warm start failed; the run went on without a hint. */
  error?: string;
}
