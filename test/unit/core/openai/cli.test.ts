import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LocateResult } from '../../../../src/common/result';
import { FakeModelServer, loadConversation } from '../../../helpers/fakeModelServer';
import { makeSampleRepo, type SampleRepo } from '../sampleRepo';

const projectRoot = resolve(__dirname, '../../../..');
const cliPath = join(projectRoot, 'dist', 'cli.js');

/** Runs the built CLI asynchronously (the fake server lives in this process, so no spawnSync). */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: projectRoot,
      env: { ...process.env, CODEGREP_API_KEY: '', CODEGREP_ENDPOINT: '', CODEGREP_MODEL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolvePromise({ status, stdout, stderr });
    });
  });
}

describe('codegrep locate --brain openai (built CLI against the loopback server)', function () {
  this.timeout(120_000);
  let repo: SampleRepo;
  let server: FakeModelServer | undefined;

  before(() => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: projectRoot, stdio: 'inherit' });
    repo = makeSampleRepo();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  after(() => repo.remove());

  it('prints the located file with its reason, sending the key from CODEGREP_API_KEY', async () => {
    server = await FakeModelServer.start(loadConversation('parallel-8-calls'));
    const run = await cli(
      ['locate', '--brain', 'openai', '--endpoint', server.baseURL, '--model', 'codegrep-14b', '--repo', repo.root, 'Cart.total() ignores item quantity'],
      { CODEGREP_API_KEY: 'sk-local-test' },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /shop\/cart\.py/);
    assert.match(run.stdout, /total\(\) sums prices without multiplying by quantity/);
    assert.equal(server.chatRequests.length, 2);
    assert.equal(server.chatRequests[0].body?.model, 'codegrep-14b');
    assert.equal(server.chatRequests[0].headers.authorization, 'Bearer sk-local-test');
    assert.doesNotMatch(run.stdout + run.stderr, /sk-local-test/);
  });

  it('--json prints the LocateResult with rejected citations', async () => {
    server = await FakeModelServer.start(loadConversation('bad-citations'));
    const run = await cli(['locate', '--brain', 'openai', '--endpoint', server.baseURL, '--model', 'm', '--repo', repo.root, '--json', 'Cart total']);
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as LocateResult;
    assert.equal(result.brain, 'openai:m');
    assert.deepEqual(result.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.deepEqual(result.rejected.map((r) => r.path), ['shop/checkout.py', '../outside.py', '/etc/passwd']);
  });

  it('fails with exit 1 and an actionable message when the key is refused', async () => {
    server = await FakeModelServer.start(loadConversation('auth-failed'));
    const run = await cli(['locate', '--brain', 'openai', '--endpoint', server.baseURL, '--model', 'm', '--repo', repo.root, 'Cart total']);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /refused the API key.*CODEGREP_API_KEY/);
  });

  it('lists the repo files when the run starts, so the first glob does not wait for the listing', async () => {
    const late = join(repo.root, 'shop', 'late_file.py');
    server = await FakeModelServer.start(async (_body, index) => {
      if (index > 0) return { message: { role: 'assistant', content: 'shop/cart.py:1-3 - the cart' } };
      // A file made while the model "thinks" is missing from the listing the CLI prefetched at start.
      await new Promise((done) => setTimeout(done, 1_000));
      writeFileSync(late, '');
      const call = { id: 'g1', type: 'function', function: { name: 'glob', arguments: '{"pattern": "**/*.py"}' } };
      return { message: { role: 'assistant', content: null, tool_calls: [call] } };
    });
    try {
      const run = await cli(['locate', '--brain', 'openai', '--endpoint', server.baseURL, '--model', 'm', '--repo', repo.root, '--max-turns', '1', 'Cart total']);
      assert.equal(run.status, 0, run.stderr);
      const messages = server.chatRequests[1].body?.messages as { role: string; content: string }[];
      const globResult = messages.find((m) => m.role === 'tool')?.content ?? '';
      assert.match(globResult, /shop\/cart\.py/);
      assert.doesNotMatch(globResult, /late_file\.py/, 'the listing was taken before the first model reply');
    } finally {
      rmSync(late, { force: true });
    }
  });

  it('--thinking turns reasoning on in every request; with the generic profile it is refused', async () => {
    server = await FakeModelServer.start(loadConversation('early-answer'));
    const args = ['locate', '--brain', 'openai', '--endpoint', server.baseURL, '--model', 'm', '--repo', repo.root];
    const run = await cli([...args, '--thinking', 'Cart total']);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(server.chatRequests.length > 0);
    for (const request of server.chatRequests) assert.deepEqual(request.body?.chat_template_kwargs, { enable_thinking: true });
    assert.equal(server.chatRequests[0].body?.max_tokens, 16384, 'reasoning gets the larger completion cap');
    const generic = await cli([...args, '--thinking', '--profile', 'generic', 'Cart total']);
    assert.equal(generic.status, 2);
    assert.match(generic.stderr, /--thinking needs the codegrep profile/);
  });

  it('refuses a missing model name with exit 2', async () => {
    const run = await cli(['locate', '--brain', 'openai', '--endpoint', 'http://127.0.0.1:9/v1', '--repo', repo.root, 'Cart total']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /codegrep\.model \(CLI: --model\)/);
  });
});
