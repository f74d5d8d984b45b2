import type { ToolCall, ToolResult } from './tools';

type GrepCall = Extract<ToolCall, { name: 'grep' }>;

/**
 * The greps of one turn that search the same place, run as one multi-pattern grep (one rg process and one
 * read of the files instead of one per grep) and handed back one result per grep: the workspace-wide ones
 * as one walk of the tree, and those over the same `paths` (the embedded brain's checks of its leading
 * files) as one search of those files. The multi-pattern grep gives each search exactly the result it gets
 * alone (its own hit budget, caps and early stop), so nothing but the time changes: the brain, the
 * trajectory and the panel still see separate calls.
 *
 * Returns a result promise per merged call id; calls it does not merge are absent. A place with fewer than
 * two plain greps (nothing but a pattern, its case, its hit budget and `paths`) merges nothing.
 */
export function shareGrepWalk(calls: ToolCall[], run: (call: ToolCall) => Promise<ToolResult>): Map<string, Promise<ToolResult>> {
  const byPlace = new Map<string, GrepCall[]>();
  for (const call of calls.filter(isPlainGrep)) {
    const place = JSON.stringify(call.args.paths ?? null);
    byPlace.set(place, [...(byPlace.get(place) ?? []), call]);
  }
  const shared = new Map<string, Promise<ToolResult>>();
  for (const merged of byPlace.values()) {
    if (merged.length < 2) continue;
    const paths = merged[0].args.paths;
    const walk: ToolCall = {
      id: `${merged[0].id}_walk`,
      name: 'grep',
      args: {
        pattern: merged.map((call) => call.args.pattern).join(' | '),
        patterns: merged.map(({ args: a }) => ({ pattern: a.pattern, case_insensitive: a.case_insensitive, max_hits: a.max_hits })),
        ...(paths !== undefined ? { paths } : {}),
      },
    };
    const results = run(walk).then((result) =>
      // A merged call refused as a whole (bad arguments): each grep runs alone and says what is wrong with it.
      result.groups?.length === merged.length ? result.groups : Promise.all(merged.map((call) => run(call))),
    );
    merged.forEach((call, i) => shared.set(call.id, results.then((groups) => groups[i])));
  }
  return shared;
}

/** Arguments a merged grep keeps per search, and the one place all of a merge share; a grep with any other (path, glob, context…) runs alone. */
const PER_SEARCH = new Set(['pattern', 'case_insensitive', 'max_hits', 'paths']);

function isPlainGrep(call: ToolCall): call is GrepCall {
  return call.name === 'grep' && typeof call.args.pattern === 'string' && Object.keys(call.args).every((key) => PER_SEARCH.has(key)) && (call.args.paths === undefined || Array.isArray(call.args.paths));
}
