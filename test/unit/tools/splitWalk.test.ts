import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { RG_COMMON_FLAGS, ripgrepPath, runRipgrep } from '../../../src/tools/ripgrep';
import { NodeToolRunner } from '../../../src/tools/runner';
import { runSortedRipgrep, sliceTree, type CutCache } from '../../../src/tools/splitWalk';
import { childRgPids, makeTree, noSignal, removeTree } from './fixture';

/** A tree of 6 packages × 12 folders × 3 files, plus ignored output and names that need glob escapes. */
function packagesTree(): string {
  const files: Record<string, string> = { '.gitignore': 'dist/\n*.log\n', 'README.md': 'needle in the readme\n', 'dist/bundle.js': 'needle\n', 'x.log': 'needle\n' };
  for (const pkg of ['alpha', 'beta', 'gam*ma', 'de[l]ta', 'ep{s,i}lon', '!eta']) {
    for (let d = 0; d < 12; d++) {
      for (let f = 0; f < 3; f++) files[`packages/${pkg}/dir${d}/file${f}.txt`] = `line one\nneedle ${pkg} ${d} ${f}\nneedle again\n`;
    }
  }
  return makeTree(files);
}

const SEARCH = [...RG_COMMON_FLAGS, '--no-heading', '--with-filename', '--null', '--line-number', '--sort=path', '--regexp', 'needle'];

async function records(root: string, split: boolean, stopAfter = Infinity): Promise<{ lines: string[]; stopped: boolean; code: number | null }> {
  const lines: string[] = [];
  const run = split ? (args: string[], o: Parameters<typeof runRipgrep>[1]) => runSortedRipgrep(args, o, { parallel: 2, minWeight: 0 }) : runRipgrep;
  const outcome = await run([...SEARCH, '--', root], {
    cwd: root,
    signal: noSignal,
    timeoutMs: 20_000,
    onRecord: (record) => (lines.push(record), lines.length >= stopAfter ? 'stop' : 'more'),
  });
  return { lines, stopped: outcome.stopped, code: outcome.code };
}

