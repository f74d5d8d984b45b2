import { strict as assert } from 'node:assert';
import type { GrepArgs, GrepHit } from '../../../../src/common/tools';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { LeaderCheck } from '../../../../src/core/embedded/leaderCheck';
import { withoutAddresses } from '../../../../src/core/embedded/addresses';
import { inverseFrequency, issueVocabulary, lexicalScore, lexicalTokens } from '../../../../src/core/embedded/lexical';
import { LEXICAL_WEIGHTS, type ScoredFile } from '../../../../src/core/embedded/score';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

/** An issue about neither tests nor docs: every file keeps its full weight. */
const NO_SCOPE = { mentionsTests: false, mentionsDocs: false, titleLocales: [], localeTables: new Set<string>() };

const hit = (text: string, line = 1): GrepHit => ({ path: 'a.py', line, text });

describe('lexical re-ranking words and BM25', () => {
  it('splits identifiers into lower-case words and their snake/camel parts', () => {
    assert.deepEqual(lexicalTokens('DurationField parse_duration(x) to'), ['durationfield', 'duration', 'field', 'parse_duration', 'parse', 'duration']);
    assert.deepEqual(lexicalTokens('HTTPServer ab'), ['httpserver']);
  });

  it('keeps the issue words that are rare in code, counted, and drops the common ones', () => {
    const vocabulary = issueVocabulary('The sqlmigrate command returns the wrong SQL; sqlmigrate ignores atomic.');
    assert.equal(vocabulary.get('sqlmigrate'), 2);
    assert.equal(vocabulary.get('atomic'), 1);
    assert.ok(!vocabulary.has('the') && vocabulary.has('command'), [...vocabulary.keys()].join(' '));
    assert.ok(inverseFrequency('sqlmigrate') > inverseFrequency('atomic'));
    assert.ok(inverseFrequency('atomic') > inverseFrequency('value'));
  });

  it("leaves out the words of addresses that are nobody's code: hosts, paths, values, hashes and HTML tags", () => {
    const text = [
      'The pin card says "Invalid username".',
      '<img align="center" style="margin:0.5rem" src="https://stats.example.app/api/pin/?username=bouni&show_owner=true" />',
      '![image](https://user-images.githubusercontent.com/948965/155283622-5f808d11-3aec-4ce2-9a18-f7f992dc226c.png)',
      'See https://github.com/acme/cards/blob/0a1b2c3d/src/cards/repo-card.js#L10 and commit 9fceb02d0ae598e95dc970b74767f19372d61af8.',
    ].join('\n');
    const words = lexicalTokens(withoutAddresses(text));
    for (const kept of ['invalid', 'username', 'show_owner', 'cards', 'repo', 'card']) assert.ok(words.includes(kept), `${kept} in ${words.join(' ')}`);
    for (const dropped of ['bouni', 'githubusercontent', 'images', 'align', 'style', 'margin', 'img', 'f808d11', 'aec', 'acme', 'fceb02d0ae598e95dc970b74767f19372d61af8']) {
      assert.ok(!words.includes(dropped), `${dropped} left in ${words.join(' ')}`);
    }
    const vocabulary = issueVocabulary(text);
    assert.ok(!vocabulary.has('githubusercontent') && !vocabulary.has('bouni') && vocabulary.has('show_owner'), [...vocabulary.keys()].join(' '));
    assert.equal(withoutAddresses('a <b>bold</b> word, an address that does not parse: http://%zz'), 'a <b>bold</b> word, an address that does not parse:   ', 'an unparsable address goes, other tags stay');
  });

  it('scores BM25 by hand-checkable numbers: one word, once, in a file of average length', () => {
    const vocabulary = new Map([['sqlmigrate', 1]]);
    const { score, words } = lexicalScore([hit('def sqlmigrate():')], LEXICAL_WEIGHTS.averageLines, vocabulary);
    // f = 1, norm = 1: idf * 1 * (k1 + 1) / (1 + k1) = idf.
    assert.ok(Math.abs(score - inverseFrequency('sqlmigrate')) < 1e-9);
    assert.deepEqual(words, ['sqlmigrate']);
  });

  it('rewards more occurrences with diminishing returns and penalises long files', () => {
    const vocabulary = new Map([['executor', 1]]);
    const once = lexicalScore([hit('executor')], 200, vocabulary).score;
    const twice = lexicalScore([hit('executor'), hit('executor', 2)], 200, vocabulary).score;
    const tenTimes = lexicalScore(Array.from({ length: 10 }, (_, i) => hit('executor', i + 1)), 200, vocabulary).score;
    assert.ok(twice > once && tenTimes > twice && tenTimes < once * (LEXICAL_WEIGHTS.k1 + 1));
    assert.ok(lexicalScore([hit('executor')], 2000, vocabulary).score < once);
    assert.equal(lexicalScore([hit('unrelated words')], 200, vocabulary).score, 0);
  });

  it('plans one grep over the leaders and re-ranks only when its result is in', () => {
    const file = (p: string, score: number): ScoredFile => ({ path: p, score, evidence: { path: p } as ScoredFile['evidence'] });
    const ranked = ['a.py', 'b.py', 'c.py', 'd.py', 'e.py', 'f.py', 'g.py', 'h.py', 'i.py', 'j.py'].map((p, i) => file(p, 10 - i));
    const grepResult = (hits: GrepHit[]) => ({ text: '', truncated: false, count: hits.length, bytes: 0, hits });
    const check = LeaderCheck.plan(ranked, new Map([['frobnicate', 1], ['widgetlib', 1]]));
    assert.ok(check);
    assert.deepEqual(check.nextCalls(0), []);
    const [call, ...more] = check.nextCalls(8);
    assert.equal(more.length, 0);
    assert.equal(check.nextCalls(8).length, 0);
    assert.equal(call.name, 'grep');
    assert.deepEqual((call.args as GrepArgs).paths, ranked.slice(0, LEXICAL_WEIGHTS.leaders).map((f) => f.path), 'the leaders, best first, and no more');
    assert.ok(LEXICAL_WEIGHTS.leaders < ranked.length);
    assert.equal(check.apply(ranked, NO_SCOPE), ranked, 'no result yet: order unchanged');
    assert.equal(check.ingest({ ...call, id: 'other' }, grepResult([])), false);
    const everywhere = ['a.py', 'b.py', 'c.py', 'd.py', 'e.py'].map((p) => ({ path: p, line: 1, text: 'import widgetlib' }));
    assert.equal(check.ingest(call, grepResult([...everywhere, { path: 'e.py', line: 3, text: 'def frobnicate():' }])), true);
    const reranked = check.apply(ranked, NO_SCOPE);
    assert.equal(reranked[0].path, 'e.py');
    assert.deepEqual(reranked[0].sharedWords, ['frobnicate'], 'a word most leaders hold is not given as a reason');
    assert.equal(reranked.at(-1)?.path, 'j.py', 'files below the leaders stay below them');
    assert.equal(LeaderCheck.plan(ranked.slice(0, 1), new Map([['x', 1]])), undefined, 'nothing to choose between');

    assert.equal(check.titleScores(), undefined, 'no title words: no title score');

    const failing = LeaderCheck.plan(ranked, new Map([['frobnicate', 1]]));
    assert.ok(failing);
    const [failingCall] = failing.nextCalls(8);
    failing.ingest(failingCall, { text: '', truncated: false, count: 0, bytes: 0, error: 'grep timed out after 10s' });
    assert.equal(failing.complete, true);
    assert.equal(failing.apply(ranked, NO_SCOPE), ranked, 'a failed search keeps the evidence order');
  });

  it("scores the leaders for the title's words alone, from the same search", () => {
    const file = (p: string, score: number): ScoredFile => ({ path: p, score, evidence: { path: p } as ScoredFile['evidence'] });
    const ranked = ['a.py', 'b.py', 'c.py'].map((p, i) => file(p, 3 - i));
    const vocabulary = new Map([['frobnicate', 1], ['widgetlib', 2]]);
    const check = LeaderCheck.plan(ranked, vocabulary, [], ['frobnicate', 'fails'])!;
    assert.equal(check.nextCalls(8).length, 1, 'no extra search: the words grep already holds every title word');
    const hits = [
      { path: 'a.py', line: 1, text: 'import widgetlib; widgetlib.go()' },
      { path: 'b.py', line: 1, text: 'def frobnicate(): pass' },
    ];
    check.ingest({ id: 'embedded_check', name: 'grep', args: { pattern: '' } }, { text: '', truncated: false, count: hits.length, bytes: 0, hits });
    const all = check.scores()!;
    const title = check.titleScores()!;
    assert.ok(all.get('a.py')!.score > 0 && all.get('b.py')!.score > 0);
    assert.equal(title.get('a.py')!.score, 0, "a.py holds only a body word");
    assert.ok(Math.abs(title.get('b.py')!.score - lexicalScore([hits[1]!], 1, new Map([['frobnicate', 1]])).score) < 1e-9);
    assert.deepEqual(title.get('b.py')!.words, ['frobnicate']);
    assert.equal(title.get('c.py')!.score, 0);
  });
});

