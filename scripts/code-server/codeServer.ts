/**
 * Starts code-server 4.100.3 (VS Code 1.100.3 with a real Node extension host) on a free loopback port,
 * in its own process group, and installs VSIX files into a profile.
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { get } from 'node:http';
import { promisify } from 'node:util';
import { assertInstalled, codeServerBin } from './paths';
import { spawnGroup, stopGroup } from './processGroup';
import type { CodeServerProfile } from './profile';

const run = promisify(execFile);

/** A running code-server. */
export interface CodeServer {
  port: number;
  /** `http://127.0.0.1:PORT`, a secure context for webviews. */
  origin: string;
  /** The authority that `vscode-remote://` URIs of this server use. */
  authority: string;
  /** Kills the whole process group (extension host, watcher, language servers). */
  stop(): Promise<void>;
}

/** Options for `startCodeServer`. */
export interface StartOptions {
  profile: CodeServerProfile;
  /** Extra environment; it reaches the extension host (fixture paths, result files). */
  env?: NodeJS.ProcessEnv;
  /** Where code-server's stdout/stderr go. */
  logFile: string;
  /** Pass --disable-workspace-trust (test-electron always does). */
  disableWorkspaceTrust?: boolean;
  startTimeoutMs?: number;
}

/** The flags every instance gets; `--config` keeps code-server away from ~/.config. */
function baseArgs(profile: CodeServerProfile): string[] {
  return ['--config', profile.config, '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir];
}

/** Installs a VSIX into the profile's extensions folder (about 3 s). */
export async function installExtension(profile: CodeServerProfile, vsix: string): Promise<void> {
  assertInstalled();
  await run(codeServerBin, [...baseArgs(profile), '--install-extension', vsix, '--force'], { timeout: 60_000 });
}

/** Starts code-server and resolves once /healthz answers 200. */
export async function startCodeServer(options: StartOptions): Promise<CodeServer> {
  assertInstalled();
  const args = [
    ...baseArgs(options.profile),
    '--bind-addr', '127.0.0.1:0',
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
  ];
  if (options.disableWorkspaceTrust ?? true) args.push('--disable-workspace-trust');
  const log = createWriteStream(options.logFile);
  const child = spawnGroup(codeServerBin, args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.pipe(log);
  const stop = () => stopGroup(child);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(
        () => reject(new Error(`code-server did not listen within ${options.startTimeoutMs ?? 30_000} ms; see ${options.logFile}`)),
        options.startTimeoutMs ?? 30_000,
      );
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`code-server exited (${code ?? signal}) before listening; see ${options.logFile}`));
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        log.write(chunk);
        seen += chunk.toString();
        const match = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(seen);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const origin = `http://127.0.0.1:${port}`;
    await waitForHealthz(origin, 15_000);
    return { port, origin, authority: `127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForHealthz(origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await new Promise<number>((resolve) => {
      const request = get(`${origin}/healthz`, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', () => resolve(0));
      request.setTimeout(2000, () => request.destroy());
    });
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`code-server at ${origin} is not healthy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
