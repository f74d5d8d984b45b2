import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LocateResult } from '../../../src/common/result';
import type { EvalReport } from '../../../src/eval/report';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';
import { FakeModelServer } from '../../helpers/fakeModelServer';

const projectRoot = resolve(__dirname, '../../..');
const cliPath = join(projectRoot, 'dist', 'cli.js');

interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Text piped on stdin; without it stdin is /dev/null (not a TTY). */
  input?: string;
}

function cli(args: string[], options: RunOptions = {}): SpawnSyncReturns<string> {
  const env: Record<string, string | undefined> = { ...process.env, INIT_CWD: undefined, CI: 'true', ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return spawnSync(process.execPath, [cliPath, ...args], {
    cwd: options.cwd ?? projectRoot,
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    input: options.input,
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    timeout: 60_000,
  });
}

/** Like `cli`, without blocking the event loop (the test's own HTTP server must answer). */
function cliAsync(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd: projectRoot, env: { ...process.env, CI: 'true', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

const ISSUE = 'LruCache.evict_oldest drops the newest entry\nCalling evict_oldest on a full LruCache removes the wrong item.';

describe('cli (node dist/cli.js)', function () {
  this.timeout(120_000);
  let repo: string;

  before(() => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: projectRoot, stdio: 'inherit' });
    repo = mkdtempSync(join(tmpdir(), 'codegrep-cli-'));
    const files: Record<string, string> = {
      'pkg/cache.py': 'class LruCache:\n    def __init__(self):\n        self.items = []\n\n    def evict_oldest(self):\n        self.items.pop()\n',
      'pkg/client.py': 'class HttpClient:\n    def send(self, url):\n        return url\n',
      'tests/test_client.py': 'from pkg.client import HttpClient\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  describe('locate', () => {
    it('prints ranked files with reasons and a summary line (embedded brain by default)', () => {
      const run = cli(['locate', ISSUE, '--repo', repo]);
      assert.equal(run.status, 0, run.stderr);
      const lines = run.stdout.trim().split('\n');
      assert.match(lines[0], /^1\. pkg\/cache\.py(:\d+(-\d+)?(,\d+(-\d+)?)*)?$/);
      assert.ok(lines[1].trim().length > 0, 'a reason under the path');
      assert.match(lines[lines.length - 1], /^embedded · \d+ turns? · \d+ tool calls? · \d+(\.\d)? m?s/);
    });

    it('--json prints the LocateResult', () => {
      const run = cli(['locate', ISSUE, '--repo', repo, '--json', '--brain', 'bm25']);
      assert.equal(run.status, 0, run.stderr);
      const result = JSON.parse(run.stdout) as LocateResult;
      assert.equal(result.brain, 'bm25');
      assert.equal(result.candidates[0].path, 'pkg/cache.py');
      assert.equal(result.issue.title, 'LruCache.evict_oldest drops the newest entry');
      assert.deepEqual(Object.keys(result.usage).sort(), ['completionTokens', 'ms', 'promptTokens', 'toolBytes', 'toolCalls', 'turns']);
      assert.ok(Array.isArray(result.trajectory) && Array.isArray(result.rejected));
    });

    it('says on stderr when model flags meet a brain that ignores them, and still answers', () => {
      const run = cli(['locate', ISSUE, '--repo', repo, '--brain', 'bm25', '--profile', 'fastcontext', '--model', 'FastContext-4B']);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr, 'locate: --model and --profile only apply to --brain openai; the bm25 brain ignores them.\n');
      assert.match(run.stdout, /^1\. pkg\/cache\.py/);
      assert.equal(cli(['locate', ISSUE, '--repo', repo, '--brain', 'bm25']).stderr, '', 'nothing said without them');
    });

    it('reads the issue from stdin when no text is given', () => {
      const run = cli(['locate', '--repo', repo, '--brain', 'bm25'], { input: ISSUE });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /^1\. pkg\/cache\.py/);
    });

    it('reads at most 16 MB of an issue from an endless stdin or a huge file, and says so', async () => {
      // `yes` never ends: the reader must stop, or the process grows until it dies.
      const piped = await new Promise<{ status: number | null; stderr: string; stdout: string }>((done) => {
        const child = spawn('sh', ['-c', `yes "${ISSUE}" | "${process.execPath}" "${cliPath}" locate --repo "${repo}" --brain bm25`], { cwd: projectRoot, env: { ...process.env, CI: 'true' } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        child.on('close', (status) => done({ status, stdout, stderr }));
      });
      assert.equal(piped.status, 0, piped.stderr);
      assert.match(piped.stderr, /the issue is longer than 16 MB; only its start is read/);
      assert.match(piped.stdout, /^1\. pkg\/cache\.py/);
      const big = join(repo, 'big-issue.txt');
      writeFileSync(big, `${ISSUE}\n${'word '.repeat(4_000_000)}`);
      try {
        const run = cli(['locate', '--issue-file', big, '--repo', repo, '--brain', 'bm25']);
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stderr, /longer than 16 MB/);
      } finally {
        rmSync(big);
      }
    });

    it('reads the issue from --issue-file, relative to the user folder', () => {
      writeFileSync(join(repo, 'issue.txt'), ISSUE);
      const run = cli(['locate', '--issue-file', 'issue.txt', '--brain', 'bm25', '--json'], { env: { INIT_CWD: repo } });
      assert.equal(run.status, 0, run.stderr);
      assert.equal((JSON.parse(run.stdout) as LocateResult).candidates[0].path, 'pkg/cache.py');
    });

    it('searches INIT_CWD (the folder npm was run from) when --repo is not given', () => {
      const run = cli(['locate', ISSUE, '--brain', 'bm25', '--json'], { cwd: projectRoot, env: { INIT_CWD: repo } });
      assert.equal(run.status, 0, run.stderr);
      assert.equal((JSON.parse(run.stdout) as LocateResult).candidates[0].path, 'pkg/cache.py');
    });

    it('searches the current folder when neither --repo nor INIT_CWD is set', () => {
      const run = cli(['locate', ISSUE, '--brain', 'bm25', '--json'], { cwd: repo });
      assert.equal(run.status, 0, run.stderr);
      assert.equal((JSON.parse(run.stdout) as LocateResult).candidates[0].path, 'pkg/cache.py');
    });

    it('keeps a copy of a big repo\'s file listing for the next call (0600), none with --no-listing-cache', () => {
      const big = mkdtempSync(join(tmpdir(), 'codegrep-cli-big-'));
      const cache = mkdtempSync(join(tmpdir(), 'codegrep-cli-cache-'));
      try {
        // SNAPSHOT_MIN_FILES (10 000) files, in folders last changed a minute ago (a fresh change is never copied).
        const past = new Date(Date.now() - 60_000);
        for (let folder = 0; folder < 100; folder++) {
          const dir = join(big, 'pkg', `part${folder}`);
          mkdirSync(dir, { recursive: true });
          for (let file = 0; file < 100; file++) writeFileSync(join(dir, `mod${file}.py`), `def f${folder}_${file}():\n    pass\n`);
          utimesSync(dir, past, past);
        }
        writeFileSync(join(big, 'pkg', 'cache.py'), 'class LruCache:\n    def evict_oldest(self):\n        self.items.pop()\n');
        for (const dir of [join(big, 'pkg'), big]) utimesSync(dir, past, past);
        const first = cli(['locate', ISSUE, '--repo', big], { env: { CODEGREP_CACHE_DIR: cache } });
        assert.equal(first.status, 0, first.stderr);
        const copies = readdirSync(join(cache, 'listings'));
        assert.equal(copies.length, 1);
        assert.equal(statSync(join(cache, 'listings', copies[0])).mode & 0o777, 0o600);
        assert.equal(JSON.parse(gunzipSync(readFileSync(join(cache, 'listings', copies[0]))).toString('utf8')).files.length, 10_001);
        const second = cli(['locate', ISSUE, '--repo', big], { env: { CODEGREP_CACHE_DIR: cache } });
        assert.equal(second.status, 0, second.stderr);
        assert.equal(second.stdout.split('\n')[0], first.stdout.split('\n')[0]);
        assert.match(second.stdout, /^1\. pkg\/cache\.py/);

        const off = join(cache, 'off');
        const plain = cli(['locate', ISSUE, '--repo', big, '--no-listing-cache'], { env: { CODEGREP_CACHE_DIR: off } });
        assert.equal(plain.status, 0, plain.stderr);
        assert.equal(existsSync(off), false);
      } finally {
        rmSync(big, { recursive: true, force: true });
        rmSync(cache, { recursive: true, force: true });
      }
    });

    it('fetches a GitHub issue given by --url, by TEXT that is a URL, or by #N against the git remote', async () => {
      const requests: string[] = [];
      const server = createServer((req, res) => {
        requests.push(req.url ?? '');
        const match = /^\/repos\/acme\/cache\/issues\/(\d+)$/.exec(req.url ?? '');
        res.setHeader('content-type', 'application/json');
        if (!match) {
          res.statusCode = 404;
          res.end(JSON.stringify({ message: 'Not Found' }));
          return;
        }
        res.end(JSON.stringify({ title: 'LruCache.evict_oldest drops the newest entry', body: 'evict_oldest on a full LruCache', comments: 0, html_url: `https://github.com/acme/cache/issues/${match[1]}` }));
      });
      await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
      const { port } = server.address() as AddressInfo;
      const env = { GITHUB_API_URL: `http://127.0.0.1:${port}`, GITHUB_SERVER_URL: 'https://github.com', GITHUB_TOKEN: 'ghp_secret_token' };
      const withRemote = mkdtempSync(join(tmpdir(), 'codegrep-cli-remote-'));
      try {
        const byUrl = await cliAsync(['locate', '--url', 'https://github.com/acme/cache/issues/7', '--repo', repo, '--brain', 'bm25', '--json'], env);
        assert.equal(byUrl.status, 0, byUrl.stderr);
        const result = JSON.parse(byUrl.stdout) as LocateResult;
        assert.equal(result.issue.url, 'https://github.com/acme/cache/issues/7');
        assert.equal(result.candidates[0].path, 'pkg/cache.py');
        const byText = await cliAsync(['locate', 'acme/cache#8', '--repo', repo, '--brain', 'bm25'], env);
        assert.equal(byText.status, 0, byText.stderr);
        assert.match(byText.stdout, /^1\. pkg\/cache\.py/);
        execFileSync('git', ['init', '-q', withRemote]);
        // A fork: #N means the upstream's issue, not the fork's.
        execFileSync('git', ['-C', withRemote, 'remote', 'add', 'origin', 'https://github.com/me/cache-fork.git']);
        execFileSync('git', ['-C', withRemote, 'remote', 'add', 'upstream', 'https://github.com/acme/cache.git']);
        writeFileSync(join(withRemote, 'cache.py'), 'class LruCache:\n    def evict_oldest(self): pass\n');
        const byNumber = await cliAsync(['locate', '#9', '--repo', withRemote, '--brain', 'bm25'], env);
        assert.equal(byNumber.status, 0, byNumber.stderr);
        assert.match(byNumber.stdout, /^1\. cache\.py/);
        assert.deepEqual(requests, ['/repos/acme/cache/issues/7', '/repos/acme/cache/issues/8', '/repos/acme/cache/issues/9']);
        const missing = await cliAsync(['locate', '--url', 'acme/cache#x1', '--repo', repo], env);
        assert.equal(missing.status, 2);
        const notFound = await cliAsync(['locate', '--url', 'https://github.com/other/repo/issues/1', '--repo', repo], env);
        assert.equal(notFound.status, 1, notFound.stderr);
        assert.match(notFound.stderr, /other\/repo#1/);
        assert.ok(!`${byUrl.stdout}${notFound.stderr}`.includes('ghp_secret_token'));
        const noRemote = await cliAsync(['locate', '#9', '--repo', repo], env);
        assert.equal(noRemote.status, 2);
        assert.match(noRemote.stderr, /no GitHub remote/);
      } finally {
        server.close();
        rmSync(withRemote, { recursive: true, force: true });
      }
    });

    it('on Ctrl-C stops a run waiting on the model and exits 130', async () => {
      const server = await FakeModelServer.start([{ hang: true }]);
      try {
        const child = spawn(process.execPath, [cliPath, 'locate', ISSUE, '--repo', repo, '--brain', 'openai', '--endpoint', server.baseURL, '--model', 'm'], {
          env: { ...process.env, CI: 'true' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
        while (server.chatRequests.length === 0) await new Promise((tick) => setTimeout(tick, 50));
        child.kill('SIGINT');
        assert.equal(await exited, 130, stderr);
        assert.match(stderr, /codegrep locate: cancelled/);
      } finally {
        await server.close();
      }
    });

    const badInputs: [string, string[], RegExp][] = [
      ['no issue text (stdin empty)', ['locate', '--repo', '.'], /no issue given|issue text is empty/],
      ['an empty issue text', ['locate', '   ', '--repo', '.'], /issue text is empty/],
      ['a missing --repo folder', ['locate', 'x', '--repo', '/definitely/not/a/dir'], /--repo .* is not a folder/],
      ['an unknown --brain', ['locate', 'x', '--brain', 'psychic'], /unknown brain "psychic"/],
      ['--brain openai without an endpoint', ['locate', 'x', '--brain', 'openai'], /needs --endpoint/],
      ['--brain openai without a model', ['locate', 'x', '--brain', 'openai', '--endpoint', 'http://127.0.0.1:9/v1'], /model/i],
      ['two issue sources', ['locate', 'x', '--issue-file', 'f.txt'], /one way only/],
      ['a missing --issue-file', ['locate', '--issue-file', 'nope.txt'], /cannot read --issue-file/],
      ['an unknown option', ['locate', 'x', '--frobnicate'], /Unknown option '--frobnicate'/],
      ['a bad --max-turns', ['locate', 'x', '--max-turns', 'many'], /--max-turns must be a whole number/],
      ['a --url that is not an issue', ['locate', '--url', 'https://example.com/nothing'], /--url needs a GitHub issue URL/],
    ];
    for (const [what, args, message] of badInputs) {
      it(`exits 2 with a message and a usage hint on ${what}`, () => {
        const run = cli(args, { cwd: repo });
        assert.equal(run.status, 2, `${run.stdout}\n${run.stderr}`);
        assert.match(run.stderr, message);
        assert.match(run.stderr, /Run `codegrep locate --help` for usage\./);
        assert.equal(run.stdout, '');
      });
    }

    it('never prints the API key', () => {
      const run = cli(['locate', 'x', '--brain', 'openai', '--endpoint', 'not a url', '--model', 'm'], { env: { CODEGREP_API_KEY: 'sk-secret-123' } });
      assert.equal(run.status, 2);
      assert.ok(!`${run.stdout}${run.stderr}`.includes('sk-secret-123'));
    });
  });

  describe('top level', () => {
    it('prints help, per-command help and the version', () => {
      const help = cli(['--help']);
      assert.equal(help.status, 0);
      assert.match(help.stdout, /Usage: codegrep <command>/);
      assert.match(help.stdout, /locate/);
      assert.match(help.stdout, /eval/);
      const locateHelp = cli(['locate', '--help']);
      assert.equal(locateHelp.status, 0);
      assert.match(locateHelp.stdout, /--issue-file F/);
      const version = cli(['--version']);
      assert.equal(version.status, 0);
      assert.equal(version.stdout.trim(), (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version);
    });

    it('exits 2 on an unknown command or no command', () => {
      const unknown = cli(['frob']);
      assert.equal(unknown.status, 2);
      assert.match(unknown.stderr, /unknown command "frob"/);
      assert.equal(cli([]).status, 2);
    });
  });

  describe('eval', () => {
    let world: EvalWorld;
    before(() => (world = makeEvalWorld()));
    after(() => world.cleanup());

    it('prints the table, writes the report and exits 3 when some rows failed', () => {
      const out = join(world.root, 'report.json');
      const baseline = join(world.root, 'published.jsonl');
      writeFileSync(baseline, `${JSON.stringify({ instance_id: 'acme__widgets-1', predicted_files: ['widgets/parser.py'] })}\n`);
      const run = cli(['eval', '--dataset', world.dataset, '--repos', world.reposDir, '--brain', 'bm25', '--cache', join(world.root, 'cache'), '--out', out, '--concurrency', '1', '--baseline', `pub=${baseline}`]);
      assert.equal(run.status, 3, run.stderr);
      assert.match(run.stdout, /^\| system \| n \| precision \| recall \| F0\.5 \|/);
      assert.match(run.stdout, /\| bm25 \| 7 \| 0\.429 \|/);
      assert.match(run.stdout, /\| pub \(published\) \| 7 \| 0\.143 \|/);
      // Python and Rust rows (by their gold files' extensions; the two malformed lines have no language).
      assert.match(run.stdout, /By language[^\n]*\n\n\| system \| language \| n \|[^\n]*\n\|[^\n]*\n\| bm25 \| python \| 4 \| 0\.500 \|[^\n]*\n\| bm25 \| rust \| 1 \| 1\.000 \|[^\n]*\n\| pub \(published\) \| python \| 4 \| 0\.250 \|/);
      // acme__widgets-1 has its fix (gold_patch): the line-range table follows; BM25 cites no ranges.
      assert.match(run.stdout, /Line ranges of correctly predicted files[^\n]*\n\n\| system \| files \| with ranges \|[^\n]*\n\|[^\n]*\n\| bm25 \| 1 \| 0\.000 \|/);
      assert.match(run.stderr, /baseline pub has no prediction for 4 of 7 rows/);
      assert.match(run.stderr, /\[ ?\d\/\d\] bm25 acme__widgets-1 F0\.5=1\.00/, 'quiet per-row lines when not on a TTY');
      assert.match(run.stderr, /ERROR unknown commit/);
      const report = JSON.parse(readFileSync(out, 'utf8')) as EvalReport;
      assert.equal(report.summary.n, 7);
      assert.equal(report.summary.errors, 4);
      assert.deepEqual(report.instances.map((i) => i.language), ['python', 'python', undefined, undefined, 'python', 'rust', 'python'], 'each row keeps its language in the report');
    });

    it('--json prints the report; relative paths resolve against INIT_CWD', () => {
      const run = cli(['eval', '--dataset', 'dataset.jsonl', '--repos', 'repos', '--brain', 'bm25', '--cache', 'cache', '--filter', '^acme__widgets-\\d$', '--json'], {
        env: { INIT_CWD: world.root },
      });
      assert.equal(run.status, 0, run.stderr);
      const report = JSON.parse(run.stdout) as EvalReport;
      assert.deepEqual(
        report.instances.map((i) => i.instance_id),
        ['acme__widgets-1', 'acme__widgets-2'],
      );
      assert.equal(report.summary.f05, 1);
    });

    it('falls back to isomorphic-git when git is not on PATH, and says so', () => {
      const run = cli(['eval', '--dataset', world.dataset, '--repos', world.reposDir, '--brain', 'bm25', '--json'], { env: { PATH: join(world.root, 'no-bin') } });
      assert.equal(run.status, 3, run.stderr);
      assert.match(run.stderr, /git is not on PATH; checking out rows with isomorphic-git/);
      const report = JSON.parse(run.stdout) as EvalReport;
      assert.match(report.checkout, /isomorphic-git/);
      assert.deepEqual(report.instances.find((i) => i.instance_id === 'acme__gadgets-1')!.predicted_files, ['src/clock.rs']);
    });

    it('on Ctrl-C keeps the finished rows, removes the worktrees and exits 130', async () => {
      const rows = readFileSync(world.dataset, 'utf8').split('\n').filter((line) => line.includes('"acme__widgets-1"'));
      const many = Array.from({ length: 200 }, (_, i) => rows[0].replace('acme__widgets-1', `acme__widgets-copy${i}`));
      const dataset = join(world.root, 'many.jsonl');
      writeFileSync(dataset, `${many.join('\n')}\n`);
      const cacheDir = join(world.root, 'cache-sigint');
      const out = join(world.root, 'sigint.json');
      const child = spawn(process.execPath, [cliPath, 'eval', '--dataset', dataset, '--repos', world.reposDir, '--brain', 'bm25', '--cache', cacheDir, '--out', out, '--concurrency', '1'], {
        env: { ...process.env, CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8');
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
      await new Promise<void>((ready) =>
        child.stderr.on('data', (chunk: string) => {
          stderr += chunk;
          if (/\[ *3\/200\]/.test(stderr)) ready();
        }),
      );
      child.kill('SIGINT');
      assert.equal(await exited, 130, stderr);
      assert.match(stderr, /interrupted: run the same command again to resume/);
      const kept = readFileSync(`${out}.rows.jsonl`, 'utf8').trim().split('\n').length;
      assert.ok(kept >= 3 && kept < 200, `${kept} finished rows kept`);
      const list = execFileSync('git', ['--git-dir', join(cacheDir, 'acme__widgets.git'), 'worktree', 'list', '--porcelain'], { encoding: 'utf8' });
      assert.equal(list.match(/^worktree /gm)?.length, 1, list);
    });

    const badInputs: [string, string[], RegExp][] = [
      ['no --dataset', ['eval', '--repos', '.'], /--dataset F\.jsonl is required/],
      ['a missing dataset file', ['eval', '--dataset', '/nope.jsonl', '--repos', '.'], /is not a file/],
      ['a bad --filter', ['eval', '--dataset', 'package.json', '--repos', '.', '--filter', '('], /--filter is not a valid regular expression/],
      ['a bad --baseline', ['eval', '--dataset', 'package.json', '--repos', '.', '--baseline', 'x.jsonl'], /NAME=FILE/],
      ['a bad --concurrency', ['eval', '--dataset', 'package.json', '--repos', '.', '--concurrency', '0'], /--concurrency must be/],
    ];
    for (const [what, args, message] of badInputs) {
      it(`exits 2 on ${what}`, () => {
        const run = cli(args);
        assert.equal(run.status, 2, run.stderr);
        assert.match(run.stderr, message);
        assert.match(run.stderr, /codegrep eval --help/);
      });
    }
  });
});
