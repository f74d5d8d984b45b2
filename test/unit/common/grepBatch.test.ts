import * as assert from 'node:assert/strict';
import { shareGrepWalk } from '../../../src/common/grepBatch';
import type { ToolCall, ToolResult } from '../../../src/common/tools';

const result = (text: string): ToolResult => ({ text, truncated: false, count: 1, bytes: text.length });

describe('common/grepBatch', () => {
  const calls: ToolCall[] = [
    { id: 'c0', name: 'glob', args: { pattern: '**/a.py' } },
    { id: 'c1', name: 'grep', args: { pattern: 'def a', max_hits: 2000 } },
    { id: 'c2', name: 'grep', args: { pattern: 'x', path: 'src' } },
    { id: 'c3', name: 'grep', args: { pattern: 'MSG', case_insensitive: true, max_hits: 200 } },
    { id: 'c4', name: 'grep', args: { pattern: 'y', context_lines: 2 } },
  ];

  it('runs the plain greps as one multi-pattern grep and hands each its own group', async () => {
    const ran: ToolCall[] = [];
    const run = async (call: ToolCall) => {
      ran.push(call);
      return { ...result('both'), groups: [result('defs'), result('msg')] };
    };
    const shared = shareGrepWalk(calls, run);
    assert.deepEqual([...shared.keys()], ['c1', 'c3']);
    assert.equal(ran.length, 1);
    assert.deepEqual(ran[0].name === 'grep' && ran[0].args.patterns, [
      { pattern: 'def a', case_insensitive: undefined, max_hits: 2000 },
      { pattern: 'MSG', case_insensitive: true, max_hits: 200 },
    ]);
    assert.equal((await shared.get('c1'))?.text, 'defs');
    assert.equal((await shared.get('c3'))?.text, 'msg');
  });

  it('merges the greps over the same `paths` into one search of those files, apart from the workspace-wide ones', async () => {
    const leaders = ['a.py', 'b.py'];
    const checks: ToolCall[] = [
      ...calls,
      { id: 'k1', name: 'grep', args: { pattern: 'words', case_insensitive: true, paths: leaders, max_hits: 2000 } },
      { id: 'k2', name: 'grep', args: { pattern: '^import', paths: leaders, max_hits: 2000 } },
      { id: 'k3', name: 'grep', args: { pattern: 'export', paths: ['a.py'], max_hits: 2000 } },
    ];
    const ran: ToolCall[] = [];
    const run = async (call: ToolCall) => {
      ran.push(call);
      return { ...result('merged'), groups: [result(`${call.id} first`), result(`${call.id} second`)] };
    };
    const shared = shareGrepWalk(checks, run);
    assert.deepEqual([...shared.keys()].sort(), ['c1', 'c3', 'k1', 'k2']);
    assert.equal(ran.length, 2);
    const files = ran.find((call) => call.name === 'grep' && call.args.paths);
    assert.deepEqual(files?.name === 'grep' && files.args, {
      pattern: 'words | ^import',
      patterns: [
        { pattern: 'words', case_insensitive: true, max_hits: 2000 },
        { pattern: '^import', case_insensitive: undefined, max_hits: 2000 },
      ],
      paths: leaders,
    });
    assert.equal((await shared.get('k2'))?.text, 'k1_walk second');
    assert.equal((await shared.get('c3'))?.text, 'c1_walk second');
  });

  it('runs each grep alone when the merged call is refused as a whole', async () => {
    const failed = { text: 'error: x', error: 'error: x', truncated: false, count: 0, bytes: 8 };
    const run = async (call: ToolCall) => (call.name === 'grep' && call.args.patterns ? failed : result(`alone ${call.id}`));
    const shared = shareGrepWalk(calls, run);
    assert.equal((await shared.get('c1'))?.text, 'alone c1');
    assert.equal((await shared.get('c3'))?.text, 'alone c3');
  });

  it('merges nothing with fewer than two plain greps, or greps with a path, glob, context or unknown argument', () => {
    const never = () => Promise.reject(new Error('must not run'));
    assert.equal(shareGrepWalk(calls.filter((c) => c.id !== 'c3'), never).size, 0);
    const odd = { id: 'c5', name: 'grep', args: { pattern: 'z', output_mode: 'count' } } as unknown as ToolCall;
    assert.equal(shareGrepWalk([calls[1], odd], never).size, 0);
  });
});
