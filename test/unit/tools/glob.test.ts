import * as assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { GlobArgs } from '../../../src/common/tools';
import { NodeToolRunner } from '../../../src/tools/runner';
import { childRgPids, makeTree, noSignal, removeTree } from './fixture';

describe('tools/glob', () => {
  let root: string;
  let outside: string;
  let runner: NodeToolRunner;
  const glob = (args: GlobArgs) => runner.run({ id: 'g', name: 'glob', args }, noSignal);

  before(() => {
    outside = makeTree({ 'outside.py': 'x\n' }, 'codegrep-outside-');
    const files: Record<string, string> = {
      '.gitignore': 'ignored.py\n',
      'models.py': '',
      'b/models.py': '',
      'a/deep/er/models.py': '',
      'a/views.py': '',
      'a/README.md': '',
      '.github/ci.yml': '',
      '.git/HEAD': '',
      'sub/.git/config': '',
      'ignored.py': '',
      'node_modules/x/models.py': '',
      'my dir/ünï.py': '',
    };
    for (let i = 0; i < 250; i++) files[`gen/f${String(i).padStart(3, '0')}.txt`] = '';
    root = makeTree(files);
    symlinkSync(outside, path.join(root, 'linked-out'));
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => {
    removeTree(root);
    removeTree(outside);
  });

  it('matches a pattern without / at any depth, sorted by path', async () => {
    const r = await glob({ pattern: 'models.py' });
    assert.deepEqual(r.paths, ['a/deep/er/models.py', 'b/models.py', 'models.py']);
    assert.equal(r.text, 'a/deep/er/models.py\nb/models.py\nmodels.py');
    assert.equal(r.count, 3);
    const py = await glob({ pattern: '*.py' });
    assert.deepEqual(py.paths, ['a/deep/er/models.py', 'a/views.py', 'b/models.py', 'models.py', 'my dir/ünï.py']);
  });

  it('anchors patterns with / at the search folder and hints at **/ when nothing matches', async () => {
    assert.deepEqual((await glob({ pattern: 'a/*.py' })).paths, ['a/views.py']);
    assert.deepEqual((await glob({ pattern: '**/er/*.py' })).paths, ['a/deep/er/models.py']);
    const none = await glob({ pattern: 'deep/*.py' });
    assert.equal(none.text, 'No files match deep/*.py. Patterns with / start at the search folder; try **/deep/*.py.');
    assert.equal(none.count, 0);
  });

  it('restricts to a subfolder given as path, with patterns relative to it', async () => {
    assert.deepEqual((await glob({ pattern: '*.py', path: 'a' })).paths, ['a/deep/er/models.py', 'a/views.py']);
    assert.deepEqual((await glob({ pattern: 'deep/**', path: './a/' })).paths, ['a/deep/er/models.py']);
    assert.deepEqual((await glob({ pattern: 'a/' })).paths, ['a/README.md', 'a/deep/er/models.py', 'a/views.py']);
  });

  it('skips .gitignored files, .git and node_modules, includes dot folders, never lists outside symlinks', async () => {
    assert.deepEqual((await glob({ pattern: '*.yml' })).paths, ['.github/ci.yml']);
    for (const pattern of ['ignored.py', 'HEAD', 'config', '**/node_modules/**', 'outside.py', 'linked-out/**']) {
      const r = await glob({ pattern });
      assert.equal(r.count, 0, `${pattern}: ${r.text}`);
    }
  });

  it('caps the list and says how many more there are', async () => {
    const r = await glob({ pattern: '**' });
    const lines = r.text.split('\n');
    assert.equal(lines.length, 201);
    assert.equal(r.paths?.length, 200);
    assert.equal(lines[200], `... ${r.count - 200} more paths not shown; narrow the pattern or use path.`);
    assert.equal(r.truncated, true);
  });

  it('refuses bad input with readable errors', async () => {
    assert.equal((await glob({ pattern: '' })).error, 'error: glob needs a non-empty `pattern`, e.g. **/*.py.');
    assert.equal((await glob({ pattern: '*.py', path: '../' })).error, 'error: ../ is outside the workspace; use a path relative to the workspace root.');
    assert.equal((await glob({ pattern: '*.py', path: 'linked-out' })).error, 'error: linked-out is a symlink that points outside the workspace; it cannot be read.');
    assert.equal((await glob({ pattern: '/etc/*' })).error, 'error: /etc/* is outside the workspace; use a pattern relative to the workspace root.');
    assert.equal((await glob({ pattern: '*', path: 'models.py' })).error, 'error: models.py is a file, not a folder.');
  });

  it('accepts an absolute pattern inside the root', async () => {
    assert.deepEqual((await glob({ pattern: path.join(root, 'b', '*.py') })).paths, ['b/models.py']);
  });

  it('rejects with cancelled on abort while the shared listing finishes for the next caller', async () => {
    runner.invalidateFileList();
    const controller = new AbortController();
    const pending = runner.run({ id: 'c', name: 'glob', args: { pattern: '*.py' } }, controller.signal);
    controller.abort();
    await assert.rejects(pending, (error: Error) => error.name === 'CodeGrepError' && error.message === 'The run was cancelled.');
    assert.equal((await glob({ pattern: 'views.py' })).text, 'a/views.py');
    assert.deepEqual(childRgPids(), []);
  });

  it('warmUp lists files in the background for the next glob', async () => {
    runner.invalidateFileList();
    assert.equal(runner.warmUp(), runner, 'warmUp returns the runner, so surfaces create and warm it in one expression');
    // Counted before the event loop turns, so even a finished rg is still an unreaped child.
    assert.equal(childRgPids(true).length, 1, 'the listing rg starts right away');
    assert.deepEqual((await glob({ pattern: 'views.py' })).paths, ['a/views.py']);
    assert.deepEqual(childRgPids(), []);
  });

  it('reuses the file list briefly and sees new files after invalidation', async () => {
    await glob({ pattern: '*.py' });
    writeFileSync(path.join(root, 'fresh.py'), '');
    assert.equal((await glob({ pattern: 'fresh.py' })).count, 0);
    runner.invalidateFileList();
    assert.deepEqual((await glob({ pattern: 'fresh.py' })).paths, ['fresh.py']);
  });
});
