import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ConversationRecorder } from '../../../helpers/conversationRecorder';
import { FakeModelServer, loadConversation } from '../../../helpers/fakeModelServer';
import { Locator } from '../../../../src/core/locator';
import { createOpenAIBrain } from '../../../../src/core/openai/index';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { CART_ISSUE, makeSampleRepo } from '../sampleRepo';

const projectRoot = resolve(__dirname, '../../../..');

describe('fake model server (test helper other suites reuse)', () => {
  it('byTurn picks replies from the request history, so concurrent runs share one server', async () => {
    const server = await FakeModelServer.start(loadConversation('parallel-8-calls'), { byTurn: true });
    try {
      const post = (messages: unknown[]) =>
        fetch(`${server.baseURL}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages }) }).then(
          (r) => r.json() as Promise<{ choices: { message: { tool_calls: { function: { name: string } }[] } }[] }>,
        );
      const [first, second] = await Promise.all([post([{ role: 'user', content: 'x' }]), post([{ role: 'assistant', content: '' }])]);
      assert.equal(first.choices[0].message.tool_calls.length, 8);
      assert.equal(second.choices[0].message.tool_calls[0].function.name, 'answer');
      const missing = await fetch(`${server.baseURL.replace(/\/v1$/, '')}/chat/completions`, { method: 'POST', body: '{}' });
      assert.equal(missing.status, 404);
    } finally {
      await server.close();
    }
  });

  it('serveFakeModel.ts runs it as a process and prints the base URL', async function () {
    this.timeout(30_000);
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test/helpers/serveFakeModel.ts'), 'early-answer'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolveLine, reject) => {
        child.stdout.once('data', (chunk: Buffer) => resolveLine(chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const { baseURL } = JSON.parse(line) as { baseURL: string };
      const models = (await (await fetch(`${baseURL}/models`)).json()) as { data: { id: string }[] };
      assert.deepEqual(models.data.map((m) => m.id), ['codegrep']);
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
  });

  it('restart replays the script for the next run', async () => {
    const server = await FakeModelServer.start({ ...loadConversation('early-answer'), after: 'restart' });
    const repo = makeSampleRepo();
    try {
      const locator = new Locator(new NodeToolRunner({ roots: [repo.root] }));
      const brain = createOpenAIBrain({ baseURL: server.baseURL, model: 'm' });
      for (let run = 0; run < 2; run++) {
        const result = await locator.locate(CART_ISSUE, brain);
        assert.deepEqual(result.candidates.map((c) => c.path), ['shop/cart.py']);
      }
      assert.equal(server.chatRequests.length, 2);
    } finally {
      await server.close();
      repo.remove();
    }
  });
});

describe('conversation recorder (real transcripts → fixtures)', () => {
  it('records replies through a proxy, and the recording replays to the same result', async () => {
    const upstream = await FakeModelServer.start(loadConversation('missing-ids'));
    const recorder = await ConversationRecorder.start(upstream.baseURL);
    const repo = makeSampleRepo();
    try {
      const locator = new Locator(new NodeToolRunner({ roots: [repo.root] }));
      const live = await locator.locate(CART_ISSUE, createOpenAIBrain({ baseURL: recorder.baseURL, model: 'm' }));
      assert.equal(recorder.replies.length, 4);
      const replay = await FakeModelServer.start(recorder.conversation('recorded', 'test'));
      try {
        const again = await locator.locate(CART_ISSUE, createOpenAIBrain({ baseURL: replay.baseURL, model: 'm' }));
        assert.deepEqual(again.candidates, live.candidates);
        assert.deepEqual(
          again.trajectory.map((t) => t.calls.map((c) => c.call)),
          live.trajectory.map((t) => t.calls.map((c) => c.call)),
        );
      } finally {
        await replay.close();
      }
    } finally {
      await recorder.close();
      await upstream.close();
      repo.remove();
    }
  });
});
