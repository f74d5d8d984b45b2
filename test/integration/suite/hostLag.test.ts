/**
 * The extension host's main thread during a locate: with the tool helper (the default) no process is
 * spawned on it; with CODEGREP_TOOLS_IN_PROCESS=1 (the old way) every rg is. Both are measured in the
 * same run, alternating: the longest event-loop stall per locate (perf_hooks histogram) and the time
 * spent inside spawn calls on this thread. The numbers are logged, and written as JSON to
 * CODEGREP_HOST_LAG_OUT when set (bench/host-lag.ts); timings are not asserted (shared CPUs are noisy).
 */
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { issueFromText } from '../../../src/common/issue';
import { fixtureIssues } from '../fixture/content';
import { activateCodeGrep, fixtureFolder } from './extensionApi';

// The builtin module object the extension bundle calls into too; patching its prototype sees every async spawn.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const childProcess = require('node:child_process') as typeof import('node:child_process');

type Mode = 'helper' | 'in-process';
interface Sample {
  mode: Mode;
  ms: number;
  maxLagMs: number;
  /**
   * Spawns of our rg or of the tool helper on this thread (other extensions in the host, such as git, spawn
   * too, and so does VS Code's own search with its own rg).
   */
  spawns: number;
  spawnMs: number;
  /** What each of those spawns started (the rg binary, or `toolHost.js` for a helper), for a failure's message. */
  spawned: string[];
}

/** Runs `fn`, counting and timing the spawns this thread makes meanwhile, and the longest event-loop stall. */
async function observe(fn: () => Promise<unknown>): Promise<Omit<Sample, 'mode'>> {
  const proto = childProcess.ChildProcess.prototype as ChildProcess & { spawn: (...args: unknown[]) => unknown };
  const original = proto.spawn;
  let spawns = 0;
  let spawnMs = 0;
  const spawned: string[] = [];
  proto.spawn = function (this: ChildProcess, ...args: unknown[]) {
    const t0 = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      const options = args[0] as { file?: string; args?: string[] } | undefined;
      const file = options?.file ?? '';
      const helper = (options?.args ?? []).some((arg) => arg.endsWith('toolHost.js'));
      // VS Code's own search runs its bundled rg in this host too (under its app root): that one is not ours.
      const ours = helper || (/(^|\/)rg(\.exe)?$/.test(file) && !file.startsWith(vscode.env.appRoot));
      if (ours) {
        spawned.push(helper ? 'toolHost.js' : file);
        spawns++;
        spawnMs += performance.now() - t0;
      }
    }
  };
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const t0 = performance.now();
  try {
    await fn();
  } finally {
    histogram.disable();
    proto.spawn = original;
  }
  return { ms: performance.now() - t0, maxLagMs: histogram.max / 1e6, spawns, spawnMs, spawned };
}

function inMode<T>(mode: Mode, fn: () => Promise<T>): Promise<T> {
  if (mode === 'in-process') process.env.CODEGREP_TOOLS_IN_PROCESS = '1';
  return fn().finally(() => delete process.env.CODEGREP_TOOLS_IN_PROCESS);
}

/** Live child processes of this extension host whose command line mentions `needle`. */
function hostChildren(needle: string): number[] {
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = /^\d+ \(.*\) (\S) (\d+)/.exec(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      return stat?.[1] !== 'Z' && Number(stat?.[2]) === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle);
    } catch {
      return false;
    }
  }).map(Number);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const max = (values: number[]) => Math.max(0, ...values);

describe('extension host main thread during a locate', function () {
  this.timeout(240_000);
  const issues = Object.values(fixtureIssues).map((issue) => issueFromText(issue.text));

  it('spawns nothing on the host thread (rg runs in the tool helper), and measures the lag against in-process tools', async () => {
    const services = await activateCodeGrep();
    const locate = (index: number) => services.runLocate({ issue: issues[index % issues.length], folders: [fixtureFolder()], brain: 'embedded' });
    // Warm-up: loads the engine, and (helper mode) starts the helper; that start is reported on its own.
    const start = await observe(() => inMode('helper', () => locate(0)));
    await inMode('in-process', () => locate(0));
    assert.equal(hostChildren('toolHost.js').length, 1, 'one tool helper runs as a child of the extension host');

    const samples: Sample[] = [];
    for (let round = 0; round < 10; round++) {
      for (const mode of ['helper', 'in-process'] as const) {
        const sample = await observe(() => inMode(mode, () => locate(round)));
        samples.push({ mode, ...sample });
      }
    }
    const of = (mode: Mode) => samples.filter((s) => s.mode === mode);
    const summary = (mode: Mode) => ({
      locates: of(mode).length,
      medianMs: median(of(mode).map((s) => s.ms)),
      maxLagMsMedian: median(of(mode).map((s) => s.maxLagMs)),
      maxLagMsWorst: max(of(mode).map((s) => s.maxLagMs)),
      spawnsPerLocate: median(of(mode).map((s) => s.spawns)),
      spawnMsPerLocateMedian: median(of(mode).map((s) => s.spawnMs)),
    });
    const report = {
      date: new Date().toISOString(),
      hostRssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
      helperStart: { spawns: start.spawns, spawnMs: start.spawnMs, maxLagMs: start.maxLagMs },
      helper: summary('helper'),
      inProcess: summary('in-process'),
      samples,
    };
    console.log(`host lag: ${JSON.stringify({ ...report, samples: undefined })}`);
    const out = process.env.CODEGREP_HOST_LAG_OUT;
    if (out) writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);

    // Asserted after the report is out, so a failure shows every sample's spawns and timings.
    const spawnsOf = (mode: Mode) => JSON.stringify(of(mode).map((s) => s.spawned));
    // 1 when this is the window's first locate, 0 when an earlier suite already started the helper.
    assert.ok(start.spawns <= 1, 'a helper-mode locate spawns at most the helper itself');
    assert.ok(of('helper').every((s) => s.spawns === 0), `no spawn of rg (or of a helper) on the host thread with the helper running: ${spawnsOf('helper')}`);
    assert.ok(of('in-process').every((s) => s.spawns >= 2), `the in-process tools spawn rg on the host thread (the measurement sees them): ${spawnsOf('in-process')}`);
  });
});
