import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DatasetRow } from '../eval/dataset';
import { loadDataset } from '../eval/dataset';
import { RepoCache } from '../eval/repoCache';
import { GitWorktrees } from '../eval/worktrees';
import { gitAvailable } from '../eval/git';
import { profileLines } from '../envserver/profiles';
import { EnvServer } from '../envserver/server';
import { NodeToolRunner } from '../tools/runner';
import { EXIT, badInput, intFlag, userCwd, type Command } from './command';
import { defaultCacheDir } from './cacheDir';
import { onStopSignals } from './signals';
import { VERSION } from './version';

const USAGE = `Usage: codegrep env serve --repos DIR [--dataset F.jsonl] [options]

Serves CodeGrep as an OpenEnv environment: a WebSocket at ws://HOST:PORT/ws (one episode per
connection: reset, step, state, close) plus GET /health, /metadata and /schema. Each reset checks
out the row's base commit from DIR/<owner>__<name>.git in a fresh git worktree; each step runs the
policy's grep/glob/read calls with the product's own tools; the last step returns the reward
(file-level F0.5) and its parts. See docs/training.md.

Options:
  --repos DIR              bare repos <owner>__<name>.git (as for eval)
  --dataset F.jsonl        rows a reset may name by instance_id (a reset may also pass a whole row)
  --host H                 address to listen on (default 127.0.0.1)
  --port N                 port (default 8000; 0 picks a free one)
  --max-sessions N         episodes at once; more connections are refused (default 4)
  --idle-timeout S         close a session silent for S seconds (default 600)
  --max-turns N, --max-parallel-calls N   the episode budget for every profile (default: the
                           profile's trained budget; codegrep 3 and 8)
  --cache DIR              writable copies of the repos (default: .cache/eval-repos in the project)

Profiles (reset "profile", default codegrep): the protocol the episode speaks.
${profileLines().join('\n')}`;

/** `codegrep env serve`: the OpenEnv environment server. */
export const envCommand: Command = {
  summary: 'serve episodes over git worktrees to an RL trainer (OpenEnv protocol)',
  usage: USAGE,
  async run(argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'serve') throw badInput(sub === undefined ? 'say what to do: codegrep env serve ...' : `unknown subcommand "${sub}"; use: codegrep env serve`);
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        repos: { type: 'string' },
        dataset: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8000' },
        'max-sessions': { type: 'string', default: '4' },
        'idle-timeout': { type: 'string', default: '600' },
        'max-turns': { type: 'string' },
        'max-parallel-calls': { type: 'string' },
        cache: { type: 'string' },
      },
    });
    if (positionals.length) throw badInput(`unexpected argument "${positionals[0]}".`);
    const cwd = userCwd();
    if (!values.repos) throw badInput('--repos DIR (the folder of <owner>__<name>.git bare repos) is required.');
    const repos = resolve(cwd, values.repos);
    if (!(await stat(repos).then((s) => s.isDirectory(), () => false))) throw badInput(`--repos ${repos} is not a folder.`);
    if (!(await gitAvailable('git'))) throw badInput('env serve needs git on PATH (it checks out one worktree per episode).');
    const rows = new Map<string, DatasetRow>();
    if (values.dataset) {
      const dataset = await loadDataset(resolve(cwd, values.dataset));
      for (const row of dataset.rows) rows.set(row.instance_id, row);
      if (dataset.errors.length) process.stderr.write(`env: ${dataset.errors.length} dataset lines skipped (first: ${dataset.errors[0].error}).\n`);
    }
    const port = intFlag('port', values.port, 0, 65_535) ?? 8000;
    const server = new EnvServer({
      world: {
        workspaces: new GitWorktrees(new RepoCache({ reposDir: repos, cacheDir: values.cache ? resolve(cwd, values.cache) : defaultCacheDir() }), { keepIdle: false }),
        createTools: (root) => new NodeToolRunner({ roots: [root] }),
        // Flags left unset leave each episode its profile's trained budget (the Locator's defaults for codegrep).
        locate: {
          maxTurns: intFlag('max-turns', values['max-turns'], 0, 20),
          maxParallelCalls: intFlag('max-parallel-calls', values['max-parallel-calls'], 1, 32),
        },
        rows,
      },
      maxSessions: intFlag('max-sessions', values['max-sessions'], 1, 1024) ?? 4,
      idleTimeoutMs: (intFlag('idle-timeout', values['idle-timeout'], 1, 86_400) ?? 600) * 1000,
      version: VERSION,
    });
    const bound = await server.listen(port, values.host);
    process.stderr.write(`env: serving ${rows.size} rows on http://${values.host}:${bound} (WebSocket ws://${values.host}:${bound}/ws)\n`);
    // SIGINT, SIGTERM or SIGHUP end every session (rg killed, worktrees removed); a second one has its default effect.
    await new Promise<void>((done) =>
      onStopSignals(() => {
        process.stderr.write('env: stopping: closing sessions and removing worktrees\n');
        void server.close().finally(done);
      }),
    );
    return EXIT.ok;
  },
};

