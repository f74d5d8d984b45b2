/**
 * The tool helper process (dist/toolHost.js): runs grep/glob/read, and so spawns rg, outside the
 * VS Code extension host. Spawning forks the spawning process, and fork time grows with its memory
 * (12 ms at 47 MB, 37 ms at 312 MB, on the host's main thread); this process stays small, so its
 * forks are cheap, and the host only sends and receives small messages.
 *
 * It dies with its parent: when the IPC channel closes (the host exited, even by SIGKILL) or when
 * it is re-parented, it cancels its searches (which kills their rg) and exits.
 */
import { toErrorInfo } from '../common/errors';
import { WATCHED_FILE_LIST_TTL_MS } from '../tools/fileList';
import { NodeToolRunner } from '../tools/runner';
import type { HelperMessage, HostMessage, RunnerKey } from './protocol';

/** Runners kept per folder set, so a run's listing is reused by its globs (and for a few seconds after). */
const MAX_RUNNERS = 4;
const runners = new Map<string, { runner: NodeToolRunner; roots: string[] }>();
const inFlight = new Map<number, AbortController>();
const parentPid = process.ppid;

function runnerFor(key: RunnerKey): NodeToolRunner {
  const id = JSON.stringify([key.roots, key.visibility ?? null, key.timeoutMs ?? null, key.watched === true, key.snapshotDir ?? null]);
  let kept = runners.get(id);
  if (kept) {
    runners.delete(id);
  } else {
    const listTtlMs = key.watched ? WATCHED_FILE_LIST_TTL_MS : undefined;
    const runner = new NodeToolRunner({ roots: key.roots, visibility: key.visibility, timeoutMs: key.timeoutMs, listTtlMs, snapshotDir: key.snapshotDir });
    kept = { runner, roots: key.roots };
    if (runners.size >= MAX_RUNNERS) runners.delete(runners.keys().next().value as string);
  }
  runners.set(id, kept);
  return kept.runner;
}

function send(message: HelperMessage): void {
  if (process.connected) process.send?.(message);
}

async function handle(message: HostMessage): Promise<void> {
  switch (message.type) {
    case 'cancel':
      inFlight.get(message.id)?.abort();
      return;
    case 'warm-up':
      runnerFor(message.runner).warmUp();
      return;
    case 'invalidate':
      runnerFor(message.runner).invalidateFileList();
      return;
    case 'files-changed':
      // Every runner over one of these folders, whatever its visibility settings.
      for (const { runner, roots } of runners.values()) {
        if (roots.some((root) => message.roots.includes(root))) runner.invalidateFileList();
      }
      return;
    case 'run':
    case 'citation': {
      const controller = new AbortController();
      inFlight.set(message.id, controller);
      try {
        const runner = runnerFor(message.runner);
        if (message.type === 'run') send({ type: 'result', id: message.id, result: await runner.run(message.call, controller.signal) });
        else send({ type: 'citation', id: message.id, resolved: await runner.resolveCitation(message.path) });
      } catch (error) {
        send({ type: 'error', id: message.id, error: toErrorInfo(error) });
      } finally {
        inFlight.delete(message.id);
      }
    }
  }
}

/** Cancels every search (runRipgrep kills its rg and waits for it), then exits. */
function shutDown(): void {
  for (const controller of inFlight.values()) controller.abort();
  // rg is SIGKILLed on abort; a moment is enough for the runners to reap it.
  setTimeout(() => process.exit(0), inFlight.size > 0 ? 200 : 0);
}

if (!process.send) {
  process.stderr.write('toolHost.js is started by the CodeGrep extension, with an IPC channel.\n');
  process.exit(2);
}
process.on('message', (message: HostMessage) => void handle(message));
process.on('disconnect', shutDown);
// Belt and braces: an orphaned helper is re-parented (to init or a subreaper) even if the channel lingers.
setInterval(() => {
  if (process.ppid !== parentPid) shutDown();
}, 2000).unref();
