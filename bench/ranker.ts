/**
 * Cost of the embedded brain's learned answer step (model probabilities + expected-F0.5 answer size) per issue,
 * against the cheapest tool call measured in the same run (one `rg --files` over this repository's src/).
 *
 *   npx tsx bench/ranker.ts [FEATURES.jsonl]   (collected with `codegrep train --features`; default: synthetic)
 *
 * Writes bench/results/ranker.json.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { chooseAnswerSize } from '../src/core/embedded/answerSize';
import { defaultRankerModel } from '../src/core/embedded/defaultModel';
import { FEATURE_NAMES, type CandidateFeatures } from '../src/core/embedded/features';
import { probabilities } from '../src/core/embedded/ranker';
import { ripgrepPath } from '../src/tools/ripgrep';
import { readIssues } from '../src/trainer/examples';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const model = defaultRankerModel();
  const file = process.argv[2];
  const runs: CandidateFeatures[][] = file
    ? (await readIssues(file)).issues.map((i) => i.candidates)
    : Array.from({ length: 200 }, (_, r) => Array.from({ length: 20 }, (_, c) => ({ path: `f${c}`, values: FEATURE_NAMES.map((_, i) => ((r * 31 + c * 7 + i) % 13) / 13) })));
  const answerOnce = () => {
    for (const candidates of runs) {
      const p = probabilities(model, candidates.slice(0, model.candidates)).sort((a, b) => b - a);
      chooseAnswerSize(p, model.maxFiles, model.missingGold);
    }
  };
  answerOnce(); // warm up
  const perIssueUs: number[] = [];
  for (let rep = 0; rep < 20; rep++) {
    const started = process.hrtime.bigint();
    answerOnce();
    perIssueUs.push(Number(process.hrtime.bigint() - started) / 1000 / runs.length);
  }
  const rgMs: number[] = [];
  for (let rep = 0; rep < 20; rep++) {
    const started = process.hrtime.bigint();
    execFileSync(ripgrepPath(), ['--files', 'src'], { stdio: ['ignore', 'pipe', 'ignore'] });
    rgMs.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const result = {
    issues: runs.length,
    source: file ? basename(file) : 'synthetic (200 issues x 20 candidates)',
    candidates_per_issue: model.candidates,
    answer_step_us_p50: Math.round(median(perIssueUs) * 10) / 10,
    rg_files_ms_p50: Math.round(median(rgMs) * 100) / 100,
    ratio_to_one_rg_call: Math.round((median(perIssueUs) / 1000 / median(rgMs)) * 10000) / 10000,
  };
  writeFileSync('bench/results/ranker.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(result);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
