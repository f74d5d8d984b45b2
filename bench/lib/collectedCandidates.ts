import type { Brain } from '../../src/core/brain';
import { createEmbeddedBrain } from '../../src/core/embedded/index';
import { labelIssue, writeIssues, type TrainingIssue } from '../../src/trainer/examples';

/** What labels one bench run: its id, its project (cross-validation folds by it), its language and expected files. */
export interface BenchRow {
  instance_id: string;
  repo: string;
  language: string;
  gold_files: string[];
}

/**
 * A bench's runs as `codegrep train --features` writes them (each run's candidates and their features, labelled by
 * the files the issue expects), for scripts/ranker-dev-check.ts and offline fits; nothing is kept without a file.
 */
export class CollectedCandidates {
  private readonly issues: TrainingIssue[] = [];

  constructor(
    private readonly file: string | undefined,
    private readonly source: string,
  ) {}

  /** The default embedded brain (shipped model), which also hands this collector the run's candidates when collecting. */
  brain(row: BenchRow): Brain {
    if (!this.file) return createEmbeddedBrain();
    return createEmbeddedBrain({ observe: (features) => this.issues.push(labelIssue(row, features)) });
  }

  /** Writes what was collected, when a file was given. */
  async write(): Promise<void> {
    if (this.file) await writeIssues(this.file, { source: this.source, issues: this.issues });
  }
}
