import { readFile, writeFile } from 'node:fs/promises';
import type { CandidateFeatures } from '../core/embedded/features';
import { normalizePath } from '../eval/metrics';

/** One issue's candidates as the embedded brain saw them, labelled by the files the real fix changed. */
export interface TrainingIssue {
  instance_id: string;
  repo: string;
  language: string;
  gold_files: string[];
  /** Candidates in hand-ranking order, each with its features and whether the fix changed it. */
  candidates: (CandidateFeatures & { gold: boolean })[];
}

/** Labels a run's candidates with the gold files. */
export function labelIssue(
  row: { instance_id: string; repo: string; language?: string; gold_files: string[] },
  candidates: CandidateFeatures[],
): TrainingIssue {
  const gold = new Set(row.gold_files.map(normalizePath));
  return {
    instance_id: row.instance_id,
    repo: row.repo,
    language: row.language ?? 'unknown',
    gold_files: [...gold],
    candidates: candidates.map((c) => ({ ...c, gold: gold.has(normalizePath(c.path)) })),
  };
}

/** Collected issues and the dataset they came from (`train.jsonl sha256:…`), as one file. */
export interface CollectedIssues {
  source: string;
  issues: TrainingIssue[];
}

/** Writes collected issues as JSONL (a header line naming the source, then one issue a line), so fitting can be repeated without re-running the tools. */
export async function writeIssues(file: string, collected: CollectedIssues): Promise<void> {
  const lines = [JSON.stringify({ source: collected.source }), ...collected.issues.map((i) => JSON.stringify(i))];
  await writeFile(file, lines.join('\n') + '\n');
}

/** Reads issues written by writeIssues. */
export async function readIssues(file: string): Promise<CollectedIssues> {
  const text = await readFile(file, 'utf8');
  const [header, ...rest] = text.split('\n').filter((line) => line.trim());
  const parsed = JSON.parse(header ?? '{}') as { source?: unknown };
  if (typeof parsed.source !== 'string') throw new Error(`${file} has no source header line; collect it again with codegrep train --features`);
  return { source: parsed.source, issues: rest.map((line) => JSON.parse(line) as TrainingIssue) };
}
