import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FakeModelServer } from '../../helpers/fakeModelServer';
import { eventually } from '../envserver/helpers';

const ROOT = resolve(__dirname, '../../..');

/** A raw stdio MCP session: JSON lines in, JSON lines out, so a test can send what no SDK client would. */
class RawMcp {
  readonly child: ChildProcessWithoutNullStreams;
  stderr = '';
  private buffer = '';
  private readonly waiting = new Map<string | number | null, (message: Record<string, unknown>) => void>();
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[], cwd: string) {
    this.child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), 'mcp', ...args], { cwd, env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      for (let newline = this.buffer.indexOf('\n'); newline !== -1; newline = this.buffer.indexOf('\n')) {
        const message = JSON.parse(this.buffer.slice(0, newline)) as Record<string, unknown>;
        this.buffer = this.buffer.slice(newline + 1);
        const id = (message.id ?? null) as string | number | null;
        this.waiting.get(id)?.(message);
        this.waiting.delete(id);
      }
    });
    this.exited = new Promise((done) => this.child.on('exit', (code, signal) => done({ code, signal })));
  }

  /** Writes one raw line and waits for the reply with `id`. */
  request(id: string | number | null, line: string): Promise<Record<string, unknown>> {
    const reply = new Promise<Record<string, unknown>>((done) => this.waiting.set(id, done));
    this.child.stdin.write(`${line}\n`);
    return reply;
  }

  call(id: number, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.request(id, JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  }

  async initialize(): Promise<void> {
    await this.call(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }
}

describe('mcp hardening (node dist/cli.js mcp, raw stdio)', function () {
  this.timeout(60_000);
  let base: string;
  let repo: string;

  before(() => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
    base = mkdtempSync(join(tmpdir(), 'codegrep-mcph-'));
    repo = join(base, 'repo');
    execFileSync('mkdir', ['-p', join(repo, 'sub')]);
    writeFileSync(join(repo, 'app.py'), 'def parse_header(text):\n    return text.split(":")[1]\n');
    writeFileSync(join(repo, 'sub', 'lib.py'), 'def helper():\n    pass\n');
    symlinkSync('/etc', join(repo, 'etc-link'));
    symlinkSync(join(repo, 'sub'), join(repo, 'sub-link'));
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it('answers a message over 10 MiB with an error and keeps serving the next call', async () => {
    const mcp = new RawMcp(['--repo', repo], repo);
    try {
      await mcp.initialize();
      const huge = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'locate_files', arguments: { issue: 'x'.repeat(11 * 1024 * 1024) } } });
      const refused = await mcp.request(7, huge);
      assert.match(JSON.stringify(refused.error), /message too large: \d+ bytes, over the 10485760-byte limit/);
      const listed = await mcp.call(8, 'tools/list', {});
      assert.match(JSON.stringify(listed.result), /locate_files/);
      assert.match(mcp.stderr, /dropped a \d+-byte message/);
    } finally {
      mcp.child.stdin.end();
      await mcp.exited;
    }
  });

  it('answers a 2 MB issue holding one 200,000-character token (mining is bounded)', async () => {
    const mcp = new RawMcp(['--repo', repo], repo);
    try {
      await mcp.initialize();
      const issue = `parse_header fails in app.py\n${'a/'.repeat(100_000)}b.py\n${'word '.repeat(360_000)}`;
      const reply = await mcp.call(9, 'tools/call', { name: 'locate_files', arguments: { issue } });
      const text = JSON.stringify(reply.result);
      assert.doesNotMatch(text, /"isError":true/, text.slice(0, 500));
      assert.match(text, /app\.py/);
    } finally {
      mcp.child.stdin.end();
      await mcp.exited;
    }
  });

  it('refuses a call whose repo lies outside the server folder ("/", "/etc", "../..", a symlink out), accepts a subfolder', async () => {
    const mcp = new RawMcp(['--repo', repo], repo);
    try {
      await mcp.initialize();
      let id = 20;
      for (const outside of ['/', '/etc', '../..', 'etc-link']) {
        const reply = await mcp.call(++id, 'tools/call', { name: 'locate_files', arguments: { issue: 'parse_header fails', repo: outside } });
        const text = JSON.stringify(reply.result);
        assert.match(text, /"isError":true/, outside);
        assert.match(text, /is outside the folders this server may search/, outside);
      }
      const inside = await mcp.call(++id, 'tools/call', { name: 'locate_files', arguments: { issue: 'helper is wrong', repo: 'sub' } });
      assert.doesNotMatch(JSON.stringify(inside.result), /"isError":true/);
      // A link that stays inside is searched at the real folder that was checked, so switching the link after the
      // check cannot lead the search out.
      const linked = await mcp.call(++id, 'tools/call', { name: 'locate_files', arguments: { issue: 'helper is wrong', repo: 'sub-link' } });
      assert.equal((linked.result as { structuredContent: { repo: string } }).structuredContent.repo, realpathSync(join(repo, 'sub')));
    } finally {
      mcp.child.stdin.end();
      await mcp.exited;
    }
  });

  it('--allow-repo opens one more folder', async () => {
    const other = mkdtempSync(join(tmpdir(), 'codegrep-mcph-other-'));
    writeFileSync(join(other, 'x.py'), 'def x():\n    pass\n');
    const mcp = new RawMcp(['--repo', repo, '--allow-repo', other], repo);
    try {
      await mcp.initialize();
      const reply = await mcp.call(30, 'tools/call', { name: 'locate_files', arguments: { issue: 'x is broken', repo: other } });
      assert.doesNotMatch(JSON.stringify(reply.result), /"isError":true/);
    } finally {
      mcp.child.stdin.end();
      await mcp.exited;
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('--exclude hides matching files from every call (the tools never see them)', async () => {
    const mcp = new RawMcp(['--repo', repo, '--exclude', 'app.py'], repo);
    try {
      await mcp.initialize();
      const plain = new RawMcp(['--repo', repo], repo);
      try {
        await plain.initialize();
        const seen = await plain.call(40, 'tools/call', { name: 'locate_files', arguments: { issue: 'parse_header fails on a value without a colon' } });
        assert.match(JSON.stringify(seen.result), /app\.py/);
      } finally {
        plain.child.stdin.end();
        await plain.exited;
      }
      const reply = await mcp.call(41, 'tools/call', { name: 'locate_files', arguments: { issue: 'parse_header fails on a value without a colon' } });
      assert.doesNotMatch(JSON.stringify(reply.result), /"isError":true/);
      assert.doesNotMatch(JSON.stringify(reply.result), /app\.py/);
    } finally {
      mcp.child.stdin.end();
      await mcp.exited;
    }
  });

  it('answers a line that is no JSON-RPC message with its JSON-RPC error, and keeps serving', async () => {
    const mcp = new RawMcp(['--repo', repo], repo);
    try {
      await mcp.initialize();
      const notJson = await mcp.request(null, 'this is not json');
      assert.deepEqual(notJson.error, { code: -32700, message: 'parse error: the line is not JSON.' });
      const cut = await mcp.request(null, '{"jsonrpc":"2.0","id":5,');
      assert.equal((cut.error as { code: number }).code, -32700);
      const batch = await mcp.request(null, '[]');
      assert.equal((batch.error as { code: number }).code, -32600);
      const noVersion = await mcp.request(6, '{"id": 6, "method": "tools/list"}');
      assert.match(JSON.stringify(noVersion.error), /-32600.*one JSON-RPC 2\.0 object a line/);
      const listed = await mcp.call(7, 'tools/list', {});
      assert.match(JSON.stringify(listed.result), /locate_files/);
      assert.ok(mcp.stderr.split('\n').length < 12, `no long dump on stderr: ${mcp.stderr}`);
    } finally {
      mcp.child.stdin.end();
      await mcp.exited;
    }
  });

  it('cancels a call in flight when the client closes stdin, instead of waiting on the model', async () => {
    const model = await FakeModelServer.start([{ hang: true }]);
    const mcp = new RawMcp(['--repo', repo, '--brain', 'openai', '--endpoint', model.baseURL, '--model', 'm'], repo);
    try {
      await mcp.initialize();
      mcp.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 50, method: 'tools/call', params: { name: 'locate_files', arguments: { issue: 'parse_header fails' } } })}\n`);
      await eventually(() => model.requests.some((r) => r.path.endsWith('/chat/completions')), 'the model is asked');
      const closedAt = Date.now();
      mcp.child.stdin.end();
      const { code } = await mcp.exited;
      assert.equal(code, 0);
      assert.ok(Date.now() - closedAt < 5_000, `exited ${Date.now() - closedAt} ms after stdin closed`);
    } finally {
      mcp.child.kill('SIGKILL');
      await model.close();
    }
  });

  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`${signal} shuts the server down cleanly (logged, exit 130), not by dying of the signal`, async () => {
      const mcp = new RawMcp(['--repo', repo], repo);
      await mcp.initialize();
      mcp.child.kill(signal);
      const { code, signal: died } = await mcp.exited;
      assert.equal(died, null);
      assert.equal(code, 130);
      assert.match(mcp.stderr, new RegExp(`stopped by ${signal}`));
    });
  }
});
