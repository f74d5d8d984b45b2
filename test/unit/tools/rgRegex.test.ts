import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { definitionSearchPatterns } from '../../../src/core/embedded/definitions';
import { ripgrepPath } from '../../../src/tools/ripgrep';
import { asciiStandIn, looseTwin, NON_ASCII, rgPatternToRegExp, takesStandIns } from '../../../src/tools/rgRegex';
import { makeTree, removeTree } from './fixture';

/** Lines chosen to sit on the edges where Rust's regex and JavaScript's differ (Unicode \b, \w, \s, ., case). */
const LINES = [
  'def save(self):',
  'class Model(Base):',
  '    def  save_all(self):',
  'func (r *Repo) Save(ctx context.Context) error {',
  'fn parse_args() -> Args {',
  'impl<T> Display for Wrapper<T> {',
  'export const handler = () => {}',
  'save(self) {',
  'handler =',
  'handler == other',
  '#define MAX_LEN 10',
  'macro_rules! vec_of {',
  'foo::bar::baz()',
  'caféfoo and foo',
  'éfoo',
  'fooé',
  'naïve_name = 1',
  'x\u00a0foo',
  'tab\tfoo',
  'ＦＯＯ fullwidth',
  'STRASSE straße',
  'Kelvin \u212a sign',
  'the value is 42',
  'digits ٣٤ arabic',
  'a(b)c [x] {y} a|b ^$ .* +?',
  'path/to/file.py:10',
  'ends with foo\r',
  'trailing space foo ',
  'σίσυφος ΣΊΣΥΦΟΣ',
  'emoji 😀 foo',
  '',
  '_private_',
  'camelCaseName',
  'v\u000bfoo',
  'form\u000cfeed',
  'del\u007ffoo',
  'nine 9',
  'it doesn’t “foo” — bar…',
  '«save»(self) • x′ ″',
  'class “Model”(Base): def ‘save’(self)',
  '—foo—foo',
  '’café foo',
];

/** Patterns inside the subset; every one must match exactly the lines rg matches. */
const PATTERNS: [string, boolean][] = [
  ['\\bfoo\\b', false],
  ['\\bfoo\\b', true],
  ['\\Bfoo', false],
  ['foo$', false],
  ['^\\s*def\\s+', false],
  ['\\w+_\\w+', false],
  ['\\d+', false],
  ['\\D\\d', false],
  ['\\S\\s\\S', false],
  ['[\\w:]+::', false],
  ['[^a-z ]', false],
  ['[a-c-]', false],
  ['\\(([^)]*)\\)', false],
  ['\\bimpl(?:<[^>]*>)?\\s+(?:[\\w:]+(?:<[^>]*>)?\\s+for\\s+)?(?:Wrapper|Model)\\b', false],
  ['(?:\\b(?:def|class|func|fn|function\\*?|struct)\\s+(?:\\([^)]*\\)\\s*)?|^\\s*(?:export\\s+)?(?:(?:const|let|var)\\s+)*|::|#define\\s+)(?:save|Save|parse_args|handler|MAX_LEN|baz)\\b', false],
  ['macro_rules!', false],
  ['^\\s*(?:export\\s+)?(?:(?:const|let|var)\\s+)*(?:handler|save)\\s*(?:[:=](?:[^=]|$)|\\([^)]*\\)\\s*(?:\\{|=>|:))', false],
  ['strasse', true],
  ['σίσυφος', true],
  ['kelvin k', true],
  ['a\\(b\\)c \\[x\\] \\{y\\} a\\|b \\^\\$ \\.\\* \\+\\?', false],
  ['.', false],
  ['^$', false],
  ['o{2}', false],
  ['o{1,}?', false],
  ['(?P<word>foo)|(?<n>bar)', false],
  ['\\x66oo', false],
  ['\\x{1F600}', false],
  ['file\\.py:\\d+', false],
  ['[😀]', false],
  ['f[^o]', true],
  ['\\#define', false],
  ['foo|', false],
  // `\\b` beside a literal ASCII letter takes the one-sided form; these sit next to é, _, digits and the Kelvin sign.
  ['(?:\\bfoo\\b|\\bsave\\b|\\b_private_\\b)', false],
  ['o\\b', false],
  ['\\bf', false],
  ['\\bfoo?', false],
  ['\\bfo*o', false],
  ['o+\\b', false],
  ['\\b42\\b', false],
  ['\\bk\\b', true],
  ['\\bcaf', false],
  ['é\\b', false],
  ['e\\b|\\bé', false],
  // The embedded brain's definition searches, whose names are bounded one by one.
  ...definitionSearchPatterns(['save', 'Save', 'parse_args', 'handler', 'MAX_LEN', 'baz', 'Wrapper', '$scope']).map((pattern): [string, boolean] => [pattern, false]),
];

/** Patterns outside the subset: refused, so the caller searches them with rg alone. */
const REFUSED = ['(?i)foo', '(?=foo)', '\\pL', '\\p{Greek}', '[[:alpha:]]', '[a&&b]', '\\<foo\\>', '\\Afoo', 'a\\nb', '(foo', 'foo)', '*a', '[]a]', '\\b{start}foo', 'a{,3}', '[\\W]', '\\1'];

