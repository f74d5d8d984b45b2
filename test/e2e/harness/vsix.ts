/**
 * The VSIX under test: built once per e2e process with the project's own `npm run package` (the
 * artifact users install), unless CODEGREP_E2E_VSIX names one already built.
 *
 * vsce lists every file under its working folder before applying .vscodeignore, and a working copy
 * can hold a huge gitignored eval cache (.cache/, 700k files: minutes of walking). So the package
 * script runs unchanged in a staging folder that holds only what a fresh checkout has: symlinks to
 * the sources, scripts and node_modules, and real copies of what the VSIX itself carries.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../../scripts/code-server/paths';
import { onProcessExit } from '../../../scripts/code-server/processGroup';

const run = promisify(execFile);
let built: Promise<string> | undefined;

// What the package script reads (linked; vsce does not descend into linked folders) and what the
// VSIX contains from the tree as it is (copied, so vsce sees real files).
const LINKED = ['package.json', 'package-lock.json', 'README.md', 'LICENSE', 'CHANGELOG.md', '.vscodeignore', 'tsconfig.json', 'src', 'webview-ui', 'scripts', 'node_modules', 'docs', 'bin'];
const COPIED = ['media'];

/** Packages the extension (build + vsce through `npm run package`) and returns the VSIX path. */
export function packagedVsix(): Promise<string> {
  const given = process.env.CODEGREP_E2E_VSIX;
  if (given) {
    if (!existsSync(given)) return Promise.reject(new Error(`CODEGREP_E2E_VSIX=${given} does not exist`));
    return Promise.resolve(given);
  }
  built ??= packageInStaging();
  return built;
}

async function packageInStaging(): Promise<string> {
  const outDir = join(repoRoot, '.vscode-test', 'e2e');
  mkdirSync(outDir, { recursive: true });
  // Per process: concurrent e2e runs in one working copy must not overwrite each other's VSIX.
  const vsix = join(outDir, `codegrep-e2e-${process.pid}.vsix`);
  rmSync(vsix, { force: true });
  onProcessExit(() => rmSync(vsix, { force: true }));
  const staging = mkdtempSync(join(tmpdir(), 'cg-package-'));
  const started = Date.now();
  try {
    for (const name of LINKED) if (existsSync(join(repoRoot, name))) symlinkSync(join(repoRoot, name), join(staging, name));
    for (const name of COPIED) if (existsSync(join(repoRoot, name))) cpSync(join(repoRoot, name), join(staging, name), { recursive: true });
    await run('npm', ['run', '--silent', 'package', '--', '--out', vsix], { cwd: staging, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`npm run package failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      },
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  if (!existsSync(vsix)) throw new Error(`npm run package did not write ${vsix}`);
  console.log(`      (packaged ${vsix} with npm run package in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return vsix;
}
