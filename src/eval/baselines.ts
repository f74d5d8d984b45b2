import { readFile } from 'node:fs/promises';
import { CodeGrepError } from '../common/errors';

/** Published predictions to score next to our brains: `--baseline NAME=FILE.jsonl`. */
export interface Baseline {
  name: string;
  file: string;
  /** instance_id → ranked predicted files. */
  predictions: Map<string, string[]>;
  /** Lines that could not be read (reported, not fatal). */
  skippedLines: number;
}

/** Splits `NAME=FILE` (the name may not contain `=`). */
export function parseBaselineSpec(spec: string): { name: string; file: string } {
  const eq = spec.indexOf('=');
  const name = eq > 0 ? spec.slice(0, eq).trim() : '';
  const file = eq > 0 ? spec.slice(eq + 1).trim() : '';
  if (!name || !file) throw new CodeGrepError('bad-input', `--baseline expects NAME=FILE.jsonl, got "${spec}"`);
  return { name, file };
}

/** Loads `{instance_id, predicted_files}` lines; a bad line is counted and skipped. */
export async function loadBaseline(name: string, file: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CodeGrepError('bad-input', `Cannot read baseline ${name} (${file}): ${(error as Error).message}`, undefined, { cause: error });
  }
  const predictions = new Map<string, string[]>();
  let skippedLines = 0;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    const row = parseLine(raw);
    if (row) predictions.set(row.id, row.files);
    else skippedLines++;
  }
  return { name, file, predictions, skippedLines };
}

function parseLine(raw: string): { id: string; files: string[] } | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { instance_id: id, predicted_files: files } = value as Record<string, unknown>;
    if (typeof id !== 'string' || !Array.isArray(files)) return undefined;
    return { id, files: files.filter((f): f is string => typeof f === 'string') };
  } catch {
    return undefined;
  }
}