describe('tools/rgRegex', () => {
  let root: string;

  before(() => {
    root = makeTree({ 'lines.txt': `${LINES.join('\n')}\n` });
  });
  after(() => removeTree(root));

  /** 1-based numbers of the lines rg matches. */
  function rgLines(pattern: string, caseInsensitive: boolean): number[] {
    const args = ['--no-config', '--line-number', '--no-filename', '--engine=default', ...(caseInsensitive ? ['--ignore-case'] : []), '--regexp', pattern, path.join(root, 'lines.txt')];
    const out = spawnSync(ripgrepPath(), args, { encoding: 'utf8' });
    assert.ok(out.status === 0 || out.status === 1, `rg refused /${pattern}/: ${out.stderr}`);
    return out.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split(':')[0]));
  }

  for (const [pattern, ci] of PATTERNS) {
    it(`/${pattern}/${ci ? 'i' : ''} matches the lines rg matches`, () => {
      const twin = rgPatternToRegExp(pattern, ci);
      assert.ok(twin, 'the pattern is inside the subset');
      const js = LINES.flatMap((line, i) => (twin.test(line) ? [i + 1] : []));
      assert.deepEqual(js, rgLines(pattern, ci));
    });
  }

  for (const [pattern, ci] of PATTERNS) {
    it(`/${pattern}/${ci ? 'i' : ''} has an ASCII twin that matches the ASCII lines rg matches`, () => {
      const twin = rgPatternToRegExp(pattern, ci, 'ascii');
      assert.ok(twin, 'the pattern is inside the subset');
      const ascii = (i: number) => !NON_ASCII.test(LINES[i]);
      const js = LINES.flatMap((line, i) => (ascii(i) && twin.test(line) ? [i + 1] : []));
      assert.deepEqual(js, rgLines(pattern, ci).filter((n) => ascii(n - 1)));
    });
  }

  for (const [pattern, ci] of PATTERNS.filter(([p]) => takesStandIns(p))) {
    it(`/${pattern}/${ci ? 'i' : ''} has an ASCII twin exact on lines whose typographic punctuation stands in`, () => {
      const twin = rgPatternToRegExp(pattern, ci, 'ascii') as RegExp;
      const exact = rgPatternToRegExp(pattern, ci) as RegExp;
      const standIns = LINES.map((line) => (NON_ASCII.test(line) ? asciiStandIn(line) : undefined));
      const js = LINES.flatMap((_, i) => (standIns[i] !== undefined && twin.test(standIns[i]) ? [i + 1] : []));
      assert.deepEqual(js, rgLines(pattern, ci).filter((n) => standIns[n - 1] !== undefined));
      for (const [i, standIn] of standIns.entries()) if (standIn !== undefined) assert.equal(twin.exec(standIn)?.index, exact.exec(LINES[i])?.index);
    });
  }

  it('stands in only for typographic punctuation, and only for patterns of printable ASCII', () => {
    assert.equal(LINES.filter((line) => NON_ASCII.test(line) && asciiStandIn(line) !== undefined).length, 4);
    assert.equal(asciiStandIn('’café'), undefined);
    assert.equal(takesStandIns('\\bfoo\\b'), true);
    assert.equal(takesStandIns('caf\\x{e9}'), false);
    assert.equal(takesStandIns('café'), false);
    assert.ok(PATTERNS.filter(([p]) => takesStandIns(p)).length >= 40);
  });

  it('tells ASCII lines from the others', () => {
    assert.equal(LINES.filter((line) => NON_ASCII.test(line)).length, 16);
    // The ASCII twin is not exact beyond ASCII: a Unicode letter before `foo` is a word character to rg.
    assert.equal(rgPatternToRegExp('\\bfoo\\b', false, 'ascii')?.test('éfoo'), true);
  });

  it('refuses syntax it cannot translate exactly', () => {
    for (const pattern of REFUSED) assert.equal(rgPatternToRegExp(pattern, false), undefined, pattern);
  });

  it('has a loose twin, without its word boundaries, that passes every line the exact twin matches', () => {
    let loosened = 0;
    for (const [pattern, ci] of PATTERNS) {
      const exact = rgPatternToRegExp(pattern, ci) as RegExp;
      const loose = looseTwin(pattern, ci);
      const looseAscii = looseTwin(pattern, ci, 'ascii');
      if (!pattern.includes('\\b')) {
        assert.equal(loose, undefined, `nothing to drop in /${pattern}/`);
        continue;
      }
      assert.ok(loose, `/${pattern}/ loosens`);
      loosened++;
      for (const line of LINES) if (exact.test(line)) assert.ok(loose.test(line), `/${pattern}/ on ${JSON.stringify(line)}`);
      for (const line of LINES) if (!NON_ASCII.test(line) && exact.test(line)) assert.ok(looseAscii?.test(line), `ASCII /${pattern}/ on ${JSON.stringify(line)}`);
    }
    assert.ok(loosened >= 10);
    // It rejects what the exact twin rejects only for want of the other words: `éfoo` has no `foo` word, but holds `foo`.
    assert.equal(rgPatternToRegExp('\\bfoo\\b', false)?.test('éfoo'), false);
    assert.equal(looseTwin('\\bfoo\\b', false)?.test('éfoo'), true);
    assert.equal(looseTwin('\\bfoo\\b', false)?.test('bar'), false);
    // A `\b` inside a class is a backspace there, and `\b{start}` has no loose form.
    assert.equal(looseTwin('[\\b]x', false), undefined);
    assert.equal(looseTwin('\\b{start}foo', false), undefined);
  });

  it('reports the match start rg reports', () => {
    const twin = rgPatternToRegExp('\\bfoo\\b', false);
    assert.equal(twin?.exec('caféfoo and foo')?.index, 12);
  });
});
