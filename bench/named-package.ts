// Named packages: embedded-brain locate latency on the bench monorepo for an issue that names a workspace
// package (one more grep, of the package.json files) against the same issue without the name, same run,
// interleaved, a fresh runner per locate (as a CLI call). Also prints each one's answer.
// Usage: npx tsx bench/named-package.ts [--size 20000] [--runs 9]; results in bench/results/named-package-<size>.json.
import { writeFileSync } from 'node:fs';
import type { Issue } from '../src/common/issue';
import { createEmbeddedBrain } from '../src/core/embedded/index';
import { Locator } from '../src/core/locator';
import { NodeToolRunner } from '../src/tools/runner';
import { buildMonorepo } from './lib/monorepoTree';
import { median } from './lib/stats';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SIZE = Number(arg('size', '20000'));
const RUNS = Number(arg('runs', '9'));

// tutanota's workspace packages are in the bench tree: `@tutao/tutanota-utils` is packages/tutanota-utils/.
const body = 'Calling `getStartOfDay` on a date in the DST change returns the previous day.\n\n```ts\nimport { getStartOfDay } from "@tutao/tutanota-utils";\ngetStartOfDay(new Date(2023, 2, 26, 1));\n```';
const NAMED: Issue = { title: 'getStartOfDay returns the wrong day on DST change', body };
const UNNAMED: Issue = { title: NAMED.title, body: body.replace('"@tutao/tutanota-utils"', '"./utils"') };

async function locate(dir: string, issue: Issue): Promise<{ ms: number; answer: string[] }> {
  const t0 = performance.now();
  const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
  return { ms: performance.now() - t0, answer: result.candidates.map((c) => c.path) };
}

async function main(): Promise<void> {
  const tree = buildMonorepo(SIZE);
  const times = { named: [] as number[], unnamed: [] as number[] };
  const answers = { named: [] as string[], unnamed: [] as string[] };
  await locate(tree.dir, NAMED); // warm the page cache and rg for both
  await locate(tree.dir, UNNAMED);
  for (let run = 0; run < RUNS; run++) {
    for (const kind of ['named', 'unnamed'] as const) {
      const { ms, answer } = await locate(tree.dir, kind === 'named' ? NAMED : UNNAMED);
      times[kind].push(ms);
      answers[kind] = answer;
    }
  }
  const p50 = median;
  const summary = {
    size: SIZE,
    runs: RUNS,
    namedP50Ms: Math.round(p50(times.named)),
    unnamedP50Ms: Math.round(p50(times.unnamed)),
    ratioP50: Math.round((p50(times.named) / p50(times.unnamed)) * 100) / 100,
    answers,
  };
  console.log(JSON.stringify(summary, null, 2));
  writeFileSync(`bench/results/named-package-${SIZE}.json`, `${JSON.stringify(summary, null, 2)}\n`);
}

void main();
