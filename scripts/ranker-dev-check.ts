/**
 * Scores a ranker model on candidate files collected from the dev sets (offline: no tools are run), beside
 * the hand ranking's answer, and prints how often the gold file is among the candidates at all, where it is
 * when the first answered file is wrong, how often the model's first file departs from the hand ranking's
 * first and which of the two is then right, and what the runners-up (the ranked files below the answer at
 * RUNNER_UP_FLOOR or more, which the panel lists apart) hold.
 *
 *   npx tsx scripts/ranker-dev-check.ts MODEL.json NAME=FEATURES.jsonl ...
 *
 * FEATURES.jsonl come from `codegrep train --dataset DEV.jsonl --features FEATURES.jsonl --out /dev/null`
 * (only the candidates are used; the model it fits on dev rows is thrown away).
 */
import { readFileSync } from 'node:fs';
import { RUNNER_UP_FLOOR } from '../src/core/embedded/embeddedBrain';
import { parseRankerModel, type RankerModel } from '../src/core/embedded/ranker';
import { readIssues, type TrainingIssue } from '../src/trainer/examples';
import { answerFor, modelOrder, scoreAnswers } from '../src/trainer/fit';

async function main(): Promise<void> {
  const [modelFile, ...sets] = process.argv.slice(2);
  if (!modelFile || sets.length === 0) throw new Error('usage: ranker-dev-check.ts MODEL.json NAME=FEATURES.jsonl ...');
  const model = parseRankerModel(JSON.parse(readFileSync(modelFile, 'utf8')));
  console.log('| set | n | P | R | F0.5 | acc@1 | files/answer | gold in top 1/5/15/20 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const misses: string[] = [];
  const departures: string[] = [];
  const runnersUp: string[] = [];
  for (const spec of sets) {
    const [name, file] = spec.split('=') as [string, string];
    const { issues } = await readIssues(file);
    const answers = new Map(issues.map((i) => [i.instance_id, answerFor(model, i)]));
    const s = scoreAnswers(issues, answers).all!;
    const size = [...answers.values()].reduce((a, b) => a + b.length, 0) / issues.length;
    const within = (k: number) => (issues.filter((i) => i.candidates.slice(0, k).some((c) => c.gold)).length / issues.length).toFixed(2);
    console.log(`| ${name} | ${s.n} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.f05.toFixed(3)} | ${s.acc_at_1.toFixed(3)} | ${size.toFixed(2)} | ${within(1)}/${within(5)}/${within(15)}/${within(20)} |`);
    misses.push(`| ${name} | ${missPlaces(model, issues)} |`);
    departures.push(`| ${name} | ${departuresFromHand(model, issues)} |`);
    runnersUp.push(`| ${name} | ${runnersUpHeld(model, issues)} |`);
  }
  // Where a wrong first file leaves the gold: what a change to the ranking could still reach.
  console.log('\n| set | first wrong: gold not a candidate / below the window / model\'s 2nd / 3rd or lower |');
  console.log('|---|---|');
  for (const line of misses) console.log(line);
  // The re-ranking only pays where it departs from the hand ranking's first file and is right more often than not.
  console.log('\n| set | model\'s first departs from the hand ranking\'s: runs / model right / hand right |');
  console.log('|---|---|');
  for (const line of departures) console.log(line);
  // Below the answer: how often a runner-up holds the gold file the answer missed, and at what cost in files shown.
  console.log('\n| set | runs whose answer misses / of them a runner-up is gold / runners-up a run / share of runners-up gold |');
  console.log('|---|---|');
  for (const line of runnersUp) console.log(line);
}

/** The runners-up the embedded brain would list (RUNNER_UP_FLOOR), against the runs whose answer missed, as table text. */
function runnersUpHeld(model: RankerModel, issues: TrainingIssue[]): string {
  let missed = 0;
  let rescued = 0;
  let shown = 0;
  let gold = 0;
  for (const issue of issues) {
    const answer = answerFor(model, issue);
    const hit = answer.some((path) => issue.gold_files.includes(path));
    const listed = modelOrder(model, issue).filter((o) => !answer.includes(o.path) && o.p >= RUNNER_UP_FLOOR);
    const held = listed.filter((o) => issue.gold_files.includes(o.path)).length;
    shown += listed.length;
    gold += held;
    if (!hit) missed++;
    if (!hit && held > 0) rescued++;
  }
  return `${missed} / ${rescued} / ${(shown / Math.max(1, issues.length)).toFixed(2)} / ${Math.round((100 * gold) / Math.max(1, shown))} %`;
}

/** Runs whose first answered file is not the hand ranking's first, and how many of them each got right, as table text. */
function departuresFromHand(model: RankerModel, issues: TrainingIssue[]): string {
  let runs = 0;
  let modelRight = 0;
  let handRight = 0;
  for (const issue of issues) {
    const first = modelOrder(model, issue)[0]?.path;
    const hand = issue.candidates[0]?.path;
    if (!first || first === hand) continue;
    runs++;
    if (issue.gold_files.includes(first)) modelRight++;
    if (hand && issue.gold_files.includes(hand)) handRight++;
  }
  return `${runs} / ${modelRight} / ${handRight}`;
}

/** For the issues whose first answered file is wrong, where their best-placed gold file is, as table text. */
function missPlaces(model: RankerModel, issues: TrainingIssue[]): string {
  const places = { absent: 0, below: 0, second: 0, lower: 0 };
  for (const issue of issues) {
    const ranked = modelOrder(model, issue);
    if (ranked[0] && issue.gold_files.includes(ranked[0].path)) continue;
    const inWindow = ranked.findIndex((c) => issue.gold_files.includes(c.path));
    if (inWindow === 1) places.second++;
    else if (inWindow > 1) places.lower++;
    else if (issue.candidates.some((c) => c.gold)) places.below++;
    else places.absent++;
  }
  return `${places.absent} / ${places.below} / ${places.second} / ${places.lower}`;
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
