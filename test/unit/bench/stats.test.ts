import * as assert from 'node:assert/strict';
import { median, percentile } from '../../../bench/lib/stats';

describe('bench stats', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.ok(Number.isNaN(median([])));
  });

  it('interpolates percentiles between closest ranks', () => {
    const values = Array.from({ length: 21 }, (_, i) => i * 10); // 0..200
    assert.equal(percentile(values, 0), 0);
    assert.equal(percentile(values, 95), 190);
    assert.equal(percentile(values, 100), 200);
    assert.equal(percentile([1, 2], 50), 1.5);
  });
});
