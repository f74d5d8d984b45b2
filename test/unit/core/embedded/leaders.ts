import type { ToolResult } from '../../../../src/common/tools';
import type { ScoredFile } from '../../../../src/core/embedded/score';

/** Files ranked in the given order, as the leader check receives them: scores `top`, `top - 1`, … and no evidence. */
export function rankedLeaders(paths: string[], top: number): ScoredFile[] {
  return paths.map((path, i): ScoredFile => ({ path, score: top - i, evidence: { path } as ScoredFile['evidence'] }));
}

/** A grep the leader check planned that came back failed. */
export const FAILED_GREP: ToolResult = { text: 'rg failed', error: 'rg failed', truncated: false, count: 0, bytes: 0 };
