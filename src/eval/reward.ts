import { dedupeRanked, scoreInstance } from './metrics';

/**
 * The RL reward of the CodeGrep paper, in parts a trainer can recombine. The reward itself is
 * file-level F0.5 (0 for a malformed answer); the efficiency signal s(c̄) is not folded into it
 * but reported beside it, because the paper applies it at the advantage layer (A_i · s(c̄_i)).
 */
export interface RewardParts {
  /** The scalar reward: `f05`, or 0 when the answer was malformed. */
  reward: number;
  precision: number;
  recall: number;
  f05: number;
  /** Turns used, the answer turn included. */
  turns: number;
  /** Tool calls run over the whole episode. */
  tool_calls: number;
  /** c̄: tool calls per exploration turn that issued calls (0 when none did). */
  calls_per_turn: number;
  /** s(c̄) = sqrt(min(c̄ / 4, 1)): multiply the episode's advantage by this. */
  efficiency_scale: number;
  /** The answer could not be parsed (or none was given): it scores 0. */
  malformed: boolean;
}

/** What an episode did, as the reward sees it. */
export interface EpisodeOutcome {
  /** Answered files after the citation check (paths that exist), best first. */
  predicted: readonly string[];
  gold: readonly string[];
  turns: number;
  toolCalls: number;
  /** Exploration turns that issued at least one call. */
  callTurns: number;
  malformed: boolean;
}

/** s(c̄) = sqrt(min(c̄/4, 1)): full weight from 4 parallel calls per turn up. */
export function efficiencyScale(callsPerTurn: number): number {
  if (!Number.isFinite(callsPerTurn) || callsPerTurn <= 0) return 0;
  return Math.sqrt(Math.min(callsPerTurn / 4, 1));
}

/** Scores an episode exactly as the eval harness scores a row, plus the efficiency parts. */
export function rewardParts(outcome: EpisodeOutcome): RewardParts {
  const score = outcome.malformed ? { precision: 0, recall: 0, f05: 0 } : scoreInstance(dedupeRanked(outcome.predicted), outcome.gold);
  const callsPerTurn = outcome.callTurns === 0 ? 0 : outcome.toolCalls / outcome.callTurns;
  return {
    reward: outcome.malformed ? 0 : score.f05,
    precision: score.precision,
    recall: score.recall,
    f05: score.f05,
    turns: outcome.turns,
    tool_calls: outcome.toolCalls,
    calls_per_turn: callsPerTurn,
    efficiency_scale: efficiencyScale(callsPerTurn),
    malformed: outcome.malformed,
  };
}
