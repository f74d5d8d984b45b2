import { strict as assert } from 'node:assert';
import type { Clue, IssueEvidence } from '../../../../src/core/embedded/clues';
import { PLAN_LIMITS, planFirstTurn } from '../../../../src/core/embedded/plan';

function evidence(clues: Clue[]): IssueEvidence {
  return { clues, titleWords: [], bodyWords: [], mentionsTests: false, mentionsDocs: false, qualifiers: new Map() };
}
const symbol = (text: string): Clue => ({ kind: 'symbol', text, source: 'body', weight: 1 });
const message = (text: string): Clue => ({ kind: 'message', text, source: 'trace', weight: 2 });

describe('embedded plan, turn 1', () => {
  it('searches every mentioned name and every message in one grep (one pass over the tree)', () => {
    const names = Array.from({ length: 25 }, (_, i) => symbol(`name_${i}`));
    const planned = planFirstTurn(evidence([...names, message('Invalid (duration) value'), message('second message here')]), 8);
    const greps = planned.filter((p) => p.call.name === 'grep');
    assert.deepEqual(greps.map((p) => p.purpose), ['definitions', 'mentions']);
    const mentions = greps[1];
    const pattern = (mentions.call.args as { pattern: string }).pattern;
    assert.ok(pattern.startsWith('\\b(?:name_0|name_1|'), pattern);
    assert.ok(pattern.includes(`name_${PLAN_LIMITS.mentionNames - 1})\\b`) && !pattern.includes(`name_${PLAN_LIMITS.mentionNames}|`), 'the first 20 names');
    assert.ok(pattern.endsWith('|(?i:Invalid \\(duration\\) value)|(?i:second message here)'), pattern);
    assert.equal(mentions.clues.length, PLAN_LIMITS.mentionNames + 2);
  });

  it('still searches messages when the issue names no code', () => {
    const planned = planFirstTurn(evidence([message('widget exploded unexpectedly')]), 8);
    assert.deepEqual(planned.map((p) => [p.purpose, (p.call.args as { pattern: string }).pattern]), [['mentions', '(?i:widget exploded unexpectedly)']]);
  });
});
