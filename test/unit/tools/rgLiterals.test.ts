import * as assert from 'node:assert/strict';
import { definitionSearchPatterns, escapeRegex } from '../../../src/core/embedded/definitions';
import { rgPatternToRegExp } from '../../../src/tools/rgRegex';
import { requiredLiteralSets, requiredLiterals, requiredPieces } from '../../../src/tools/rgLiterals';

describe('required literals of an rg pattern', () => {
  it('finds the names of the embedded brain\'s mention and definition searches', () => {
    const names = ['FilePathField', 'join', 'LOCAL_FILE_DIR', 'max_length'];
    assert.deepEqual(requiredLiterals(`\\b(?:${names.join('|')})\\b`), names);
    // The keyword forms start with an alternation of short keywords (`fn`, `::`); the names are more selective.
    for (const pattern of definitionSearchPatterns(names)) assert.deepEqual(requiredLiterals(pattern), names, pattern);
  });

  it('lists every set a match must hit: the definition keywords as well as the names', () => {
    const sets = requiredLiteralSets(String.raw`(?:\b(?:def|class)\s+|::|#define\s+|\bimpl\s+)(?:\bparse\b|\bModel\b)\b`);
    assert.equal(sets?.length, 2);
    assert.ok(sets?.[0]?.includes('def') && sets[0].includes('::') && sets[0].includes('#define') && sets[0].includes('impl'), JSON.stringify(sets));
    assert.deepEqual(sets?.[1], ['parse', 'Model']);
    // The keyword search also takes `.name = function` (JavaScript members), so only its names are required.
    const [keywords] = definitionSearchPatterns(['parse', 'Model']);
    assert.deepEqual(requiredLiteralSets(keywords), [['parse', 'Model']]);
    assert.deepEqual(requiredLiteralSets('foo|bar baz'), [['foo', 'bar baz']]);
    assert.equal(requiredLiteralSets('foo|\\w'), undefined);
  });

  it('takes an escaped message as one literal, escapes resolved', () => {
    const message = 'Cannot resolve keyword (x.y) into field [choices: a|b]?';
    assert.deepEqual(requiredLiterals(escapeRegex(message)), [message]);
  });

  it('keeps the longest required run of a sequence, and drops optional atoms', () => {
    assert.deepEqual(requiredLiterals('colou?r'), ['colo']);
    assert.deepEqual(requiredLiterals('ab+c'), ['ab']);
    assert.deepEqual(requiredLiterals('x(?:foo|bar)+y'), ['foo', 'bar']);
    assert.deepEqual(requiredLiterals('(?P<name>hello) wo'), ['hello']);
    assert.deepEqual(requiredLiterals('get_\\w+_value'), ['_value']);
  });

  it('gives up on patterns that can match without a literal, or that it does not understand', () => {
    for (const pattern of ['\\w+', 'a?', '(?:foo)?b?', 'foo|\\d+', '.*', '(?i)foo', '(?i:foo)bar', 'a\\x41', '[abc]+', '']) {
      assert.equal(requiredLiterals(pattern), undefined, pattern);
    }
  });

  it('every line a pattern matches contains one of its literals (checked with the exact twin on sample lines)', () => {
    const patterns = [...definitionSearchPatterns(['parse', 'Model', 'get_value']), '\\b(?:parse|Model)\\b', 'colou?r', 'x(?:foo|bar)+y'];
    const lines = ['def parse(x):', 'class Model(Base):', 'const get_value = () => 1', 'color', 'colour', 'xfoobary', 'fn parse<T>() {}', 'impl Display for Model {', '  Model.objects', 'nothing here'];
    for (const pattern of patterns) {
      const twin = rgPatternToRegExp(pattern, false);
      assert.ok(twin, pattern);
      const literals = requiredLiterals(pattern);
      assert.ok(literals, pattern);
      for (const line of lines) if (twin.test(line)) assert.ok(literals.some((l) => line.includes(l)), `${pattern} matched ${line}`);
    }
  });

  it('says which literals a match holds as whole words', () => {
    const sides = (pattern: string) => requiredPieces(pattern)?.map((p) => `${p.boundedBefore ? '<' : ''}${p.text}${p.boundedAfter ? '>' : ''}`);
    assert.deepEqual(sides('\\b(?:foo|bar)\\b'), ['<foo>', '<bar>']);
    assert.deepEqual(sides('(?:\\bfoo|bar)\\s'), ['<foo', 'bar']);
    assert.deepEqual(sides('^foo$'), ['<foo>']);
    assert.deepEqual(sides('\\bfoo\\b|bar'), ['<foo>', 'bar']);
    // A repeated group's copies may differ, a quantified run may go on, an optional atom may be absent.
    assert.deepEqual(sides('\\b(?:foo|bar)+\\b'), ['foo', 'bar']);
    assert.deepEqual(sides('\\bfoo+\\b'), ['<foo']);
    assert.deepEqual(sides('\\bfoox?\\b'), ['<foo']);
    assert.deepEqual(sides('x\\b(?:foo)\\by'), ['<foo>']);
    // The same literal both bounded and not counts as not bounded.
    assert.deepEqual(sides('(?:\\bfoo\\b|foo)x'), ['foo']);
    // The embedded brain's definition searches bound the names that start and end with a word character, as one group.
    for (const pattern of definitionSearchPatterns(['Model', '$scope', 'save'])) assert.deepEqual(sides(pattern), ['<Model>', '<save>', '$scope>'], pattern);
  });

  it('every line a pattern matches holds one of its literals with the boundaries it claims (checked with the exact twin)', () => {
    const patterns = [...definitionSearchPatterns(['parse', 'Model', '$scope']), '\\b(?:parse|Model)\\b', '^foo|bar\\b', 'x\\b(?:foo)\\by'];
    const lines = ['def parse(x):', 'class Model(Base):', 'const $scope = 1', '  Model.objects', 'foo bar', 'x foo y', 'éModel = 1', 'Model_x = 1', 'parse = 2', 'barx'];
    for (const pattern of patterns) {
      const twin = rgPatternToRegExp(pattern, false);
      const pieces = requiredPieces(pattern);
      assert.ok(twin && pieces, pattern);
      const tests = pieces.map((p) => new RegExp(`${p.boundedBefore ? '(?<![\\w\\p{L}])' : ''}${escapeRegex(p.text)}${p.boundedAfter ? '(?![\\w\\p{L}])' : ''}`, 'u'));
      for (const line of lines) if (twin.test(line)) assert.ok(tests.some((t) => t.test(line)), `${pattern} matched ${line}`);
    }
  });
});
