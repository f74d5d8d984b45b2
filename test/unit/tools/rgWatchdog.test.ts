import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { makeTree, removeTree } from './fixture';

const ROOT = path.resolve(__dirname, '../../..');

/** Live (not zombie) rg processes whose parent is `ppid`. */
function rgChildrenOf(ppid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const match = /^\d+ \((.*)\) (\S) (\d+)/.exec(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (match && match[1] === 'rg' && match[2] !== 'Z' && Number(match[3]) === ppid) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

function alive(pid: number): boolean {
  if (!existsSync(`/proc/${pid}/stat`)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('tools/rgWatchdog: rg dies with its parent', function () {
  this.timeout(30_000);
  let dir: string;
  before(function () {
    if (process.platform !== 'linux') this.skip();
    dir = makeTree({});
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
  });
  after(() => dir && removeTree(dir));

  it('kills every rg of a parent that was SIGKILLed, within a second', async () => {
    // rg blocks forever opening a FIFO nobody writes: it outlives its parent unless something kills it.
    const script = `
      const { runRipgrep } = require(${JSON.stringify(path.join(ROOT, 'src/tools/ripgrep.ts'))});
      for (let i = 0; i < 3; i++) {
        runRipgrep(['--no-config', 'needle', ${JSON.stringify(path.join(dir, 'pipe'))}], { cwd: ${JSON.stringify(dir)}, signal: new AbortController().signal, timeoutMs: 600000, onRecord: () => 'more' });
      }
      process.stdout.write('started\\n');
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    // Killed once every spawn has returned (and so has been reported to the watchdog).
    await new Promise<void>((done) => parent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('started') && done()));
    let rgs: number[] = [];
    for (let i = 0; i < 100 && rgs.length < 3; i++) {
      await sleep(100);
      rgs = rgChildrenOf(parent.pid ?? -1);
    }
    assert.equal(rgs.length, 3, 'the three rg children started');
    parent.kill('SIGKILL');
    const killedAt = Date.now();
    while (rgs.some(alive) && Date.now() - killedAt < 1000) await sleep(20);
    const survivors = rgs.filter(alive);
    for (const pid of survivors) process.kill(pid, 'SIGKILL');
    assert.deepEqual(survivors, [], 'no rg outlived its parent by a second');
  });
});
