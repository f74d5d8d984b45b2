import { fork, type ChildProcess } from 'node:child_process';
import { CodeGrepError } from '../common/errors';
import type { ToolCall, ToolResult, ToolRunner } from '../common/tools';
import type { HelperMessage, HostMessage, RunnerKey } from './protocol';

/** How to start the helper process. */
export interface ToolHostOptions {
  /** The helper's entry: dist/toolHost.js next to the extension bundle. */
  script: string;
  /** Node flags for the helper (tests run the TypeScript entry through tsx). */
  execArgv?: string[];
  /** The helper exits after this long without a request, giving its memory back. */
  idleMs?: number;
}

type Request = HostMessage & { id: number };
type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
interface Pending {
  resolve: (message: HelperMessage) => void;
  reject: (error: unknown) => void;
}

const STDERR_KEPT = 2048;

/**
 * The host side of the tool helper (main.ts): starts it on first use, sends it requests, and
 * restarts it if it dies. Only messages cross the main thread; rg is spawned in the helper.
 */
export class ToolHost {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private stderr = '';
  /** How long the last helper start blocked the calling thread (fork is synchronous), in ms. */
  lastStartMs = 0;
  /** How many times a helper was started. */
  starts = 0;

  constructor(private readonly options: ToolHostOptions) {}

  /** The running helper's pid, if one runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Sends a request and waits for its answer; abort sends a cancel and rejects at once with 'cancelled'. */
  request(body: RequestBody, signal?: AbortSignal): Promise<HelperMessage> {
    if (signal?.aborted) return Promise.reject(cancelled());
    const child = this.ensure();
    const id = this.nextId++;
    return new Promise<HelperMessage>((resolve, reject) => {
      const onAbort = () => {
        this.settle(id);
        this.post({ type: 'cancel', id });
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (message) => (done(), resolve(message)),
        reject: (error) => (done(), reject(error)),
      });
      this.refWhileBusy();
      child.send({ ...body, id } as Request);
    });
  }

  /** Sends a message that needs no answer (warm-up, invalidate, cancel). */
  post(message: HostMessage): void {
    // A cancel or a change note means nothing to a helper that is not running: none is started for it.
    const child = message.type === 'cancel' || message.type === 'files-changed' ? this.child : this.ensure();
    if (child?.connected) child.send(message);
  }

  /** Tells the helper that files under `roots` were created, deleted or renamed: their listings are dropped. */
  filesChanged(roots: string[]): void {
    this.post({ type: 'files-changed', roots });
  }

  /** Stops the helper; pending requests fail. */
  dispose(): void {
    const child = this.child;
    this.child = undefined;
    clearTimeout(this.idleTimer);
    this.failAll(new CodeGrepError('cancelled', 'The tool helper was stopped.'));
    // Closing the channel makes the helper cancel its searches and exit; kill it if it does not.
    if (child && child.exitCode === null && child.signalCode === null) {
      child.disconnect();
      setTimeout(() => child.kill('SIGKILL'), 1000).unref();
    }
  }

  private ensure(): ChildProcess {
    if (this.child?.connected) return this.child;
    const t0 = performance.now();
    const child = fork(this.options.script, [], {
      execArgv: this.options.execArgv ?? [],
      // In desktop VS Code process.execPath is Electron: this makes it run as plain Node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    this.lastStartMs = performance.now() - t0;
    this.starts++;
    this.stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on('message', (message: HelperMessage) => this.settle(message.id)?.resolve(message));
    const gone = (why: string) => {
      if (this.child === child) this.child = undefined;
      // Node's crash output ends with its version; the line naming the error is the useful one.
      const lines = this.stderr.trim().split('\n');
      const detail = lines.find((line) => /\w*Error\b/.test(line)) ?? lines.pop();
      this.failAll(new CodeGrepError('internal', `The CodeGrep tool helper ${why}${detail ? `: ${detail}` : ''}; the next call starts a new one.`, 'open-logs'));
    };
    child.on('error', (error) => gone(`could not run (${error.message})`));
    child.on('exit', (code, signal) => gone(`exited (${signal ?? `code ${code}`})`));
    this.child = child;
    this.refWhileBusy();
    return child;
  }

  private settle(id: number): Pending | undefined {
    const entry = this.pending.get(id);
    this.pending.delete(id);
    this.refWhileBusy();
    return entry;
  }

  private failAll(error: unknown): void {
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) entry.reject(error);
    this.refWhileBusy();
  }

  /** An idle helper neither keeps this process alive (CLI, tests) nor lingers past `idleMs`. */
  private refWhileBusy(): void {
    const child = this.child;
    if (!child) return;
    clearTimeout(this.idleTimer);
    if (this.pending.size > 0) {
      child.ref();
      child.channel?.ref();
      return;
    }
    child.unref();
    child.channel?.unref();
    this.idleTimer = setTimeout(() => this.dispose(), this.options.idleMs ?? 10 * 60_000);
    this.idleTimer.unref();
  }
}

/** A ToolRunner whose calls run in the helper process; same results as NodeToolRunner. */
export class RemoteToolRunner implements ToolRunner {
  constructor(
    private readonly host: ToolHost,
    private readonly key: RunnerKey,
  ) {}

  /** Runs one call in the helper; rejects only on cancel or when the helper is gone. */
  async run(call: ToolCall, signal: AbortSignal): Promise<ToolResult> {
    const reply = await this.host.request({ type: 'run', runner: this.key, call }, signal);
    if (reply.type === 'result') return reply.result;
    throw replyError(reply);
  }

  /** Resolves a cited path in the helper. */
  async resolveCitation(path: string): Promise<{ path: string; lines?: number } | { rejected: string }> {
    const reply = await this.host.request({ type: 'citation', runner: this.key, path });
    if (reply.type === 'citation') return reply.resolved;
    throw replyError(reply);
  }

  /** Lists the workspace in the helper ahead of the first glob; returns the runner. */
  warmUp(): this {
    this.host.post({ type: 'warm-up', runner: this.key });
    return this;
  }

  /** Drops the helper's cached file list for these folders. */
  invalidateFileList(): void {
    this.host.post({ type: 'invalidate', runner: this.key });
  }
}

function replyError(reply: HelperMessage): CodeGrepError {
  if (reply.type === 'error') return new CodeGrepError(reply.error.code, reply.error.message, reply.error.action);
  return new CodeGrepError('internal', `The tool helper sent an unexpected ${reply.type} reply.`, 'open-logs');
}

function cancelled(): CodeGrepError {
  return new CodeGrepError('cancelled', 'The run was cancelled.');
}
