import * as assert from 'node:assert/strict';
import { definitionSearchPatterns } from '../../../src/core/embedded/definitions';
import { impliedByWalk, LineTests, viewLine, type WalkPiece } from '../../../src/tools/lineTests';
import { rgPatternToRegExp } from '../../../src/tools/rgRegex';

const LINES = [
  'def save(self):',
  'class Model(Base):',
  '  Model.save = function () {}',
  'msgid "This object doesn’t save “quoted”"',
  'class “Model” — x',
  'def ‘save’(self)',
  'caféModel = save',
  'naïve save',
  'export const save = () => {}',
  '',
];

const piece = (text: string, ci = false): WalkPiece => ({ text, ci, boundedBefore: true, boundedAfter: true });

describe('tools/lineTests', () => {
  const patterns: [string, boolean][] = [
    ...definitionSearchPatterns(['save', 'Model']).map((p): [string, boolean] => [p, false]),
    ['\\b(?:save|Model)\\b', false],
    ['model|save', true],
    ['caf[^ ]+', false],
  ];

  it('finds what the exact Unicode twin finds, where it finds it, on ASCII, typographic and other lines', () => {
    const searches = patterns.map(([pattern, ci]) => ({ pattern, ci, twin: rgPatternToRegExp(pattern, ci) as RegExp }));
    const tests = new LineTests(searches);
    for (const [i, search] of searches.entries()) {
      for (const line of LINES) {
        assert.equal(tests.exec(i, viewLine(line))?.index, search.twin.exec(line)?.index, `/${search.pattern}/ on ${line}`);
      }
    }
    // The same once a walk's literals make some literal tests redundant.
    tests.startWalk([piece('save'), piece('Model')]);
    for (const [i, search] of searches.entries()) {
      for (const line of LINES) assert.equal(tests.exec(i, viewLine(line))?.index, search.twin.exec(line)?.index);
    }
  });

  it('skips a literal test only when every line of the walk is sure to pass it', () => {
    assert.equal(impliedByWalk(['save', 'Model'], false, [piece('save'), piece('Model')]), true);
    // rg asked for `saved`: a line holding it holds `save`.
    assert.equal(impliedByWalk(['save'], false, [piece('saved')]), true);
    assert.equal(impliedByWalk(['save'], false, [piece('save'), piece('other')]), false);
    // A case-insensitive piece may be `SAVE` on the line; a case-sensitive test would reject it.
    assert.equal(impliedByWalk(['save'], false, [piece('save', true)]), false);
    assert.equal(impliedByWalk(['SAVE'], true, [piece('save', true)]), true);
    assert.equal(impliedByWalk(['café'], true, [piece('café', true)]), false);
  });

  it('reads a line as ASCII, as ASCII with stand-ins, or as neither', () => {
    assert.deepEqual(viewLine('plain'), { line: 'plain', ascii: true });
    assert.deepEqual(viewLine('a’b'), { line: 'a’b', ascii: false, standIn: 'a\u0001b' });
    assert.deepEqual(viewLine('café'), { line: 'café', ascii: false, standIn: undefined });
  });
});
