// Runs every benchmark in sequence (`npm run bench`), or the ones named: `npm run bench -- latency footprint`.
// Each runs in its own process so one's memory and caches do not colour the next; a failure is reported
// and the rest still run. Results land in bench/results/*.json, method and numbers in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/** Cheapest first, so a broken setup shows up early. */
const BENCHES = ['footprint', 'glob-matcher', 'mining-shapes', 'ranker', 'library-issues', 'source-issues', 'tools', 'agent-loop', 'latency', 'eval-throughput', 'eval-memory', 'env-episodes', 'host-lag', 'monorepo'];

function main(): number {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !BENCHES.includes(name));
  if (unknown.length) {
    console.error(`Unknown bench ${unknown.join(', ')}; choose from ${BENCHES.join(', ')}.`);
    return 2;
  }
  const selected = wanted.length ? BENCHES.filter((name) => wanted.includes(name)) : BENCHES;
  const outcomes: { name: string; ok: boolean; seconds: number }[] = [];
  for (const name of selected) {
    console.log(`\n=== bench/${name}.ts ===`);
    const started = Date.now();
    const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join('bench', `${name}.ts`)], { stdio: 'inherit' });
    const ok = result.status === 0;
    outcomes.push({ name, ok, seconds: (Date.now() - started) / 1000 });
    if (!ok) console.error(`bench/${name}.ts failed (exit ${result.status ?? result.signal}); continuing.`);
  }
  console.log('\n=== summary ===');
  for (const o of outcomes) console.log(`${o.ok ? 'ok    ' : 'FAILED'} ${o.name} (${o.seconds.toFixed(0)} s)`);
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

process.exit(main());
