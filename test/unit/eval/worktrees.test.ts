import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RepoCache } from '../../../src/eval/repoCache';
import { GitWorktrees } from '../../../src/eval/worktrees';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';

function worktreeCount(gitDir: string): number {
  const list = execFileSync('git', ['--git-dir', gitDir, 'worktree', 'list', '--porcelain'], { encoding: 'utf8' });
  return (list.match(/^worktree /gm) ?? []).length - 1; // minus the bare repo itself
}

describe('eval worktrees', function () {
  this.timeout(60_000);
  let world: EvalWorld;
  let cache: RepoCache;
  before(() => {
    world = makeEvalWorld();
    cache = new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache') });
  });
  after(() => world.cleanup());

  it('gives a pristine tree at each commit, also when it reuses a released worktree', async () => {
    const trees = new GitWorktrees(cache);
    const first = await trees.checkout('acme/widgets', world.commits.w1, 'row-1');
    assert.equal(existsSync(join(first.dir, 'widgets/colors.py')), false, 'v1 has no colors.py');
    writeFileSync(join(first.dir, 'stray.txt'), 'left behind');
    writeFileSync(join(first.dir, 'widgets/parser.py'), 'edited');
    await first.dispose();
    const second = await trees.checkout('acme/widgets', world.commits.w2, 'row-2');
    assert.equal(second.dir, first.dir, 'the released worktree is reused');
    assert.equal(second.commit, world.commits.w2);
    assert.equal(existsSync(join(second.dir, 'stray.txt')), false, 'untracked files are cleaned');
    assert.match(readFileSync(join(second.dir, 'widgets/parser.py'), 'utf8'), /def parse_header/, 'edits are reset');
    assert.equal(existsSync(join(second.dir, 'widgets/colors.py')), true, 'v2 files are there');
    const third = await trees.checkout('acme/widgets', world.commits.w1, 'row-3');
    assert.notEqual(third.dir, second.dir, 'a busy worktree is never shared');
    const gitDir = await cache.gitDir('acme/widgets');
    assert.equal(worktreeCount(gitDir), 2);
    await trees.closeAll();
    assert.equal(worktreeCount(gitDir), 0);
    assert.equal(existsSync(second.dir), false);
    assert.equal(existsSync(third.dir), false);
  });

  it('removes worktrees left by a killed eval process, not those of a live one', async () => {
    const gitDir = await cache.gitDir('acme/widgets');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const orphanParent = mkdtempSync(join(tmpdir(), `codegrep-eval-${dead}-`));
    const liveParent = mkdtempSync(join(tmpdir(), `codegrep-eval-${process.pid}-`));
    try {
      execFileSync('git', ['--git-dir', gitDir, 'worktree', 'add', '--detach', '--quiet', join(orphanParent, 'tree'), world.commits.w1]);
      execFileSync('git', ['--git-dir', gitDir, 'worktree', 'add', '--detach', '--quiet', join(liveParent, 'tree'), world.commits.w1]);
      const trees = new GitWorktrees(cache);
      const checkout = await trees.checkout('acme/widgets', world.commits.w2, 'row');
      assert.equal(existsSync(orphanParent), false, 'the dead process tree is gone');
      assert.equal(existsSync(join(liveParent, 'tree')), true, 'a live process tree is kept');
      await checkout.dispose();
      await trees.closeAll();
      assert.equal(worktreeCount(gitDir), 1);
    } finally {
      execFileSync('git', ['--git-dir', gitDir, 'worktree', 'remove', '--force', join(liveParent, 'tree')]);
      rmSync(liveParent, { recursive: true, force: true });
      rmSync(orphanParent, { recursive: true, force: true });
    }
  });

  it('reports an unknown commit and a missing repo as errors', async () => {
    const trees = new GitWorktrees(cache);
    await assert.rejects(trees.checkout('acme/widgets', 'abc1234', 'x'), /unknown commit abc1234 in acme\/widgets/);
    await assert.rejects(trees.checkout('acme/nothing', 'abc1234', 'x'), /repo acme\/nothing not found/);
    await trees.closeAll();
  });
});
