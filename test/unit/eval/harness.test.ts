import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedBrain } from '../../../src/core/embedded/index';
import { createBm25Brain } from '../../../src/eval/bm25';
import { runEval, type BrainSpec, type EvalOptions } from '../../../src/eval/harness';
import type { ProgressSink } from '../../../src/eval/progress';
import { RepoCache } from '../../../src/eval/repoCache';
import { confidenceTable, type EvalReport } from '../../../src/eval/report';
import { sidecarPath, type RowRecord } from '../../../src/eval/resume';
import { IsoGitWorkspaces } from '../../../src/eval/isoWorktrees';
import { GitWorktrees, type Checkout, type Workspaces } from '../../../src/eval/worktrees';
import { NodeToolRunner } from '../../../src/tools/runner';
import { makeEvalWorld, snapshotTree, type EvalWorld } from '../../fixtures/eval/makeRepos';

const bm25: BrainSpec = { name: 'bm25', create: (root) => createBm25Brain({ root }) };
const embedded: BrainSpec = { name: 'embedded', create: () => createEmbeddedBrain() };

/** Records every checkout dir so the test can prove each was removed. */
class TrackedWorktrees implements Workspaces {
  readonly dirs: string[] = [];
  readonly method: string;
  constructor(private readonly inner: GitWorktrees) {
    this.method = inner.method;
  }
  async checkout(repo: string, sha: string, label: string): Promise<Checkout> {
    const checkout = await this.inner.checkout(repo, sha, label);
    this.dirs.push(checkout.dir);
    return checkout;
  }
  closeAll(): Promise<void> {
    return this.inner.closeAll();
  }
}

/** Collects what the harness reports, and can abort after N rows (a run killed mid-way). */
class Recorder implements ProgressSink {
  total = -1;
  resumed = -1;
  rows: RowRecord[] = [];
  constructor(private readonly abortAfter?: { rows: number; controller: AbortController }) {}
  start(total: number, resumed: number): void {
    this.total = total;
    this.resumed = resumed;
  }
  row(record: RowRecord): void {
    this.rows.push(record);
    if (this.abortAfter && this.rows.length >= this.abortAfter.rows) this.abortAfter.controller.abort();
  }
  note(_message: string): void {}
  finish(): void {}
}

