import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `task` holding a lock folder (mkdir is atomic), so two eval processes sharing a repo
 * cache never rebuild the same entry at once. A lock whose owner process is gone is broken.
 */
export async function withDirLock<T>(lock: string, task: () => Promise<T>, timeoutMs = 10 * 60_000): Promise<T> {
  // Callers in this process queue here first: two of them breaking the same dead lock at once
  // could each remove the lock the other just took.
  const previous = queued.get(lock) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => lockAndRun(lock, task, timeoutMs));
  queued.set(lock, run);
  try {
    return await run;
  } finally {
    if (queued.get(lock) === run) queued.delete(lock);
  }
}

const queued = new Map<string, Promise<unknown>>();

async function lockAndRun<T>(lock: string, task: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await ownerGone(lock)) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`waited too long for ${lock}; delete it if no other eval is running`);
      await sleep(250);
    }
  }
  try {
    return await task();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function ownerGone(lock: string): Promise<boolean> {
  const text = await readFile(join(lock, 'pid'), 'utf8').catch(() => undefined);
  const pid = Number(text);
  if (text === undefined || !Number.isInteger(pid) || pid <= 0) return false; // being written right now
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
