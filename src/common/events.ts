import type { AnswerConfidence } from './confidence';
import type { ErrorInfo } from './errors';
import type { Issue } from './issue';
import type { Candidate, LocateResult, RejectedCitation } from './result';
import type { ToolCall } from './tools';

/** Summary of one tool result, small enough to stream to every surface. */
export interface ToolResultSummary {
  count: number;
  truncated: boolean;
  error?: string;
  bytes: number;
  ms: number;
}

/** Everything a run reports while it goes; every surface consumes these. */
export type LocateEvent =
  | { type: 'run-started'; runId: string; issue: Issue; brain: string; totalTurns: number; maxParallelCalls: number }
  | { type: 'turn-started'; runId: string; turn: number; totalTurns: number; final: boolean }
  | { type: 'tool-call'; runId: string; turn: number; call: ToolCall }
  | { type: 'tool-result'; runId: string; turn: number; callId: string; summary: ToolResultSummary }
  | { type: 'thought'; runId: string; turn: number; text: string }
  | { type: 'candidates'; runId: string; candidates: Candidate[]; rejected: RejectedCitation[]; alsoConsidered?: Candidate[]; confidence?: AnswerConfidence }
  | { type: 'done'; runId: string; result: LocateResult }
  | { type: 'error'; runId: string; error: ErrorInfo };
