import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LocateResult } from '../../../../src/common/result';
import { FakeModelServer, loadConversation } from '../../../helpers/fakeModelServer';
import { makeSampleRepo, type SampleRepo } from '../sampleRepo';
import { withRoot } from './harness';

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
    assert.match(generic.stderr, /--thinking needs a profile that sends chat_template_kwargs/);
  });

  it('refuses a missing model name with exit 2', async () => {
    const run = await cli(['locate', '--brain', 'openai', '--endpoint', 'http://127.0.0.1:9/v1', '--repo', repo.root, 'Cart total']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /codegrep\.model \(CLI: --model\)/);
  });

  it('--profile fastcontext runs FastContext\'s protocol end to end (absolute paths, warm start on by default)', async () => {
    server = await FakeModelServer.start(withRoot(loadConversation('fastcontext-absolute-paths'), repo.root));
    const run = await cli(['locate', '--brain', 'openai', '--profile', 'fastcontext', '--endpoint', server.baseURL, '--model', 'fc-4b', '--repo', repo.root, '--json', 'Cart.total() ignores item quantity']);
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as LocateResult;
    assert.equal(result.profile, 'fastcontext');
    assert.deepEqual(result.candidates.map((c) => [c.path, c.ranges]), [['shop/cart.py', [[11, 13]]]]);
    assert.deepEqual(result.rejected.map((r) => r.path), ['/etc/passwd']);
    assert.equal(result.usage.turns, 5, "FastContext's 4 tool turns + the answer turn");
    assert.equal(result.warmStart?.brain, 'embedded');
    assert.equal(server.chatRequests.length, 5);
    assert.deepEqual((server.chatRequests[0].body?.tools as { function: { name: string } }[]).map((t) => t.function.name), ['Read', 'Glob', 'Grep']);
    assert.match(String((server.chatRequests[0].body?.messages as { content: string }[])[1].content), /<\/query>\n\nHint: /);
  });

  it('--profile auto speaks CodeScout to a CodeScout model; --no-warm-start sends no hint', async () => {
    server = await FakeModelServer.start(withRoot(loadConversation('codescout-terminal'), repo.root));
    const run = await cli(['locate', '--brain', 'openai', '--endpoint', server.baseURL, '--model', 'OpenHands/CodeScout-14B', '--no-warm-start', '--repo', repo.root, '--json', 'Cart.total() ignores item quantity']);
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as LocateResult;
    assert.equal(result.profile, 'codescout');
    assert.equal(result.warmStart, undefined);
    assert.deepEqual(result.candidates.map((c) => [c.path, c.ranges, c.reason]), [
      ['shop/cart.py', [[11, 13], [8, 9]], 'Cart.total'], // in the order the model listed its locations
      ['shop/pricing.py', [[1, 4]], 'function apply_discount'],
    ]);
    const refused = result.trajectory[0].calls.filter((c) => c.error).map((c) => c.call.name === 'terminal' && c.call.args.command);
    assert.deepEqual(refused, ['rm -rf shop', 'cat shop/cart.py; echo done']);
    assert.doesNotMatch(String((server.chatRequests[0].body?.messages as { content: string }[])[1].content), /Hint:/);
    assert.equal(readFileSync(join(repo.root, 'shop', 'cart.py'), 'utf8').includes('class Cart'), true, 'rm -rf shop did not run');
  });

  it('--profile generic and codegrep still speak our own protocol; an unknown profile is exit 2', async () => {
    server = await FakeModelServer.start(loadConversation('early-answer'));
    const run = await cli(['locate', '--brain', 'openai', '--profile', 'generic', '--endpoint', server.baseURL, '--model', 'FastContext-but-generic', '--repo', repo.root, '--json', 'Cart total']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as LocateResult).profile, 'generic');
    assert.deepEqual((server.chatRequests[0].body?.tools as { function: { name: string } }[]).map((t) => t.function.name), ['grep', 'glob', 'read', 'answer']);
    const bad = await cli(['locate', '--brain', 'openai', '--profile', 'swe-agent', '--endpoint', server.baseURL, '--model', 'm', '--repo', repo.root, 'x']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /Unknown model profile "swe-agent"\. Use one of: auto, codegrep, generic, fastcontext, codescout/);
  });
});
