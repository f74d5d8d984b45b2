/**
 * The ablation of the learned ranker's feature groups (docs/benchmarks.md): the model trained without each group
 * in turn, scored by grouped cross-validation on the training rows and on collected dev candidates (offline: no
 * tools are run).
 *
 *   npx tsx scripts/ranker-ablation.ts [--on LANGUAGE] TRAIN-FEATURES.jsonl NAME=DEV-FEATURES.jsonl ...
 *
 * `--on python` (or another twin language, TWIN_LANGUAGES) leaves each group out of that language's candidates
 * only; every other file keeps it, though the shared weights are refitted.
 *
 * Both kinds of FEATURES.jsonl come from `codegrep train --features` (docs/ranker.md); the dev sets only score.
 */
import { TWIN_LANGUAGES } from '../src/core/embedded/features';
import { ablate } from '../src/trainer/ablation';
import { readIssues, type TrainingIssue } from '../src/trainer/examples';
import { DEFAULT_FIT } from '../src/trainer/fit';
import type { Summary } from '../src/eval/metrics';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const on = args[0] === '--on' ? args.splice(0, 2)[1] : undefined;
  const onFiles = on === undefined ? undefined : TWIN_LANGUAGES.find((l) => l.name === on)?.file;
  if (on !== undefined && !onFiles) throw new Error(`--on takes one of: ${TWIN_LANGUAGES.map((l) => l.name).join(', ')}`);
  const [trainFile, ...sets] = args;
  if (!trainFile) throw new Error('usage: ranker-ablation.ts [--on LANGUAGE] TRAIN-FEATURES.jsonl NAME=DEV-FEATURES.jsonl ...');
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
  for (const row of ablate(train, heldOut, DEFAULT_FIT, onFiles)) {
    const fixed = ['all', 'python', 'go'].map((key) => row.fixedSize[key]?.f05.toFixed(3) ?? '–').join(' / ');
    console.log(`| ${row.group} | ${fixed} | ${row.chosenSize.f05.toFixed(3)} | ${names.map((n) => pf(row.heldOut[n])).join(' | ')} |`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
