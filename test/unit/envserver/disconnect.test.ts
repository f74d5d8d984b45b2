import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RepoCache } from '../../../src/eval/repoCache';
import { GitWorktrees } from '../../../src/eval/worktrees';
import { EnvServer } from '../../../src/envserver/server';
import { NodeToolRunner } from '../../../src/tools/runner';
import { TrackedWorktrees, eventually } from './helpers';
import { OpenEnvClient, observationOf, toolCall } from '../../../bench/lib/envClient';

/**
 * A regex that needs PCRE2 (a back-reference under a look-ahead) and backtracks on every line:
 * about 3 s of rg on the 16 MB file below, so a client can drop out while rg is surely running.
 */
const SLOW_PATTERN = '(?=(\\w+\\s){3})(\\w{2,})\\s.*\\2\\s.*\\2';

function git(cwd: string, ...args: string[]): string {
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
  return execFileSync('git', args, { cwd, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** A bare repo `acme__big.git` whose one file is 16 MB of seeded pseudo-random words. */
function makeBigRepo(root: string): { reposDir: string; commit: string } {
  const work = join(root, 'work');
  mkdirSync(work, { recursive: true });
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const words = Array.from({ length: 4000 }, () => Array.from({ length: 2 + Math.floor(rand() * 8) }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join(''));
  const lines: string[] = [];
  for (let i = 0; i < 200_000; i++) lines.push(Array.from({ length: 12 }, () => words[Math.floor(rand() * words.length)]).join(' '));
  writeFileSync(join(work, 'corpus.txt'), `${lines.join('\n')}\n`);
  git(work, 'init', '-q');
  git(work, 'add', '-A');
  git(work, 'commit', '-qm', 'big');
  const commit = git(work, 'rev-parse', 'HEAD');
  const reposDir = join(root, 'repos');
  mkdirSync(reposDir);
  git(root, 'clone', '-q', '--bare', work, join(reposDir, 'acme__big.git'));
  return { reposDir, commit };
}

/** Pids of rg processes running in `dir` (by working directory or command line). */
function rgIn(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'rg') continue;
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cwd.startsWith(dir) || cmdline.includes(dir)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

describe('env server: a trainer that dies mid-step', function () {
  this.timeout(120_000);
  let root: string;
  let server: EnvServer;
  let worktrees: TrackedWorktrees;
  let cacheDir: string;
  let url: string;
  let commit: string;

  before(async function () {
    if (process.platform !== 'linux') this.skip(); // reads /proc to find rg processes
    root = mkdtempSync(join(tmpdir(), 'codegrep-envbig-'));
    const repo = makeBigRepo(root);
    commit = repo.commit;
    cacheDir = join(root, 'cache');
    worktrees = new TrackedWorktrees(new GitWorktrees(new RepoCache({ reposDir: repo.reposDir, cacheDir }), { keepIdle: false }));
    server = new EnvServer({
      world: {
        workspaces: worktrees,
        createTools: (dir) => new NodeToolRunner({ roots: [dir], timeoutMs: 60_000 }),
        locate: { maxTurns: 3, maxParallelCalls: 8 },
        rows: new Map(),
      },
      maxSessions: 2,
      idleTimeoutMs: 60_000,
      version: 'test',
    });
    url = `ws://127.0.0.1:${await server.listen(0, '127.0.0.1')}/ws`;
  });
  after(async () => {
    await server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('kills its rg and removes its worktree when the socket drops during a step', async () => {
    const client = await OpenEnvClient.connect(url);
    const row = { instance_id: 'big-1', repo: 'acme/big', base_commit: commit, problem_statement: 'slow search\nfind it', gold_files: ['corpus.txt'] };
    observationOf(await client.reset({ row }));
    const dir = worktrees.dirs[0];
    client.send({ type: 'step', data: { tool_calls: [toolCall('s1', 'grep', { pattern: SLOW_PATTERN }), toolCall('s2', 'grep', { pattern: SLOW_PATTERN, case_insensitive: true })] } });
    await eventually(() => rgIn(dir).length > 0, 'rg runs for the step', 10_000);
    client.ws.terminate(); // no close frame: the trainer process died
    await client.closed;
    await eventually(() => rgIn(dir).length === 0, 'no rg is left in the episode\'s worktree', 1_500); // rg alone would run for seconds more
    await eventually(() => !existsSync(dir), 'the worktree is removed');
    await eventually(() => server.activeSessions === 0, 'the session is gone');
    const listed = git(root, '--git-dir', join(cacheDir, 'acme__big.git'), 'worktree', 'list', '--porcelain');
    assert.ok(!listed.includes(dir), `git no longer lists the worktree:\n${listed}`);
  });
});
