/**
 * Bundles the in-host suites with esbuild: suite/index.ts plus every suite/**\/*.test.ts, one CommonJS
 * file each, into .vscode-test/out/integration/ (inside the extension folder, as the remote extension
 * host requires). `vscode` comes from the host and mocha from node_modules, so neither is bundled.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../../scripts/code-server/paths';

/** Where the bundled suites land; index.js there is the extensionTestsPath. */
export const suitesOutDir = join(repoRoot, '.vscode-test', 'out', 'integration');

/** Builds the suites and returns the path of the bundled index.js. */
export async function buildSuites(): Promise<string> {
  const suiteDir = join(repoRoot, 'test', 'integration', 'suite');
  const entries = readdirSync(suiteDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'index.ts' || file.endsWith('.test.ts'))
    .map((file) => join(suiteDir, file));
  rmSync(suitesOutDir, { recursive: true, force: true });
  await build({
    entryPoints: entries,
    outdir: suitesOutDir,
    outbase: suiteDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'error',
    external: ['vscode', 'mocha'],
  });
  return join(suitesOutDir, 'index.js');
}

/** Relative name of a bundled suite, for logs. */
export function suiteName(file: string): string {
  return relative(suitesOutDir, file);
}
