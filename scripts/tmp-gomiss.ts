import { readIssues } from '../src/trainer/examples';
import { DEFAULT_FIT, fitModel, answerFor, repositoryFolds } from '../src/trainer/fit';
import { scoreInstance } from '../src/eval/metrics';
async function main() {
  const [train, lang] = process.argv.slice(2);
  const { issues } = await readIssues(train!);
  const folds = repositoryFolds(issues, 5);
  for (let k = 0; k < folds.length; k++) {
    const model = fitModel(folds.flatMap((f, j) => (j === k ? [] : f)), DEFAULT_FIT, 3, 3, true, { maxFiles: 1, missingGold: 0 });
    for (const i of folds[k]!) {
      if (i.language !== lang) continue;
      const a = answerFor(model, i);
      const s = scoreInstance(a, i.gold_files);
      if (s.precision >= 0.5) continue;
      console.log(`${i.repo} P=${s.precision.toFixed(2)} goldrank=${i.candidates.findIndex((c) => c.gold)} | ans ${a.join(' ')} | gold ${i.gold_files.slice(0, 4).join(' ')}`);
    }
  }
}
main();
