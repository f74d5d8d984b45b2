import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';
import { FakeModelServer } from '../../helpers/fakeModelServer';

const projectRoot = resolve(__dirname, '../../..');
const cliPath = join(projectRoot, 'dist', 'cli.js');
const KEY = 'sk-test-0123456789abcdefSECRET';
const ISSUE = 'LruCache.evict_oldest drops the newest entry';

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI without blocking the event loop (the test's own servers must answer). */
function cli(args: string[], env: Record<string, string> = {}, onStart?: (child: ReturnType<typeof spawn>) => void): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd: projectRoot, env: { ...process.env, CI: 'true', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (status, signal) => done({ status, signal, stdout, stderr }));
    onStart?.(child);
  });
}

/** A model server that refuses every request with 401 and quotes the Authorization header it got, as some proxies do. */
async function echoingServer(): Promise<{ server: Server; baseURL: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `invalid credentials: Authorization: ${req.headers.authorization ?? ''} (key ${String(req.headers.authorization).replace('Bearer ', '')})` } }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

describe('cli hardening (node dist/cli.js, loopback servers)', function () {
  this.timeout(120_000);
  let repo: string;

  before(() => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: projectRoot, stdio: 'inherit' });
    repo = mkdtempSync(join(tmpdir(), 'codegrep-hard-'));
    for (const [path, text] of Object.entries({ 'pkg/cache.py': 'class LruCache:\n    def evict_oldest(self):\n        self.items.pop()\n' })) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  it('prints no terminal escapes from a model reason, a rejected path or a server error body', async () => {
    const files = [
      { path: 'pkg/cache.py', reason: 'evicts \x1b[2J\x1b]0;pwned\x07 the wrong item\nsecond line' },
      { path: '\x1b[31mghost.py', reason: 'x' },
    ];
    const model = await FakeModelServer.start([
      { message: { content: '', tool_calls: [{ id: 'a1', type: 'function', function: { name: 'answer', arguments: JSON.stringify({ files }) } }] } },
      { status: 400, body: { error: { message: 'bad request \x1b]0;title\x07\x1b[2J' } } },
    ]);
    try {
      const base = ['locate', ISSUE, '--repo', repo, '--brain', 'openai', '--endpoint', model.baseURL, '--model', 'm', '--max-turns', '0'];
      const ok = await cli(base);
      assert.equal(ok.status, 0, ok.stderr);
      assert.ok(!ok.stdout.includes('\x1b') && !ok.stdout.includes('\x07'), JSON.stringify(ok.stdout));
      assert.match(ok.stdout, /evicts \uFFFD\[2J\uFFFD\]0;pwned\uFFFD the wrong item second line/);
      assert.match(ok.stdout, /\uFFFD\[31mghost\.py: does not exist/);
      const failed = await cli(base);
      assert.equal(failed.status, 1);
      assert.match(failed.stderr, /bad request \uFFFD\]0;title\uFFFD\uFFFD\[2J/);
      assert.ok(!failed.stderr.includes('\x1b'), JSON.stringify(failed.stderr));
    } finally {
      await model.close();
    }
  });

  describe('an API key echoed back by the server', () => {
    let echo: { server: Server; baseURL: string };
    let world: EvalWorld;
    before(async () => {
      echo = await echoingServer();
      world = makeEvalWorld();
    });
    after(() => {
      echo.server.close();
      world.cleanup();
    });

    it('never reaches CLI stderr', async () => {
      const run = await cli(['locate', ISSUE, '--repo', repo, '--brain', 'openai', '--endpoint', echo.baseURL, '--model', 'm'], { CODEGREP_API_KEY: KEY });
      assert.equal(run.status, 1);
      assert.match(run.stderr, /refused the API key \(HTTP 401/);
      assert.ok(!run.stderr.includes(KEY) && !run.stderr.includes('0123456789abcdef'), run.stderr);
    });

    it('never reaches the eval report, its rows sidecar or the progress lines', async () => {
      const out = join(world.root, 'leak-report.json');
      const run = await cli(
        ['eval', '--dataset', world.dataset, '--repos', world.reposDir, '--brain', 'openai', '--endpoint', echo.baseURL, '--model', 'm', '--cache', join(world.root, 'cache'), '--out', out, '--limit', '2', '--concurrency', '1'],
        { CODEGREP_API_KEY: KEY },
      );
      assert.equal(run.status, 3, run.stderr);
      const report = readFileSync(out, 'utf8');
      const rows = readFileSync(`${out}.rows.jsonl`, 'utf8');
      assert.match(rows, /refused the API key/);
      for (const [name, text] of [['stderr', run.stderr], ['report', report], ['rows', rows], ['stdout', run.stdout]]) {
        assert.ok(!text.includes(KEY), `${name} holds the key:\n${text.slice(0, 2000)}`);
      }
    });

    it('never reaches an MCP tool error', async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [cliPath, 'mcp', '--repo', repo, '--brain', 'openai', '--endpoint', echo.baseURL, '--model', 'm'],
        env: { PATH: process.env.PATH ?? '', CODEGREP_API_KEY: KEY },
        stderr: 'pipe',
      });
      const client = new Client({ name: 't', version: '1' });
      await client.connect(transport);
      try {
        const result = await client.callTool({ name: 'locate_files', arguments: { issue: ISSUE } });
        const text = JSON.stringify(result);
        assert.equal(result.isError, true);
        assert.match(text, /refused the API key/);
        assert.ok(!text.includes(KEY), text);
      } finally {
        await client.close();
      }
    });
  });

  it('stops quietly when the reader closes its end of the pipe (`… | head -1`): no stack trace', async () => {
    const run = await cli(['locate', ISSUE, '--repo', repo, '--json'], {}, (child) => child.stdout!.destroy());
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /EPIPE|node:events|at .*\.js:\d+/);
  });

  it('refuses a folder its user cannot read (exit 2), instead of failing as if ripgrep were broken', async function () {
    // Permissions bind only a user who is not root: run the CLI as `nobody` (setpriv is util-linux's, on Debian).
    const hasSetpriv = existsSync('/usr/bin/setpriv');
    if (process.getuid?.() !== 0 || !hasSetpriv) this.skip();
    const parent = mkdtempSync(join(tmpdir(), 'codegrep-perm-'));
    chmodSync(parent, 0o755);
    const locked = join(parent, 'locked');
    mkdirSync(locked, { mode: 0o000 });
    try {
      for (const command of [['locate', ISSUE], ['mcp']]) {
        const run = await new Promise<Run>((done) => {
          const child = spawn('/usr/bin/setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, cliPath, ...command, '--repo', locked], { cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
          child.on('close', (status, signal) => done({ status, signal, stdout, stderr }));
        });
        assert.equal(run.status, 2, `${command[0]}: ${run.stderr}`);
        assert.match(run.stderr, /locked cannot be read \(permission denied\)/);
      }
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('refuses an --exclude glob that would hide nothing (exit 2), for locate and for mcp at startup', async () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
    const glob = `{pkg,${letters.join(',')}}/{${letters.join(',')},*}`;
    for (const command of [['locate', ISSUE], ['mcp']]) {
      const run = await cli([...command, '--repo', repo, '--exclude', glob]);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /--exclude \{pkg,a,.*: its braces expand to more than 256 patterns, so it would hide nothing/);
    }
  });

  it('locate --exclude hides matching paths from the tools; --include-ignored opts in to ignored files', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'codegrep-excl-'));
    try {
      const file = 'class LruCache:\n    def evict_oldest(self):\n        self.items.pop()\n';
      for (const path of ['pkg/cache.py', 'gen/cache.py', 'vendor/cache.py']) {
        mkdirSync(dirname(join(tree, path)), { recursive: true });
        writeFileSync(join(tree, path), file);
      }
      writeFileSync(join(tree, '.ignore'), 'vendor/\n');
      // The hand-weighted choice answers every file tied with the best, so each visible copy shows.
      const paths = async (...flags: string[]) => {
        const run = await cli(['locate', ISSUE, '--repo', tree, '--json', '--brain', 'embedded:hand', ...flags]);
        assert.equal(run.status, 0, run.stderr);
        return (JSON.parse(run.stdout) as { candidates: { path: string }[] }).candidates.map((c) => c.path).sort();
      };
      assert.deepEqual(await paths(), ['gen/cache.py', 'pkg/cache.py']);
      assert.deepEqual(await paths('--exclude', 'gen'), ['pkg/cache.py']);
      assert.deepEqual(await paths('--exclude', '**/gen', '--exclude', 'pkg'), []);
      assert.deepEqual(await paths('--include-ignored', '--exclude', '**/gen', '--exclude', 'pkg'), ['vendor/cache.py']);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('eval --out pointing at a folder fails at once (exit 2), before any row runs', async () => {
    const world = makeEvalWorld();
    try {
      const run = await cli(['eval', '--dataset', world.dataset, '--repos', world.reposDir, '--brain', 'bm25', '--cache', join(world.root, 'cache'), '--out', world.root]);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /--out .* is a folder; give a file path/);
      assert.doesNotMatch(run.stderr, /row runs to do|F0\.5=/);
    } finally {
      world.cleanup();
    }
  });

  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`${signal} stops a locate waiting on the model like Ctrl-C (exit 130, "cancelled")`, async () => {
      const model = await FakeModelServer.start([{ hang: true }]);
      try {
        const run = await cli(['locate', ISSUE, '--repo', repo, '--brain', 'openai', '--endpoint', model.baseURL, '--model', 'm'], {}, (child) => {
          const poll = setInterval(() => {
            if (model.chatRequests.length > 0) {
              clearInterval(poll);
              child.kill(signal);
            }
          }, 50);
        });
        assert.equal(run.signal, null, 'the process handled the signal instead of dying of it');
        assert.equal(run.status, 130, run.stderr);
        assert.match(run.stderr, /codegrep locate: cancelled/);
      } finally {
        await model.close();
      }
    });
  }
});
