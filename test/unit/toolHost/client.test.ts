import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ToolCall } from '../../../src/common/tools';
import { SNAPSHOT_MIN_FILES } from '../../../src/tools/listingSnapshot';
import { NodeToolRunner } from '../../../src/tools/runner';
import { RemoteToolRunner, ToolHost } from '../../../src/toolHost/client';
import { makeTree, noSignal, removeTree } from '../tools/fixture';

const SCRIPT = path.resolve('src/toolHost/main.ts');
const EXEC_ARGV = ['--import', 'tsx'];

/** Pids of live processes whose parent is `ppid` and whose command name is `comm`. */
function childrenOf(ppid: number, comm: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const match = /^\d+ \((.*)\) (\S) (\d+)/.exec(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (match && match[1] === comm && match[2] !== 'Z' && Number(match[3]) === ppid) pids.push(Number(entry));
    } catch {
      // Exited while we looked.
    }
  }
  return pids;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('toolHost: tools in a helper process', function () {
  this.timeout(30_000);
  let root: string;
  let host: ToolHost;

  before(() => {
    const big = Array.from({ length: 40_000 }, (_, i) => `línea ${i} needle_word café`).join('\n');
    root = makeTree({
      'src/models.py': 'class Model:\n    def save(self):\n        return needle_call()\n',
      'src/views.py': 'from .models import Model\n',
      'docs/notes.md': 'needle_call is documented here\n',
      ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`big/f${i}.txt`, big])),
    });
    host = new ToolHost({ script: SCRIPT, execArgv: EXEC_ARGV });
  });
  after(() => {
    host.dispose();
    removeTree(root);
  });

  it('returns what the in-process runner returns, for every tool and for citations', async () => {
    const local = new NodeToolRunner({ roots: [root] });
    const remote = new RemoteToolRunner(host, { roots: [root] }).warmUp();
    const calls: ToolCall[] = [
      { id: 'a', name: 'grep', args: { pattern: 'needle_call', max_hits: 10 } },
      { id: 'b', name: 'grep', args: { pattern: 'label', patterns: [{ pattern: 'Model' }, { pattern: 'needle_\\w+' }] } },
      { id: 'c', name: 'glob', args: { pattern: '**/*.py' } },
      { id: 'd', name: 'read', args: { path: 'src/models.py', start_line: 2 } },
      { id: 'e', name: 'grep', args: { pattern: 'broken(' } },
      { id: 'f', name: 'read', args: { path: '../outside' } },
    ];
    for (const call of calls) assert.deepEqual(await remote.run(call, noSignal), await local.run(call, noSignal), call.id);
    assert.deepEqual(await remote.resolveCitation('./src/models.py:2'), await local.resolveCitation('./src/models.py:2'));
    assert.deepEqual(await remote.resolveCitation('nope.py'), await local.resolveCitation('nope.py'));
    assert.notEqual(host.pid, process.pid);
    assert.deepEqual(childrenOf(process.pid, 'rg'), [], 'no rg is a child of this process');
  });

  it('keeps a watched folder\'s listing between runs until told that files changed', async () => {
    const folder = makeTree({ 'a/one.py': 'x = 1\n' });
    try {
      const glob = (runner: RemoteToolRunner) => runner.run({ id: 'g', name: 'glob', args: { pattern: '*.py' } }, noSignal).then((r) => r.paths);
      const watched = new RemoteToolRunner(host, { roots: [folder], watched: true });
      const plain = new RemoteToolRunner(host, { roots: [folder] });
      assert.deepEqual(await glob(watched), ['a/one.py']);
      assert.deepEqual(await glob(plain), ['a/one.py']);
      writeFileSync(path.join(folder, 'a', 'two.py'), 'y = 2\n');
      // Past the plain runner's 5 s; the watched one still answers from its listing, as no change was told.
      await new Promise((r) => setTimeout(r, 5_200));
      assert.deepEqual(await glob(plain), ['a/one.py', 'a/two.py']);
      assert.deepEqual(await glob(watched), ['a/one.py']);
      host.filesChanged([folder]);
      assert.deepEqual(await glob(watched), ['a/one.py', 'a/two.py']);
      // A note about other folders drops nothing.
      writeFileSync(path.join(folder, 'a', 'three.py'), 'z = 3\n');
      host.filesChanged(['/elsewhere']);
      assert.deepEqual(await glob(watched), ['a/one.py', 'a/two.py']);
    } finally {
      removeTree(folder);
    }
  });

  it('writes a big listing\'s copy after a run, and a new helper reads it instead of listing again', async () => {
    const files = Object.fromEntries(Array.from({ length: SNAPSHOT_MIN_FILES }, (_, i) => [`pkg/part${i % 50}/m${i}.py`, '']));
    const folder = makeTree(files);
    const store = mkdtempSync(path.join(os.tmpdir(), 'codegrep-helper-copies-'));
    const fresh = new ToolHost({ script: SCRIPT, execArgv: EXEC_ARGV });
    try {
      mkdirSync(path.join(folder, 'hollow'));
      const past = new Date(Date.now() - 60_000);
      for (const dir of [...Array.from({ length: 50 }, (_, i) => `pkg/part${i}`), 'pkg', 'hollow', '.']) utimesSync(path.join(folder, dir), past, past);
      const key = { roots: [folder], watched: true, snapshotDir: store };
      const glob = (runner: RemoteToolRunner) => runner.run({ id: 'g', name: 'glob', args: { pattern: '**/*.py' } }, noSignal).then((r) => r.paths?.length);
      assert.ok(((await glob(new RemoteToolRunner(host, key))) ?? 0) > 0);
      assert.ok(await waitFor(() => readdirSync(store).length === 1, 10_000), 'the helper wrote the copy');
      // A file in a folder that held none is not in the copy: seeing it missing shows the copy was read.
      writeFileSync(path.join(folder, 'hollow', 'late.py'), '');
      const fromCopy = new RemoteToolRunner(fresh, key);
      const listed = await fromCopy.run({ id: 'h', name: 'glob', args: { pattern: 'hollow/*.py' } }, noSignal);
      assert.deepEqual(listed.paths, []);
      fresh.filesChanged([folder]);
      assert.deepEqual((await fromCopy.run({ id: 'i', name: 'glob', args: { pattern: 'hollow/*.py' } }, noSignal)).paths, ['hollow/late.py']);
    } finally {
      fresh.dispose();
      removeTree(folder);
      removeTree(store);
    }
  });

  it('cancels: rejects at once and the helper kills its rg', async () => {
    const remote = new RemoteToolRunner(host, { roots: [root] });
    const controller = new AbortController();
    // Unicode word boundaries over non-ASCII text, no literal to look for: rg takes seconds.
    const pending = remote.run({ id: 'x', name: 'grep', args: { pattern: '\\b(\\w+\\s+){2,4}\\w{20}' } }, controller.signal);
    assert.ok(await waitFor(() => host.pid !== undefined && childrenOf(host.pid, 'rg').length > 0, 10_000), 'rg runs in the helper');
    controller.abort();
    await assert.rejects(pending, (error: Error & { code?: string }) => error.code === 'cancelled');
    const helper = host.pid ?? 0;
    assert.ok(await waitFor(() => childrenOf(helper, 'rg').length === 0, 5000), 'rg is gone');
  });

  it('fails pending calls clearly when the helper dies, and starts a new one for the next call', async () => {
    const remote = new RemoteToolRunner(host, { roots: [root] });
    const first = host.pid ?? 0;
    const pending = remote.run({ id: 'x', name: 'grep', args: { pattern: 'needle_word', max_hits: 2000 } }, noSignal);
    process.kill(first, 'SIGKILL');
    await assert.rejects(pending, /tool helper exited \(SIGKILL\)/);
    const result = await remote.run({ id: 'y', name: 'glob', args: { pattern: '**/*.md' } }, noSignal);
    assert.deepEqual(result.paths, ['docs/notes.md']);
    assert.notEqual(host.pid, first);
  });

  it('says so when the helper cannot start', async () => {
    const broken = new ToolHost({ script: path.join(root, 'missing.js') });
    const remote = new RemoteToolRunner(broken, { roots: [root] });
    await assert.rejects(remote.run({ id: 'x', name: 'glob', args: { pattern: '*' } }, noSignal), /tool helper exited \(code 1\): Error: Cannot find module/);
    broken.dispose();
  });

  it('dies with its parent, even when the parent is SIGKILLed mid-search', async () => {
    // A parent process that starts a helper, begins a long search and prints the helper's pid.
    const program = `
      const { RemoteToolRunner, ToolHost } = require(${JSON.stringify(path.resolve('src/toolHost/client.ts'))});
      const host = new ToolHost({ script: ${JSON.stringify(SCRIPT)}, execArgv: ['--import', 'tsx'] });
      const remote = new RemoteToolRunner(host, { roots: [${JSON.stringify(root)}] });
      remote.run({ id: 'x', name: 'grep', args: { pattern: 'needle_(?:w|x)ord', max_hits: 2000 } }, new AbortController().signal).catch(() => {});
      setTimeout(() => console.log(host.pid), 300);
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ['--import', 'tsx', '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
    const helper = await new Promise<number>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    assert.ok(helper > 0 && alive(helper));
    parent.kill('SIGKILL');
    assert.ok(await waitFor(() => !alive(helper) || readFileSync(`/proc/${helper}/stat`, 'utf8').includes(') Z '), 5000), 'the helper exited');
    assert.ok(await waitFor(() => childrenOf(helper, 'rg').length === 0, 5000), 'its rg is gone');
  });
});
