import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { braceExpand, Minimatch } from 'minimatch';
import type { ToolCall } from '../../../src/common/tools';
import { NodeToolRunner } from '../../../src/tools/runner';
import { compileGlob, compileWildcard, MAX_BRACE_ALTERNATIVES } from '../../../src/tools/wildcard';
import { makeTree, noSignal, removeTree } from './fixture';
import type { ProbeRequest } from './wildcardProbe';

/** minimatch's answer as glob.ts used to ask it (undefined where minimatch cannot build the pattern). */
function minimatchSays(pattern: string, path: string, nocase: boolean): boolean | undefined {
  try {
    const regex = new Minimatch(pattern, { dot: true, nocomment: true, nonegate: true, nocase }).makeRe();
    return regex === false ? undefined : regex.test(path);
  } catch {
    return undefined;
  }
}

interface ProbeAnswer {
  answers: (boolean | string)[];
  results: { text: string; count?: number; paths?: string[]; exitCode?: number }[];
}

/** Runs a probe in a worker (wildcardProbe.ts) and fails, terminating it, if it has not answered by the deadline. */
function probeWithin(ms: number, request: ProbeRequest): Promise<ProbeAnswer> {
  const worker = new Worker(path.join(__dirname, 'wildcardProbe.ts'), { execArgv: ['--require', 'tsx/cjs'], workerData: request });
  return new Promise<ProbeAnswer>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`no answer within ${ms} ms: the matching backtracks`)), ms);
    worker.once('message', (answer: ProbeAnswer) => resolve(answer));
    worker.once('error', reject);
    worker.once('exit', () => clearTimeout(deadline));
  }).finally(() => void worker.terminate());
}

/** The linear walk alone (compileGlob keeps minimatch's regex for patterns with two wildcards or fewer). */
function linearSays(pattern: string, path: string, nocase: boolean): boolean {
  return braceExpand(pattern).some((alternative) => compileWildcard(alternative, { globstar: true, nocase }).test(path));
}

/** A pattern whose backtracking regex tries every way to split the name among its stars before it fails. */
const STARS = `${'*a'.repeat(14)}*b`;
const LONG_NAME = `${'a'.repeat(40)}_lib.txt`;

