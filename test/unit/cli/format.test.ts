import assert from 'node:assert/strict';
import type { LocateResult } from '../../../src/common/result';
import { formatResult } from '../../../src/cli/format';

const base: LocateResult = {
  issue: { title: 't', body: '' },
  brain: 'embedded',
  candidates: [],
  rejected: [],
  trajectory: [],
  usage: { promptTokens: 0, completionTokens: 0, turns: 1, toolCalls: 1, toolBytes: 0, ms: 1530 },
};

describe('cli locate output', () => {
  it('numbers files best first with their ranges and reasons, then one summary line', () => {
    const text = formatResult({
      ...base,
      candidates: [
        { path: 'a/b.py', ranges: [[10, 40], [52, 52]], reason: 'defines `parse_header`, named in the title' },
        { path: 'c.py', reason: 'imports it' },
      ],
      rejected: [{ path: 'gone.py', reason: 'no such file' }],
    });
    assert.equal(
      text,
      ['1. a/b.py:10-40,52', '   defines `parse_header`, named in the title', '2. c.py', '   imports it', '', 'embedded · 1 turn · 1 tool call · 1.5 s · 1 citation rejected (gone.py: no such file)'].join('\n'),
    );
  });

  it('lists runners-up apart, after the numbered answer and never numbered', () => {
    const text = formatResult({
      ...base,
      candidates: [{ path: 'a/b.py', ranges: [[10, 40]], reason: 'defines `parse_header`' }],
      alsoConsidered: [{ path: 'c.py', ranges: [[3, 3]], reason: 'uses `header`' }, { path: 'd\u001b[31m.py', reason: '' }],
    });
    assert.equal(
      text,
      ['1. a/b.py:10-40', '   defines `parse_header`', '', 'Also considered, less likely:', ' - c.py:3', '   uses `header`', ' - d\ufffd[31m.py', '', 'embedded · 1 turn · 1 tool call · 1.5 s'].join('\n'),
    );
  });

  it('says how sure the brain is right after its answer, when it knows', () => {
    const answer = { ...base, candidates: [{ path: 'a/b.py', reason: 'defines `parse_header`' }] };
    assert.equal(
      formatResult({ ...answer, confidence: { level: 'low', probability: 0.21 } }),
      ['1. a/b.py', '   defines `parse_header`', '', 'Low confidence (0.21): these files may well be wrong; check them before relying on them.', '', 'embedded · 1 turn · 1 tool call · 1.5 s'].join('\n'),
    );
    assert.match(formatResult({ ...answer, confidence: { level: 'high', probability: 0.9 } }), /\n\nHigh confidence \(0\.90\)\.\n\nembedded/);
    assert.doesNotMatch(formatResult(answer), /confidence/);
  });

  it('names the protocol a model brain spoke and the warm start it got', () => {
    const text = formatResult({ ...base, brain: 'openai:CodeScout-14B', profile: 'codescout', warmStart: { brain: 'embedded', candidates: ['a.py', 'b.py'], toolCalls: 6, ms: 300 } });
    assert.match(text, /^openai:CodeScout-14B \(codescout protocol, warm start: 2 hinted\) · 1 turn/m);
    assert.match(formatResult({ ...base, brain: 'openai:m', profile: 'codegrep' }), /^openai:m \(codegrep protocol\) · /m);
  });

  it('says when nothing was found, and pads numbers past nine', () => {
    assert.equal(formatResult({ ...base, usage: { ...base.usage, turns: 4, toolCalls: 12, ms: 80 } }), 'No files found for this issue.\n\nembedded · 4 turns · 12 tool calls · 80 ms');
    const many = formatResult({ ...base, candidates: Array.from({ length: 10 }, (_, i) => ({ path: `f${i}.py`, reason: '' })) });
    assert.match(many, /^ 1\. f0\.py\n 2\./);
    assert.match(many, /\n10\. f9\.py\n/);
  });
});
