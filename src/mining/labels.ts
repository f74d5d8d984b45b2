import type { AgentRun } from './agentRun';
import type { Judge, Verdict } from './judge';
import { citedAfter } from './judge';
import { runReads, type DroppedRead } from './runReads';
import { isTestFile } from './testFiles';

/** Where an issue's gold files came from. */
export type GoldSource = 'dataset' | 'patch' | 'none';

/** One judged read. */
export interface ReadLabel {
  path: string;
  via: string;
  event: number;
  lines?: [number, number];
  reasoning_words: number;
  label: Verdict;
  why: string;
  judge: string;
}

/** One file over all its reads. */
export interface FileLabel {
  path: string;
  reads: number;
  label: Verdict;
  /** Relevance × (0.5 + 0.5 × intensity): 1 for an edited file read after long reasoning. */
  weight: number;
  /** min(1, ln(1 + w) / ln(101)), w = the most reasoning words before one of its reads. */
  intensity: number;
  edited: boolean;
  cited: boolean;
  test_file: boolean;
}

/** One line of `codegrep mine --out`. */
export interface IssueLabels {
  instance_id: string;
  format: string;
  gold_files: string[];
  gold_source: GoldSource;
  judge: string;
  reads: ReadLabel[];
  dropped: DroppedRead[];
  files: FileLabel[];
  /** G(x) = gold ∪ {RELEVANT non-test files with weight ≥ threshold}, gold first. */
  target: string[];
  threshold: number;
  error?: string;
}

/** Mining options. */
export interface MineOptions {
  judge: Judge;
  /** Gold files for the issue (from --dataset); else a resolved run's patch stands in. */
  gold?: string[];
  threshold: number;
  /** Reads judged at once (a model judge's requests in flight); default 4. */
  parallel?: number;
}

/** Judges every read of one run and derives per-file weights and the training target G(x). */
export async function mineRun(run: AgentRun, options: MineOptions): Promise<IssueLabels> {
  const found = runReads(run);
  const labels: ReadLabel[] = new Array(found.reads.length);
  // A model judge answers one read per request: a few at once, in read order.
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < found.reads.length; index = next++) {
      const read = found.reads[index];
      const judged = await options.judge.judge(run, read, found);
      const label: ReadLabel = { path: read.path, via: read.via, event: read.event, reasoning_words: read.reasoningWords, label: judged.verdict, why: judged.why, judge: judged.judge };
      if (read.range) label.lines = read.range;
      labels[index] = label;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.parallel ?? 4, Math.max(1, found.reads.length)) }, worker));
  const files = new Map<string, FileLabel>();
  const modelSaidRelevant = new Set<string>();
  for (const [index, read] of found.reads.entries()) {
    const label = labels[index];
    const file = files.get(read.path) ?? { path: read.path, reads: 0, label: 'NOT_RELEVANT', weight: 0, intensity: 0, edited: found.edited.has(read.path), cited: false, test_file: isTestFile(read.path) };
    file.reads++;
    file.cited ||= citedAfter(read, found);
    file.intensity = Math.max(file.intensity, Math.min(1, Math.log1p(read.reasoningWords) / Math.log1p(100)));
    if (label.label === 'RELEVANT') file.label = 'RELEVANT';
    if (label.label === 'RELEVANT' && label.judge.startsWith('model:')) modelSaidRelevant.add(read.path);
    files.set(read.path, file);
  }
  for (const file of files.values()) {
    // A cited-only file counts half under the heuristic (also where a model's reply fell back to it); a model's RELEVANT counts in full.
    const relevance = file.label !== 'RELEVANT' ? 0 : file.edited || modelSaidRelevant.has(file.path) ? 1 : 0.5;
    file.weight = round(relevance * (0.5 + 0.5 * file.intensity));
    file.intensity = round(file.intensity);
  }
  const { gold, source } = goldFor(run, options.gold);
  const positives = [...files.values()]
    .filter((f) => f.label === 'RELEVANT' && !f.test_file && f.weight >= options.threshold && !gold.includes(f.path))
    .sort((a, b) => b.weight - a.weight || a.path.localeCompare(b.path));
  const result: IssueLabels = {
    instance_id: run.instance_id,
    format: run.format,
    gold_files: gold,
    gold_source: source,
    judge: options.judge.name,
    reads: labels,
    dropped: found.dropped,
    files: [...files.values()],
    target: [...gold, ...positives.map((f) => f.path)],
    threshold: options.threshold,
  };
  if (run.error) result.error = run.error;
  return result;
}

/** Dataset gold when given; else the non-test files a resolved run's patch changed; else none. */
function goldFor(run: AgentRun, gold: string[] | undefined): { gold: string[]; source: GoldSource } {
  if (gold) return { gold, source: 'dataset' };
  if (run.resolved !== true || !run.patch) return { gold: [], source: 'none' };
  const changed = run.patch
    .split(/^diff --git /m)
    .slice(1)
    .filter((block) => !/^new file mode/m.test(block.split('\n@@')[0]))
    .flatMap((block) => /^a\/(\S+) b\/(\S+)/.exec(block)?.[2] ?? [])
    .filter((path) => !isTestFile(path));
  return { gold: [...new Set(changed)], source: 'patch' };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
