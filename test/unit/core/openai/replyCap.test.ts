import assert from 'node:assert/strict';
import { CodeGrepError } from '../../../../src/common/errors';
import { readCapped } from '../../../../src/core/openai/replyCap';
import { cleanup, playConversation, type Played } from './harness';

describe('OpenAIBrain: oversized model replies', function () {
  this.timeout(60_000);
  let played: Played | undefined;
  afterEach(async () => {
    await cleanup(played);
    played = undefined;
  });

  it('refuses a 20 MB reply with a clear error, after one request (no retries)', async () => {
    played = await playConversation([{ message: { content: 'x'.repeat(20 * 1024 * 1024) } }]);
    assert.ok(played.error instanceof CodeGrepError, String(played.error));
    assert.equal(played.error.code, 'model-error');
    assert.match(played.error.message, /reply is larger than 8 MB/);
    assert.equal(played.server.chatRequests.length, 1);
  });

  it('keeps at most 16,000 characters of a long reply in history, so the next request stays small', async () => {
    const huge = 'y'.repeat(2_000_000);
    played = await playConversation(
      [
        { message: { content: huge, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'grep', arguments: JSON.stringify({ pattern: 'total', glob: huge }) } }] } },
        { message: { content: '<final_answer>\nshop/cart.py:11-13 — total ignores quantity\n</final_answer>' } },
      ],
      { maxTurns: 1 },
    );
    assert.equal(played.error, undefined, String(played.error));
    const second = played.server.chatRequests[1];
    const size = JSON.stringify(second.body).length;
    assert.ok(size < 100_000, `second request is ${size} characters`);
    assert.match(JSON.stringify(second.body), /more characters cut to fit the model context/);
    assert.deepEqual(played.result?.candidates.map((c) => c.path), ['shop/cart.py']);
  });

  it('readCapped rejects a body whose Content-Length is over the cap without reading it', async () => {
    const response = new Response('z'.repeat(100), { headers: { 'content-length': '100' } });
    await assert.rejects(readCapped(response, 10), /larger than 0 MB \(at least 100 bytes\)/);
    const ok = await readCapped(new Response('small'), 10);
    assert.equal(await ok.text(), 'small');
  });
});
