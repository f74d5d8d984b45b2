/**
 * The ablation of the learned ranker's feature groups (docs/benchmarks.md): the model trained without each group
 * in turn, scored by grouped cross-validation on the training rows and on collected dev candidates (offline: no
 * tools are run).
 *
 *   npx tsx scripts/ranker-ablation.ts TRAIN-FEATURES.jsonl NAME=DEV-FEATURES.jsonl ...
 *
 * Both kinds of FEATURES.jsonl come from `codegrep train --features` (docs/ranker.md); the dev sets only score.
 */
import { ablate } from '../src/trainer/ablation';
import { readIssues, type TrainingIssue } from '../src/trainer/examples';
import { DEFAULT_FIT } from '../src/trainer/fit';
import type { Summary } from '../src/eval/metrics';

async function main(): Promise<void> {
  const [trainFile, ...sets] = process.argv.slice(2);
  if (!trainFile) throw new Error('usage: ranker-ablation.ts TRAIN-FEATURES.jsonl NAME=DEV-FEATURES.jsonl ...');
  const train = (await readIssues(trainFile)).issues;
  const heldOut: Record<string, TrainingIssue[]> = {};
  for (const spec of sets) {
    const [name, file] = spec.split('=') as [string, string];
    heldOut[name] = (await readIssues(file)).issues;
  }
  const names = Object.keys(heldOut);
  const pf = (s: Summary | undefined) => (s ? `${s.precision.toFixed(3)} / ${s.f05.toFixed(3)}` : '–');
  console.log(`| left out | CV F0.5, fixed size (all / Python / Go) | CV F0.5, chosen size | ${names.map((n) => `${n} P / F0.5`).join(' | ')} |`);
  console.log(`|---|---:|---:|${names.map(() => '---:|').join('')}`);
  for (const row of ablate(train, heldOut, DEFAULT_FIT)) {
    const fixed = ['all', 'python', 'go'].map((key) => row.fixedSize[key]?.f05.toFixed(3) ?? '–').join(' / ');
    console.log(`| ${row.group} | ${fixed} | ${row.chosenSize.f05.toFixed(3)} | ${names.map((n) => pf(row.heldOut[n])).join(' | ')} |`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
