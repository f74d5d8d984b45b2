import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { readGitInfo, stripCredentials } from '../../../src/tools/git';
import { makeTree, removeTree } from './fixture';

/** Runs git with a fixed identity and no user/system config, so tests do not depend on the machine. */
function git(cwd: string, ...args: string[]): string {
  const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, env, encoding: 'utf8' }).trim();
}

describe('tools/git', () => {
  let repo: string;
  let scratch: string;

  before(() => {
    repo = makeTree({ 'src/a.py': 'x = 1\n' });
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'first');
    scratch = makeTree({ 'plain/file.txt': 'no repo here\n' });
  });
  after(() => {
    removeTree(repo);
    removeTree(scratch);
  });

  it('reads HEAD and branch of a repository without remotes', async () => {
    const info = await readGitInfo(repo);
    assert.deepEqual(info, { root: repo, head: git(repo, 'rev-parse', 'HEAD'), branch: 'main' });
  });

  it('finds the repository from a subfolder', async () => {
    assert.equal((await readGitInfo(path.join(repo, 'src')))?.root, repo);
  });

  it('names origin as the remote, strips credentials and parses https, ssh and Enterprise remotes', async () => {
    git(repo, 'remote', 'add', 'mirror', 'git@github.com:someone/else.git');
    assert.deepEqual((await readGitInfo(repo))?.remote, { name: 'mirror', url: 'git@github.com:someone/else.git' });
    assert.deepEqual((await readGitInfo(repo))?.github, { host: 'github.com', owner: 'someone', repo: 'else' });

    git(repo, 'remote', 'add', 'origin', 'https://user:ghp_secret@github.com/django/django.git');
    const https = await readGitInfo(repo);
    assert.deepEqual(https?.remote, { name: 'origin', url: 'https://github.com/django/django.git' });
    assert.deepEqual(https?.github, { host: 'github.com', owner: 'django', repo: 'django' }, 'origin outranks other remote names');
    assert.ok(!JSON.stringify(https).includes('ghp_secret'));
    git(repo, 'remote', 'remove', 'mirror');

    git(repo, 'remote', 'set-url', 'origin', 'ssh://git@github.example.com:2222/acme/widgets.git');
    assert.deepEqual((await readGitInfo(repo))?.github, { host: 'github.example.com', owner: 'acme', repo: 'widgets' });

    git(repo, 'remote', 'set-url', 'origin', 'https://ghe.corp.internal/platform/api');
    assert.deepEqual((await readGitInfo(repo))?.github, { host: 'ghe.corp.internal', owner: 'platform', repo: 'api' });
  });

  it('in a fork lists every remote and resolves #N against upstream, not the fork', async () => {
    const fork = makeTree({ 'README.md': 'fork\n' });
    try {
      git(fork, 'init', '-q');
      git(fork, 'remote', 'add', 'origin', 'https://github.com/me/django.git');
      git(fork, 'remote', 'add', 'upstream', 'https://github.com/django/django.git');
      const info = await readGitInfo(fork);
      assert.deepEqual(info?.remote, { name: 'origin', url: 'https://github.com/me/django.git' });
      assert.deepEqual(
        info?.remotes?.map((r) => r.name).sort(),
        ['origin', 'upstream'],
      );
      assert.deepEqual(info?.github, { host: 'github.com', owner: 'django', repo: 'django' });
    } finally {
      removeTree(fork);
    }
  });

  it('reads a detached HEAD and a linked worktree', async () => {
    const first = git(repo, 'rev-parse', 'HEAD');
    writeFileSync(path.join(repo, 'src/b.py'), 'y = 2\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'second');
    const worktree = path.join(scratch, 'wt');
    git(repo, 'worktree', 'add', '-q', '--detach', worktree, first);
    const info = await readGitInfo(worktree);
    assert.equal(info?.root, worktree);
    assert.equal(info?.head, first);
    assert.equal(info?.branch, undefined);
    assert.equal(info?.remote?.name, 'origin');
  });

  it('handles a repository without commits and folders outside any repository', async () => {
    const empty = path.join(scratch, 'empty');
    mkdirSync(empty);
    git(empty, 'init', '-q');
    assert.deepEqual(await readGitInfo(empty), { root: empty, branch: 'main' });
    assert.equal(await readGitInfo(path.join(scratch, 'plain')), undefined);
  });

  it('strips credentials only from http(s) URLs', () => {
    assert.equal(stripCredentials('https://x-access-token:abc@github.com/o/r.git'), 'https://github.com/o/r.git');
    assert.equal(stripCredentials('https://github.com/o/r.git'), 'https://github.com/o/r.git');
    assert.equal(stripCredentials('git@github.com:o/r.git'), 'git@github.com:o/r.git');
  });
});
