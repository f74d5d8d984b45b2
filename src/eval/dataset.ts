import { readFile } from 'node:fs/promises';
import { CodeGrepError } from '../common/errors';

/** One dataset row (architecture.md, "CLI contract"). */
export interface DatasetRow {
  instance_id: string;
  /** `owner/name`; the bare repo is `<repos>/<owner>__<name>.git`. */
  repo: string;
  base_commit: string;
  problem_statement: string;
  gold_files: string[];
  /** The row's language when the dataset says (`python`, `go`...), for per-language reports. */
  language?: string;
  /** The accepted fix as a unified diff, when the dataset has it: the eval then scores the cited line ranges. */
  gold_patch?: string;
  /** 1-based line in the JSONL file, for error messages. */
  line: number;
}

/** A line that could not become a row; it is reported as an errored instance, the run goes on. */
export interface DatasetRowError {
  /** The row's instance_id when it had one, else `line <N>`. */
  instance_id: string;
  line: number;
  error: string;
}

/** Valid rows and per-line problems, in file order. */
export interface Dataset {
  rows: DatasetRow[];
  errors: DatasetRowError[];
}

/** Reads a JSONL dataset; only an unreadable file throws, bad lines become row errors. */
export async function loadDataset(file: string): Promise<Dataset> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CodeGrepError('bad-input', `Cannot read dataset ${file}: ${(error as Error).message}`, undefined, { cause: error });
  }
  return parseDataset(text);
}

/** Parses JSONL text into rows and row errors; blank lines are skipped, duplicate ids are errors. */
export function parseDataset(text: string): Dataset {
  const rows: DatasetRow[] = [];
  const errors: DatasetRowError[] = [];
  const seen = new Set<string>();
  // A UTF-8 byte-order mark (Windows editors write one) is not part of the first row's JSON.
  text.replace(/^\uFEFF/, '').split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const parsed = parseRow(raw, line);
    if ('error' in parsed) {
      errors.push(parsed);
    } else if (seen.has(parsed.instance_id)) {
      errors.push({ instance_id: `${parsed.instance_id} (line ${line})`, line, error: `duplicate instance_id ${parsed.instance_id}` });
    } else {
      seen.add(parsed.instance_id);
      rows.push(parsed);
    }
  });
  return { rows, errors };
}

function parseRow(raw: string, line: number): DatasetRow | DatasetRowError {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { instance_id: `line ${line}`, line, error: `malformed JSON on line ${line}: ${(error as Error).message}` };
  }
  if (!isRecord(value)) return { instance_id: `line ${line}`, line, error: `line ${line} is not a JSON object` };
  const id = typeof value.instance_id === 'string' && value.instance_id.trim() ? value.instance_id.trim() : undefined;
  const fail = (error: string): DatasetRowError => ({ instance_id: id ?? `line ${line}`, line, error });
  if (!id) return fail(`line ${line}: missing instance_id`);
  if (typeof value.repo !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(value.repo)) return fail(`line ${line}: repo must be "owner/name"`);
  if (typeof value.base_commit !== 'string' || !/^[0-9a-f]{7,64}$/i.test(value.base_commit)) {
    return fail(`line ${line}: base_commit must be a hex commit SHA`);
  }
  if (typeof value.problem_statement !== 'string' || value.problem_statement.trim() === '') {
    return fail(`line ${line}: missing problem_statement`);
  }
  const gold = value.gold_files;
  if (!Array.isArray(gold) || gold.length === 0 || !gold.every((g) => typeof g === 'string' && g.trim() !== '')) {
    return fail(`line ${line}: gold_files must be a non-empty list of paths (eval needs them to score)`);
  }
  const row: DatasetRow = {
    instance_id: id,
    repo: value.repo,
    base_commit: value.base_commit.toLowerCase(),
    problem_statement: value.problem_statement,
    gold_files: gold as string[],
    line,
  };
  if (typeof value.language === 'string' && value.language) row.language = value.language.toLowerCase();
  if (typeof value.gold_patch === 'string' && value.gold_patch) row.gold_patch = value.gold_patch;
  return row;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
