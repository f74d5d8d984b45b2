import { constants } from 'node:fs';
import { access, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AnswerConfidence, ConfidenceLevel } from '../common/confidence';
import { CodeGrepError } from '../common/errors';
import { terminalSafe } from '../common/terminalText';
import type { LineRange } from '../common/result';
import type { RangeFileScore, RangeSummary } from './lineRanges';
import { summarize, type InstanceScore, type Summary } from './metrics';

/** One row of a report (architecture.md's instance shape, plus hit flags and run accounting). */
export interface InstanceReport extends InstanceScore {
  instance_id: string;
  /** The row's language (languages.ts: the dataset's field, else its gold files'); absent for a malformed line. */
  language?: string;
  predicted_files: string[];
  gold_files: string[];
  latency_ms?: number;
  turns?: number;
  tool_calls?: number;
  /** How sure the brain was of its answer (brains that know a probability: the embedded brain). */
  confidence?: AnswerConfidence;
  /** Cited paths the Locator dropped because they do not exist. */
  rejected?: string[];
  /** The protocol a model brain spoke (codegrep, generic, fastcontext, codescout). */
  profile?: string;
  /** Files the warm start showed the model, best first (to tell what the hint did in an A/B). */
  hinted?: string[];
  /** What the warm start cost (part of latency_ms). */
  hint_ms?: number;
  /** Each predicted file's cited line ranges, best first (files cited without ranges are left out). */
  ranges?: Record<string, LineRange[]>;
  /** Where the row has the fix: the ranges of each correctly predicted file, scored against its edits. */
  range_scores?: RangeFileScore[];
  error?: string;
}

/** Everything scored under one name: a brain we ran, or published predictions. */
export interface SystemReport {
  name: string;
  kind: 'brain' | 'baseline';
  summary: Summary;
  instances: InstanceReport[];
  /** Baselines only: dataset rows the prediction file has no line for (scored 0). */
  missing?: number;
  /** Brains only, where some row has the fix: how near the cited ranges are to its edits. */
  ranges?: RangeSummary;
}

/** The `--out` file: `summary` and `instances` are the first brain's (architecture.md); `systems` holds all. */
export interface EvalReport {
  created: string;
  dataset: string;
  /** How per-row trees were made ("git worktree", or the isomorphic-git fallback when git is missing). */
  checkout: string;
  brain: string;
  summary: Summary;
  instances: InstanceReport[];
  systems: SystemReport[];
}

/** A Markdown table's header and alignment lines: the first `textColumns` columns left-aligned, the numbers right. */
function tableHead(columns: readonly string[], textColumns: number): string[] {
  return [`| ${columns.join(' | ')} |`, `|${columns.map((_, i) => (i < textColumns ? '---' : '---:')).join('|')}|`];
}

/**
 * Text from a dataset or a flag (a language, a baseline's name) as a table cell: no control characters reach the
 * terminal, and no `|` or HTML changes the table where the Markdown is rendered.
 */
function cell(text: string): string {
  return terminalSafe(text).replace(/[\\|<>]/g, (c) => `\\${c}`);
}

/** A system as the tables name it: a baseline is marked as published. */
function systemLabel({ name, kind }: SystemReport): string {
  return cell(kind === 'baseline' ? `${name} (published)` : name);
}

const COLUMNS = ['system', 'n', 'precision', 'recall', 'F0.5', 'F0.5≥0.8', 'acc@1', 'acc@5', 'p50 ms', 'p95 ms', 'turns', 'tool calls', 'errors'];

