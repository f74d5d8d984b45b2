import * as assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CodeGrepError } from '../../../src/common/errors';
import type { GrepArgs, ToolCall } from '../../../src/common/tools';
import { runRipgrep } from '../../../src/tools/ripgrep';
import { NodeToolRunner } from '../../../src/tools/runner';
import { childRgPids, makeTree, noSignal, removeTree } from './fixture';

describe('tools/grep', () => {
  let root: string;
  let outside: string;
  let runner: NodeToolRunner;
  const grep = (args: GrepArgs, signal = noSignal) => runner.run({ id: 'g', name: 'grep', args }, signal);

  before(() => {
    outside = makeTree({ 'leak.py': 'def needle_outside(): pass\n' }, 'codegrep-outside-');
    const many = Array.from({ length: 150 }, (_, i) => `many_hit_${i}`).join('\n');
    root = makeTree({
      '.gitignore': 'ignored.py\nbuild/\n',
      'src/models.py': 'class Model:\n    def save(self):\n        return needle_call()\n\n\ndef other():\n    needle_call()\n',
      'src/views.py': 'from .models import Model\nNEEDLE_CONST = 1\n',
      'docs/notes.md': 'needle_call is documented here\n',
      'ignored.py': 'needle_call()\n',
      'build/out.py': 'needle_call()\n',
      'node_modules/dep/index.js': 'needle_call()\n',
      '.github/workflows/ci.yml': 'run: needle_call\n',
      '.git/config': 'needle_call\n',
      'pkg/.git/HEAD': 'needle_call\n',
      'bin/blob.bin': Buffer.concat([Buffer.from('needle_call'), Buffer.alloc(16, 0), Buffer.from('needle_call\n')]),
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x5f, 0x6c, 0x61, 0x74, 0x0a]),
      'my dir/ünï.py': 'needle_unicode = 1\n',
      'many.txt': `${many}\n`,
      'long.txt': `${'x'.repeat(1_000_000)}needle_long${'y'.repeat(100)}\n`,
    });
    writeFileSync(path.join(root, 'src/crlf.py'), 'needle_crlf = 1\r\n');
    symlinkSync(outside, path.join(root, 'linked-out'));
    symlinkSync(path.join(outside, 'leak.py'), path.join(root, 'leak-link.py'));
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => {
    removeTree(root);
    removeTree(outside);
  });

  it('prints path:line: text lines sorted by path, with structured hits', async () => {
    const r = await grep({ pattern: 'needle_call', path: 'src' });
    assert.equal(r.error, undefined);
    assert.equal(r.text, 'src/models.py:3:         return needle_call()\nsrc/models.py:7:     needle_call()');
    assert.equal(r.count, 2);
    assert.equal(r.truncated, false);
    assert.deepEqual(r.hits, [
      { path: 'src/models.py', line: 3, text: '        return needle_call()' },
      { path: 'src/models.py', line: 7, text: '    needle_call()' },
    ]);
  });

  it('skips .gitignored files, .git, node_modules and binary files but searches dot folders', async () => {
    const r = await grep({ pattern: 'needle_call' });
    const paths = [...new Set(r.hits?.map((h) => h.path))];
    assert.deepEqual(paths, ['.github/workflows/ci.yml', 'docs/notes.md', 'src/models.py']);
  });

  it('never follows symlinks that point outside the workspace', async () => {
    const r = await grep({ pattern: 'needle_outside' });
    assert.equal(r.count, 0);
    assert.equal(r.text, 'No matches for /needle_outside/.');
    const direct = await grep({ pattern: 'needle_outside', path: 'linked-out' });
    assert.equal(direct.error, 'error: linked-out is a symlink that points outside the workspace; it cannot be read.');
    const file = await grep({ pattern: 'needle_outside', path: 'leak-link.py' });
    assert.equal(file.error, 'error: leak-link.py is a symlink that points outside the workspace; it cannot be read.');
  });

  it('filters by glob (file name at any depth) and searches case-insensitively', async () => {
    const r = await grep({ pattern: 'needle_call', glob: '*.md' });
    assert.deepEqual(r.hits?.map((h) => h.path), ['docs/notes.md']);
    const sensitive = await grep({ pattern: 'needle_const', path: 'src' });
    assert.equal(sensitive.count, 0);
    const insensitive = await grep({ pattern: 'needle_const', path: 'src', case_insensitive: true });
    assert.equal(insensitive.text, 'src/views.py:2: NEEDLE_CONST = 1');
  });

  it('accepts numbers and booleans sent as strings', async () => {
    const args = { pattern: 'needle_const', path: 'src', case_insensitive: 'true', context_lines: '1' } as unknown as GrepArgs;
    assert.equal((await grep(args)).text, 'src/views.py-1- from .models import Model\nsrc/views.py:2: NEEDLE_CONST = 1');
  });

  it('shows context lines as path-line- text with -- between groups', async () => {
    const r = await grep({ pattern: 'needle_call', path: 'src/models.py', context_lines: 1 });
    assert.equal(
      r.text,
      ['src/models.py-2-     def save(self):', 'src/models.py:3:         return needle_call()', 'src/models.py-4- ', '--', 'src/models.py-6- def other():', 'src/models.py:7:     needle_call()'].join('\n'),
    );
    assert.equal(r.count, 2);
  });

  it('handles paths with spaces and unicode, CRLF and non-UTF-8 lines', async () => {
    assert.equal((await grep({ pattern: 'needle_unicode' })).text, 'my dir/ünï.py:1: needle_unicode = 1');
    assert.equal((await grep({ pattern: 'needle_crlf' })).text, 'src/crlf.py:1: needle_crlf = 1');
    assert.equal((await grep({ pattern: 'needle_lat' })).text, 'latin1.txt:1: caf\uFFFD needle_lat');
  });

  it('searches a binary file given as path, showing NULs as replacement characters', async () => {
    const r = await grep({ pattern: 'needle_call', path: 'bin/blob.bin' });
    assert.equal(r.text, `bin/blob.bin:1: needle_call${'\uFFFD'.repeat(16)}needle_call`);
  });

  it('caps text at 100 lines and says how many more matches there are', async () => {
    const r = await grep({ pattern: 'many_hit_', path: 'many.txt' });
    const lines = r.text.split('\n');
    assert.equal(lines.length, 101);
    assert.equal(lines[0], 'many.txt:1: many_hit_0');
    assert.equal(lines[100], '... 50 more matches not shown; narrow the pattern or use glob/path.');
    assert.equal(r.truncated, true);
    assert.equal(r.count, 150);
    assert.equal(r.hits?.length, 100);
  });

  it('returns up to max_hits structured hits beyond the text cap', async () => {
    const r = await grep({ pattern: 'many_hit_', path: 'many.txt', max_hits: 140 });
    assert.equal(r.hits?.length, 140);
    assert.equal(r.hits?.[139].text, 'many_hit_139');
    assert.equal(r.text.split('\n').length, 101);
  });

  it('searches only the files given as `paths`, with max_hits in each, in one call', async () => {
    const r = await grep({ pattern: 'many_hit_1|needle_call', paths: ['many.txt', 'src/models.py'], max_hits: 5 });
    assert.deepEqual(
      r.hits?.map((h) => `${h.path}:${h.line}`),
      ['many.txt:2', 'many.txt:11', 'many.txt:12', 'many.txt:13', 'many.txt:14', 'src/models.py:3', 'src/models.py:7'],
    );
    assert.ok(!r.hits?.some((h) => h.path === 'docs/notes.md'), 'other files are not searched');
    const refused = await grep({ pattern: 'x', paths: ['src/models.py', '../leak.py'] });
    assert.match(refused.error ?? '', /outside the workspace/);
    assert.match((await grep({ pattern: 'x', paths: [] })).error ?? '', /takes 1 to 8 paths/);
    assert.match((await grep({ pattern: 'x', paths: ['src/models.py', 3] as unknown as string[] })).error ?? '', /list of strings/);
  });

  it('clips a 1 MB line to a window around the match', async () => {
    const r = await grep({ pattern: 'needle_long', path: 'long.txt' });
    const line = r.text;
    assert.ok(line.startsWith('long.txt:1: [999950 chars] … '), line.slice(0, 60));
    assert.ok(line.includes('needle_long'));
    assert.ok(line.length < 300, `line is ${line.length} chars`);
  });

  it('skips a result line longer than 16 MB with a note instead of loading it', async () => {
    const huge = makeTree({ 'min.js': `${'a'.repeat(20 * 1024 * 1024)}needle_huge\nneedle_huge small\n` });
    try {
      const r = await new NodeToolRunner({ roots: [huge] }).run({ id: 'h', name: 'grep', args: { pattern: 'needle_huge' } }, noSignal);
      assert.equal(r.text, 'min.js:2: needle_huge small\n... 1 result lines longer than 16 MB were not shown.');
      assert.equal(r.truncated, true);
    } finally {
      removeTree(huge);
    }
  });

  it('returns rg regex errors as short error text', async () => {
    const r = await grep({ pattern: 'foo(' });
    assert.equal(r.error, 'error: invalid regex: missing closing parenthesis; escape special characters such as ( [ { with \\ to match them literally.');
    assert.equal(r.text, r.error);
    assert.equal(r.count, 0);
  });

  it('supports look-around through the PCRE2 fallback', async () => {
    const r = await grep({ pattern: '(?<=return )needle_call', path: 'src' });
    assert.deepEqual(r.hits?.map((h) => h.line), [3]);
  });

  it('refuses a missing pattern and paths outside the workspace', async () => {
    assert.equal((await grep({ pattern: '' })).error, 'error: grep needs a non-empty `pattern`.');
    assert.equal((await grep({ pattern: 'x', path: '../' })).error, 'error: ../ is outside the workspace; use a path relative to the workspace root.');
    assert.equal((await grep({ pattern: 'x', path: 'nope' })).error, 'error: nope does not exist; use glob to find the right path.');
  });

  describe('timeouts and cancellation', () => {
    let big: string;
    before(() => {
      const block = Buffer.from('abcdefghij klmnopqrst 0123456789 uvwxyz ABCDEFGHIJ klmnopqrst 0123456789\n'.repeat(20_000));
      big = makeTree({ 'big1.txt': block, 'big2.txt': block, 'big3.txt': block, 'big4.txt': block });
    });
    after(() => removeTree(big));
    // A backreference forces PCRE2, which needs about half a second on this tree even on an idle machine.
    const slowPattern = '(\\w+)\\s+\\w+\\s+\\1q';

    it('times out with a clear message and leaves no rg behind', async () => {
      const slow = new NodeToolRunner({ roots: [big], timeoutMs: 30 });
      const r = await slow.run({ id: 't', name: 'grep', args: { pattern: slowPattern } }, noSignal);
      assert.equal(r.error, 'error: grep timed out after 0.03s; narrow the pattern or use glob/path.');
      assert.deepEqual(childRgPids(), []);
    });

    it('kills rg on abort and rejects with cancelled', async () => {
      const slow = new NodeToolRunner({ roots: [big] });
      const controller = new AbortController();
      const pending = slow.run({ id: 'a', name: 'grep', args: { pattern: slowPattern } }, controller.signal);
      const started = Date.now();
      while (childRgPids().length === 0 && Date.now() - started < 2000) await new Promise((done) => setTimeout(done, 2));
      const pids = childRgPids();
      assert.equal(pids.length, 1, 'rg should be running before the abort');
      controller.abort();
      await assert.rejects(pending, (error: Error) => error.name === 'CodeGrepError' && /cancelled/.test(error.message));
      assert.deepEqual(childRgPids(), []);
      assert.throws(() => process.kill(pids[0], 0), /ESRCH/);
    });

    it('kills rg early once it has enough matches', async () => {
      const r = await new NodeToolRunner({ roots: [big] }).run({ id: 'e', name: 'grep', args: { pattern: 'abcdefghij' } }, noSignal);
      assert.equal(r.truncated, true);
      assert.match(r.text, /\n\.\.\. more than 1000 more matches not shown; narrow the pattern or use glob\/path\.$/);
      assert.deepEqual(childRgPids(), []);
    });
  });
});

