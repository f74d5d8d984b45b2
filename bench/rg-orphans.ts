// Orphaned rg after a parent is SIGKILLed: a child process starts 8 rg that block forever (each reads a FIFO
// nobody writes), the parent is killed with SIGKILL, and we time how long its rg outlive it (capped at 3 s).
// With the watchdog (src/tools/rgWatchdog.ts) they should be gone at once; without it they never exit.
// Usage: npx tsx bench/rg-orphans.ts [--runs N] [--checkout DIR]   (DIR: another checkout to compare, e.g. an old commit)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : argv[i + 1];
};
const RUNS = Number(arg('runs', '5'));
const CHECKOUT = path.resolve(arg('checkout', path.join(__dirname, '..')));
const RG_PER_RUN = 8;
const CAP_MS = 3_000;

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
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cg-orphans-'));
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const runs: { started: number; left: number; ms: number }[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const script = `const { runRipgrep } = require(${JSON.stringify(path.join(CHECKOUT, 'src/tools/ripgrep.ts'))});
        for (let i = 0; i < ${RG_PER_RUN}; i++) runRipgrep(['--no-config', 'x', ${JSON.stringify(fifo)}], { cwd: ${JSON.stringify(dir)}, signal: new AbortController().signal, timeoutMs: 600000, onRecord: () => 'more' });
        process.stdout.write('started\\n');
        setInterval(() => {}, 1000);`;
      const parent = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script], { cwd: CHECKOUT, stdio: ['ignore', 'pipe', 'ignore'] });
      // Killed once every spawn has returned (and so has been reported), not in the microseconds between an exec and its report.
      await new Promise<void>((done) => parent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('started') && done()));
      let rgs: number[] = [];
      for (let i = 0; i < 100 && rgs.length < RG_PER_RUN; i++) {
        await sleep(100);
        rgs = rgChildrenOf(parent.pid ?? -1);
      }
      parent.kill('SIGKILL');
      const killed = performance.now();
      while (rgs.some(alive) && performance.now() - killed < CAP_MS) await sleep(5);
      const left = rgs.filter(alive);
      runs.push({ started: rgs.length, left: left.length, ms: Math.round(performance.now() - killed) });
      for (const pid of left) process.kill(pid, 'SIGKILL');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const started = runs.reduce((n, r) => n + r.started, 0);
  const left = runs.reduce((n, r) => n + r.left, 0);
  console.log(`checkout ${CHECKOUT}: ${started} rg in ${RUNS} runs; ${left} still running ${CAP_MS} ms after their parent's SIGKILL`);
  console.log(`ms until the last rg was gone (capped at ${CAP_MS}): ${runs.map((r) => r.ms).join(', ')}`);
}

void main();