describe('tools/splitWalk', () => {
  let root: string;
  before(() => (root = packagesTree()));
  after(() => removeTree(root));

  it('cuts the tree into slices that together list every file once, in rg\'s sorted order', async () => {
    const cut = await sliceTree(root, 8, [], 0);
    assert.ok(cut && cut.length === 8);
    const slices = cut.map((slice) => slice.globs);
    const list = (extra: string[]) => spawnSync(ripgrepPath(), ['--files', '--sort=path', ...RG_COMMON_FLAGS, ...extra, '--', root], { cwd: root, encoding: 'utf8' }).stdout;
    const whole = list([]);
    assert.equal(slices.map(list).join(''), whole);
    assert.ok(!whole.includes('dist/') && whole.includes('gam*ma') && whole.includes('!eta'));
    // Every slice has work: none is left empty by the cut.
    assert.ok(slices.every((globs) => list(globs) !== ''));
  });

  it('gives the caller the one walk\'s records in its order, with its exit code', async () => {
    const one = await records(root, false);
    const split = await records(root, true);
    assert.ok(await sliceTree(root, 8, [], 0));
    assert.equal(one.lines.length, 6 * 12 * 3 * 2 + 1);
    assert.deepEqual(split.lines, one.lines);
    assert.equal(split.code, 0);
    const none = await runSortedRipgrep([...SEARCH.slice(0, -1), 'absent_word', '--', root], { cwd: root, signal: noSignal, timeoutMs: 20_000, onRecord: () => 'more' }, { parallel: 2, minWeight: 0 });
    assert.equal(none.code, 1);
  });

  it('resumes at a file without running the slices wholly before it', async () => {
    const one = await records(root, false);
    const at = one.lines.findIndex((line) => line.includes('packages/ep{s,i}lon/dir5/'));
    const file = one.lines[at].split('\0')[0];
    const lines: string[] = [];
    const resumeAt = path.relative(root, file).split(path.sep).map((part) => Buffer.from(part));
    await runSortedRipgrep([...SEARCH, '--', root], { cwd: root, signal: noSignal, timeoutMs: 20_000, onRecord: (r) => (lines.push(r), 'more') }, { parallel: 2, minWeight: 0, resumeAt });
    // A tail of the one walk: from the start of the slice holding the file, so every line from the file on.
    assert.ok(lines.length < one.lines.length && lines.length >= one.lines.length - at);
    assert.deepEqual(lines, one.lines.slice(one.lines.length - lines.length));
  });

  it('stops every slice when the caller has enough, and leaves no rg behind', async () => {
    const one = await records(root, false);
    const stopped = await records(root, true, 100);
    assert.deepEqual(stopped.lines, one.lines.slice(0, 100));
    assert.ok(stopped.stopped);
    assert.deepEqual(childRgPids(), []);
  });

  it('rejects as cancelled when the run is cancelled, before or during the walk, and leaves no rg behind', async () => {
    const cancelled = async (when: 'while cutting' | 'at the first record') => {
      const controller = new AbortController();
      const onRecord = () => (controller.abort(), 'more' as const);
      const run = runSortedRipgrep([...SEARCH, '--', root], { cwd: root, signal: controller.signal, timeoutMs: 20_000, onRecord }, { parallel: 2, minWeight: 0 });
      if (when === 'while cutting') controller.abort();
      await assert.rejects(run, /cancelled/, when);
    };
    await cancelled('while cutting');
    await cancelled('at the first record');
    assert.deepEqual(childRgPids(), []);
  });

  it('leaves no rejection unhandled when cancelled while a slow cut is still being made', async () => {
    // A big tree takes long to cut; the whole walk, started meanwhile, rejects as soon as it is cancelled. Unhandled
    // until the cut was known, that rejection ended the process (a locate's Ctrl-C, an env client's disconnect).
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const slow = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 400));
      const cuts: CutCache = new (class extends Map {
        override get() {
          return { at: Date.now(), slices: slow };
        }
      })();
      const controller = new AbortController();
      const run = runSortedRipgrep([...SEARCH, '--', root], { cwd: root, signal: controller.signal, timeoutMs: 20_000, onRecord: () => 'more' }, { parallel: 2, minWeight: 0, cuts });
      setTimeout(() => controller.abort(), 20);
      await assert.rejects(run, /cancelled/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(unhandled, []);
      assert.deepEqual(childRgPids(), []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('holds a later slice\'s output beyond its buffer without losing or reordering a line', async () => {
    const big = makeTree({});
    try {
      for (let p = 0; p < 70; p++) {
        mkdirSync(path.join(big, `p${String(p).padStart(2, '0')}`));
        writeFileSync(path.join(big, `p${String(p).padStart(2, '0')}`, 'a.txt'), `needle ${p}\n`);
      }
      // About 12 MB of matching lines in the first and second slices: while the first is handed over, the
      // second queues more than a held slice may, and its rg is paused until its turn.
      for (const folder of ['p00', 'p10']) writeFileSync(path.join(big, folder, 'z.txt'), `needle ${folder} ${'x'.repeat(100)}\n`.repeat(120_000));
      const one = await records(big, false);
      const split = await records(big, true);
      assert.equal(split.lines.length, one.lines.length);
      assert.ok(split.lines.every((line, i) => line === one.lines[i]));
    } finally {
      removeTree(big);
    }
  });

  it('walks small trees, other targets and unsortable names with one rg', async () => {
    const small = makeTree({ 'a.txt': 'needle\n', 'b/c.txt': 'needle\n' });
    try {
      assert.equal(await sliceTree(small, 8, [], 0), undefined);
      // A django-sized guess is walked whole by default.
      assert.equal(await sliceTree(root, 8), undefined);
      const odd = makeTree({});
      try {
        for (let i = 0; i < 70; i++) writeFileSync(path.join(odd, `f${i}.txt`), 'needle\n');
        writeFileSync(Buffer.concat([Buffer.from(path.join(odd, 'bad')), Buffer.from([0xff, 0xfe])]), 'needle\n');
        assert.equal(await sliceTree(odd, 8, [], 0), undefined);
        const split = await records(odd, true);
        assert.equal(split.lines.length, 71);
      } finally {
        removeTree(odd);
      }
    } finally {
      removeTree(small);
    }
  });

  it('hands over the one whole walk on a tree too small to split, and keeps a cut per workspace for a second', async () => {
    const cuts: CutCache = new Map();
    const first = await records(root, false);
    const lines: string[] = [];
    const outcome = await runSortedRipgrep([...SEARCH, '--', root], { cwd: root, signal: noSignal, timeoutMs: 20_000, onRecord: (r) => (lines.push(r), 'more') }, { parallel: 2, cuts });
    // Too small to split (the default minimum): the walk that started at once is the one handed over, whole and in order.
    assert.deepEqual(lines, first.lines);
    assert.equal(outcome.code, 0);
    assert.equal(cuts.size, 1, 'the cut is kept where the caller said');
    const runner = new NodeToolRunner({ roots: [root] });
    const other = new NodeToolRunner({ roots: [root] });
    const grep = (tools: NodeToolRunner) => tools.run({ id: 'g', name: 'grep', args: { pattern: 'needle' } }, noSignal);
    await grep(runner);
    const kept = [...runner.workspace.cuts.values()];
    if (kept.length === 0) return; // one core: sorted walks are never split, so nothing is cut
    await grep(runner);
    assert.deepEqual([...runner.workspace.cuts.values()], kept, 'a second grep within the second reuses the cut');
    assert.equal(other.workspace.cuts.size, 0, 'another runner has cut nothing yet');
    await grep(other);
    assert.notEqual([...other.workspace.cuts.values()][0], kept[0], 'and cuts its own');
  });
});