describe('tools/grep: hostile patterns and file names', () => {
  let root: string;
  let runner: NodeToolRunner;
  const run = (name: 'grep' | 'glob', args: Record<string, unknown>) => runner.run({ id: 'h', name, args } as unknown as ToolCall, noSignal);

  before(() => {
    root = makeTree({ 'big.txt': `${'a'.repeat(100_000)}b\n`, 'ok.py': 'needle = 1\n' });
    writeFileSync(path.join(root, 'evil\nname\u001b[2J.py'), 'needle = 2\n');
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => removeTree(root));

  it('refuses a 200 KB pattern with "pattern too long", not spawn E2BIG', async () => {
    const r = await run('grep', { pattern: 'x'.repeat(200_000) });
    assert.match(r.text, /^error: pattern too long \(200000 bytes; at most 16384\)/);
  });

  it('runRipgrep turns an over-long command line into a clear "pattern too long" error', async () => {
    await assert.rejects(
      runRipgrep(['--regexp', 'y'.repeat(200_000), root], { cwd: root, signal: noSignal, timeoutMs: 5_000, onRecord: () => 'more' }),
      (error: unknown) => error instanceof CodeGrepError && /^pattern too long/.test(error.message),
    );
  });

  it('never shows the absolute local path in a PCRE2 runtime error', async () => {
    const r = await run('grep', { pattern: '(?=a)(a|aa)+$' });
    assert.ok(!r.text.includes(root), r.text);
    assert.match(r.text, /big\.txt/);
  });

  it('shows a file name holding a newline or an escape on one line, and its citation still resolves', async () => {
    const g = await run('grep', { pattern: 'needle' });
    assert.deepEqual(g.text.split('\n'), ['evil\uFFFDname\uFFFD[2J.py:1: needle = 2', 'ok.py:1: needle = 1']);
    const list = await run('glob', { pattern: '*.py' });
    assert.ok(!list.text.includes('\u001b') && list.text.split('\n').length === 2, list.text);
    assert.deepEqual(await runner.resolveCitation('evil\uFFFDname\uFFFD[2J.py'), { path: 'evil\nname\u001b[2J.py', lines: 1 });
  });
});
