import { scoreInstance } from '../../src/eval/metrics';

/** One issue of a bench of written issues (library-issues.ts, source-issues.ts), as the embedded brain answered it. */
export interface AnsweredIssue {
  package: string;
  title: string;
  expected: string;
  answer: string[];
  /** The expected file is the answer's first. */
  first: boolean;
  /** The expected file is anywhere in the answer. */
  answered: boolean;
  ms: number;
  /** How the issue is told (an error, a snippet, behaviour; a feature request or a bug), where the bench says. */
  style?: string;
  /** File-level scores against every file the change touched, where the issue lists them (`changed`). */
  files?: FileScores;
}

export interface FileScores {
  precision: number;
  recall: number;
  f05: number;
}

/** The answer scored file by file against every file the change touched, as the eval harness scores a fix. */
export function fileScores(answer: string[], changed: string[]): FileScores {
  const { precision, recall, f05 } = scoreInstance(answer, changed);
  return { precision, recall, f05 };
}

/** Mean file-level scores of the rows that have them, in all and by style. */
export function fileLevel(rows: AnsweredIssue[]): Record<string, FileScores & { issues: number }> {
  const out: Record<string, FileScores & { issues: number }> = {};
  for (const row of rows) {
    if (!row.files) continue;
    for (const key of ['all', row.style ?? 'unlabelled']) {
      const entry = (out[key] ??= { issues: 0, precision: 0, recall: 0, f05: 0 });
      entry.issues++;
      for (const measure of ['precision', 'recall', 'f05'] as const) entry[measure] += row.files[measure];
    }
  }
  for (const entry of Object.values(out)) for (const measure of ['precision', 'recall', 'f05'] as const) entry[measure] = Math.round((entry[measure] / entry.issues) * 1000) / 1000;
  return out;
}
