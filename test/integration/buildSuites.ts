/**
 * Bundles in-host suites with esbuild: the mocha entry (suite/index.ts) plus every `*.test.ts` of one
 * suite folder, one CommonJS file each, into .vscode-test/out/<name>-<pid>/ (inside the extension
 * folder, as the remote extension host requires; per process, so concurrent runs in one working copy
 * never delete each other's bundles). `vscode` comes from the host and mocha from node_modules.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../../scripts/code-server/paths';
import { onProcessExit } from '../../scripts/code-server/processGroup';

/** Builds test/integration/<folder>/**\/*.test.ts and returns the bundled index.js (the extensionTestsPath). */
export async function buildSuites(folder: 'suite' | 'restricted'): Promise<string> {
  const suiteDir = join(repoRoot, 'test', 'integration', folder);
  const outDir = join(repoRoot, '.vscode-test', 'out', `${folder === 'suite' ? 'integration' : folder}-${process.pid}`);
  const tests = readdirSync(suiteDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => ({ in: join(suiteDir, file), out: file.slice(0, -'.ts'.length) }));
  rmSync(outDir, { recursive: true, force: true });
  onProcessExit(() => rmSync(outDir, { recursive: true, force: true }));
  await build({
    entryPoints: [{ in: join(repoRoot, 'test', 'integration', 'suite', 'index.ts'), out: 'index' }, ...tests],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'error',
    external: ['vscode', 'mocha'],
  });
  return join(outDir, 'index.js');
}
