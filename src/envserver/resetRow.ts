import { parseDataset, type DatasetRow } from '../eval/dataset';
import { isObject, type ProtocolError } from './protocol';

/** Fields of a dataset row a trainer may pass inline in `reset`. */
const ROW_FIELDS = ['instance_id', 'repo', 'base_commit', 'problem_statement', 'gold_files'] as const;

/**
 * The dataset row a `reset` names: `data.row` (a whole row), the row's fields at the top of `data`
 * (TRL passes dataset columns as keyword arguments), or an `instance_id` of the JSONL the server
 * was started with. Inline rows are checked exactly like eval's dataset lines.
 */
export function resetRow(data: Record<string, unknown>, rows: ReadonlyMap<string, DatasetRow>): DatasetRow | { error: ProtocolError } {
  const inline = isObject(data.row) ? data.row : hasRowFields(data) ? pick(data) : undefined;
  if (inline) {
    const parsed = parseDataset(JSON.stringify(inline));
    if (parsed.rows[0]) return parsed.rows[0];
    const problem = parsed.errors[0]?.error.replace(/^line 1:\s*/, '') ?? 'not a dataset row';
    return { error: { code: 'VALIDATION_ERROR', message: `Invalid reset row: ${problem}` } };
  }
  const id = data.instance_id;
  if (typeof id !== 'string' || id.trim() === '') {
    return { error: { code: 'VALIDATION_ERROR', message: 'reset needs an "instance_id" of the server\'s --dataset, or a "row" {instance_id, repo, base_commit, problem_statement, gold_files}.' } };
  }
  const row = rows.get(id.trim());
  if (!row) {
    const hint = rows.size ? `the server's dataset has ${rows.size} rows` : 'the server was started without --dataset; pass the whole "row"';
    return { error: { code: 'VALIDATION_ERROR', message: `unknown instance_id "${id}" (${hint}).` } };
  }
  return row;
}

function hasRowFields(data: Record<string, unknown>): boolean {
  return data.repo !== undefined || data.base_commit !== undefined || data.problem_statement !== undefined;
}

function pick(data: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of ROW_FIELDS) if (data[field] !== undefined) row[field] = data[field];
  return row;
}
