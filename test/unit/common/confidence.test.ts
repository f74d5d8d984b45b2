import * as assert from 'node:assert/strict';
import { CONFIDENCE_LINES, confidenceOf, confidenceSentence, formatProbability, isAnswerConfidence } from '../../../src/common/confidence';

describe('answer confidence', () => {
  it('puts a probability on its level, the lines themselves included in the level above', () => {
    assert.deepEqual(confidenceOf(0.9), { level: 'high', probability: 0.9 });
    assert.equal(confidenceOf(CONFIDENCE_LINES.high)?.level, 'high');
    assert.equal(confidenceOf(0.7494)?.level, 'medium');
    assert.equal(confidenceOf(CONFIDENCE_LINES.medium)?.level, 'medium');
    assert.equal(confidenceOf(0.4494)?.level, 'low');
    assert.equal(confidenceOf(0)?.level, 'low');
    assert.equal(confidenceOf(0.123456)?.probability, 0.123, 'rounded to three places');
    assert.deepEqual([confidenceOf(1)?.probability, confidenceOf(0)?.probability], [0.999, 0.001], 'never certain');
  });

  it('never shows a number on the other side of its level\'s line', () => {
    // Read from the kept value: 0.7496 is kept as 0.75, so it is high; 0.7494 is kept as 0.749, medium, shown 0.74.
    assert.equal(confidenceSentence(confidenceOf(0.7496)!), 'High confidence (0.75).');
    assert.match(confidenceSentence(confidenceOf(0.7494)!), /^Medium confidence \(0\.74\)/);
    assert.match(confidenceSentence(confidenceOf(0.4494)!), /^Low confidence \(0\.44\)/);
    for (let p = 0; p <= 1; p += 0.0007) {
      const c = confidenceOf(p)!;
      const shown = Number(formatProbability(c.probability));
      assert.equal(confidenceOf(shown)!.level === c.level || (c.probability >= 0.99 && shown === 0.99) || (c.probability <= 0.01 && shown === 0.01), true, `${p}: ${c.level} shown as ${shown}`);
    }
  });

  it('gives none for what is not a probability', () => {
    for (const value of [undefined, Number.NaN, Infinity, -0.1, 1.5]) assert.equal(confidenceOf(value), undefined, String(value));
  });

  it('says the level with its probability, and what to do when it is not high', () => {
    assert.equal(confidenceSentence({ level: 'high', probability: 0.91 }), 'High confidence (0.91).');
    assert.match(confidenceSentence({ level: 'medium', probability: 0.5 }), /^Medium confidence \(0\.50\): check that the first file fits/);
    assert.match(confidenceSentence({ level: 'low', probability: 0.123 }), /^Low confidence \(0\.12\): these files may well be wrong; check them/);
    assert.equal(confidenceSentence({ level: 'high', probability: 0.9995 }), 'High confidence (0.99).', 'never "1.00": the model is not certain');
    assert.match(confidenceSentence({ level: 'low', probability: 0.001 }), /^Low confidence \(0\.01\)/);
  });

  it('recognises a stored confidence and refuses anything else', () => {
    assert.equal(isAnswerConfidence({ level: 'low', probability: 0.2 }), true);
    for (const bad of [null, 'low', { level: 'certain', probability: 0.2 }, { level: 'high' }, { level: 'high', probability: 2 }, { level: 'high', probability: '0.9' }]) {
      assert.equal(isAnswerConfidence(bad), false, JSON.stringify(bad));
    }
  });
});
