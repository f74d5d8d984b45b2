/**
 * Scores a ranker model on candidate files collected from the dev sets (offline: no tools are run), beside
 * the hand ranking's answer, and prints how often the gold file is among the candidates at all.
 *
 *   npx tsx scripts/ranker-dev-check.ts MODEL.json NAME=FEATURES.jsonl ...
 *
 * FEATURES.jsonl come from `codegrep train --dataset DEV.jsonl --features FEATURES.jsonl --out /dev/null`
 * (only the candidates are used; the model it fits on dev rows is thrown away).
 */
import { readFileSync } from 'node:fs';
import { parseRankerModel } from '../src/core/embedded/ranker';
import { readIssues } from '../src/trainer/examples';
import { answerFor, scoreAnswers } from '../src/trainer/fit';

async function main(): Promise<void> {
  const [modelFile, ...sets] = process.argv.slice(2);
  if (!modelFile || sets.length === 0) throw new Error('usage: ranker-dev-check.ts MODEL.json NAME=FEATURES.jsonl ...');
  const model = parseRankerModel(JSON.parse(readFileSync(modelFile, 'utf8')));
  console.log('| set | n | P | R | F0.5 | acc@1 | files/answer | gold in top 1/5/15/20 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const spec of sets) {
    const [name, file] = spec.split('=') as [string, string];
    const { issues } = await readIssues(file);
    const answers = new Map(issues.map((i) => [i.instance_id, answerFor(model, i)]));
    const s = scoreAnswers(issues, answers).all!;
    const size = [...answers.values()].reduce((a, b) => a + b.length, 0) / issues.length;
    const within = (k: number) => (issues.filter((i) => i.candidates.slice(0, k).some((c) => c.gold)).length / issues.length).toFixed(2);
    console.log(`| ${name} | ${s.n} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.f05.toFixed(3)} | ${s.acc_at_1.toFixed(3)} | ${size.toFixed(2)} | ${within(1)}/${within(5)}/${within(15)}/${within(20)} |`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
