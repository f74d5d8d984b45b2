import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseRankerModel } from '../../../src/core/embedded/ranker';
import { readIssues } from '../../../src/trainer/examples';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';

const projectRoot = resolve(__dirname, '../../..');
const cliPath = join(projectRoot, 'dist', 'cli.js');

function cli(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  delete env.INIT_CWD;
  return spawnSync(process.execPath, [cliPath, ...args], { cwd: projectRoot, env, encoding: 'utf8', timeout: 120_000 });
}

describe('codegrep train (real bare repos, real worktrees, real ripgrep)', function () {
  this.timeout(180_000);
  let world: EvalWorld;
  let tmp = '';

  before(() => {
    world = makeEvalWorld();
    tmp = mkdtempSync(join(tmpdir(), 'codegrep-train-'));
  });

  after(() => {
    world.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('collects labelled candidates, fits a loadable model, prints grouped cross-validation, and refits identically', () => {
    const model = join(tmp, 'model.json');
    const features = join(tmp, 'features.jsonl');
    const run = cli(['train', '--dataset', world.dataset, '--repos', world.reposDir, '--cache', join(tmp, 'cache'), '--out', model, '--features', features, '--concurrency', '1']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Cross-validation by repository \(2 folds/);
    assert.match(run.stdout, /\| all \| 3 \|/);
    assert.match(run.stderr, /rows failed to run and are left out/, 'the fixture has rows whose repo or commit is missing');
    const parsed = parseRankerModel(JSON.parse(readFileSync(model, 'utf8')));
    assert.match(String(parsed.trained?.source), /^dataset\.jsonl sha256:[0-9a-f]{16}$/);

    return readIssues(features).then(({ issues, source }) => {
      assert.equal(source, parsed.trained?.source);
      assert.deepEqual(issues.map((i) => i.instance_id).sort(), world.goodIds.slice().sort());
      const parser = issues.find((i) => i.instance_id === 'acme__widgets-1')!;
      assert.ok(parser.candidates.some((c) => c.path === 'widgets/parser.py' && c.gold), JSON.stringify(parser.candidates.map((c) => c.path)));
      assert.ok(parser.candidates.every((c) => c.gold === (c.path === 'widgets/parser.py')));

      const refit = join(tmp, 'refit.json');
      const again = cli(['train', '--from-features', features, '--out', refit]);
      assert.equal(again.status, 0, again.stderr);
      assert.equal(readFileSync(refit, 'utf8'), readFileSync(model, 'utf8'), 'same data, same model file');
    });
  });

  it('checks --out and --features before any row runs, so a bad path loses no work', () => {
    const started = Date.now();
    const folder = cli(['train', '--dataset', world.dataset, '--repos', world.reposDir, '--cache', join(tmp, 'cache'), '--out', tmp]);
    assert.equal(folder.status, 2, folder.stderr);
    assert.match(folder.stderr, /--out .* is a folder; give a file path such as .*\/model\.json/);
    const underFile = cli(['train', '--dataset', world.dataset, '--repos', world.reposDir, '--out', join(tmp, 'm.json'), '--features', join(world.dataset, 'f.jsonl')]);
    assert.equal(underFile.status, 2, underFile.stderr);
    assert.match(underFile.stderr, /--features .*cannot be created or written to/);
    assert.doesNotMatch(folder.stderr + underFile.stderr, /row runs to do/, 'no row ran');
    assert.ok(Date.now() - started < 30_000);
  });

  it('on SIGTERM removes its worktrees, writes no model, and keeps the finished rows in --features', async () => {
    // Many copies of the good rows, so the run is still collecting when the signal comes.
    const rows = readFileSync(world.dataset, 'utf8').split('\n').filter((line) => line.includes('"acme__widgets-1"') || line.includes('"acme__widgets-2"'));
    const dataset = join(tmp, 'many.jsonl');
    writeFileSync(dataset, Array.from({ length: 40 }, (_, i) => rows[i % 2]!.replace(/"acme__widgets-(\d)"/, `"acme__widgets-$1${i}"`)).join('\n') + '\n');
    const model = join(tmp, 'stopped.json');
    const features = join(tmp, 'stopped.jsonl');
    const cache = join(tmp, 'cache-stop');
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
    delete env.INIT_CWD;
    const child = spawn(process.execPath, [cliPath, 'train', '--dataset', dataset, '--repos', world.reposDir, '--cache', cache, '--out', model, '--features', features, '--concurrency', '1'], { cwd: projectRoot, env });
    let stderr = '';
    let signalled = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (!signalled && /\[ ?2\/40\]/.test(stderr)) signalled = child.kill('SIGTERM');
    });
    const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
    assert.equal(code, 130, stderr);
    assert.match(stderr, /interrupted \(SIGTERM\)/);
    assert.ok(!existsSync(model), 'no model from an interrupted collection');
    const kept = await readIssues(features);
    assert.ok(kept.issues.length >= 2 && kept.issues.length < 40, String(kept.issues.length));
    assert.match(kept.source, /\(interrupted after \d+ rows\)$/);
    assert.match(stderr, new RegExp(`The ${kept.issues.length} rows that finished are in`));
    const worktrees = execFileSync('git', ['--git-dir', join(cache, 'acme__widgets.git'), 'worktree', 'list', '--porcelain'], { encoding: 'utf8' });
    assert.doesNotMatch(worktrees, /codegrep-eval-/, 'no worktree is left');
  });

  it('refuses missing flags and unreadable inputs with exit 2', () => {
    assert.equal(cli(['train', '--dataset', world.dataset, '--repos', world.reposDir]).status, 2, 'no --out');
    const missing = cli(['train', '--from-features', join(tmp, 'nope.jsonl'), '--out', join(tmp, 'x.json')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read --from-features/);
    const badFilter = cli(['train', '--dataset', world.dataset, '--repos', world.reposDir, '--out', join(tmp, 'x.json'), '--filter', '([']);
    assert.equal(badFilter.status, 2, badFilter.stderr);
    assert.match(badFilter.stderr, /--filter is not a valid regular expression/);
  });
});
