import * as assert from 'node:assert/strict';
import { CONFIDENCE_LINES, confidenceOf, confidenceSentence, isAnswerConfidence } from '../../../src/common/confidence';

describe('answer confidence', () => {
  it('puts a probability on its level, the lines themselves included in the level above', () => {
    assert.deepEqual(confidenceOf(0.9), { level: 'high', probability: 0.9 });
    assert.equal(confidenceOf(CONFIDENCE_LINES.high)?.level, 'high');
    assert.equal(confidenceOf(0.7499)?.level, 'medium');
    assert.equal(confidenceOf(CONFIDENCE_LINES.medium)?.level, 'medium');
    assert.equal(confidenceOf(0.4499)?.level, 'low');
    assert.equal(confidenceOf(0)?.level, 'low');
    assert.equal(confidenceOf(0.123456)?.probability, 0.123, 'rounded to three places');
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
