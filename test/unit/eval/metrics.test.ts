import assert from 'node:assert/strict';
import { dedupeRanked, fBeta, percentile, scoreInstance, summarize, type ScoredInstance } from '../../../src/eval/metrics';

const close = (actual: number | null, expected: number) => assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${actual} != ${expected}`);

describe('eval metrics', () => {
  it('scores a two-file prediction with one gold file (P 1/2, R 1, F0.5 5/9)', () => {
    const s = scoreInstance(['a.py', 'b.py'], ['a.py']);
    close(s.precision, 0.5);
    close(s.recall, 1);
    close(s.f05, 5 / 9);
    assert.equal(s.hit_at_1, true);
    assert.equal(s.hit_at_5, true);
  });

  it('scores multi-gold with the hit at rank 2 (P 1/3, R 1/2, F0.5 5/14)', () => {
    const s = scoreInstance(['x.py', 'a.py', 'y.py'], ['a.py', 'c.py']);
    close(s.precision, 1 / 3);
    close(s.recall, 1 / 2);
    close(s.f05, 5 / 14);
    assert.equal(s.hit_at_1, false);
    assert.equal(s.hit_at_5, true);
  });

  it('scores an empty prediction as zero', () => {
    assert.deepEqual(scoreInstance([], ['a.py']), { precision: 0, recall: 0, f05: 0, hit_at_1: false, hit_at_5: false });
  });

  it('counts acc@5 only within the top five', () => {
    const s = scoreInstance(['1.py', '2.py', '3.py', '4.py', '5.py', 'g.py'], ['g.py']);
    close(s.precision, 1 / 6);
    close(s.f05, 0.2);
    assert.equal(s.hit_at_5, false);
  });

  it('normalises and dedupes predictions before scoring (first mention keeps its rank)', () => {
    assert.deepEqual(dedupeRanked(['./a.py', 'a.py', 'b\\c.py', '/d.py', '']), ['a.py', 'b/c.py', 'd.py']);
    close(scoreInstance(['./a.py', 'a.py', 'b.py'], ['a.py']).precision, 0.5);
  });

  it('F0.5 weighs precision over recall and is 0 when both are', () => {
    close(fBeta(1, 0.5), 0.625 / 0.75);
    close(fBeta(0.5, 1), 0.625 / 1.125);
    assert.equal(fBeta(0, 0), 0);
  });

  it('macro-averages five instances; errors score 0 and are counted; latency only over rows that ran', () => {
    const instances: ScoredInstance[] = [
      { ...scoreInstance(['a.py', 'b.py'], ['a.py']), latency_ms: 100, turns: 4, tool_calls: 10 },
      { ...scoreInstance(['x.py', 'a.py', 'y.py'], ['a.py', 'c.py']), latency_ms: 200, turns: 4, tool_calls: 6 },
      { ...scoreInstance([], ['a.py']), error: 'unknown commit', latency_ms: 5 },
      { ...scoreInstance(['g.py'], ['g.py']), latency_ms: 300, turns: 2, tool_calls: 2 },
      { ...scoreInstance(['1.py', '2.py', '3.py', '4.py', '5.py', 'g.py'], ['g.py']), latency_ms: 400, turns: 1, tool_calls: 0 },
    ];
    const s = summarize(instances);
    assert.equal(s.n, 5);
    close(s.precision, (0.5 + 1 / 3 + 0 + 1 + 1 / 6) / 5);
    close(s.recall, (1 + 0.5 + 0 + 1 + 1) / 5);
    close(s.f05, (5 / 9 + 5 / 14 + 0 + 1 + 0.2) / 5);
    close(s.f05_ge_0_8, 1 / 5);
    close(s.acc_at_1, 2 / 5);
    close(s.acc_at_5, 3 / 5);
    assert.equal(s.latency_ms_p50, 200);
    assert.equal(s.latency_ms_p95, 400);
    close(s.turns_mean, 11 / 4);
    close(s.tool_calls_mean, 18 / 4);
    assert.equal(s.errors, 1);
  });

  it('counts F0.5 of exactly 0.8 as reaching the threshold', () => {
    const s = summarize([{ ...scoreInstance(['a', 'b', 'c', 'd', 'x'], ['a', 'b', 'c', 'd', 'y']) }]);
    close(s.f05, 0.8);
    assert.equal(s.f05_ge_0_8, 1);
  });

  it('summarises nothing as zeros and nulls', () => {
    const s = summarize([]);
    assert.equal(s.n, 0);
    assert.equal(s.f05, 0);
    assert.equal(s.latency_ms_p50, null);
    assert.equal(s.turns_mean, null);
  });

  it('takes nearest-rank percentiles', () => {
    assert.equal(percentile([400, 100, 300, 200], 0.5), 200);
    assert.equal(percentile([400, 100, 300, 200], 0.95), 400);
    assert.equal(percentile([7], 0.5), 7);
    assert.equal(percentile([], 0.5), null);
  });
});
