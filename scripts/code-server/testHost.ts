/**
 * A stand-in for the VS Code executable that @vscode/test-electron's `runTests({ vscodeExecutablePath })`
 * launches. It accepts test-electron's arguments and runs the same extension tests in code-server's
 * extension host (see payload.ts), then exits with the suite's exit code. Launched through the
 * `vscode-test-host` shim next to this file.
 *
 * Environment: CODEGREP_TEST_LABEL names the artifact folder under test-results/ (default
 * "integration"); CODEGREP_TEST_TIMEOUT_MS bounds the whole run (default 300000);
 * CODEGREP_TEST_WORKSPACE_TRUST=on keeps workspace trust on although test-electron always passes
 * --disable-workspace-trust, so the folder opens in Restricted Mode (untrusted, no prompt).
 */
import { mkdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { launchChromium } from './browser';
import { startCodeServer, type CodeServer } from './codeServer';
import { testResultsDir } from './paths';
import { runPayloadTests, workbenchUrl } from './payload';
import { createProfile } from './profile';
import type { Browser } from 'playwright-core';

/** What test-electron asked for. */
export interface HostArgs {
  extensionDevelopmentPath: string;
  extensionTestsPath: string;
  userDataDir?: string;
  extensionsDir?: string;
  folder?: string;
  disableWorkspaceTrust: boolean;
}

// Desktop-only switches test-electron always passes; they mean nothing to code-server.
const IGNORED = new Set(['--no-sandbox', '--disable-gpu-sandbox', '--disable-updates', '--skip-welcome', '--skip-release-notes', '--disable-extensions', '--new-window']);

/** Parses test-electron's command line; throws on anything it cannot honour rather than ignoring it. */
export function parseHostArgs(argv: string[]): HostArgs {
  const values = new Map<string, string[]>();
  const folders: string[] = [];
  let disableWorkspaceTrust = false;
  for (const arg of argv) {
    const match = /^--([\w-]+)=(.*)$/s.exec(arg);
    if (match) {
      values.set(match[1], [...(values.get(match[1]) ?? []), match[2]]);
    } else if (arg === '--disable-workspace-trust') {
      disableWorkspaceTrust = true;
    } else if (IGNORED.has(arg)) {
      continue;
    } else if (arg.startsWith('-')) {
      throw new Error(`vscode-test-host: unsupported argument ${arg}`);
    } else {
      folders.push(arg);
    }
  }
  const one = (name: string, required: boolean): string | undefined => {
    const found = values.get(name) ?? [];
    if (found.length > 1) throw new Error(`vscode-test-host: --${name} given ${found.length} times; only one is supported`);
    if (required && found.length === 0) throw new Error(`vscode-test-host: --${name}= is required`);
    return found[0] === undefined ? undefined : resolve(found[0]);
  };
  for (const name of values.keys()) {
    if (!['extensionDevelopmentPath', 'extensionTestsPath', 'user-data-dir', 'extensions-dir'].includes(name)) {
      throw new Error(`vscode-test-host: unsupported argument --${name}=`);
    }
  }
  if (folders.length > 1) throw new Error('vscode-test-host: open one folder (multi-root workspaces are not supported here)');
  const args: HostArgs = {
    extensionDevelopmentPath: one('extensionDevelopmentPath', true) as string,
    extensionTestsPath: one('extensionTestsPath', true) as string,
    userDataDir: one('user-data-dir', false),
    extensionsDir: one('extensions-dir', false),
    folder: folders[0] === undefined ? undefined : resolve(folders[0]),
    disableWorkspaceTrust,
  };
  const inside = args.extensionTestsPath.startsWith(args.extensionDevelopmentPath + '/');
  if (!inside || !isAbsolute(args.extensionTestsPath)) {
    throw new Error('vscode-test-host: extensionTestsPath must lie inside extensionDevelopmentPath (the remote host only serves that folder)');
  }
  return args;
}

async function main(): Promise<number> {
  const args = parseHostArgs(process.argv.slice(2));
  if (process.env.CODEGREP_TEST_WORKSPACE_TRUST === 'on') args.disableWorkspaceTrust = false;
  const label = process.env.CODEGREP_TEST_LABEL ?? 'integration';
  const timeoutMs = Number(process.env.CODEGREP_TEST_TIMEOUT_MS ?? 300_000);
  const outDir = join(testResultsDir, label);
  mkdirSync(outDir, { recursive: true });
  const profile = createProfile({ userDataDir: args.userDataDir, extensionsDir: args.extensionsDir, workspaceTrust: !args.disableWorkspaceTrust });
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startCodeServer({ profile, logFile: join(outDir, 'code-server.log'), disableWorkspaceTrust: args.disableWorkspaceTrust });
    browser = await launchChromium();
    const url = workbenchUrl(server.origin, server.authority, args.folder, {
      extensionDevelopmentPath: args.extensionDevelopmentPath,
      extensionTestsPath: args.extensionTestsPath,
    });
    return await runPayloadTests({
      browser,
      url,
      logFile: join(outDir, 'extension-host.log'),
      consoleFile: join(outDir, 'workbench-console.log'),
      timeoutMs,
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    profile.dispose();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
