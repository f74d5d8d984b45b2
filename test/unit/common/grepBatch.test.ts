import * as assert from 'node:assert/strict';
import { batchGreps } from '../../../src/common/grepBatch';
import type { ToolCall, ToolResult } from '../../../src/common/tools';

const result = (text: string): ToolResult => ({ text, truncated: false, count: 1, bytes: text.length });

describe('common/grepBatch', () => {
  const calls: ToolCall[] = [
    { id: 'c0', name: 'glob', args: { pattern: '**/a.py' } },
    { id: 'c1', name: 'grep', args: { pattern: 'def a', max_hits: 2000 } },
    { id: 'c2', name: 'grep', args: { pattern: 'x', path: 'src' } },
    { id: 'c3', name: 'grep', args: { pattern: 'MSG', case_insensitive: true, max_hits: 200 } },
    { id: 'c4', name: 'glob', args: { pattern: '**/*b*' } },
  ];

  it('merges the plain greps into one multi-pattern grep where the first was', () => {
    const batch = batchGreps(calls);
    assert.deepEqual(batch.calls.map((c) => c.id), ['c0', 'c1_batch', 'c2', 'c4']);
    const merged = batch.calls[1];
    assert.equal(merged.name, 'grep');
    assert.deepEqual(merged.name === 'grep' && merged.args.patterns, [
      { pattern: 'def a', case_insensitive: undefined, max_hits: 2000 },
      { pattern: 'MSG', case_insensitive: true, max_hits: 200 },
    ]);
  });

  it('splits the merged result back into one result per original call, in call order', () => {
    const batch = batchGreps(calls);
    const groups = [result('defs'), result('msg')];
    // The Locator hands back copies of the calls, possibly in another order.
    const back = batch.split([
      { call: { ...batch.calls[3] }, result: result('glob b') },
      { call: { ...batch.calls[1] }, result: { ...result('both'), groups } },
      { call: { ...batch.calls[0] }, result: result('glob a') },
      { call: { ...batch.calls[2] }, result: result('src x') },
    ]);
    assert.deepEqual(back.map((r) => [r.call.id, r.result.text]), [
      ['c0', 'glob a'],
      ['c1', 'defs'],
      ['c2', 'src x'],
      ['c3', 'msg'],
      ['c4', 'glob b'],
    ]);
  });

  it('gives every merged grep the error of a failed merged call', () => {
    const batch = batchGreps(calls);
    const failed = { text: 'error: x', error: 'error: x', truncated: false, count: 0, bytes: 8 };
    const back = batch.split([{ call: batch.calls[1], result: failed }]);
    assert.deepEqual(back.map((r) => [r.call.id, r.result.error]), [['c1', 'error: x'], ['c3', 'error: x']]);
  });

  it('leaves a turn with fewer than two plain greps alone', () => {
    const one = calls.filter((c) => c.id !== 'c3');
    const batch = batchGreps(one);
    assert.equal(batch.calls, one);
    const results = [{ call: one[1], result: result('r') }];
    assert.equal(batch.split(results), results);
  });
});
