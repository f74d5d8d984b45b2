import type { ToolCall, ToolResult } from './tools';

/**
 * The workspace-wide greps of one turn, run as one multi-pattern grep (one walk of the tree instead of
 * one per grep) and handed back one result per grep. The multi-pattern grep gives each search exactly
 * the result it gets alone (its own hit budget, caps and early stop), so nothing but the time changes:
 * the brain, the trajectory and the panel still see separate calls.
 *
 * Returns a result promise per merged call id; calls it does not merge are absent. With fewer than two
 * plain greps (nothing but a pattern, its case and its hit budget) it merges nothing.
 */
export function shareGrepWalk(calls: ToolCall[], run: (call: ToolCall) => Promise<ToolResult>): Map<string, Promise<ToolResult>> {
  const merged = calls.filter(isPlainGrep);
  const shared = new Map<string, Promise<ToolResult>>();
  if (merged.length < 2) return shared;
  const walk: ToolCall = {
    id: `${merged[0].id}_walk`,
    name: 'grep',
    args: {
      pattern: merged.map((call) => call.args.pattern).join(' | '),
      patterns: merged.map(({ args: a }) => ({ pattern: a.pattern, case_insensitive: a.case_insensitive, max_hits: a.max_hits })),
    },
  };
  const results = run(walk).then((result) =>
    // A merged call refused as a whole (bad arguments): each grep runs alone and says what is wrong with it.
    result.groups?.length === merged.length ? result.groups : Promise.all(merged.map((call) => run(call))),
  );
  merged.forEach((call, i) => shared.set(call.id, results.then((groups) => groups[i])));
  return shared;
}

/** Arguments a merged grep keeps per search; a grep with any other (path, glob, context…) runs alone. */
const PER_SEARCH = new Set(['pattern', 'case_insensitive', 'max_hits']);

function isPlainGrep(call: ToolCall): call is Extract<ToolCall, { name: 'grep' }> {
  return call.name === 'grep' && typeof call.args.pattern === 'string' && Object.keys(call.args).every((key) => PER_SEARCH.has(key));
}
