/**
 * Runs glob matches and tool calls in a worker thread for wildcard.test.ts. A backtracking regex cannot be
 * stopped from its own thread, so a regression there would hang the test run; terminating this worker stops
 * it, and the test fails on its deadline instead.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ToolCall } from '../../../src/common/tools';
import { NodeToolRunner } from '../../../src/tools/runner';
import { compileGlob, compileWildcard } from '../../../src/tools/wildcard';

export interface ProbeRequest {
  /** [pattern, path, kind] tested by compileGlob (`glob`) or as a `find -path` wildcard (`cross`). */
  matches: [string, string, 'glob' | 'cross'][];
  /** Tool calls run on `root`; each answers its text, count and paths. */
  root?: string;
  calls: ToolCall[];
}

async function probe({ matches, root, calls }: ProbeRequest): Promise<unknown> {
  const answers = matches.map(([pattern, path, kind]) => {
    const matcher = kind === 'cross' ? compileWildcard(pattern, { crossSlash: true }) : compileGlob(pattern);
    return 'error' in matcher ? matcher.error : matcher.test(path);
  });
  const runner = root ? new NodeToolRunner({ roots: [root] }) : undefined;
  const results = [];
  for (const call of calls) {
    const result = await runner!.run(call, new AbortController().signal);
    results.push({ text: result.text, count: result.count, paths: result.paths, exitCode: result.exitCode });
  }
  return { answers, results };
}

if (parentPort) void probe(workerData as ProbeRequest).then((answer) => parentPort!.postMessage(answer));
