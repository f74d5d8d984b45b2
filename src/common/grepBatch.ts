import type { GrepArgs, ToolCall, ToolResult } from './tools';

/** A turn's calls with its workspace-wide greps merged into one multi-pattern grep, and the way back. */
export interface GrepBatch {
  /** The calls to run: the merged grep in place of the first one it replaces, the rest unchanged. */
  calls: ToolCall[];
  /** Gives back one result per original call (in their order) from the results of `calls`; other results pass through. */
  split(results: { call: ToolCall; result: ToolResult }[]): { call: ToolCall; result: ToolResult }[];
}

/**
 * Merges the plain greps of one turn (no path, glob, context, paths or patterns of their own) into one
 * grep with `patterns`, so the tree is walked once instead of once per grep; each keeps its own hit
 * budget, so the results are those of the separate calls. With fewer than two such greps, nothing changes.
 */
export function batchGreps(calls: ToolCall[]): GrepBatch {
  const merged = calls.filter(isPlainGrep);
  if (merged.length < 2) return { calls, split: (results) => results };
  const id = `${merged[0].id}_batch`;
  const args: GrepArgs = {
    pattern: merged.map((call) => call.args.pattern).join(' | '),
    patterns: merged.map(({ args: a }) => ({ pattern: a.pattern, case_insensitive: a.case_insensitive, max_hits: a.max_hits })),
  };
  const batched: ToolCall = { id, name: 'grep', args };
  const out: ToolCall[] = calls.flatMap((call): ToolCall[] => (call === merged[0] ? [batched] : isPlainGrep(call) ? [] : [call]));
  return {
    calls: out,
    split: (results) => {
      // The Locator hands back copies of the calls, so they are matched by id.
      const order = new Map(calls.map((call, i) => [call.id, i]));
      const rank = (call: ToolCall) => order.get(call.id) ?? -1;
      const expanded = results.flatMap((entry) => {
        if (entry.call.id !== id) return [entry];
        const groups = entry.result.groups;
        // A failed merged call (cancelled, bad arguments) fails each of its greps the same way.
        return merged.map((call, i) => ({ call, result: groups?.[i] ?? entry.result }));
      });
      return expanded.sort((a, b) => rank(a.call) - rank(b.call));
    },
  };
}

function isPlainGrep(call: ToolCall): call is Extract<ToolCall, { name: 'grep' }> {
  if (call.name !== 'grep') return false;
  const a = call.args;
  return a.path === undefined && a.glob === undefined && a.context_lines === undefined && a.paths === undefined && a.patterns === undefined;
}
