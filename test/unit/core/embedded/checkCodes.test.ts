import { strict as assert } from 'node:assert';
import { checkCodes, isCheckCode } from '../../../../src/core/embedded/checkCodes';
import { mineIssue, type IssueEvidence } from '../../../../src/core/embedded/clues';
import { planFirstTurn } from '../../../../src/core/embedded/plan';

describe('diagnostic codes', () => {
  it("reads a linter's or a framework's check codes, with their namespace", () => {
    assert.deepEqual(checkCodes('Error E108 does not cover some cases; pylint W0511 and ruff PIE800, tsc TS2345.'), ['E108', 'W0511', 'PIE800', 'TS2345']);
    assert.deepEqual(checkCodes('raises models.E028 (and E028 again)'), ['models.E028'], 'the bare code is the namespaced one');
  });

  it('leaves out standards, hashes, line anchors, addresses and longer words', () => {
    assert.deepEqual(checkCodes('ISO8601 dates, SHA256 sums, UTF8 text, RFC7231, see file.py#L150 and https://host/A1234 or x-E108'), []);
    assert.deepEqual(checkCodes('E12 is short, E123456 is long, E108x is a word, abcE108 too'), []);
    assert.deepEqual(checkCodes('target ES2015, H264 video on an A100 or H100 (RTX4090 too), after KB5005565'), []);
    assert.ok(isCheckCode('admin.E108') && isCheckCode('W0511') && !isCheckCode('no number is assigned for'));
  });

  it('are messages of the issue, searched first, as whole words with their case', () => {
    const evidence: IssueEvidence = mineIssue({
      title: 'Error E108 does not cover some cases',
      body: 'Checks should report "The value of list_display refers to a field that does not exist" as admin.E108.',
    });
    const messages = evidence.clues.filter((c) => c.kind === 'message');
    assert.equal(messages[0]?.text, 'admin.E108', JSON.stringify(messages));
    assert.equal(messages.filter((c) => c.text.endsWith('E108')).length, 1, 'one clue for the code');
    const calls = planFirstTurn(evidence, 8).filter((p) => p.purpose === 'message').map((p) => p.call.args);
    assert.deepEqual(calls[0], { pattern: String.raw`\badmin\.E108\b`, max_hits: 200 });
    assert.equal((calls[1] as { case_insensitive?: boolean }).case_insensitive, true, 'a message in words still ignores case');
  });
});