describe('tools/wildcard: glob and shell wildcards without a backtracking regex', () => {
  it('walks as minimatch matches on 30,000 generated patterns and paths, with and without case', () => {
    let seed = 41;
    const pick = <T>(items: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return items[seed % items.length]!;
    };
    const pieces = ['a', 'b', '.', '*', '?', '/', '**', '[ab]', '[!a]', '[^b]', '[a-c]', '[B-[]', '[]a]', '[a-]', '\\*', '{a,b}', '{,a}', '{a..c}', '{a,{b,c}}', '-', 'B', 'é', 'É', '[[:digit:]]', '[[:upper:]]', '[[:alpha:]]', '1', '[', ']', '!', '+', '@'];
    const letters = ['a', 'b', '.', '/', '-', 'c', '*', 'B', '1', ']', '[', 'é', 'É', '!'];
    let compared = 0;
    for (let i = 0; i < 15_000; i++) {
      const pattern = Array.from({ length: 1 + (i % 9) }, () => pick(pieces)).join('');
      const path = Array.from({ length: 1 + (i % 13) }, () => pick(letters)).join('');
      if (pattern.startsWith('/') || path.startsWith('/') || path.endsWith('/') || path.includes('//') || path.split('/').some((s) => s === '.' || s === '..')) continue;
      // One deliberate difference: minimatch lets a negated class match `/` (`-[^b]x` matches `-/x`); no shell does.
      if (/\[[!^]/.test(pattern) && path.includes('/')) continue;
      for (const nocase of [false, true]) {
        const expected = minimatchSays(pattern, path, nocase);
        // Extglobs and `.`/`..` segments are minimatch's alone (compileGlob).
        if (expected === undefined || /[?*+@!]\(|\/\/|(?:^|\/)\.\.?(?:\/|$)/.test(pattern)) continue;
        assert.equal(linearSays(pattern, path, nocase), expected, `${JSON.stringify(pattern)} on ${JSON.stringify(path)}, nocase ${nocase}`);
        const matcher = compileGlob(pattern, { nocase });
        assert.ok(!('error' in matcher) && matcher.test(path) === expected, `compileGlob: ${pattern}`);
        compared++;
      }
    }
    assert.ok(compared > 20_000, String(compared));
  });

  it('answers as minimatch does for globs of many brace alternatives, whose file names are checked first in one regex', () => {
    let seed = 7;
    const pick = <T>(items: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return items[seed % items.length]!;
    };
    const words = ['ab', 'ba', 'a.b', 'b-a', 'A_b', 'aa', 'bb', 'a*', '*b', '[ab]a', 'a?', 'b.py', ''];
    const heads = ['**/', '', 'a/', 'a/**/', '*/', '{a,b}/'];
    const tails = ['', '.*', '*', '.py', '/**', '/*.py', '?(s)'];
    const letters = ['a', 'b', '.', '/', '-', '_', 'A', 'py', 's'];
    let compared = 0;
    let prefiltered = 0;
    for (let i = 0; i < 3_000; i++) {
      // No empty alternative: beside a slash it makes `//`, which only minimatch's regex reads (see above).
      const alternatives = Array.from({ length: 8 + (i % 5) }, () => pick(words) + pick(words) || 'ab');
      const pattern = `${pick(heads)}{${alternatives.join(',')}}${pick(tails)}`;
      const matcher = compileGlob(pattern, { nocase: i % 2 === 0 });
      assert.ok(!('error' in matcher), pattern);
      if (!/^\*\*\/|^\*\//.test(pattern) || /\/\*\*$/.test(pattern)) prefiltered++;
      for (let k = 0; k < 8; k++) {
        const path = Array.from({ length: 2 + (k % 9) }, () => pick(letters)).join('');
        if (path.startsWith('/') || path.endsWith('/') || path.includes('//') || path.split('/').some((s) => s === '.' || s === '..')) continue;
        const expected = minimatchSays(pattern, path, i % 2 === 0);
        if (expected === undefined) continue;
        assert.equal(matcher.test(path), expected, `${pattern} on ${path}, nocase ${i % 2 === 0}`);
        compared++;
      }
    }
    assert.ok(compared > 15_000 && prefiltered > 500, `${compared} ${prefiltered}`);
    // A literal the file name needs, found only in a folder, is not a match; found in the name, it is.
    const pairs = compileGlob('**/{special?([-_])case?(s),model?([-_])containing?(s),local?([-_])file?(s),dev?([-_])machine?(s)}.*', { nocase: true });
    assert.ok(!('error' in pairs));
    assert.ok(pairs.test('src/Special_Cases.py') && pairs.test('dev-machine.ts') && !pairs.test('specialcase/x.py') && !pairs.test('src/localfile'));
  });

  it('agrees with minimatch where globstars meet the ends of a path', () => {
    const patterns = ['a/**', '**', '**/b', 'a/**/b', '**/*', '*/**', 'a/*', '**/**', 'a/**/**', '**/a/**', 'a/b/**', 'a*/**', '?/**', '**/*.py', 'a/**/*'];
    const paths = ['a', 'b', 'a/b', 'a/b/c', 'b/a', 'b/a/c', 'ab', 'a/a', 'c/a/b', 'a.py', 'q/a.py'];
    for (const pattern of patterns) {
      const matcher = compileGlob(pattern);
      assert.ok(!('error' in matcher));
      for (const path of paths) assert.equal(matcher.test(path), minimatchSays(pattern, path, false), `${pattern} on ${path}`);
    }
    // Where minimatch's regex drops a trailing globstar (`a/**/b/**` built as `^a(?:/|/…/)b$`), its match() and
    // the walk agree: `a/b/c` matches.
    assert.equal((compileGlob('a/**/b/**') as { test(p: string): boolean }).test('a/b/c'), true);
  });

  it('reads `?(…)` and `@(…)` as braces and answers as minimatch does, also where an empty one leaves only stars', () => {
    let seed = 5;
    const pick = <T>(items: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return items[seed % items.length]!;
    };
    const pieces = ['a', 'b', '.', '*', '/', '**', '[ab]', '{a,b}', '-', '?(a|b)', '@(a|b)', '?([ab]*)', '?(b)', '@(b|)', '?(a|)', '_'];
    let compared = 0;
    for (let i = 0; i < 12_000; i++) {
      const pattern = Array.from({ length: 1 + (i % 7) }, () => pick(pieces)).join('');
      const path = Array.from({ length: 1 + (i % 12) }, () => pick(['a', 'b', '.', '/', '-', 'c', '_'])).join('');
      if (pattern.startsWith('/') || path.startsWith('/') || path.endsWith('/') || path.includes('//') || path.split('/').some((s) => s === '.' || s === '..')) continue;
      const expected = minimatchSays(pattern, path, false);
      const matcher = compileGlob(pattern);
      if (expected === undefined || 'error' in matcher) continue;
      assert.equal(matcher.test(path), expected, `${JSON.stringify(pattern)} on ${JSON.stringify(path)}`);
      compared++;
    }
    assert.ok(compared > 6_000, String(compared));
    const locale = compileGlob('**/{slovenian,sl?([-_]*),slSI}.*', { nocase: true });
    assert.ok(!('error' in locale) && locale.test('src/locale/sl-SI.js') && locale.test('src/locale/sl.js') && !locale.test('src/locale/sk.js'));
  });

  it('answers a pattern of 15 stars on a 48-character name at once (minimatch\'s regex: minutes)', async function () {
    this.timeout(20_000);
    const { answers } = await probeWithin(10_000, {
      matches: [
        [STARS, LONG_NAME, 'glob'],
        [`**/${'*a'.repeat(14)}*_lib.txt`, `x/y/${LONG_NAME}`, 'glob'],
        [STARS, `dir/${LONG_NAME}`, 'cross'],
      ],
      calls: [],
    });
    assert.deepEqual(answers, [false, true, false]);
  });

  it('refuses braces that expand past the cap and costly extglobs, and says why; an unbuildable pattern is invalid, not a crash', () => {
    assert.match(JSON.stringify(compileGlob('{a,b}'.repeat(9))), new RegExp(`more than ${MAX_BRACE_ALTERNATIVES} patterns`));
    assert.match(JSON.stringify(compileGlob('{1..100000}.py')), /more than 256 patterns/);
    assert.match(JSON.stringify(compileGlob('*a*a+(a)*b')), /4 wildcards beside an extglob or a .\/.. segment; at most 2/);
    assert.match(JSON.stringify(compileGlob('!([[:alpha:]])-')), /not a valid glob pattern \(Invalid regular expression/);
    // Extglobs the embedded brain writes itself stay minimatch's, as before.
    const named = compileGlob('**/{boolean?([-_])attribute?(s),cookie?([-_])jar?(s)}.*');
    assert.ok(!('error' in named) && named.test('src/shared/boolean_attributes.js') && !named.test('src/attributes.js'));
  });

  describe('through the tools a model calls', () => {
    let root: string;
    let runner: NodeToolRunner;
    const run = (call: ToolCall) => runner.run(call, noSignal);
    before(() => {
      root = makeTree({ [LONG_NAME]: 'x\n', 'src/line.txt': `${'a'.repeat(40)}!\n` });
      runner = new NodeToolRunner({ roots: [root] });
    });
    after(() => removeTree(root));

    it('glob, find -name, find -path and ls with 15 stars come back at once', async function () {
      this.timeout(30_000);
      const terminal = (command: string): ToolCall => ({ id: 't', name: 'terminal', args: { command } });
      const { results } = await probeWithin(20_000, {
        matches: [],
        root,
        calls: [
          { id: 'g', name: 'glob', args: { pattern: STARS } },
          { id: 'g', name: 'glob', args: { pattern: `${'*a'.repeat(14)}*_lib.txt` } },
          terminal(`find . -name '${STARS}'`),
          terminal("find . -path '*a*a*a*a*a*a*a*a*a*a*a*a*lib.txt'"),
          terminal(`ls ${STARS}`),
          terminal("cat src/line.txt | grep -E '(a+)+$'"),
        ],
      });
      const [none, one, find, findPath, ls, piped] = results;
      assert.equal(none!.count, 0);
      assert.deepEqual(one!.paths, [LONG_NAME]);
      assert.equal(find!.text, '');
      assert.equal(findPath!.text, `./${LONG_NAME}`);
      assert.match(ls!.text, /No such file or directory/);
      assert.equal(piped!.exitCode, 1);
    });

    it("a pipe's grep runs in rg, with rg's line numbers, look-around in PCRE2, and a bad pattern said", async function () {
      this.timeout(10_000);
      const sh = (command: string) => run({ id: 't', name: 'terminal', args: { command } });
      assert.equal((await sh("cat src/line.txt | grep -En 'a!$'")).text, `1:${'a'.repeat(40)}!`);
      assert.equal((await sh("cat src/line.txt | grep -P 'a(?=!)' | grep -c a")).text, '1');
      const bad = await sh("cat src/line.txt | grep -E '(a+'");
      assert.equal(bad.exitCode, 2);
      assert.match(bad.text, /^grep: invalid pattern \/\(a\+\/: .*(?:unclosed group|missing closing parenthesis)/);
    });
  });
});
