import { strict as assert } from 'node:assert';
import type { GrepHit } from '../../../../src/common/tools';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { LeaderCheck } from '../../../../src/core/embedded/leaderCheck';
import { REEXPORT_PATTERN, reexportLines } from '../../../../src/core/embedded/reexports';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, makeTree, removeTree } from '../../tools/fixture';
import { FAILED_GREP, rankedLeaders } from './leaders';

/** A barrel that re-exports the errors module's functions, as zod's `external.ts` does. */
const BARREL = [
  'export * from "./parse.js";',
  'export type { infer } from "./core.js";',
  'export {',
  '  treeifyError,',
  '  prettifyError,',
  '} from "./errors.js";',
  '',
  'import {',
  '  helper,',
  '} from "./util.js";',
  'export const version = helper("4.0");',
].join('\n');

const ERRORS = [
  'import type { Issue } from "./core.js";',
  '',
  'export function treeifyError(issues: Issue[]) {',
  '  return { errors: issues.map((i) => i.message) };',
  '}',
  '',
  '/** Prints each issue on its own line, with the path to it. */',
  'export function prettifyError(issues: Issue[]): string {',
  '  const lines: string[] = [];',
  '  for (const issue of issues) lines.push(`✖ ${issue.message}\\n  → at ${issue.path.join(".")}`);',
  '  return lines.join("\\n");',
  '}',
  '',
].join('\n');

const hitsOf = (path: string, text: string, pattern: RegExp): GrepHit[] =>
  text.split('\n').flatMap((line, i) => (pattern.test(line) ? [{ path, line: i + 1, text: line }] : []));

