import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';
import { eventually } from '../envserver/helpers';
import { OpenEnvClient, observationOf } from '../../../bench/lib/envClient';

const projectRoot = resolve(__dirname, '../../..');
const cliPath = join(projectRoot, 'dist', 'cli.js');
const SAMPLE = join(projectRoot, '../shared/train/trajectories/nebius_SWE-rebench-openhands-trajectories/sample_raw.first_row.json');

function cli(args: string[]) {
  return spawnSync(process.execPath, [cliPath, ...args], { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 60_000 });
}

/** Starts `codegrep env serve` and resolves once it says where it listens. */
async function serve(args: string[]): Promise<{ child: ChildProcess; http: string; ws: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [cliPath, 'env', 'serve', '--port', '0', ...args], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  let stderr = '';
  const port = await new Promise<string>((done, fail) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr);
      if (match) done(match[1]);
    });
    child.on('exit', () => fail(new Error(`env serve exited: ${stderr}`)));
  });
  return { child, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/ws`, exited };
}

function worktreeList(cache: string): string {
  return execFileSync('git', ['--git-dir', join(cache, 'acme__widgets.git'), 'worktree', 'list', '--porcelain'], { encoding: 'utf8' });
}

describe('cli: env serve, eval --trajectories, mine', function () {
  this.timeout(120_000);
  let world: EvalWorld;
  before(() => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: projectRoot, stdio: 'inherit' });
    world = makeEvalWorld();
  });
  after(() => world.cleanup());

  it('env serve answers /health and an episode, and on SIGTERM removes its worktrees and exits 0', async () => {
    const cache = join(world.root, 'cache-serve');
    const server = await serve(['--repos', world.reposDir, '--dataset', world.dataset, '--cache', cache]);
    assert.deepEqual(await (await fetch(`${server.http}/health`)).json(), { status: 'healthy' });
    const client = await OpenEnvClient.connect(server.ws);
    const first = observationOf(await client.reset({ instance_id: 'acme__widgets-1' }));
    assert.equal(first.turn, 1);
    assert.match(worktreeList(cache), /codegrep-eval-/, 'the episode has a worktree');
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
    await client.closed;
    assert.doesNotMatch(worktreeList(cache), /codegrep-eval-/, 'no worktree is left');
  });

  it('a server killed with SIGKILL leaves a worktree that the next server removes', async () => {
    const cache = join(world.root, 'cache-kill');
    const first = await serve(['--repos', world.reposDir, '--dataset', world.dataset, '--cache', cache]);
    const client = await OpenEnvClient.connect(first.ws);
    observationOf(await client.reset({ instance_id: 'acme__widgets-1' }));
    const orphan = /worktree (\S*codegrep-eval-\S+)/.exec(worktreeList(cache))![1];
    first.child.kill('SIGKILL');
    await first.exited;
    assert.ok(existsSync(orphan), 'a killed process cannot clean up');
    const second = await serve(['--repos', world.reposDir, '--dataset', world.dataset, '--cache', cache]);
    const again = await OpenEnvClient.connect(second.ws);
    observationOf(await again.reset({ instance_id: 'acme__widgets-2' }));
    await eventually(() => !existsSync(orphan), 'the dead server\'s worktree is swept on the next checkout');
    await again.close();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the server has handled the close
    second.child.kill('SIGINT');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000));
    assert.equal(await Promise.race([second.exited, timeout]), 0, 'the server exits promptly on SIGINT');
  });

  it('eval --trajectories writes one conversation per row', () => {
    const file = join(world.root, 'traj.jsonl');
    const run = cli(['eval', '--dataset', world.dataset, '--repos', world.reposDir, '--cache', join(world.root, 'cache-eval'), '--filter', '^acme__widgets-\\d$', '--trajectories', file]);
    assert.equal(run.status, 0, run.stderr);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { instance_id: string; messages: unknown[] });
    assert.deepEqual(lines.map((l) => l.instance_id).sort(), ['acme__widgets-1', 'acme__widgets-2']);
    assert.ok(lines.every((l) => l.messages.length >= 4));
  });

  it('mine writes labels for the Nebius sample, and refuses bad flags with exit 2', () => {
    const out = join(world.root, 'labels.jsonl');
    const run = cli(['mine', '--trajectories', SAMPLE, '--out', out]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /1 trajectories, 12 reads judged by heuristic/);
    const [labels] = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { target: string[] });
    assert.deepEqual(labels.target, ['edk2toollib/uefi/edk2/path_utilities.py']);
    assert.equal(cli(['mine', '--trajectories', SAMPLE]).status, 2);
    assert.equal(cli(['mine', '--trajectories', SAMPLE, '--out', out, '--format', 'bogus']).status, 2);
    assert.match(cli(['mine', '--trajectories', SAMPLE, '--out', out, '--judge-endpoint', 'not a url', '--judge-model', 'm']).stderr, /not a URL/);
    assert.match(cli(['mine', '--trajectories', join(world.root, 'nope.json'), '--out', out]).stderr, /cannot read --trajectories/);
    assert.equal(cli(['env', 'serve']).status, 2, 'env serve needs --repos');
  });

  it('eval --trajectories and mine --out are checked before any row or read: a folder is refused with exit 2', () => {
    const trajectories = cli(['eval', '--dataset', world.dataset, '--repos', world.reposDir, '--cache', join(world.root, 'cache-eval'), '--trajectories', world.root]);
    assert.equal(trajectories.status, 2, trajectories.stderr);
    assert.match(trajectories.stderr, /--trajectories .* is a folder; give a file path such as .*\/trajectories\.jsonl/);
    assert.doesNotMatch(trajectories.stderr, /row runs to do|at .*\.js:\d+/, 'no row ran, no stack trace');
    const mine = cli(['mine', '--trajectories', SAMPLE, '--out', join(world.dataset, 'labels.jsonl')]);
    assert.equal(mine.status, 2, mine.stderr);
    assert.match(mine.stderr, /--out .*cannot be created or written to/);
  });

  it('mine says what it could not read or judge: exit 2 when no trajectory reads, 1 when the model judge judged nothing', () => {
    const garbage = join(world.root, 'garbage.jsonl');
    writeFileSync(garbage, '{"instance_id": "a"}\n{"instance_id": "b", "messages": 3}\n');
    const out = join(world.root, 'garbage-labels.jsonl');
    const unreadable = cli(['mine', '--trajectories', garbage, '--out', out]);
    assert.equal(unreadable.status, 2, unreadable.stderr);
    assert.match(unreadable.stderr, /no trajectory in .* could be read .*nothing written/);
    assert.ok(!existsSync(out));

    const judged = join(world.root, 'down-labels.jsonl');
    // A port nothing listens on: every request is refused, and every read falls back to the heuristic.
    const down = cli(['mine', '--trajectories', SAMPLE, '--out', judged, '--judge-endpoint', 'http://127.0.0.1:9/v1', '--judge-model', 'm']);
    assert.equal(down.status, 1, down.stderr);
    assert.match(down.stderr, /0 reads judged by model:m and 12 by the heuristic instead/);
    assert.match(down.stderr, /the judge fell back to the heuristic: heuristic \(model:m: /);
    assert.equal(readFileSync(judged, 'utf8').trim().split('\n').length, 1, 'the labels are still written');
  });
});
