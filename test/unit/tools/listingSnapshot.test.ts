import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defaultSnapshotDir, ListingSnapshots, SNAPSHOT_MAX_AGE_MS } from '../../../src/tools/listingSnapshot';
import { fileListFlags } from '../../../src/tools/fileList';
import { Workspace } from '../../../src/tools/workspace';
import { makeTree, noSignal, removeTree } from './fixture';

/** Sets every folder and file under `root` (and `root`) to a time well before any listing. */
function age(root: string): void {
  const past = new Date(Date.now() - 60_000);
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(abs);
      utimesSync(abs, past, past);
    }
    utimesSync(dir, past, past);
  };
  visit(root);
}

describe('tools/listingSnapshot (on-disk copies of big listings)', () => {
  let root: string;
  let store: string;
  const copies = () => new ListingSnapshots(store, 1);
  // Every workspace made here, so that afterEach can close their pending copies: a copy's timer
  // firing after the store is removed would make the folder again and leave it in the temp dir.
  let made: Workspace[] = [];
  const workspace = (policy = {}) => {
    const ws = new Workspace([root], policy, { snapshots: copies() });
    made.push(ws);
    return ws;
  };

  beforeEach(() => {
    root = makeTree({
      'src/app.ts': 'export const app = 1;\n',
      'src/util/strings.ts': 'export const s = 1;\n',
      'docs/guide.md': '# guide\n',
      '.gitignore': 'build/\n',
      'build/out.js': 'ignored\n',
      'empty/.keep-folder/placeholder.log': '',
      'empty/.gitignore': '*.log\n',
    });
    mkdirSync(path.join(root, 'hollow'));
    store = mkdtempSync(path.join(tmpdir(), 'codegrep-snapshots-'));
    age(root);
  });

  afterEach(() => {
    for (const ws of made) ws.files.flushCopy(true);
    made = [];
    removeTree(root);
    removeTree(store);
  });

  async function listAndCopy(): Promise<string[]> {
    const ws = workspace();
    const files = await ws.files.list(noSignal, 10_000);
    assert.equal(ws.files.lastSource, 'rg');
    assert.equal(ws.files.flushCopy(true), true, 'the copy was written');
    return files;
  }

  it('a new workspace over the same folder reads the copy instead of running rg, with the same files', async () => {
    const files = await listAndCopy();
    assert.deepEqual(files, ['.gitignore', 'docs/guide.md', 'empty/.gitignore', 'src/app.ts', 'src/util/strings.ts']);
    const again = workspace();
    assert.deepEqual(await again.files.list(noSignal, 10_000), files);
    assert.equal(again.files.lastSource, 'snapshot');
    const [copy] = readdirSync(store);
    assert.equal(statSync(path.join(store, copy)).mode & 0o777, 0o600, 'file names are readable by this user only');
  });

  const fresh = () => new Workspace([root]).files.list(noSignal, 10_000);

  for (const [what, change] of [
    ['a file created in a listed folder', () => writeFileSync(path.join(root, 'src/util/new.ts'), 'x\n')],
    ['a new top-level folder', () => (mkdirSync(path.join(root, 'lib')), writeFileSync(path.join(root, 'lib/a.ts'), 'x\n'))],
    ['a new folder two levels deep', () => (mkdirSync(path.join(root, 'src/new/deep'), { recursive: true }), writeFileSync(path.join(root, 'src/new/deep/x.ts'), 'x\n'))],
    ['a new ignored folder (node_modules, build)', () => (mkdirSync(path.join(root, 'node_modules/p'), { recursive: true }), writeFileSync(path.join(root, 'node_modules/p/i.js'), ''), writeFileSync(path.join(root, 'build/more.js'), ''))],
    ['a deleted file', () => unlinkSync(path.join(root, 'docs/guide.md'))],
    ['a deleted folder', () => rmSync(path.join(root, 'src/util'), { recursive: true })],
    ['a renamed folder', () => renameSync(path.join(root, 'src/util'), path.join(root, 'src/helpers'))],
    ['an editor\'s save through a temporary file', () => (writeFileSync(path.join(root, 'src/.app.ts.swp'), 'y\n'), renameSync(path.join(root, 'src/.app.ts.swp'), path.join(root, 'src/app.ts')))],
  ] as const) {
    it(`${what}: the changed folders are listed again and patched in, as a fresh listing has it`, async () => {
      await listAndCopy();
      change();
      const again = workspace();
      assert.deepEqual(await again.files.list(noSignal, 10_000), await fresh());
      assert.equal(again.files.lastSource, 'patched');
    });
  }

  it('a multi-root workspace is copied and patched with its folder-name prefixes', async () => {
    const other = makeTree({ 'lib/core.ts': 'x\n', 'README.md': '# other\n' });
    try {
      age(other);
      const multi = () => {
        const ws = new Workspace([root, other], {}, { snapshots: copies() });
        made.push(ws);
        return ws;
      };
      const first = multi();
      const listed = await first.files.list(noSignal, 10_000);
      assert.ok(first.files.flushCopy(true));
      writeFileSync(path.join(other, 'lib', 'extra.ts'), 'y\n');
      writeFileSync(path.join(other, 'top.ts'), 'z\n');
      const again = multi();
      const patched = await again.files.list(noSignal, 10_000);
      assert.equal(again.files.lastSource, 'patched');
      assert.deepEqual(patched, await new Workspace([root, other]).files.list(noSignal, 10_000));
      assert.deepEqual(patched.filter((f) => !listed.includes(f)), [`${path.basename(other)}/lib/extra.ts`, `${path.basename(other)}/top.ts`]);
    } finally {
      removeTree(other);
    }
  });

  it('an edited .gitignore, or more than 16 changed folders, lists anew with rg', async () => {
    await listAndCopy();
    writeFileSync(path.join(root, '.gitignore'), '# nothing\n');
    const edited = workspace();
    assert.ok((await edited.files.list(noSignal, 10_000)).includes('build/out.js'));
    assert.equal(edited.files.lastSource, 'rg');

    for (let i = 0; i < 20; i++) {
      mkdirSync(path.join(root, 'many', `d${i}`), { recursive: true });
      writeFileSync(path.join(root, 'many', `d${i}`, 'a.ts'), '');
    }
    age(root);
    await listAndCopy();
    for (let i = 0; i < 17; i++) writeFileSync(path.join(root, 'many', `d${i}`, 'b.ts'), '');
    const busy = workspace();
    assert.deepEqual(await busy.files.list(noSignal, 10_000), await fresh());
    assert.equal(busy.files.lastSource, 'rg');
  });

  it('an ignore file in a folder above the root is watched too', async () => {
    const parent = makeTree({ 'repo/src/a.ts': 'x\n' });
    removeTree(root);
    try {
      root = path.join(parent, 'repo');
      age(parent);
      await listAndCopy();
      writeFileSync(path.join(parent, '.gitignore'), 'src/\n');
      const again = workspace();
      assert.deepEqual(await again.files.list(noSignal, 10_000), []);
      assert.equal(again.files.lastSource, 'rg');
    } finally {
      removeTree(parent);
      root = makeTree({});
    }
  });

  it('is not copied when a folder changed around the listing (it may have raced rg)', async () => {
    writeFileSync(path.join(root, 'src/fresh.ts'), 'x\n');
    const ws = workspace();
    await ws.files.list(noSignal, 10_000);
    assert.equal(ws.files.flushCopy(true), false);
    assert.deepEqual(readdirSync(store), []);
  });

  it('other visibility settings make another copy; invalidate and an old or corrupt copy list with rg', async () => {
    await listAndCopy();
    const excluding = workspace({ exclude: [{ glob: 'docs' }] });
    assert.ok(!(await excluding.files.list(noSignal, 10_000)).includes('docs/guide.md'));
    assert.equal(excluding.files.lastSource, 'rg');

    const invalidated = workspace();
    invalidated.files.invalidate();
    await invalidated.files.list(noSignal, 10_000);
    assert.equal(invalidated.files.lastSource, 'rg');

    const key = [...fileListFlags([root], workspace().rgFilterFlags()), 'exclude:[]'];
    assert.ok(copies().load(key));
    assert.equal(copies().load(key, Date.now() + SNAPSHOT_MAX_AGE_MS), undefined, 'too old');
    // A half-written file that is not gzip, and a gzip of broken JSON: both are ignored.
    const [first, ...rest] = readdirSync(store);
    writeFileSync(path.join(store, first), '{"format":2,"key":');
    for (const name of rest) writeFileSync(path.join(store, name), gzipSync('{"format":2,"key":'));
    const corrupt = workspace();
    assert.equal((await corrupt.files.list(noSignal, 10_000)).length, 5);
    assert.equal(corrupt.files.lastSource, 'rg');
  });

  it('a file made in an unwatched (empty) folder is missed by the copy, but is not refused as ignored', async () => {
    await listAndCopy();
    writeFileSync(path.join(root, 'hollow/late.ts'), 'export const late = 1;\n');
    const again = workspace();
    assert.ok(!(await again.files.list(noSignal, 10_000)).includes('hollow/late.ts'));
    assert.equal(again.files.lastSource, 'snapshot');
    // Its change time is after the copied listing started, so the check lists again with rg.
    const changed = statSync(path.join(root, 'hollow/late.ts')).ctimeMs;
    assert.equal(await again.files.has('hollow/late.ts', 'file', noSignal, 10_000, changed), true);
    assert.equal(again.files.lastSource, 'rg');
  });

  it('keeps at most 16 copies', async () => {
    const store16 = copies();
    for (let i = 0; i < 20; i++) assert.ok(store16.save(['key', String(i)], ['a'], { dirs: [], sources: [] }, Date.now()));
    assert.equal(readdirSync(store).length, 16);
    assert.ok(store16.load(['key', '19']));
  });

  it('lives in the platform cache folder unless CODEGREP_CACHE_DIR says otherwise', () => {
    assert.equal(defaultSnapshotDir({ CODEGREP_CACHE_DIR: '/c' }, 'linux'), path.join('/c', 'listings'));
    assert.equal(defaultSnapshotDir({ XDG_CACHE_HOME: '/x' }, 'linux'), path.join('/x', 'codegrep', 'listings'));
    assert.match(defaultSnapshotDir({}, 'darwin'), /Library[\\/]Caches[\\/]codegrep[\\/]listings$/);
    assert.equal(defaultSnapshotDir({ LOCALAPPDATA: 'C:\\L' }, 'win32'), path.join('C:\\L', 'codegrep', 'listings'));
  });
});
