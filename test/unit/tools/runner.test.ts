import * as assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolCall } from '../../../src/common/tools';
import { createToolRunner, NodeToolRunner } from '../../../src/tools/runner';
import { makeTree, noSignal, removeTree } from './fixture';

describe('tools/runner', () => {
  let root: string;
  let outside: string;
  let runner: NodeToolRunner;

  before(() => {
    outside = makeTree({ 'secret.py': 'x\n' }, 'codegrep-outside-');
    root = makeTree({ 'a/b.py': 'print(1)\n', 'pkg/mod.py': 'x\n', 'my dir/ünï.py': 'y\n' });
    symlinkSync(path.join(outside, 'secret.py'), path.join(root, 'leak.py'));
    runner = createToolRunner([root]);
  });
  after(() => {
    removeTree(root);
    removeTree(outside);
  });

  it('dispatches grep, glob and read', async () => {
    assert.equal((await runner.run({ id: '1', name: 'grep', args: { pattern: 'print' } }, noSignal)).text, 'a/b.py:1: print(1)');
    assert.deepEqual((await runner.run({ id: '2', name: 'glob', args: { pattern: '*.py', path: 'a' } }, noSignal)).paths, ['a/b.py']);
    assert.equal((await runner.run({ id: '3', name: 'read', args: { path: 'a/b.py' } }, noSignal)).text, '     1\tprint(1)');
  });

  it('turns unknown tools and malformed arguments into error results', async () => {
    const unknown = { id: '4', name: 'bash', args: { cmd: 'ls' } } as unknown as ToolCall;
    assert.equal((await runner.run(unknown, noSignal)).error, 'error: unknown tool "bash"; use grep, glob or read.');
    const noArgs = { id: '5', name: 'grep', args: null } as unknown as ToolCall;
    assert.equal((await runner.run(noArgs, noSignal)).error, 'error: grep needs an arguments object.');
    const noPattern = { id: '6', name: 'grep', args: {} } as unknown as ToolCall;
    assert.equal((await runner.run(noPattern, noSignal)).error, 'error: grep needs a non-empty `pattern`.');
    const badPath = { id: '7', name: 'read', args: { path: 42 } } as unknown as ToolCall;
    assert.equal((await runner.run(badPath, noSignal)).error, 'error: read needs a `path`.');
    const badGrepPath = { id: '7b', name: 'grep', args: { pattern: 'x', path: ['a'] } } as unknown as ToolCall;
    assert.equal((await runner.run(badGrepPath, noSignal)).error, 'error: grep `path` must be a string.');
    const badGlobPath = { id: '7c', name: 'glob', args: { pattern: '*', path: 3 } } as unknown as ToolCall;
    assert.equal((await runner.run(badGlobPath, noSignal)).error, 'error: glob `path` must be a string.');
    const nullPath = { id: '7d', name: 'glob', args: { pattern: 'b.py', path: null } } as unknown as ToolCall;
    assert.deepEqual((await runner.run(nullPath, noSignal)).paths, ['a/b.py']);
  });

  it('says when the rg binary is missing instead of throwing', async () => {
    const saved = process.env.CODEGREP_RG_PATH;
    process.env.CODEGREP_RG_PATH = path.join(root, 'no-such-rg');
    try {
      const r = await runner.run({ id: 'm', name: 'grep', args: { pattern: 'print' } }, noSignal);
      // The workspace's own absolute path is shown as its workspace path.
      assert.equal(r.error, 'error: grep failed: CODEGREP_RG_PATH points to no-such-rg, which does not exist.');
    } finally {
      if (saved === undefined) delete process.env.CODEGREP_RG_PATH;
      else process.env.CODEGREP_RG_PATH = saved;
    }
  });

  it('rejects with cancelled when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(runner.run({ id: '8', name: 'grep', args: { pattern: 'x' } }, controller.signal), /cancelled/);
  });

  it('normalises cited paths to existing workspace files', async () => {
    const cases: [string, string][] = [
      ['a/b.py', 'a/b.py'],
      ['./a/b.py', 'a/b.py'],
      [path.join(root, 'a/b.py'), 'a/b.py'],
      ['a/b.py:10-20', 'a/b.py'],
      ['a/b.py:7', 'a/b.py'],
      ['a\\b.py', 'a/b.py'],
      ['a/b.py#L10', 'a/b.py'],
      ['a/b.py#L10-L20', 'a/b.py'],
      ['`a/b.py`', 'a/b.py'],
      ['a/b.py (lines 3-9)', 'a/b.py'],
      ['a/b.py:', 'a/b.py'],
      ['a/b.py:12,', 'a/b.py'],
      ['my dir/ünï.py', 'my dir/ünï.py'],
      [`${path.basename(root)}/pkg/mod.py`, 'pkg/mod.py'],
    ];
    for (const [cited, expected] of cases) assert.deepEqual(withoutLines(await runner.resolveCitation(cited)), { path: expected }, cited);
  });

  it('rejects citations that do not exist, are outside, or are not files', async () => {
    assert.deepEqual(await runner.resolveCitation('a/missing.py'), { rejected: 'does not exist' });
    assert.deepEqual(await runner.resolveCitation('/etc/passwd'), { rejected: 'outside the workspace' });
    assert.deepEqual(await runner.resolveCitation('../x.py'), { rejected: 'outside the workspace' });
    assert.deepEqual(await runner.resolveCitation('leak.py'), { rejected: 'outside the workspace' });
    assert.deepEqual(await runner.resolveCitation('a'), { rejected: 'is a directory' });
    assert.deepEqual(await runner.resolveCitation('  '), { rejected: 'empty path' });
  });

  it('works over several roots with folder-name prefixes', async () => {
    const second = makeTree({ 'lib/c.ts': 'export const c = 1;\n', 'pkg/mod.py': 'x\n' });
    try {
      const multi = new NodeToolRunner({ roots: [root, second] });
      const name = path.basename(second);
      const grep = await multi.run({ id: '9', name: 'grep', args: { pattern: 'export const c' } }, noSignal);
      assert.equal(grep.text, `${name}/lib/c.ts:1: export const c = 1;`);
      const glob = await multi.run({ id: '10', name: 'glob', args: { pattern: 'lib/*.ts' } }, noSignal);
      assert.deepEqual(glob.paths, [`${name}/lib/c.ts`]);
      assert.deepEqual(withoutLines(await multi.resolveCitation(`${name}/lib/c.ts:1`)), { path: `${name}/lib/c.ts` });
      assert.deepEqual(withoutLines(await multi.resolveCitation('lib/c.ts')), { path: `${name}/lib/c.ts` });
      assert.deepEqual(withoutLines(await multi.resolveCitation('a/b.py,')), { path: `${path.basename(root)}/a/b.py` });
      assert.deepEqual(withoutLines(await multi.resolveCitation('pkg/mod.py')), { rejected: 'does not exist' }, 'ambiguous: in both folders');
    } finally {
      removeTree(second);
    }
  });
});

/** Drops the line count from a resolved citation, for comparing paths only. */
function withoutLines(resolved: { path: string; lines?: number } | { rejected: string }): { path: string } | { rejected: string } {
  if ('rejected' in resolved) return resolved;
  return { path: resolved.path };
}