/** Two files define `DurationField`; only the model field's file speaks of what the issue is about. */
const FILES: Record<string, string> = {
  'app/forms/fields.py': [
    'class DurationField:',
    '    """A form DurationField: parses text typed by a user."""',
    '    def clean(self, value):',
    '        return DurationField.parse(value)',
    '',
  ].join('\n'),
  'app/models/fields.py': [
    'class DurationField:',
    '    """Stored as a database interval (microseconds on backends without one)."""',
    '    def get_db_prep_value(self, value, connection):',
    '        return value.total_seconds() * 1_000_000  # microseconds column',
    '',
  ].join('\n'),
};

describe('EmbeddedBrain leader check (real files, real ripgrep, Locator)', function () {
  let dir = '';

  before(() => {
    dir = makeTree(FILES, 'codegrep-lexical-');
  });

  after(() => removeTree(dir));

  it('breaks a tie between two definitions by the issue words each file holds', async () => {
    const issue = { title: 'DurationField loses precision', body: 'The database interval column rounds the microseconds away.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'app/models/fields.py', JSON.stringify(result.candidates));
    assert.match(result.candidates[0].reason, /microseconds|interval|database/);
    // Two source files in the whole tree: turn 2 broadens the search (broaden.ts), turn 3 checks the leaders.
    assert.deepEqual(result.trajectory[1]?.calls.map((c) => c.call.id), ['embedded_broaden']);
    const check = result.trajectory[2]?.calls.map((c) => c.call) ?? [];
    assert.equal(check.length, 3, "the issue's words, definitions named with the title's words, and imports of one another");
    for (const call of check) assert.deepEqual([...((call.args as GrepArgs).paths ?? [])].sort(), ['app/forms/fields.py', 'app/models/fields.py']);
    const args = check[0].args as GrepArgs;
    assert.ok(args.case_insensitive === true && /microseconds/.test(args.pattern));
    assert.match((check[1].args as GrepArgs).pattern, /durationfield\|durat\|field\|lose\|precis/);
    assert.equal(result.usage.turns, 4, 'search, broaden, check, answer');
  });
});
