import type { Baseline } from './baselines';
import type { DatasetRow, DatasetRowError } from './dataset';
import { rowLanguage } from './languages';
import { summarizeRanges } from './lineRanges';
import { ZERO_SCORE, dedupeRanked, scoreInstance, summarize } from './metrics';
import type { InstanceReport, SystemReport } from './report';
import { recordKey, type RowRecord } from './resume';

/** One selected dataset line: a row to run, or a line that failed validation (scored 0 for every system). */
export type Entry = { kind: 'row'; row: DatasetRow } | { kind: 'bad'; bad: DatasetRowError };

/** Dataset rows and row errors in file order, then `--filter` on instance_id, then `--limit`. */
export function selectEntries(dataset: { rows: DatasetRow[]; errors: DatasetRowError[] }, filter?: RegExp, limit?: number): Entry[] {
  const all: Entry[] = [
    ...dataset.rows.map((row): Entry => ({ kind: 'row', row })),
    ...dataset.errors.map((bad): Entry => ({ kind: 'bad', bad })),
  ].sort((a, b) => lineOf(a) - lineOf(b));
  const kept = filter ? all.filter((e) => filter.test(idOf(e))) : all;
  return limit !== undefined ? kept.slice(0, Math.max(0, limit)) : kept;
}

/** A brain's report over the selected entries, from its finished rows (rows an interrupt skipped are left out). */
export function brainSystem(name: string, entries: Entry[], finished: Map<string, RowRecord>): SystemReport {
  const instances = entries.flatMap((entry): InstanceReport[] => {
    if (entry.kind === 'bad') return [{ instance_id: entry.bad.instance_id, predicted_files: [], gold_files: [], ...ZERO_SCORE, error: entry.bad.error }];
    const found = finished.get(recordKey(name, entry.row.instance_id));
    if (!found) return []; // interrupted before this row ran
    const { brain: _brain, build: _build, instance_id, ...instance } = found;
    return [{ instance_id, language: rowLanguage(entry.row), ...instance }];
  });
  const system: SystemReport = { name, kind: 'brain', summary: summarize(instances), instances };
  const ranges = summarizeRanges(instances.map((i) => i.range_scores));
  if (ranges) system.ranges = ranges;
  return system;
}

/** Published predictions scored over the same entries; a row the file lacks scores 0 and is counted as missing. */
export function baselineSystem(baseline: Baseline, entries: Entry[]): SystemReport {
  let missing = 0;
  const instances = entries.map((entry): InstanceReport => {
    if (entry.kind === 'bad') return { instance_id: entry.bad.instance_id, predicted_files: [], gold_files: [], ...ZERO_SCORE, error: entry.bad.error };
    const predictions = baseline.predictions.get(entry.row.instance_id);
    if (!predictions) missing++;
    const predicted = dedupeRanked(predictions ?? []);
    const { instance_id, gold_files } = entry.row;
    return { instance_id, language: rowLanguage(entry.row), predicted_files: predicted, gold_files, ...scoreInstance(predicted, gold_files) };
  });
  return { name: baseline.name, kind: 'baseline', summary: summarize(instances), instances, missing };
}

function lineOf(entry: Entry): number {
  return entry.kind === 'row' ? entry.row.line : entry.bad.line;
}

function idOf(entry: Entry): string {
  return entry.kind === 'row' ? entry.row.instance_id : entry.bad.instance_id;
}
