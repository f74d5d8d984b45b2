import { appendFile, mkdir, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { InstanceReport } from './report';

/** One finished (brain, instance) pair as appended to the sidecar file. */
export interface RowRecord extends InstanceReport {
  brain: string;
  /** Fingerprint of the code that produced the row; a resume re-runs rows of another build. */
  build?: string;
}

/** Sidecar of `--out report.json`: one JSON line per finished row, appended as soon as it finishes. */
export function sidecarPath(out: string): string {
  return `${out}.rows.jsonl`;
}

/**
 * Finished rows from earlier runs, keyed by `brain` + instance_id (a later line wins).
 * A half-written last line (the run was killed mid-write) is ignored.
 */
export async function loadDone(file: string): Promise<Map<string, RowRecord>> {
  const done = new Map<string, RowRecord>();
  const text = await readFile(file, 'utf8').catch(() => '');
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    try {
      const value: unknown = JSON.parse(raw);
      if (isRecord(value)) done.set(recordKey(value.brain, value.instance_id), value);
    } catch {
      // Truncated by a kill: that row simply runs again.
    }
  }
  return done;
}

/** Appends one finished row; a single small `appendFile` write, so rows never interleave. */
export async function appendRecord(file: string, record: RowRecord): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(record)}\n`);
}

/** Deletes the sidecar (`--fresh`). */
export async function clearRecords(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** Key of a row in the done map. */
export function recordKey(brain: string, instanceId: string): string {
  return `${brain}\u0000${instanceId}`;
}

function isRecord(value: unknown): value is RowRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.brain === 'string' && typeof v.instance_id === 'string' && Array.isArray(v.predicted_files) && Array.isArray(v.gold_files);
}
