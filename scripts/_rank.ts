// Prints the hand ranking's first 10 files and the learned answer for one issue file on one repo.
import { readFileSync } from 'node:fs';
import { createEmbeddedBrain } from '../src/core/embedded/index';
import { Locator } from '../src/core/locator';
import { NodeToolRunner } from '../src/tools/runner';
async function main() {
  const [repo, file] = process.argv.slice(2);
  const text = readFileSync(file!, 'utf8'); const [title, ...rest] = text.split('\n');
  const issue = { title: title!, body: rest.join('\n').trim() };
  let obs: { path: string }[] = [];
  const run = (b: ReturnType<typeof createEmbeddedBrain>) => new Locator(new NodeToolRunner({ roots: [repo!] })).locate(issue, b);
  const learned = await run(createEmbeddedBrain({ observe: (f) => { obs = f as unknown as { path: string }[]; } }));
  console.log('answer:', learned.candidates.map((c) => `${c.path} ${c.score?.toFixed?.(2)}`).join(' | '));
  const hand = await run(createEmbeddedBrain({ model: null, rankedFiles: 10 }));
  hand.candidates.forEach((c, k) => console.log(`  ${k + 1}. ${c.path}  ${c.reason}`));
}
main();
