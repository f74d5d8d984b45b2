import { strict as assert } from 'node:assert';
import type { Clue, IssueEvidence } from '../../../../src/core/embedded/clues';
import { Minimatch } from 'minimatch';
import { PLAN_LIMITS, distinctlyNamed, inflectedNames, planFirstTurn, titleStemGlob } from '../../../../src/core/embedded/plan';

function evidence(clues: Clue[]): IssueEvidence {
  return {
    clues,
    titleWords: [],
    titleCompounds: [],
    titleLocales: [],
    titleCodeNames: [],
    namedFrames: [],
    framesByPath: new Map(),
    bodyCompounds: [],
    bodyWords: [],
    mentionsTests: false,
    mentionsDocs: false,
    mentionsTypings: false,
    mentionsBuild: false,
    qualifiers: new Map(),
    packages: [],
  };
}
const symbol = (text: string): Clue => ({ kind: 'symbol', text, source: 'body', weight: 1 });
const message = (text: string): Clue => ({ kind: 'message', text, source: 'trace', weight: 2 });

describe('embedded plan, turn 1', () => {
  it('searches definitions in two forms (keywords, line starts), mentions in groups of names, and each message literally', () => {
    const names = Array.from({ length: 25 }, (_, i) => symbol(`name_${i}`));
    const planned = planFirstTurn(evidence([...names, message('Invalid (duration) value'), message('second message here')]), 8);
    const greps = planned.filter((p) => p.call.name === 'grep');
    assert.deepEqual(greps.map((p) => p.purpose), ['definitions', 'definitions', 'mentions', 'mentions', 'message', 'message']);
    const size = PLAN_LIMITS.namesPerMentionCall;
    const first = (greps[2]!.call.args as { pattern: string }).pattern;
    assert.ok(first.startsWith('\\b(?:name_0|name_1|') && first.includes(`name_${size - 1})\\b`) && !first.includes(`name_${size}|`), first);
    assert.equal(greps[2]!.clues.length, size);
    const literal = greps[4]!.call.args as { pattern: string; case_insensitive?: boolean };
    assert.equal(literal.pattern, 'Invalid \\(duration\\) value');
    assert.equal(literal.case_insensitive, true);
  });

  it('still searches messages when the issue names no code, and stays within the call budget', () => {
    const planned = planFirstTurn(evidence([message('widget exploded unexpectedly')]), 8);
    assert.deepEqual(planned.map((p) => [p.purpose, (p.call.args as { pattern: string }).pattern]), [['message', 'widget exploded unexpectedly']]);
    const many = planFirstTurn(evidence([...Array.from({ length: 30 }, (_, i) => symbol(`n${i}x`)), message('a b c d e f g h')]), 3);
    assert.equal(many.length, 3);
  });

  it('looks up the packages an issue names with one plain grep (it joins the walk), last, and not otherwise', () => {
    const named = planFirstTurn({ ...evidence([symbol('parseExpression')]), packages: ['@mini/parser'] }, 8);
    const last = named[named.length - 1]!;
    assert.equal(last.purpose, 'packages');
    assert.deepEqual(Object.keys(last.call.args).sort(), ['max_hits', 'pattern'], 'no glob or path: a plain grep');
    assert.ok(new RegExp((last.call.args as { pattern: string }).pattern).test('  "name": "@mini/parser",'));
    assert.ok(!planFirstTurn(evidence([symbol('parseExpression')]), 8).some((p) => p.purpose === 'packages'));
  });

  it("lists the files a title word names exactly, beside the title words' wider glob", () => {
    // "L027: outer-level table not found in WHERE clause sub-select" (sqlfluff): `table` and `select` are in hundreds
    // of file names, `L027.py` in one.
    const planned = planFirstTurn({ ...evidence([symbol('outer_level')]), titleWords: ['l027', 'table', 'select'] }, 8);
    const globs = planned.filter((p) => p.purpose === 'title-paths' || p.purpose === 'title-names').map((p) => p.call.args as { pattern: string; case_insensitive?: boolean });
    assert.deepEqual(globs.map((g) => g.pattern), ['**/*{l027,table,select}*', '**/{l027,table,select}.*']);
    assert.ok(globs.every((g) => g.case_insensitive));
    const stems = new Minimatch(titleStemGlob(['l027', 'table', 'select'])!, { nocase: true, dot: true });
    assert.ok(stems.match('src/sqlfluff/rules/L027.py'));
    assert.ok(stems.match('src/components/Select.test.tsx'));
    assert.ok(!stems.match('src/sqlfluff/core/rules/analysis/select_crawler.py'));
    assert.equal(titleStemGlob([]), undefined);
  });

  it('lists the files an inflected title word names: "Fenced code block" names fence.mjs', () => {
    const planned = planFirstTurn({ ...evidence([symbol('fenced')]), titleWords: ['fenced', 'block', 'queries'] }, 8);
    const names = planned.find((p) => p.purpose === 'title-names')!.call.args as { pattern: string };
    const glob = new Minimatch(names.pattern, { nocase: true, dot: true });
    assert.ok(glob.match('lib/rules_block/fence.mjs'));
    assert.ok(glob.match('src/db/query.ts'));
    assert.ok(glob.match('lib/rules_block/block.mjs'), 'the words as written stay');
    assert.ok(!glob.match('lib/rules_inline/backticks.mjs'));
    assert.deepEqual(inflectedNames('settings'), [], 'a short stem (`set`) would name unrelated files');
    assert.deepEqual(inflectedNames('block'), [], 'a word already in its plain form adds nothing');
  });

  it('keeps the files a title word names alone or nearly so, not a name every package repeats', () => {
    const listed = ['src/lint/rules/L027.py', 'app/a/models.py', 'app/b/models.py', 'app/c/models.py', 'src/select.py', 'lib/select.ts'];
    assert.deepEqual(distinctlyNamed(listed), ['src/lint/rules/L027.py', 'src/select.py', 'lib/select.ts']);
  });
});
