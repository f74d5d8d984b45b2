import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { existsSync } from 'node:fs';
import { CodeGrepError } from '../common/errors';
import { rgWatchdog } from './rgWatchdog';

/** Flags every rg call shares: deterministic config, hidden files, ignore files obeyed outside git repos too. */
export const RG_BASE_FLAGS = ['--no-config', '--hidden', '--no-require-git'] as const;

/**
 * The base flags plus no VCS dirs or dependency trees, for rg runs that no model steers (eval
 * baselines, benches). Tool calls use Workspace#rgFilterFlags, which adds credentials and excludes.
 */
export const RG_COMMON_FLAGS = [...RG_BASE_FLAGS, '--glob=!.git', '--glob=!node_modules'] as const;

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
  /** Records longer than MAX_RECORD_BYTES that were skipped. */
  skipped: number;
}

/** Options for one rg process. */
export interface RgRunOptions {
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** Output record separator: `\n` for --json, `\0` for --files -0. */
  separator?: '\n' | '\0';
  /** Bytes dropped from the start of each record that begins with them (the root path), before decoding. */
  stripPrefix?: Buffer;
  /** Gets each record; `stripped` says whether `stripPrefix` was removed from it. */
  onRecord: (record: string, stripped: boolean) => LineVerdict;
  /**
   * No record reaches `onRecord` before this settles (a slice of a split walk waits for the slices
   * before it); meanwhile output is queued, and rg is paused once HELD_BYTES are queued.
   */
  heldUntil?: Promise<void>;
  /** Called once rg has exited, which may be before its held output is handed over. */
  onExit?: () => void;
  /** Text for rg's stdin (searched with the path `-`: the terminal's pipes); without it, stdin is closed. */
  input?: string;
}

/** Output queued for a held rg before its pipe is paused (rg then blocks until released). */
const HELD_BYTES = 8 * 1024 * 1024;

const STDERR_CAP = 4096;
/** Records (rg JSON lines) above this are skipped: a match in a 100 MB minified line must not exhaust memory. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/**
 * Runs rg, streaming stdout records to `onRecord`. Resolves only after the process
 * has exited, so no rg survives a stop, a timeout or an abort (abort rejects with 'cancelled').
 */
export function runRipgrep(args: readonly string[], options: RgRunOptions): Promise<RgOutcome> {
  const { signal, separator = '\n' } = options;
  if (signal.aborted) return Promise.reject(cancelled());
  let child: ChildProcessByStdio<Writable | null, Readable, Readable>;
  try {
    const stdin = options.input === undefined ? 'ignore' : 'pipe';
    child = spawn(ripgrepPath(), args, { cwd: options.cwd, stdio: [stdin, 'pipe', 'pipe'], windowsHide: true }) as ChildProcessByStdio<Writable | null, Readable, Readable>;
  } catch (error) {
    // Some failures (E2BIG: a command line over the OS limit) are thrown, not emitted.
    if (error instanceof CodeGrepError) throw error;
    return Promise.reject(spawnFailure(error instanceof Error ? error : new Error(String(error))));
  }
  // If this process dies without killing rg (SIGKILL, a crash), the watchdog does.
  rgWatchdog.track(child.pid);
  return new Promise<RgOutcome>((resolve, reject) => {
    let skipped = 0;
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

    const sepByte = separator.charCodeAt(0);
    // Bytes of the unfinished record, kept as parts so a huge record costs no quadratic copying.
    let parts: Buffer[] = [];
    let partsLen = 0;
    let oversized = false;
    const prefix = options.stripPrefix;
    const emit = (record: string): boolean => record.length > 0 && options.onRecord(record, false) === 'stop';
    // Decoding only the part after the prefix saves one string per record (thousands per listing).
    const emitSlice = (data: Buffer, start: number, end: number): boolean => {
      if (prefix && end - start > prefix.length && data.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0) {
        return options.onRecord(data.toString('utf8', start + prefix.length, end), true) === 'stop';
      }
      return emit(data.toString('utf8', start, end));
    };
    const feed = (data: Buffer) => {
      let start = 0;
      for (let end = data.indexOf(sepByte, start); end !== -1; end = data.indexOf(sepByte, start)) {
        let verdictStop: boolean;
        if (partsLen > 0 || oversized) {
          const record = oversized ? undefined : Buffer.concat([...parts, data.subarray(start, end)]);
          if (oversized) skipped++;
          parts = [];
          partsLen = 0;
          oversized = false;
          verdictStop = record !== undefined && emitSlice(record, 0, record.length);
        } else {
          verdictStop = end > start && emitSlice(data, start, end);
        }
        if (verdictStop) return stop();
        start = end + 1;
      }
      if (start >= data.length || oversized) return;
      partsLen += data.length - start;
      if (partsLen > MAX_RECORD_BYTES) {
        oversized = true;
        parts = [];
      } else {
        parts.push(start === 0 ? data : data.subarray(start));
      }
    };
    // While held, chunks wait in order; the last record and the outcome wait for the release too.
    let held: Buffer[] | undefined = options.heldUntil ? [] : undefined;
    let heldBytes = 0;
    let exitCode: number | null | undefined;
    child.stdout.on('data', (data: Buffer) => {
      // A cancelled rg may still have output in its pipe: it reaches no one.
      if (aborted) return;
      if (!held) return feed(data);
      held.push(data);
      heldBytes += data.length;
      if (heldBytes > HELD_BYTES) child.stdout.pause();
    });
    const release = () => {
      const queued = held ?? [];
      held = undefined;
      // Output of a run cancelled or timed out while held is dropped, as a killed rg's would be.
      for (const data of queued) {
        if (stopped || aborted || timedOut) break;
        feed(data);
      }
      child.stdout.resume();
      if (exitCode !== undefined) finish(exitCode);
    };
    options.heldUntil?.then(release, release);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < STDERR_CAP) stderr += chunk.slice(0, STDERR_CAP - stderr.length);
    });
    let settled = false;
    const finish = (code: number | null) => {
      if (settled) return;
      if (held && !stopped && !timedOut && !aborted && !spawnError) {
        exitCode = code;
        return;
      }
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (!stopped && !timedOut && !aborted) {
        if (oversized) skipped++;
        else if (partsLen > 0) {
          const record = Buffer.concat(parts);
          emitSlice(record, 0, record.length);
        }
      }
      if (aborted) return reject(cancelled());
      if (spawnError) return reject(spawnFailure(spawnError));
      resolve({ code, stderr, stopped, timedOut, skipped });
    };
    let exited = false;
    // At exit, not when the result is handed over: a held rg may be gone long before, and its pid reused.
    const onExit = () => {
      if (exited) return;
      exited = true;
      rgWatchdog.untrack(child.pid);
      options.onExit?.();
    };
    child.on('error', (error) => {
      spawnError = error;
      // A process that never started emits no 'close'.
      if (child.pid === undefined) {
        onExit();
        finish(null);
      }
    });
    child.on('close', (code) => {
      onExit();
      finish(code);
    });
    if (child.stdin) {
      // rg killed or stopped before it read everything: the broken pipe is expected, not an error.
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input);
    }
  });
}

/** A clear error for an rg that never started; E2BIG means the command line was too long for the OS. */
function spawnFailure(error: Error): CodeGrepError {
  if ((error as NodeJS.ErrnoException).code === 'E2BIG') {
    return new CodeGrepError('bad-input', 'pattern too long: the search is longer than the operating system allows on a command line; search for a shorter part of it.');
  }
  return new CodeGrepError('internal', `could not start ripgrep: ${error.message}`, 'open-logs');
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
