/**
 * Child processes that must never outlive the test run. Each is spawned detached (its own process
 * group), because code-server forks an extension host, a file watcher and language servers: killing
 * only the leader would orphan them. Every group is killed on any exit (an uncaught error included),
 * on SIGINT/SIGTERM/SIGHUP, and when our own parent dies (test-electron's runner killed with SIGKILL).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const groups = new Set<number>();
const cleanups = new Set<() => void>();
let exitHookInstalled = false;
let signalHooksInstalled = false;

/** Runs `cleanup` (synchronous, e.g. removing a temp folder) when this process exits, however it exits; returns an unregister function. */
export function onProcessExit(cleanup: () => void): () => void {
  // Only the exit hook: a process that owns no group (the test-electron runner) leaves SIGINT to
  // test-electron, which stops the host first and then exits, so cleanups never race the host.
  installExitHook();
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Sends `signal` to a whole process group; a group that is already gone is not an error. */
export function killGroup(pgid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Kills every group still registered, then runs the exit cleanups. Synchronous, so it also works inside an 'exit' handler. */
export function killAllGroups(): void {
  for (const pgid of groups) killGroup(pgid);
  groups.clear();
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Best effort: one failed cleanup must not stop the others.
    }
  }
  cleanups.clear();
}

/** Spawns `command` as the leader of a new process group that is killed when this process ends. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  installHooks();
  const child = spawn(command, args, { ...options, detached: true });
  const pgid = child.pid;
  if (pgid !== undefined) {
    groups.add(pgid);
    child.once('exit', () => {
      // The leader is gone; its forks may not be. Kill what is left, then forget the group.
      killGroup(pgid);
      groups.delete(pgid);
    });
  }
  return child;
}

/** Stops the group of `child` (SIGTERM, then SIGKILL after `graceMs`) and resolves once the leader exited. */
export async function stopGroup(child: ChildProcess, graceMs = 3000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined || child.exitCode !== null || child.signalCode !== null) {
    if (pgid !== undefined) killGroup(pgid);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(pgid, 'SIGTERM');
  const timer = setTimeout(() => killGroup(pgid), graceMs);
  await exited;
  clearTimeout(timer);
  killGroup(pgid);
  groups.delete(pgid);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killAllGroups);
}

function installHooks(): void {
  installExitHook();
  if (signalHooksInstalled) return;
  signalHooksInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAllGroups();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
  // When the process that started us dies, we are re-parented; take our children down with us.
  const parent = process.ppid;
  const watchdog = setInterval(() => {
    if (process.ppid !== parent) {
      killAllGroups();
      process.exit(1);
    }
  }, 1000);
  watchdog.unref();
}
