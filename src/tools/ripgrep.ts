import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CodeGrepError } from '../common/errors';

/** Flags every rg call shares: deterministic config, hidden files, no VCS dirs or dependency trees. */
export const RG_COMMON_FLAGS = [
  '--no-config',
  '--hidden',
  '--no-require-git',
  '--glob=!.git',
  '--glob=!node_modules',
] as const;

let cachedRgPath: string | undefined;

/**
 * Path of the rg binary: `CODEGREP_RG_PATH` if set, else the binary of the
 * `@vscode/ripgrep-<platform>-<arch>` package resolved at run time (never bundled).
 */
export function ripgrepPath(): string {
  const override = process.env.CODEGREP_RG_PATH;
  if (override) {
    if (!existsSync(override)) throw new CodeGrepError('bad-input', `CODEGREP_RG_PATH points to ${override}, which does not exist.`);
    return override;
  }
  if (cachedRgPath) return cachedRgPath;
  const pkg = `@vscode/ripgrep-${process.platform}-${process.arch}`;
  const exe = process.platform === 'win32' ? 'rg.exe' : 'rg';
  try {
    cachedRgPath = require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    throw new CodeGrepError(
      'internal',
      `ripgrep is missing: the package ${pkg} is not installed. Reinstall the extension for this platform or set CODEGREP_RG_PATH to an rg binary.`,
    );
  }
  return cachedRgPath;
}

/** What the line callback tells the runner: keep streaming, or stop and kill rg. */
export type LineVerdict = 'more' | 'stop';

/** How one rg process ended. */
export interface RgOutcome {
  /** Exit code, or null when we killed it. */
  code: number | null;
  stderr: string;
  /** We stopped it early because the caller had enough. */
  stopped: boolean;
  timedOut: boolean;
}

/** Options for one rg process. */
export interface RgRunOptions {
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** Output record separator: `\n` for --json, `\0` for --files -0. */
  separator?: '\n' | '\0';
  onRecord: (record: string) => LineVerdict;
}

const STDERR_CAP = 4096;

/**
 * Runs rg, streaming stdout records to `onRecord`. Resolves only after the process
 * has exited, so no rg survives a stop, a timeout or an abort (abort rejects with 'cancelled').
 */
export function runRipgrep(args: readonly string[], options: RgRunOptions): Promise<RgOutcome> {
  const { signal, separator = '\n' } = options;
  if (signal.aborted) return Promise.reject(cancelled());
  const child = spawn(ripgrepPath(), args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  return new Promise<RgOutcome>((resolve, reject) => {
    let pending = '';
    let stderr = '';
    let stopped = false;
    let timedOut = false;
    let aborted = false;
    let spawnError: Error | undefined;
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const stop = () => {
      stopped = true;
      child.stdout.removeAllListeners('data');
      kill();
    };
    const onAbort = () => {
      aborted = true;
      kill();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });

    const feed = (chunk: string) => {
      pending += chunk;
      let start = 0;
      let end = pending.indexOf(separator, start);
      while (end !== -1) {
        if (end > start && options.onRecord(pending.slice(start, end)) === 'stop') return stop();
        start = end + 1;
        end = pending.indexOf(separator, start);
      }
      pending = start === 0 ? pending : pending.slice(start);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', feed);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < STDERR_CAP) stderr += chunk.slice(0, STDERR_CAP - stderr.length);
    });
    let settled = false;
    const finish = (code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (!stopped && !timedOut && !aborted && pending.length > 0) options.onRecord(pending);
      if (aborted) return reject(cancelled());
      if (spawnError) return reject(new CodeGrepError('internal', `could not start ripgrep: ${spawnError.message}`, 'open-logs'));
      resolve({ code, stderr, stopped, timedOut });
    };
    child.on('error', (error) => {
      spawnError = error;
      // A process that never started emits no 'close'.
      if (child.pid === undefined) finish(null);
    });
    child.on('close', (code) => finish(code));
  });
}

function cancelled(): CodeGrepError {
  return new CodeGrepError('cancelled', 'The run was cancelled.');
}

/** Shortens rg's stderr to the one line a model needs ("invalid regex: unclosed group; ..."). */
export function summarizeRgError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const head = lines[0]?.replace(/^rg:\s*/, '') ?? 'ripgrep failed';
  if (/regex/i.test(head)) {
    // With --engine=auto rg reports both engines; PCRE2's reason is the one that rules the fallback.
    const pcre = lines.find((line) => line.startsWith('PCRE2:'));
    const rust = lines.find((line) => line.startsWith('error:'));
    const detail = pcre ? pcre.replace(/^PCRE2:\s*(error compiling pattern at offset \d+:\s*)?/, '') : rust?.replace(/^error:\s*/, '');
    return `invalid regex: ${detail ?? head}; escape special characters such as ( [ { with \\ to match them literally.`;
  }
  return head.length > 300 ? `${head.slice(0, 300)}…` : head;
}
