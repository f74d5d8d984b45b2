import { strict as assert } from 'node:assert';
import { minimatch } from 'minimatch';
import { bodyCompounds, mineIssue } from '../../../../src/core/embedded/clues';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { bodyNamesGlob, planFirstTurn } from '../../../../src/core/embedded/plan';
import { bodyNameOf } from '../../../../src/core/embedded/score';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

describe('files named by two words of the body', () => {
  it('pairs adjacent words of the prose, across a full stop only within a sentence', () => {
    const pairs = bodyCompounds("I guess `itemscope` just isn't treated as a boolean attribute. Google reports a broken page.", []);
    assert.ok(pairs.includes('boolean attribute'), pairs.join('|'));
    assert.ok(!pairs.includes('attribute google'), 'a sentence ends at its full stop');
    assert.ok(!pairs.some((p) => p.split(' ').includes('a') || p.split(' ').includes('just')), 'function words join no name');
    assert.deepEqual(bodyCompounds('the date picker closes', ['datepicker']), ['picker closes'], "the title's own compounds are the title's");
  });

  it('globs every spelling and number of the pair, and only whole file names', () => {
    const glob = bodyNamesGlob(['boolean attribute', 'cookie jars'])!;
    const named = (path: string) => minimatch(path, glob, { nocase: true, dot: true });
    for (const path of ['src/shared/boolean_attributes.js', 'lib/BooleanAttribute.ts', 'a/boolean-attribute.py', 'x/cookiejar.js', 'x/cookie_jars.go']) assert.ok(named(path), path);
    for (const path of ['src/boolean_attributes_x.js', 'src/booleanfoo_attributes.js', 'src/attributes.js']) assert.ok(!named(path), path);
    assert.equal(bodyNamesGlob([]), undefined);
  });

  it('knows which pair a file name spells', () => {
    const context = { bodyCompounds: ['boolean attribute', 'cookie jars'] };
    assert.equal(bodyNameOf('boolean_attributes', context), 'boolean attribute');
    assert.equal(bodyNameOf('cookiejar', context), 'cookie jars');
    assert.equal(bodyNameOf('attributes', context), undefined);
  });

  it("plans the body's names as the turn's last call, the first to go when calls run out", () => {
    const evidence = mineIssue({ title: 'SSR renders itemscope="false"', body: "I guess it just isn't treated as a boolean attribute." });
    const planned = planFirstTurn(evidence, 8);
    assert.equal(planned.at(-1)?.purpose, 'body-names');
    const fewer = planFirstTurn(evidence, planned.length - 1);
    assert.ok(!fewer.some((p) => p.purpose === 'body-names'));
  });
});

/** A renderer whose list of boolean attributes lacks one; other files use the attribute words too. */
const FILES: Record<string, string> = {
  'src/shared/boolean_attributes.js': "export const boolean_attributes = new Set(['allowfullscreen', 'async', 'autofocus', 'checked', 'disabled', 'hidden']);\n",
  'src/runtime/ssr.js': "import { boolean_attributes } from '../shared/boolean_attributes.js';\n\nexport function spread(attrs) {\n  return Object.keys(attrs).map((name) => (boolean_attributes.has(name) ? name : `${name}=\"${attrs[name]}\"`)).join(' ');\n}\n",
  'src/runtime/dom.js': 'export function attr(node, name, value) {\n  if (value == null) node.removeAttribute(name);\n  else node.setAttribute(name, value);\n}\n',
};

describe('files named by the body end to end (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(FILES, 'codegrep-body-names-');
  });

  after(() => removeTree(dir));

  it('lists the file the prose names as a candidate, and says why', async () => {
    const title = 'SSR renders itemscope="false" for `itemscope={false}`';
    const locate = (body: string) => new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain({ model: null, rankedFiles: 10 }));
    const result = await locate("Other props like that are left out in SSR, so I guess `itemscope` just isn't treated as a boolean attribute.");
    const named = result.candidates.find((c) => c.path === 'src/shared/boolean_attributes.js');
    assert.ok(named, JSON.stringify(result.candidates));
    assert.match(named.reason ?? '', /^Named after "boolean attribute" in the issue/);
    const without = await locate('Other props like that are left out in SSR.');
    assert.ok(!without.candidates.some((c) => c.path === 'src/shared/boolean_attributes.js'), 'nothing else names it');
  });
});
