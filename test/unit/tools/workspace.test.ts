import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import fsp from 'node:fs/promises';
import * as path from 'node:path';
import { Workspace, type PathRefusal, type ResolvedPath } from '../../../src/tools/workspace';
import { makeTree, removeTree } from './fixture';

function refusal(result: ResolvedPath[] | PathRefusal): PathRefusal {
  assert.ok('error' in result, `expected a refusal, got ${JSON.stringify(result)}`);
  return result;
}
function resolved(result: ResolvedPath[] | PathRefusal): ResolvedPath[] {
  assert.ok(!('error' in result), `expected a path, got ${JSON.stringify(result)}`);
  return result;
}

describe('tools/workspace', () => {
  let root: string;
  let outside: string;
  let ws: Workspace;
  let server: Server | undefined;

  before(() => {
    outside = makeTree({ 'secret.txt': 'password\n', 'dir/inner.txt': 'hidden\n' }, 'codegrep-outside-');
    root = makeTree({ 'src/a.py': 'x = 1\n', 'my dir/ünï cödé.py': 'y = 2\n', 'inside/target.py': 'z\n' });
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link-file.txt'));
    symlinkSync(path.join(outside, 'dir'), path.join(root, 'link-dir'));
    symlinkSync(path.join(root, 'inside/target.py'), path.join(root, 'good-link.py'));
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    ws = new Workspace([root]);
  });
  after(() => {
    server?.close();
    removeTree(root);
    removeTree(outside);
  });

  it('resolves relative paths, ./ prefixes and backslashes to POSIX workspace paths', async () => {
    assert.equal(resolved(await ws.resolve('src/a.py', 'file'))[0].display, 'src/a.py');
    assert.equal(resolved(await ws.resolve('./src/a.py', 'file'))[0].display, 'src/a.py');
    assert.equal(resolved(await ws.resolve('src\\a.py', 'file'))[0].display, 'src/a.py');
    assert.equal(resolved(await ws.resolve('src/', 'dir'))[0].display, 'src');
  });

  it('accepts paths with spaces and unicode', async () => {
    const [file] = resolved(await ws.resolve('my dir/ünï cödé.py', 'file'));
    assert.equal(file.display, 'my dir/ünï cödé.py');
    assert.equal(file.kind, 'file');
  });

  it('accepts an absolute path inside the root', async () => {
    assert.equal(resolved(await ws.resolve(path.join(root, 'src/a.py'), 'file'))[0].display, 'src/a.py');
  });

  it('refuses .. escapes', async () => {
    const r = refusal(await ws.resolve('../etc/passwd', 'file'));
    assert.equal(r.reason, 'outside the workspace');
    assert.equal(r.error, '../etc/passwd is outside the workspace; use a path relative to the workspace root.');
    assert.equal(refusal(await ws.resolve('src/../../x', 'any')).reason, 'outside the workspace');
  });

  it('refuses absolute paths outside the roots', async () => {
    const r = refusal(await ws.resolve(path.join(outside, 'secret.txt'), 'file'));
    assert.equal(r.error, `${path.join(outside, 'secret.txt')} is outside the workspace; use a path relative to the workspace root.`);
  });

  it('refuses NUL bytes', async () => {
    assert.equal(refusal(await ws.resolve('src/a.py\0.txt', 'file')).error, 'path contains a NUL byte.');
  });

  it('refuses symlinks (file and dir) that resolve outside, and follows ones that stay inside', async () => {
    assert.equal(refusal(await ws.resolve('link-file.txt', 'file')).error, 'link-file.txt is a symlink that points outside the workspace; it cannot be read.');
    assert.equal(refusal(await ws.resolve('link-dir', 'any')).reason, 'outside the workspace');
    assert.equal(refusal(await ws.resolve('link-dir/inner.txt', 'file')).error, 'link-dir/inner.txt is a symlink that points outside the workspace; it cannot be read.');
    assert.equal(resolved(await ws.resolve('good-link.py', 'file'))[0].display, 'good-link.py');
  });

  it('refuses FIFOs, sockets and device files', async () => {
    assert.equal(refusal(await ws.resolve('pipe', 'file')).error, 'pipe is not a regular file (device, FIFO or socket); it cannot be read.');
    const socketPath = path.join(root, 'sock');
    server = createServer();
    await new Promise<void>((done) => server?.listen(socketPath, done));
    assert.equal(refusal(await ws.resolve('sock', 'any')).reason, 'not a regular file');
    if (process.getuid?.() === 0) {
      execFileSync('mknod', [path.join(root, 'null'), 'c', '1', '3']);
      assert.equal(refusal(await ws.resolve('null', 'file')).error, 'null is not a regular file (device, FIFO or socket); it cannot be read.');
    }
    assert.equal(refusal(await ws.resolve('/dev/null', 'file')).reason, 'outside the workspace');
  });

  it('takes a file deleted between its realpath and its stat (a checkout running meanwhile) as missing, not as a failure', async () => {
    // The race, made certain: stat fails for the one path after realpath found it.
    const realStat = fsp.stat;
    const gone = path.join(root, 'src', 'a.py');
    (fsp as { stat: typeof realStat }).stat = (async (p: Parameters<typeof realStat>[0], ...rest: unknown[]) => {
      if (String(p).endsWith(path.join('src', 'a.py'))) throw Object.assign(new Error(`ENOENT: no such file or directory, stat '${gone}'`), { code: 'ENOENT' });
      return (realStat as (...args: unknown[]) => unknown)(p, ...rest);
    }) as typeof realStat;
    try {
      const result = refusal(await ws.resolve('src/a.py', 'file'));
      assert.equal(result.reason, 'does not exist');
      assert.ok(!result.error.includes(root), 'no absolute path in the message');
    } finally {
      (fsp as { stat: typeof realStat }).stat = realStat;
    }
  });

  it('says which paths are missing and which are directories', async () => {
    assert.equal(refusal(await ws.resolve('nope.py', 'file')).error, 'nope.py does not exist; use glob to find the right path.');
    assert.equal(refusal(await ws.resolve('src', 'file')).error, 'src is a directory; use glob to list its files.');
    assert.equal(refusal(await ws.resolve('', 'file')).error, 'a file path is required.');
  });

  it('uses <folder>/<rel> paths in a multi-root workspace, with unique folder names', async () => {
    const other = makeTree({ 'lib/b.ts': 'b\n' });
    const twin = makeTree({ 'c.ts': 'c\n' });
    const sameName = path.join(twin, path.basename(other));
    mkdirSync(sameName);
    try {
      const multi = new Workspace([root, other, sameName]);
      const names = multi.roots.map((r) => r.name);
      assert.deepEqual(names, [path.basename(root), path.basename(other), `${path.basename(other)}-2`]);
      assert.equal(resolved(await multi.resolve(`${names[1]}/lib/b.ts`, 'file'))[0].display, `${names[1]}/lib/b.ts`);
      assert.equal(resolved(await multi.resolve('', 'any')).length, 3);
      const r = refusal(await multi.resolve('lib/b.ts', 'file'));
      assert.equal(r.error, `lib/b.ts does not exist; in this multi-root workspace paths start with a folder name: ${names.join(', ')}.`);
      assert.equal(multi.display(path.join(other, 'lib/b.ts')), `${names[1]}/lib/b.ts`);
    } finally {
      removeTree(other);
      removeTree(twin);
    }
  });

  it('refuses to start without folders', () => {
    assert.throws(() => new Workspace([]), /No workspace folder/);
  });
});