describe('eval harness (smoke eval on real bare repos)', function () {
  this.timeout(120_000);
  let world: EvalWorld;
  let cacheDir: string;
  let sourceBefore: string;

  before(() => {
    world = makeEvalWorld();
    cacheDir = join(world.root, 'cache');
    sourceBefore = snapshotTree(world.reposDir);
  });
  after(() => world.cleanup());

  const options = (workspaces: Workspaces, extra: Partial<EvalOptions> = {}): EvalOptions => ({
    dataset: world.dataset,
    brains: [bm25, embedded],
    workspaces,
    createTools: (root) => new NodeToolRunner({ roots: [root] }),
    concurrency: 2,
    ...extra,
  });
  const worktrees = () => new TrackedWorktrees(new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir })));

  let first: EvalReport;
  let firstWorktrees: TrackedWorktrees;
  const out = () => join(world.root, 'out', 'report.json');

  it('runs every row, reports row errors, and scores the rest', async () => {
    firstWorktrees = worktrees();
    const progress = new Recorder();
    const outcome = await runEval(options(firstWorktrees, { out: out(), progress }));
    first = outcome.report;
    assert.equal(outcome.interrupted, false);
    assert.equal(progress.total, 5 * 2, 'five rows reach the brains (two fail at checkout), two brains each');
    assert.equal(first.brain, 'bm25');
    assert.equal(first.checkout, 'git worktree');
    assert.deepEqual(
      first.systems.map((s) => [s.name, s.kind]),
      [
        ['bm25', 'brain'],
        ['embedded', 'brain'],
      ],
    );
    assert.deepEqual(Object.keys(first.summary).sort(), [
      'acc_at_1', 'acc_at_5', 'errors', 'f05', 'f05_ge_0_8', 'latency_ms_p50', 'latency_ms_p95', 'n', 'precision', 'recall', 'tool_calls_mean', 'turns_mean',
    ]);
    const ids = first.instances.map((i) => i.instance_id);
    assert.deepEqual(ids, ['acme__widgets-1', 'acme__widgets-2', 'line 3', 'acme__widgets-nostatement', 'acme__widgets-unknown', 'acme__gadgets-1', 'nobody__missing-1']);
    const byId = new Map(first.instances.map((i) => [i.instance_id, i]));
    for (const instance of first.instances) {
      for (const key of ['instance_id', 'predicted_files', 'gold_files', 'precision', 'recall', 'f05']) assert.ok(key in instance, `${key} in instance`);
    }
    assert.match(byId.get('line 3')!.error!, /malformed JSON/);
    assert.match(byId.get('acme__widgets-nostatement')!.error!, /missing problem_statement/);
    assert.match(byId.get('acme__widgets-unknown')!.error!, /unknown commit deadbeef.* in acme\/widgets/);
    assert.match(byId.get('nobody__missing-1')!.error!, /repo nobody\/missing not found/);
    assert.equal(first.summary.n, 7);
    assert.equal(first.summary.errors, 4, JSON.stringify(first.instances.map((i) => [i.instance_id, i.error])));
    for (const id of world.goodIds) assert.equal(byId.get(id)!.error, undefined, `${id} ran`);
  });

  it('finds the gold file end to end (BM25 top-1 on each good row, embedded on the first)', () => {
    const byId = new Map(first.instances.map((i) => [i.instance_id, i]));
    assert.deepEqual(byId.get('acme__widgets-1')!.predicted_files, ['widgets/parser.py']);
    assert.deepEqual(byId.get('acme__widgets-2')!.predicted_files, ['widgets/render.py']);
    assert.deepEqual(byId.get('acme__gadgets-1')!.predicted_files, ['src/clock.rs'], 'repo copied from a refs-less read-only source');
    assert.equal(byId.get('acme__widgets-1')!.f05, 1);
    assert.equal(first.summary.precision, 3 / 7);
    assert.equal(first.summary.turns_mean, 1);
    assert.equal(first.summary.tool_calls_mean, 0);
    const embeddedRun = first.systems[1].instances.find((i) => i.instance_id === 'acme__widgets-1')!;
    assert.equal(embeddedRun.error, undefined);
    assert.equal(embeddedRun.predicted_files[0], 'widgets/parser.py');
    assert.ok((embeddedRun.tool_calls ?? 0) > 0, 'the embedded brain explores with tools');
  });

  it('scores cited line ranges against the fix where the row has one (gold_patch)', () => {
    const embeddedRun = first.systems[1].instances.find((i) => i.instance_id === 'acme__widgets-1')!;
    assert.ok(embeddedRun.ranges?.['widgets/parser.py']?.length, 'the embedded brain cites ranges');
    assert.deepEqual(embeddedRun.range_scores?.map((s) => [s.path, s.first_hit]), [['widgets/parser.py', true]], 'its first range reaches lines 2-3');
    assert.deepEqual(first.systems[1].ranges && [first.systems[1].ranges.files, first.systems[1].ranges.first_hit], [1, 1]);
    // BM25 cites no ranges: the right file without them is scored, as a miss.
    assert.deepEqual(first.systems[0].ranges, { files: 1, with_ranges: 0, first_hit: 0, any_hit: 0, edit_recall: 0, line_precision: 0 });
    const other = first.systems[1].instances.find((i) => i.instance_id === 'acme__widgets-2')!;
    assert.equal(other.range_scores, undefined, 'a row without gold_patch is not range-scored');
  });

  it('records the confidence each embedded answer came with, and scores the rows by it', () => {
    const [bm25Rows, embeddedRows] = [first.systems[0].instances, first.systems[1].instances];
    assert.ok(bm25Rows.every((row) => row.confidence === undefined), 'BM25 has no probability');
    const answered = embeddedRows.filter((row) => row.predicted_files.length > 0);
    assert.ok(answered.length > 0 && answered.every((row) => row.confidence), JSON.stringify(embeddedRows.map((r) => [r.instance_id, r.confidence])));
    const table = confidenceTable(first.systems).split('\n');
    assert.equal(table[0], '| system | confidence | n | precision | F0.5 | acc@1 |');
    const levels = new Set<string>(answered.map((row) => row.confidence!.level));
    assert.deepEqual(table.slice(2).map((line) => line.split(' | ')[1]), ['high', 'medium', 'low'].filter((l) => levels.has(l)), 'one line per level seen, best first');
    assert.equal(table.slice(2).reduce((sum, line) => sum + Number(line.split(' | ')[2]), 0), answered.length, 'every answered row in one level');
    assert.equal(confidenceTable([first.systems[0]]), '', 'no table when no brain gave a confidence');
  });

  it('checks out the right commit per row (widgets-2 sees the v2 tree)', () => {
    const v2 = first.systems[0].instances.find((i) => i.instance_id === 'acme__widgets-2')!;
    assert.equal(v2.recall, 1);
  });

  it('removes every worktree and never writes the read-only source repos', () => {
    assert.equal(firstWorktrees.dirs.length, 3);
    for (const dir of firstWorktrees.dirs) assert.equal(existsSync(dir), false, `${dir} removed`);
    for (const name of ['acme__widgets.git', 'acme__gadgets.git']) {
      const list = execFileSync('git', ['--git-dir', join(cacheDir, name), 'worktree', 'list', '--porcelain'], { encoding: 'utf8' });
      assert.equal(list.match(/^worktree /gm)?.length, 1, `only the bare repo itself in ${name}: ${list}`);
    }
    assert.equal(snapshotTree(world.reposDir), sourceBefore);
  });

  it('writes the report JSON and appends one sidecar line per finished row', () => {
    const written = JSON.parse(readFileSync(out(), 'utf8')) as EvalReport;
    assert.deepEqual(written.summary, first.summary);
    const lines = readFileSync(sidecarPath(out()), 'utf8').trim().split('\n');
    assert.equal(lines.length, 10, 'five rows x two brains (dataset-level errors are not run, so not appended)');
  });

  it('resumes: a second run skips finished rows and runs only the errored ones again', async () => {
    const progress = new Recorder();
    const wt = worktrees();
    const { report } = await runEval(options(wt, { out: out(), progress }));
    assert.equal(progress.resumed, 6, 'three good rows x two brains');
    assert.equal(progress.total, 4, 'the unknown-commit and missing-repo rows, two brains each');
    assert.deepEqual(report.summary, { ...first.summary, latency_ms_p50: report.summary.latency_ms_p50, latency_ms_p95: report.summary.latency_ms_p95 });
    assert.deepEqual(
      report.instances.map((i) => i.predicted_files),
      first.instances.map((i) => i.predicted_files),
    );
  });

  it('loses no finished row when interrupted, and the next run completes the rest', async () => {
    const target = join(world.root, 'out', 'killed.json');
    const controller = new AbortController();
    const interrupted = await runEval(options(worktrees(), { out: target, concurrency: 1, signal: controller.signal, progress: new Recorder({ rows: 1, controller }) }));
    assert.equal(interrupted.interrupted, true);
    const kept = readFileSync(sidecarPath(target), 'utf8').trim().split('\n');
    assert.equal(kept.length, 1);
    // A kill in the middle of a write leaves half a line: it must be ignored, not break the resume.
    writeFileSync(sidecarPath(target), `${kept[0]}\n{"brain":"bm25","instance_id":"acme__wid`);
    const progress = new Recorder();
    const resumed = await runEval(options(worktrees(), { out: target, progress }));
    assert.equal(progress.resumed, 1);
    assert.equal(resumed.report.summary.n, 7);
    assert.deepEqual(
      resumed.report.instances.map((i) => i.predicted_files),
      first.instances.map((i) => i.predicted_files),
    );
  });

  it('re-runs finished rows that came from a different build of the code', async () => {
    const target = join(world.root, 'out', 'builds.json');
    const opts = (build: string, progress: Recorder) => options(worktrees(), { brains: [bm25], out: target, build, filter: /^acme__widgets-\d$/, progress });
    await runEval(opts('build-a', new Recorder()));
    const same = new Recorder();
    await runEval(opts('build-a', same));
    assert.deepEqual([same.resumed, same.total], [2, 0]);
    const changed = new Recorder();
    const notes: string[] = [];
    changed.note = (message: string) => void notes.push(message);
    await runEval(opts('build-b', changed));
    assert.deepEqual([changed.resumed, changed.total], [0, 2]);
    assert.match(notes.join('\n'), /2 finished rows .* came from a different build/);
    const lines = readFileSync(sidecarPath(target), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RowRecord);
    assert.deepEqual(lines.map((l) => l.build), ['build-a', 'build-a', 'build-b', 'build-b']);
  });

  it('--fresh forgets earlier rows; --filter and --limit select rows; baselines score in the same table', async () => {
    const baselineFile = join(world.root, 'pub.jsonl');
    writeFileSync(
      baselineFile,
      [
        JSON.stringify({ instance_id: 'acme__widgets-1', predicted_files: ['widgets/parser.py', 'widgets/render.py'] }),
        JSON.stringify({ instance_id: 'acme__widgets-2', predicted_files: ['widgets/colors.py'] }),
      ].join('\n'),
    );
    const progress = new Recorder();
    const { report } = await runEval(
      options(worktrees(), { brains: [bm25], out: out(), fresh: true, filter: /^acme__widgets-\d$/, limit: 2, progress, baselines: [{ name: 'pub', file: baselineFile }] }),
    );
    assert.equal(progress.resumed, 0);
    assert.equal(progress.total, 2);
    const pub = report.systems[1];
    assert.equal(pub.kind, 'baseline');
    assert.equal(pub.missing, 0);
    assert.deepEqual(
      pub.instances.map((i) => i.f05),
      [5 / 9, 0],
    );
    assert.equal(pub.summary.latency_ms_p50, null);
    assert.equal(report.summary.n, 2);
  });

  it('falls back to isomorphic-git checkouts (no git CLI) with the same results, and cleans up', async () => {
    const iso = new IsoGitWorkspaces(world.reposDir);
    const seen: string[] = [];
    const tracked: Workspaces = {
      method: iso.method,
      checkout: async (repo, sha, label) => {
        const checkout = await iso.checkout(repo, sha, label);
        seen.push(checkout.dir);
        return checkout;
      },
      closeAll: () => iso.closeAll(),
    };
    const { report } = await runEval(options(tracked, { brains: [bm25] }));
    assert.match(report.checkout, /isomorphic-git/);
    assert.deepEqual(
      report.instances.map((i) => [i.instance_id, i.predicted_files, i.error?.replace(/:.*/, '')]),
      first.instances.map((i) => [i.instance_id, i.predicted_files, i.error?.replace(/:.*/, '')]),
    );
    assert.equal(seen.length, 3);
    for (const dir of seen) assert.equal(existsSync(dir), false);
    assert.equal(snapshotTree(world.reposDir), sourceBefore, 'read in place, never written');
  });

  it('fails the run when finished rows cannot be saved, after every started row has released its worktree', async () => {
    const wt = worktrees();
    const folder = mkdtempSync(join(tmpdir(), 'codegrep-out-'));
    const out = join(folder, 'report.json');
    mkdirSync(sidecarPath(out)); // the rows file is a folder: the report path passes the early check, the first append fails
    try {
      await assert.rejects(runEval(options(wt, { out, concurrency: 2 })), /EISDIR|is a directory/);
      assert.ok(wt.dirs.length >= 1);
      for (const dir of wt.dirs) assert.equal(existsSync(dir), false, `${dir} removed`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses an --out it cannot write before any row runs (a folder, or under a file)', async () => {
    for (const out of [world.root, join(world.dataset, 'cannot', 'report.json')]) {
      const wt = worktrees();
      await assert.rejects(runEval(options(wt, { out })), (error: unknown) => error instanceof Error && 'code' in error && error.code === 'bad-input');
      assert.equal(wt.dirs.length, 0, 'no row checked out');
    }
  });

  it('refuses a run with the same brain twice, or nothing to run', async () => {
    await assert.rejects(runEval(options(worktrees(), { brains: [bm25, bm25] })), /listed twice/);
    await assert.rejects(runEval(options(worktrees(), { brains: [] })), /Nothing to evaluate/);
  });
});

