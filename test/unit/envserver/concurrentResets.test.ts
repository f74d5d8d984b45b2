import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../../../src/eval/dataset';
import { RepoCache } from '../../../src/eval/repoCache';
import { GitWorktrees } from '../../../src/eval/worktrees';
import { EnvServer } from '../../../src/envserver/server';
import { NodeToolRunner } from '../../../src/tools/runner';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';
import { OpenEnvClient, observationOf } from '../../../bench/lib/envClient';
import { TrackedWorktrees, eventually } from './helpers';

describe('env server: many sessions checking out one repository at once', function () {
  this.timeout(120_000);
  let world: EvalWorld;
  before(() => (world = makeEvalWorld()));
  after(() => world.cleanup());

  it('gives every one of 8 simultaneous resets its own tree (git\'s concurrent-add race is retried)', async () => {
    const rows = new Map((await loadDataset(world.dataset)).rows.map((row) => [row.instance_id, row]));
    const worktrees = new TrackedWorktrees(new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache') }), { keepIdle: false }));
    const server = new EnvServer({
      world: { workspaces: worktrees, createTools: (root) => new NodeToolRunner({ roots: [root] }), locate: { maxTurns: 3, maxParallelCalls: 8 }, rows },
      maxSessions: 8,
      idleTimeoutMs: 60_000,
      version: 'test',
    });
    const url = `ws://127.0.0.1:${await server.listen(0, '127.0.0.1')}/ws`;
    try {
      for (let round = 0; round < 3; round++) {
        const clients = await Promise.all(Array.from({ length: 8 }, () => OpenEnvClient.connect(url)));
        const replies = await Promise.all(clients.map((c, i) => c.reset({ instance_id: i % 2 ? 'acme__widgets-1' : 'acme__widgets-2' })));
        for (const reply of replies) assert.equal(reply.type, 'observation', JSON.stringify(reply.data));
        assert.equal(new Set(replies.map((r) => observationOf(r).episode_id)).size, 8);
        await Promise.all(clients.map((c) => c.close()));
      }
      await eventually(() => worktrees.dirs.every((dir) => !existsSync(dir)), 'every tree is removed');
      assert.equal(worktrees.dirs.length, 24);
    } finally {
      await server.close();
    }
  });
});
