// The embedded brain's issue mining (mineIssue) on issues shaped to be slow: a text at the 200,000-character cap
// made of one line shape repeated, against an ordinary prose issue of the same length mined in the same run.
// A shape well above 1× reads some part of the text again and again (a pattern that spans lines, a line read
// whole for every word on it).
// Usage: npx tsx bench/mining-shapes.ts [--runs N]   (results in bench/results/mining-shapes.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { mineIssue } from '../src/core/embedded/clues';
import { MINING_LIMITS } from '../src/core/embedded/issueBounds';
import { median } from './lib/stats';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const SIZE = MINING_LIMITS.maxTextChars - 1_000;

const fill = (unit: string): string => unit.repeat(Math.floor(SIZE / unit.length));

/** The reference: prose with names, paths and a message, as a long ordinary issue has. */
const REFERENCE = fill('When the `CartService` saves an order, src/cart/totals.py raises "total must be positive" again. ');

/** Shapes a paste can have: blank runs, prompts, one long line of capitals, frames, quotes, headings. */
const SHAPES: Record<string, string> = {
  'blank lines in a fence': `\`\`\`\n${fill('\n')}\`\`\``,
  'blank lines of spaces': fill(' \n'),
  'IPython prompts alone': fill('In [1]: \n'),
  'capitalised words on one line': fill('Foo Bar '),
  'Python frames': fill('  File "src/cart.py", line 12, in total\n'),
  'JavaScript frames': fill('    at total (src/cart.js:12:5)\n'),
  'Markdown quotes': fill('> the total must be positive\n'),
  'headings': fill('### Expected Behavior\n'),
  'one-letter lines': fill('a\n'),
  'commas': fill('a,'),
};

function timeMining(body: string): number {
  const samples: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const t0 = performance.now();
    mineIssue({ title: 'crash in cart totals', body });
    if (run > 0) samples.push(performance.now() - t0);
  }
  return median(samples);
}

function main(): void {
  const referenceMs = timeMining(REFERENCE);
  console.log(`reference (prose, ${REFERENCE.length} characters): ${referenceMs.toFixed(1)} ms`);
  const rows = Object.entries(SHAPES).map(([shape, body]) => {
    const ms = timeMining(body);
    const ratio = ms / referenceMs;
    console.log(`${shape.padEnd(32)} ${ms.toFixed(1).padStart(8)} ms  ${ratio.toFixed(2)}×`);
    return { shape, characters: body.length, ms: Number(ms.toFixed(1)), ratio: Number(ratio.toFixed(2)) };
  });
  mkdirSync('bench/results', { recursive: true });
  const result = { runs: RUNS, reference: { characters: REFERENCE.length, ms: Number(referenceMs.toFixed(1)) }, rows, node: process.version };
  writeFileSync('bench/results/mining-shapes.json', `${JSON.stringify(result, null, 2)}\n`);
}

main();
