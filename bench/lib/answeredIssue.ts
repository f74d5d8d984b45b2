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
}
