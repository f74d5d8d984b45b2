/**
 * Runs the in-host integration suites inside a real VS Code 1.100 through @vscode/test-electron's
 * runTests. Here VS Code is code-server, launched by our vscode-test-host executable; with
 * CODEGREP_VSCODE=desktop, runTests downloads desktop VS Code 1.100.3 instead (needs the network and a
 * display). Two runs, each on a fresh fixture repository and profile:
 *   - test/integration/suite: trusted workspace (everything else);
 *   - test/integration/restricted: workspace trust on, the folder untrusted (Restricted Mode).
 * Exits non-zero when any test fails.
 *
 *   node --import tsx test/integration/runTests.ts          # after `npm run build`
 *   CODEGREP_TEST_GREP=activation node --import tsx ...     # only matching tests
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests, TestRunFailedError } from '@vscode/test-electron';
import { repoRoot } from '../../scripts/code-server/paths';
import { onProcessExit } from '../../scripts/code-server/processGroup';
import { buildSuites } from './buildSuites';
import { createFixtureWorkspace } from './fixture/createFixture';

/** One in-host run. */
interface SuiteRun {
  folder: 'suite' | 'restricted';
  /** Artifact folder under test-results/. */
  label: string;
  env: Record<string, string>;
}

const RUNS: SuiteRun[] = [
  { folder: 'suite', label: 'integration', env: {} },
  { folder: 'restricted', label: 'integration-restricted', env: { CODEGREP_TEST_WORKSPACE_TRUST: 'on' } },
];

// Ctrl+C: during a run, test-electron stops the host (which kills code-server) and we stop after it;
// between runs, stop at once. The exit hooks then remove the fixture and profile folders.
let interrupted = false;
let inRun = false;
process.on('SIGINT', () => {
  interrupted = true;
  if (!inRun) process.exit(130);
});

async function runSuite(run: SuiteRun): Promise<number> {
  const extensionTestsPath = await buildSuites(run.folder);
  const fixture = createFixtureWorkspace();
  const profileDir = mkdtempSync(join(tmpdir(), 'cg-it-'));
  const removeProfile = () => rmSync(profileDir, { recursive: true, force: true });
  // Also removed on an exit that skips the finally below (process.exit elsewhere, a fatal error).
  const unregister = onProcessExit(removeProfile);
  const desktop = process.env.CODEGREP_VSCODE === 'desktop';
  try {
    inRun = true;
    return await runTests({
      ...(desktop ? { version: '1.100.3' } : { vscodeExecutablePath: join(repoRoot, 'scripts', 'code-server', 'vscode-test-host') }),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath,
      launchArgs: [fixture.dir, `--user-data-dir=${join(profileDir, 'user')}`, `--extensions-dir=${join(profileDir, 'ext')}`],
      extensionTestsEnv: { CODEGREP_FIXTURE_WORKSPACE: fixture.dir, CODEGREP_TEST_LABEL: run.label, ...passThrough(), ...run.env },
    });
  } catch (error) {
    if (error instanceof TestRunFailedError) return typeof error.code === 'number' && error.code !== 0 ? error.code : 1;
    throw error;
  } finally {
    inRun = false;
    fixture.dispose();
    unregister();
    removeProfile();
  }
}

/** Variables the in-host suites read from the caller (bench/host-lag.ts sets CODEGREP_HOST_LAG_OUT). */
function passThrough(): Record<string, string> {
  const out = process.env.CODEGREP_HOST_LAG_OUT;
  return out ? { CODEGREP_HOST_LAG_OUT: out } : {};
}

async function main(): Promise<number> {
  let worst = 0;
  for (const run of RUNS) {
    const started = Date.now();
    const code = await runSuite(run);
    console.log(`${run.label}: exit ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (interrupted) return 130;
    worst ||= code;
  }
  return worst;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
