import * as assert from 'node:assert/strict';
import { closeSync, openSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import type { ReadArgs } from '../../../src/common/tools';
import { NodeToolRunner } from '../../../src/tools/runner';
import { makeTree, noSignal, removeTree } from './fixture';

describe('tools/read', () => {
  let root: string;
  let runner: NodeToolRunner;
  const read = (args: ReadArgs) => runner.run({ id: 'r', name: 'read', args }, noSignal);

  before(() => {
    const numbered = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n');
    root = makeTree({
      'src/a.py': 'one\ntwo\nthree\n',
      'nonl.txt': 'first\nlast-without-newline',
      'crlf.txt': 'a\r\nb\r\n',
      'empty.txt': '',
      'numbered.txt': `${numbered}\n`,
      'image.png': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), Buffer.alloc(100, 1)]),
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      'ansi.txt': '\u001b[31mred\u001b[0m\tok\n',
      'oneline.txt': `${'é'.repeat(1_000_000)}\nsecond\n`,
      'my dir/ünï.py': 'ok\n',
    });
    // A 50 MB file written in chunks, with a marker line near the start.
    const fd = openSync(path.join(root, 'huge.log'), 'w');
    writeSync(fd, 'header\nmarker\n');
    const block = Buffer.from('0123456789abcdef'.repeat(4).concat('\n').repeat(16 * 1024));
    for (let written = 0; written < 50 * 1024 * 1024; written += block.length) writeSync(fd, block);
    closeSync(fd);
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => removeTree(root));

  it('returns numbered lines with totalLines', async () => {
    const r = await read({ path: 'src/a.py' });
    assert.equal(r.text, '     1\tone\n     2\ttwo\n     3\tthree');
    assert.deepEqual(r.read, { path: 'src/a.py', startLine: 1, endLine: 3, totalLines: 3 });
    assert.equal(r.count, 3);
    assert.equal(r.truncated, false);
  });

  it('reads a range, a last line without newline, CRLF, and paths with spaces and unicode', async () => {
    assert.equal((await read({ path: 'src/a.py', start_line: 2, end_line: 2 })).text, '     2\ttwo');
    const nonl = await read({ path: 'nonl.txt', start_line: 2 });
    assert.equal(nonl.text, '     2\tlast-without-newline');
    assert.equal(nonl.read?.totalLines, 2);
    assert.equal((await read({ path: 'crlf.txt' })).text, '     1\ta\n     2\tb');
    assert.equal((await read({ path: 'my dir/ünï.py' })).text, '     1\tok');
  });

  it('caps a call at 300 lines and says how to continue', async () => {
    const r = await read({ path: 'numbered.txt', start_line: 10, end_line: 900 });
    const lines = r.text.split('\n');
    assert.equal(lines.length, 301);
    assert.equal(lines[0], '    10\tline 10');
    assert.equal(lines[299], '   309\tline 309');
    assert.equal(lines[300], '... showing lines 10-309 of 1000; call read with start_line=310 for more.');
    assert.equal(r.truncated, true);
    assert.deepEqual(r.read, { path: 'numbered.txt', startLine: 10, endLine: 309, totalLines: 1000 });
    const tail = await read({ path: 'numbered.txt', start_line: 990, end_line: 2000 });
    assert.equal(tail.truncated, false);
    assert.equal(tail.count, 11);
  });

  it('refuses binary files', async () => {
    const r = await read({ path: 'image.png' });
    assert.equal(r.error, 'error: image.png is a binary file; read only works on text files.');
  });

  it('decodes non-UTF-8 bytes and shows control characters as replacement characters', async () => {
    assert.equal((await read({ path: 'latin1.txt' })).text, '     1\tcaf\uFFFD');
    assert.equal((await read({ path: 'ansi.txt' })).text, '     1\t\uFFFD[31mred\uFFFD[0m\tok');
  });

  it('clips a 1 MB line without loading it whole into the result', async () => {
    const r = await read({ path: 'oneline.txt' });
    const [first, second] = r.text.split('\n');
    assert.equal(first, `     1\t${'é'.repeat(500)} … [line is 2000000 bytes; cut]`);
    assert.equal(second, '     2\tsecond');
  });

  it('reads the start of a 50 MB file quickly and counts its lines', async () => {
    const started = Date.now();
    const r = await read({ path: 'huge.log', start_line: 2, end_line: 2 });
    assert.equal(r.text, '     2\tmarker');
    assert.equal(r.read?.totalLines, 2 + 50 * 16 * 1024);
    assert.ok(Date.now() - started < 5000);
    const deep = await read({ path: 'huge.log', start_line: 500_000, end_line: 500_001 });
    assert.equal(deep.text, `500000\t${'0123456789abcdef'.repeat(4)}\n500001\t${'0123456789abcdef'.repeat(4)}`);
    assert.equal(deep.truncated, false);
  });

  it('reads the default window of a file over 64 MB without counting its lines', async () => {
    // Sparse: 400 text lines (20 KB, past the 8 KB binary sniff), then zeros up to 70 MB that take no disk space.
    const file = path.join(root, 'sparse.log');
    writeFileSync(file, Array.from({ length: 400 }, (_, i) => `row ${i + 1}`.padEnd(49, '.')).join('\n').concat('\n'));
    truncateSync(file, 70 * 1024 * 1024);
    const r = await read({ path: 'sparse.log' });
    const lines = r.text.split('\n');
    assert.equal(lines.length, 301);
    assert.equal(lines[299], `   300\t${'row 300'.padEnd(49, '.')}`);
    assert.equal(lines[300], '... showing lines 1-300; call read with start_line=301 for more.');
    assert.deepEqual(r.read, { path: 'sparse.log', startLine: 1, endLine: 300 });
  });

  it('shows the first 300 lines by default and says how to continue', async () => {
    const r = await read({ path: 'numbered.txt' });
    assert.equal(r.text.split('\n')[300], '... showing lines 1-300 of 1000; call read with start_line=301 for more.');
    assert.equal(r.truncated, true);
  });

  it('refuses bad ranges, directories, missing and outside paths', async () => {
    assert.equal((await read({ path: 'src/a.py', start_line: 10 })).error, 'error: start_line 10 is past the end of src/a.py (3 lines).');
    assert.equal((await read({ path: 'src/a.py', start_line: 3, end_line: 1 })).error, 'error: end_line 1 is before start_line 3.');
    assert.equal((await read({ path: 'src' })).error, 'error: src is a directory; use glob to list its files.');
    assert.equal((await read({ path: 'missing.py' })).error, 'error: missing.py does not exist; use glob to find the right path.');
    assert.equal((await read({ path: '/etc/passwd' })).error, 'error: /etc/passwd is outside the workspace; use a path relative to the workspace root.');
    assert.equal((await read({ path: '' })).error, 'error: read needs a `path`.');
  });

  it('says when a file is empty', async () => {
    const r = await read({ path: 'empty.txt' });
    assert.equal(r.text, '(empty.txt is empty)');
    assert.equal(r.count, 0);
  });
});