/** The comparison table, one line per system, as Markdown. */
export function markdownTable(systems: readonly SystemReport[]): string {
  const fixed = (value: number | null, digits: number) => (value === null ? '–' : value.toFixed(digits));
  const lines = tableHead(COLUMNS, 1);
  for (const system of systems) {
    const s = system.summary;
    const cells = [
      systemLabel(system),
      String(s.n),
      fixed(s.precision, 3),
      fixed(s.recall, 3),
      fixed(s.f05, 3),
      fixed(s.f05_ge_0_8, 3),
      fixed(s.acc_at_1, 3),
      fixed(s.acc_at_5, 3),
      fixed(s.latency_ms_p50, 0),
      fixed(s.latency_ms_p95, 0),
      fixed(s.turns_mean, 2),
      fixed(s.tool_calls_mean, 2),
      String(s.errors),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

const RANGE_COLUMNS = ['system', 'files', 'with ranges', 'first range on an edit', 'any range on an edit', 'edits covered', 'cited lines on edits'];

/**
 * The line-range table (rows whose dataset line has the fix), or '' when no brain was range-scored. "On an
 * edit" means within NEAR_LINES lines of a line the fix changes.
 */
export function rangeTable(systems: readonly SystemReport[]): string {
  const scored = systems.filter((s) => s.ranges);
  if (scored.length === 0) return '';
  const lines = tableHead(RANGE_COLUMNS, 1);
  for (const { name, ranges: r } of scored) {
    const cells = [cell(name), String(r!.files), ...[r!.with_ranges, r!.first_hit, r!.any_hit, r!.edit_recall, r!.line_precision].map((v) => v.toFixed(3))];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

const LEVELS: ConfidenceLevel[] = ['high', 'medium', 'low'];
const CONFIDENCE_COLUMNS = ['system', 'confidence', 'n', 'precision', 'F0.5', 'acc@1'];

/**
 * Scores by the confidence each row's answer came with ('' when no brain gave one): whether a level's precision
 * is what its name promises on this dataset. Rows without a confidence (errors, empty answers, model brains, and rows
 * resumed from a run by a build that did not record one) are left out.
 */
export function confidenceTable(systems: readonly SystemReport[]): string {
  const lines: string[] = [];
  for (const { name, kind, instances } of systems) {
    if (kind !== 'brain') continue;
    for (const level of LEVELS) {
      const rows = instances.filter((row) => row.confidence?.level === level);
      if (rows.length === 0) continue;
      const s = summarize(rows);
      lines.push(`| ${cell(name)} | ${level} | ${s.n} | ${[s.precision, s.f05, s.acc_at_1].map((v) => v.toFixed(3)).join(' | ')} |`);
    }
  }
  if (lines.length === 0) return '';
  return [...tableHead(CONFIDENCE_COLUMNS, 2), ...lines].join('\n');
}

const LANGUAGE_COLUMNS = ['system', 'language', 'n', 'precision', 'recall', 'F0.5', 'acc@1'];

/**
 * Scores by the rows' language, for every system ('' when the rows are all of one known language): a dataset's mean
 * can hide the language a change made worse. Languages with the most rows first (counted over the system with the
 * most rows: an interrupted brain may have run fewer); malformed lines, which have no language, are left out.
 */
export function languageTable(systems: readonly SystemReport[]): string {
  const fullest = [...systems].sort((a, b) => b.instances.length - a.instances.length)[0];
  const languages = new Map<string, number>();
  for (const row of fullest?.instances ?? []) if (row.language) languages.set(row.language, (languages.get(row.language) ?? 0) + 1);
  if ([...languages.keys()].filter((language) => language !== 'unknown').length < 2) return '';
  const order = [...languages].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([language]) => language);
  const lines = tableHead(LANGUAGE_COLUMNS, 2);
  for (const system of systems) {
    for (const language of order) {
      const rows = system.instances.filter((row) => row.language === language);
      if (rows.length === 0) continue;
      const s = summarize(rows);
      lines.push(`| ${systemLabel(system)} | ${cell(language)} | ${s.n} | ${[s.precision, s.recall, s.f05, s.acc_at_1].map((v) => v.toFixed(3)).join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

/** Writes the report atomically (temp file + rename) so a crash never leaves half a JSON. */
export async function writeReport(file: string, report: EvalReport): Promise<void> {
  const staging = `${file}.tmp-${process.pid}`;
  await writeFile(staging, `${JSON.stringify(report, null, 2)}\n`);
  await rename(staging, file);
}

/**
 * Checks before any row runs that an output file can be written (`flag` names it in the message, `example` suggests
 * a file name): `file` must not be a folder, and its folder is made if missing and must be writable; otherwise a long
 * run would fail only at its end, and lose its work.
 */
export async function checkOutputPath(file: string, flag = '--out', example = 'report.json'): Promise<void> {
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) throw new CodeGrepError('bad-input', `${flag} ${file} is a folder; give a file path such as ${file.replace(/\/+$/, '')}/${example}.`);
  const folder = dirname(file);
  const writable = await mkdir(folder, { recursive: true })
    .then(() => access(folder, constants.W_OK))
    .then(() => true, () => false);
  if (!writable) throw new CodeGrepError('bad-input', `${flag} ${file}: the folder ${folder} cannot be created or written to.`);
}
