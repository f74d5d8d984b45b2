import { createEmbeddedBrain } from '../core/embedded/index';
import type { CandidateFeatures } from '../core/embedded/features';
import { loadDataset } from '../eval/dataset';
import { runEval } from '../eval/harness';
import type { ProgressSink } from '../eval/progress';
import type { Workspaces } from '../eval/worktrees';
import type { ToolRunner } from '../common/tools';
import { labelIssue, type TrainingIssue } from './examples';

/** What collection needs: the dataset, checkouts and tools (as the eval harness uses them). */
export interface CollectOptions {
  dataset: string;
  workspaces: Workspaces;
  createTools: (root: string) => ToolRunner;
  concurrency?: number;
  filter?: RegExp;
  limit?: number;
  signal?: AbortSignal;
  progress?: ProgressSink;
}

/**
 * Runs the embedded brain (hand ranking, no model) on every row through the eval harness and keeps each
 * run's candidate features, labelled by the row's gold files. The tools, budget and turns are the product's.
 */
export async function collectIssues(options: CollectOptions): Promise<{ issues: TrainingIssue[]; errors: number }> {
  const { rows } = await loadDataset(options.dataset);
  const byId = new Map(rows.map((row) => [row.instance_id, row]));
  const features = new Map<string, CandidateFeatures[]>();
  const { report } = await runEval({
    dataset: options.dataset,
    brains: [
      {
        name: 'embedded-hand',
        create: (_root, row) => createEmbeddedBrain({ model: null, observe: (f) => row && features.set(row.instance_id, f) }),
      },
    ],
    workspaces: options.workspaces,
    createTools: options.createTools,
    concurrency: options.concurrency,
    filter: options.filter,
    limit: options.limit,
    signal: options.signal,
    progress: options.progress,
  });
  const issues: TrainingIssue[] = [];
  for (const instance of report.instances) {
    const row = byId.get(instance.instance_id);
    if (!row || instance.error) continue;
    issues.push(labelIssue(row, features.get(row.instance_id) ?? []));
  }
  return { issues, errors: report.summary.errors };
}
