/** Where the real-VS-Code test tooling lives: the repo root, the cached code-server, the artifact folder. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (this file is scripts/code-server/paths.ts). */
export const repoRoot = resolve(__dirname, '..', '..');

/** code-server installed by scripts/code-server/install.sh. */
export const codeServerBin = join(repoRoot, '.vscode-test', 'code-server', 'node_modules', '.bin', 'code-server');

/** Debian's chromium, driven through playwright-core (never `playwright install`). */
export const chromiumBin = process.env.CODEGREP_CHROMIUM ?? '/usr/bin/chromium';

/** Test artifacts (logs, screenshots) kept by CI; gitignored. */
export const testResultsDir = resolve(process.env.CODEGREP_TEST_RESULTS ?? join(repoRoot, 'test-results'));

/** Throws an actionable error when the install script has not run. */
export function assertInstalled(): void {
  if (!existsSync(codeServerBin)) {
    throw new Error(`code-server is not installed at ${codeServerBin}. Run scripts/code-server/install.sh first.`);
  }
  if (!existsSync(chromiumBin)) {
    throw new Error(`chromium not found at ${chromiumBin}. Run scripts/code-server/install.sh (apt chromium) or set CODEGREP_CHROMIUM.`);
  }
}
