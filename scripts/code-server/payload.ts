/**
 * The in-host test flow that @vscode/test-electron normally gives, done in the web workbench: the
 * `payload` URL parameter makes the remote extension host load the extension from source
 * (extensionDevelopmentPath) and run a mocha module's `run()` (extensionTestsPath). The workbench
 * reports the outcome through `codeAutomationExit` and forwards extension-host console output to
 * `codeAutomationLog`, both exposed on the page before it loads.
 */
import { appendFileSync } from 'node:fs';
import { format } from 'node:util';
import type { Browser, ConsoleMessage } from 'playwright-core';

// Workbench chatter that says nothing about our tests (offline gallery, connection setup); kept in the log file only.
const NOISE = [
  /open-vsx\.org/,
  /File not found.*vsda/,
  /^(Resolving|Resolved) connection token/,
  /^Creating a socket/,
  /^\[Service Worker\]/,
  /^Updating additional builtin extensions cache/,
  /^ChatSessionStore:/,
  /^\[lifecycle\] Long running operations during shutdown/,
];

/** Builds `/?folder=...&payload=...` for a running code-server. */
export function workbenchUrl(origin: string, authority: string, folder: string | undefined, payload?: Record<string, string>): string {
  const params = new URLSearchParams();
  if (folder) params.set('folder', folder);
  if (payload) {
    const pairs = Object.entries(payload).map(([key, path]) => [key, `vscode-remote://${authority}${path}`]);
    params.set('payload', JSON.stringify(pairs));
  }
  return `${origin}/?${params.toString()}`;
}

/** Options for `runPayloadTests`. */
export interface PayloadRun {
  browser: Browser;
  url: string;
  /** Extension-host output (mocha's report) is printed here and appended to `logFile`. */
  logFile: string;
  /** Workbench console messages (warnings and errors) go here, for diagnosing activation problems. */
  consoleFile: string;
  timeoutMs: number;
}

/** Opens the workbench with a test payload and resolves with the exit code `run()` produced. */
export async function runPayloadTests(options: PayloadRun): Promise<number> {
  const page = await options.browser.newPage();
  let settle: (code: number) => void = () => undefined;
  const exitCode = new Promise<number>((resolve) => (settle = resolve));
  await page.exposeFunction('codeAutomationLog', (_level: unknown, args: unknown) => {
    const line = Array.isArray(args) ? format(...(args as unknown[])) : format(args);
    if (!NOISE.some((pattern) => pattern.test(line))) process.stdout.write(line.endsWith('\n') ? line : line + '\n');
    appendFileSync(options.logFile, line + '\n');
  });
  await page.exposeFunction('codeAutomationExit', (code: unknown) => settle(typeof code === 'number' ? code : 1));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      appendFileSync(options.consoleFile, `[${message.type()}] ${message.text()}\n`);
    }
  });
  page.on('pageerror', (error) => appendFileSync(options.consoleFile, `[pageerror] ${error.stack ?? error.message}\n`));
  await page.goto(options.url);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      const message = `in-host tests did not finish within ${options.timeoutMs} ms`;
      console.error(message);
      appendFileSync(options.logFile, message + '\n');
      resolve(1);
    }, options.timeoutMs);
  });
  try {
    return await Promise.race([exitCode, timeout]);
  } finally {
    clearTimeout(timer);
    await page.close().catch(() => undefined);
  }
}
