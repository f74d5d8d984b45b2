// Extension-host main-thread lag per locate, tool helper vs in-process tools, measured inside a real
// VS Code (code-server) by the in-host suite test/integration/suite/hostLag.test.ts, both modes
// alternating in the same run. Needs `npm run build` and scripts/code-server/install.sh first.
// Usage: npx tsx bench/host-lag.ts      → bench/results/host-lag.json
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const out = path.resolve('bench', 'results', 'host-lag.json');
const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('test', 'integration', 'runTests.ts')], {
  stdio: 'inherit',
  env: { ...process.env, CODEGREP_TEST_GREP: 'extension host main thread', CODEGREP_HOST_LAG_OUT: out },
});
if (run.status !== 0) {
  console.error(`the in-host run failed (${run.status ?? run.signal})`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(out, 'utf8')) as { helper: object; inProcess: object; helperStart: object; hostRssMb: number };
console.log(JSON.stringify({ hostRssMb: report.hostRssMb, helperStart: report.helperStart, helper: report.helper, inProcess: report.inProcess }, null, 2));
