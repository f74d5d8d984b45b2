import { strict as assert } from 'node:assert';
import { chooseAnswerSize, expectedF05, successCounts } from '../../../../src/core/embedded/answerSize';

const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} != ${expected}`);

describe('answer size by expected F0.5 (hand-computed cases)', () => {
  it('counts successes of independent trials', () => {
    const d = successCounts([0.5, 0.2]);
    close(d[0]!, 0.4);
    close(d[1]!, 0.5);
    close(d[2]!, 0.1);
  });

  it('a certain single gold file answered alone scores 1', () => {
    close(expectedF05([1], 1, 0), 1);
    close(expectedF05([0.5], 1, 0), 0.5);
  });

  it('[1, 0.5]: one file 0.9167 beats two 0.7778', () => {
    // k=1: X=1; Y=0 (F=1) or Y=1 (F=1.25/1.5) with 1/2 each.  k=2: X=1 (F=1.25/2.25) or X=2 (F=1) with 1/2 each.
    close(expectedF05([1, 0.5], 1, 0), 0.5 * 1 + 0.5 * (1.25 / 1.5));
    close(expectedF05([1, 0.5], 2, 0), 0.5 * (1.25 / 2.25) + 0.5 * 1);
    assert.equal(chooseAnswerSize([1, 0.5], 4, 0), 1);
  });

  it('[0.9, 0.9]: two likely files are both answered (0.91 against 0.765)', () => {
    close(expectedF05([0.9, 0.9], 1, 0), 0.9 * (0.9 * (1.25 / 1.5) + 0.1 * 1));
    close(expectedF05([0.9, 0.9], 2, 0), 0.81 * 1 + 0.18 * (1.25 / 2.25));
    assert.equal(chooseAnswerSize([0.9, 0.9], 4, 0), 2);
    assert.equal(chooseAnswerSize([0.9, 0.9], 1, 0), 1, 'maxFiles caps the answer');
  });

  it('gold expected outside the candidates lowers every F0.5 but favours recall', () => {
    // One certain file and one certain missing gold: F = 1.25 / (1 + 0.25 * 2).
    close(expectedF05([1], 1, 1), 1.25 / 1.5);
    assert.ok(expectedF05([0.6, 0.45], 2, 2) - expectedF05([0.6, 0.45], 1, 2) > expectedF05([0.6, 0.45], 2, 0) - expectedF05([0.6, 0.45], 1, 0));
  });

  it('no candidates, no answer', () => {
    assert.equal(chooseAnswerSize([], 4, 1), 0);
    assert.equal(expectedF05([0.5], 0, 0), 0);
  });
});