describe('eval repo cache', function () {
  this.timeout(60_000);
  let world: EvalWorld;
  before(() => (world = makeEvalWorld()));
  after(() => world.cleanup());

  it('reuses the cached copy and rebuilds it when the source changes', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'codegrep-cache-'));
    try {
      const cache = new RepoCache({ reposDir: world.reposDir, cacheDir });
      const gitDir = await cache.gitDir('acme/widgets');
      assert.equal(await cache.resolveCommit(gitDir, world.commits.w1), world.commits.w1);
      assert.equal(await cache.resolveCommit(gitDir, 'f'.repeat(40)), undefined);
      const marker = join(gitDir, 'marker');
      writeFileSync(marker, 'x');
      await new RepoCache({ reposDir: world.reposDir, cacheDir }).gitDir('acme/widgets');
      assert.ok(existsSync(marker), 'an unchanged source reuses the cache');
      execFileSync('git', ['--git-dir', join(world.reposDir, 'acme__widgets.git'), 'tag', 'extra', world.commits.w1]);
      await new RepoCache({ reposDir: world.reposDir, cacheDir }).gitDir('acme/widgets');
      assert.ok(!existsSync(marker), 'a changed source rebuilds the cache');
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('lets two processes build the same cache entry safely, and breaks a dead owner lock', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'codegrep-cache-'));
    try {
      const dead = spawnSync(process.execPath, ['-e', '0']).pid;
      mkdirSync(join(cacheDir, 'acme__gadgets.git.lock'));
      writeFileSync(join(cacheDir, 'acme__gadgets.git.lock', 'pid'), String(dead));
      const made = await Promise.all([1, 2, 3].map(() => new RepoCache({ reposDir: world.reposDir, cacheDir }).gitDir('acme/gadgets')));
      assert.equal(new Set(made).size, 1);
      const cache = new RepoCache({ reposDir: world.reposDir, cacheDir });
      assert.equal(await cache.resolveCommit(made[0], world.commits.g1), world.commits.g1);
      assert.deepEqual(readdirSync(cacheDir), ['acme__gadgets.git'], 'no lock or staging folder left');
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