describe('re-exports (barrel files)', () => {
  it('takes one-line re-exports and every line of an export list closed by `} from`, not an import list or code', () => {
    const lines = reexportLines(hitsOf('src/external.ts', BARREL, new RegExp(REEXPORT_PATTERN)));
    assert.deepEqual([...lines.get('src/external.ts')!].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6]);
    assert.equal(reexportLines(hitsOf('src/errors.ts', ERRORS, new RegExp(REEXPORT_PATTERN))).size, 0, 'an ES module that defines is no barrel');
  });

  it("takes CommonJS's export object and values passed on under a name, not an object or a call's arguments", () => {
    const barrel = [
      "const simplifyRange = require('./ranges/simplify')",
      "const helper = require('./internal/helper')",
      'module.exports = {',
      '  parse,',
      "  simplifyRange: require('./ranges/simplify'),",
      '  re: internalRe.re,',
      '  SemVer,',
      '}',
      'const options = {',
      '  loose,',
      '}',
      'compare(',
      '  a,',
      '  b)',
      'exports.satisfies = satisfies',
      'export const ensureDir = _mkdirs.ensureDir',
      'export const strict = true',
      'exports.check = function () {}',
      'export const boolean: (name?: string) => Config<boolean> = internal.boolean',
      'export const number: (name?: string) => Config<number> = (name) => internal.number(name)',
    ].join('\n');
    const lines = reexportLines(hitsOf('index.js', barrel, new RegExp(REEXPORT_PATTERN)));
    assert.deepEqual([...lines.get('index.js')!].sort((a, b) => a - b), [1, 3, 4, 5, 6, 7, 15, 16, 19], 'not the require of a name kept inside');
  });

  it("takes an ES module's imported names passed on by `Object.assign` or an export list, not its own functions", () => {
    const barrel = [
      "import chroma from './src/chroma.js';",
      "import average from './src/generator/average.js';",
      "import { analyze, limits as bounds } from './src/utils/analyze.js';",
      "import { helper } from './src/utils/helper.js';",
      'const ownScale = () => helper();',
      'Object.assign(chroma, {',
      '    average,',
      '    interpolate: bounds,',
      '    ownScale,',
      '});',
      'export default chroma;',
      'export {',
      '    analyze,',
      '    ownScale,',
      '    bounds as limits,',
      '};',
      'export { average, ownScale };',
      'export { analyze };',
    ].join('\n');
    const lines = reexportLines(hitsOf('index.js', barrel, new RegExp(REEXPORT_PATTERN)));
    // Not line 1 (chroma is used, not passed on), 4 (helper is its own), 9 and 14 (its own function), 17 (mixed).
    assert.deepEqual([...lines.get('index.js')!].sort((a, b) => a - b), [2, 3, 6, 7, 8, 13, 15, 18]);
  });

  it("gives a barrel no share of the issue's words in the leader check, and keeps its own code's", async () => {
    const dir = makeTree({ 'src/external.ts': BARREL, 'src/errors.ts': ERRORS, 'lib/errors.py': 'def prettify_error():\n    pass\n' });
    try {
      const ranked = rankedLeaders(['src/external.ts', 'src/errors.ts', 'lib/errors.py'], 3);
      const check = LeaderCheck.plan(ranked, new Map([['prettifyerror', 1], ['treeifyerror', 1]]))!;
      const calls = check.nextCalls(8);
      const reexports = calls.find((c) => c.id === 'embedded_check_reexports')!;
      assert.deepEqual((reexports.args as { paths: string[] }).paths, ['src/external.ts', 'src/errors.ts'], 'only scripts are searched');
      const runner = new NodeToolRunner({ roots: [dir] });
      for (const call of calls) check.ingest(call, await runner.run(call, new AbortController().signal));
      const scores = check.scores()!;
      assert.equal(scores.get('src/external.ts')!.score, 0, 'its re-export lines are all it has');
      assert.ok(scores.get('src/errors.ts')!.score > scores.get('src/external.ts')!.score);
    } finally {
      removeTree(dir);
    }
  });

  it('uses every hit of a long search whose text was cut, and none of one its hit cap cut', () => {
    const ranked = rankedLeaders(['index.js', 'lib/a.js'], 2);
    const hits = Array.from({ length: 150 }, (_, i) => ({ path: 'index.js', line: i + 2, text: `  name${i},` }));
    hits.unshift({ path: 'index.js', line: 1, text: 'module.exports = {' });
    for (const [count, expected] of [[151, 151], [2500, undefined]] as const) {
      const check = LeaderCheck.plan(ranked, new Map([['name1', 1]]))!;
      const reexports = check.nextCalls(8).find((c) => c.id === 'embedded_check_reexports')!;
      check.ingest(reexports, { text: '', truncated: true, count, bytes: 0, hits });
      assert.equal(check.reexportedLines()?.get('index.js')?.size, expected);
    }
  });

  it('keeps every line when the re-exports search fails', () => {
    const ranked = rankedLeaders(['src/external.ts', 'src/errors.ts'], 2);
    const check = LeaderCheck.plan(ranked, new Map([['prettifyerror', 1]]))!;
    const reexports = check.nextCalls(8).find((c) => c.id === 'embedded_check_reexports')!;
    check.ingest(reexports, FAILED_GREP);
    assert.equal(check.reexportedLines(), undefined);
  });
});

describe('an issue naming a function a barrel re-exports (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree({
      'src/external.ts': BARREL,
      'src/errors.ts': ERRORS,
      'src/parse.ts': 'export function parse(input: unknown) {\n  return input;\n}\n',
      'src/core.ts': 'export interface Issue {\n  message: string;\n  path: string[];\n}\n',
      'src/util.ts': 'export const helper = (f: unknown) => String(f);\n',
    }, 'codegrep-barrel-');
  });

  after(() => removeTree(dir));

  it('answers the module that defines it, not the barrel', async () => {
    const issue = { title: 'prettifyError prints [object Object] for nested paths', body: '' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/errors.ts', JSON.stringify(result.candidates));
    assert.ok(!result.candidates.some((c) => c.path === 'src/external.ts'), 'the barrel is not answered');
  });
});
