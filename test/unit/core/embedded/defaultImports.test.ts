import { strict as assert } from 'node:assert';
import { defaultBinding, resolvesTo } from '../../../../src/core/embedded/defaultImports';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { EvidenceBoard } from '../../../../src/core/embedded/evidence';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

describe('default imports', () => {
  it("read the name an importer binds and the module it names, from the repository's root", () => {
    assert.deepEqual(defaultBinding("const simplifyRange = require('./ranges/simplify')", 'index.js'), { name: 'simplifyRange', module: 'ranges/simplify' });
    assert.deepEqual(defaultBinding('import Toolbar from "../components/toolbar.js";', 'src/app/main.ts'), { name: 'Toolbar', module: 'src/components/toolbar' });
    assert.deepEqual(defaultBinding("  var parse = require('../parse');", 'lib/x/y.js'), { name: 'parse', module: 'lib/parse' });
    for (const line of ["const { parse } = require('./parse')", "const fs = require('fs')", "import * as path from './path'", "import { a } from './a'", "const up = require('../../up')"]) {
      assert.equal(defaultBinding(line, 'lib/index.js'), undefined, line);
    }
  });

  it('resolve to a script file or a folder index', () => {
    assert.ok(resolvesTo('ranges/simplify.js', 'ranges/simplify'));
    assert.ok(resolvesTo('src/components/toolbar/index.tsx', 'src/components/toolbar'));
    assert.ok(resolvesTo('src/components/toolbar.ts', 'src/components/toolbar'));
    assert.ok(!resolvesTo('ranges/simplify.md', 'ranges/simplify'));
    assert.ok(!resolvesTo('other/ranges/simplify.js', 'ranges/simplify'));
  });
});

/** A package whose functions are anonymous default exports, gathered by an index, as semver's are. */
const FILES: Record<string, string> = {
  'index.js': [
    "const parse = require('./functions/parse')",
    "const compare = require('./functions/compare')",
    "const simplifyRange = require('./ranges/simplify')",
    'module.exports = {',
    '  parse,',
    '  compare,',
    '  simplifyRange,',
    '}',
    '',
  ].join('\n'),
  'functions/parse.js': "module.exports = (version) => String(version).split('.')\n",
  'functions/compare.js': "const parse = require('./parse')\nmodule.exports = (a, b) => parse(a).join('.').localeCompare(parse(b).join('.'))\n",
  'ranges/simplify.js': [
    "const compare = require('../functions/compare')",
    '// Given a set of versions and a range, the shortest range that matches the same versions.',
    'module.exports = (versions, range) => {',
    '  const set = []',
    '  for (const version of versions.sort((a, b) => compare(a, b))) set.push(version)',
    "  return set.join(' || ')",
    '}',
    '',
  ].join('\n'),
  'README.md': 'Use `simplifyRange(versions, range)` to shorten a range.\n',
};

describe('an issue naming an anonymous default export by its imported name (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(FILES, 'codegrep-default-import-');
  });

  after(() => removeTree(dir));

  it('answers the module the importer requires, not the importer', async () => {
    const issue = { title: 'simplifyRange reorders the array I pass in', body: 'After calling simplifyRange(versions, range) my list comes back sorted.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'ranges/simplify.js', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /[Dd]efines `simplifyRange`/);
  });
});

/** chroma.js's layout: ES modules whose default exports are anonymous, imported by name and passed on by `index.js`. */
const CHROMA: Record<string, string> = {
  'index.js': [
    "import chroma from './src/chroma.js';",
    "import average from './src/generator/average.js';",
    "import mix from './src/generator/mix.js';",
    'Object.assign(chroma, {',
    '    average,',
    '    mix,',
    '});',
    'export default chroma;',
    'export { average, mix };',
    '',
  ].join('\n'),
  'src/chroma.js': "import Color from './Color.js';\nconst chroma = (...args) => new Color(...args);\nexport default chroma;\n",
  'src/Color.js': 'export default class Color {\n    constructor(...args) {\n        this._rgb = args;\n    }\n}\n',
  'src/generator/average.js': [
    "import Color from '../Color.js';",
    "export default (colors, mode = 'lrgb') => {",
    '    // hue of an achromatic color is NaN; averaged as 0 it pulls the mean towards red',
    '    const hues = colors.map((c) => new Color(c)._rgb[0]);',
    '    return hues.reduce((a, b) => a + b, 0) / hues.length;',
    '};',
    '',
  ].join('\n'),
  'src/generator/mix.js': "import Color from '../Color.js';\nexport default (a, b, f = 0.5) => new Color(a, b, f);\n",
};

describe('an issue calling a member the package binds from an anonymous default export (real git repo, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(CHROMA, 'codegrep-member-import-');
  });

  after(() => removeTree(dir));

  it('answers the module the barrel imports the member from, not the barrel or the namespace', async () => {
    const body = "```js\nchroma.average(['white', '#0000ff'], 'lch').hex();\n```\nThe white's hue is taken as 0.";
    const issue = { title: 'chroma.average in lch depends on the order of colors', body };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/generator/average.js', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /defines `average`/);
  });

  it('binds a plain word only when the issue wrote it as a member', () => {
    const clue = { kind: 'symbol' as const, text: 'average', source: 'title' as const, weight: 1 };
    const hit = { path: 'index.js', line: 2, text: "import average from './src/generator/average.js';" };
    const defined = (qualifiers: Map<string, string[]>) => {
      const board = new EvidenceBoard();
      board.addBarePaths(['src/generator/average.js']);
      board.addSymbolHits([hit], [clue], qualifiers);
      board.context(mineIssue({ title: 'average of colors', body: '' }));
      return board.all().find((f) => f.path === 'src/generator/average.js')!.definitions.has('average');
    };
    assert.equal(defined(new Map([['average', ['chroma']]])), true);
    assert.equal(defined(new Map()), false, 'the title word "average" alone says no more than the file name');
  });
});
