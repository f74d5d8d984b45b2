// The glob matcher (src/tools/wildcard.ts) against what the glob tool did before (minimatch's regex behind an
// `includes` check of each alternative's literal text, globLiterals.ts), on the same file lists in the same run:
// the time to test every path of a tree, per pattern, and the ratio.
// Usage: npx tsx bench/glob-matcher.ts [--runs N]   (results in bench/results/glob-matcher.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { Minimatch } from 'minimatch';
import { FileListCache } from '../src/tools/fileList';
import { requiredLiterals } from '../src/tools/globLiterals';
import { compileGlob } from '../src/tools/wildcard';
import { Workspace } from '../src/tools/workspace';
import { prepareTree } from './lib/trees';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 9;
/** Title words of django-16910, as the embedded brain's two title globs spell them. */
const WORDS = 'queryset,only,work,select,related,reverse,onetoonefield,relation,onetoone,field';
/** django-10924's module paths and title word pairs, as the brain's globs for them spell them. */
const MODULES = '**/{manage.py,django/conf.*,django/conf/{__init__,index,mod}.*,django/db.*,django/db/{__init__,index,mod}.*}';
const PAIRS = '**/{special?([-_])case?(s),model?([-_])containing?(s),local?([-_])file?(s),dev?([-_])machine?(s),different?([-_])machine?(s),path?([-_])based?(s),manually?([-_])change?(s)}.*';
/** Patterns as the glob tool gets them: the brain's title-words, title-names, module and word-pair globs, and a model's. */
const PATTERNS = ['**/*.py', `**/*{${WORDS}}*`, `**/{${WORDS}}.*`, MODULES, PAIRS, '**/tests/**/test_*.py', 'django/db/models/*.py'];
/** What minimatch's regex cannot do in any time the bench could wait for: the linear matcher alone. */
const ADVERSARIAL = `${'*a'.repeat(14)}*b`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median milliseconds to test every path, over RUNS runs after one warm-up, and how many matched. */
function time(test: (path: string) => boolean, paths: readonly string[]): { ms: number; matched: number } {
  let matched = 0;
  const samples: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const t0 = performance.now();
    matched = 0;
    for (const path of paths) if (test(path)) matched++;
    if (run > 0) samples.push(performance.now() - t0);
  }
  return { ms: median(samples), matched };
}

async function main(): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const repo of ['django__django', 'sympy__sympy']) {
    const root = prepareTree(repo);
    const paths = await new FileListCache(new Workspace([root])).list(new AbortController().signal, 60_000);
    for (const pattern of PATTERNS) {
      for (const nocase of [false, true]) {
        const ours = compileGlob(pattern, { nocase });
        if ('error' in ours) throw new Error(`${pattern}: ${ours.error}`);
        const regex = new Minimatch(pattern, { dot: true, nocomment: true, nonegate: true, nocase }).makeRe();
        if (regex === false) throw new Error(`${pattern}: minimatch cannot build it`);
        const literals = requiredLiterals(nocase ? pattern.toLowerCase() : pattern);
        const previous = (path: string) => (!literals || literals.some((literal) => (nocase ? path.toLowerCase() : path).includes(literal))) && regex.test(path);
        const linear = time((path) => ours.test(path), paths);
        const before = time(previous, paths);
        if (linear.matched !== before.matched) throw new Error(`${pattern}: ${linear.matched} paths against minimatch's ${before.matched}`);
        rows.push({ repo, paths: paths.length, pattern, nocase, matched: linear.matched, oursMs: round(linear.ms), minimatchMs: round(before.ms), ratio: round(linear.ms / before.ms) });
      }
    }
    const adversarial = time((path) => (compileGlob(ADVERSARIAL) as { test(p: string): boolean }).test(path), paths);
    rows.push({ repo, paths: paths.length, pattern: ADVERSARIAL, nocase: false, matched: adversarial.matched, oursMs: round(adversarial.ms), minimatchMs: null, ratio: null });
  }
  for (const row of rows) console.log(`${row.repo} ${String(row.pattern).slice(0, 48).padEnd(48)} nocase=${row.nocase} ${row.matched} of ${row.paths} paths: ${row.oursMs} ms, minimatch ${row.minimatchMs ?? '—'} ms, ratio ${row.ratio ?? '—'}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/glob-matcher.json', `${JSON.stringify({ runs: RUNS, node: process.version, rows }, null, 2)}\n`);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

void main();
