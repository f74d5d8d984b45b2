import assert from 'node:assert/strict';
import { CodeGrepError } from '../../../../src/common/errors';
import { loadConversation } from '../../../helpers/fakeModelServer';
import { cleanup, messagesOf, playConversation, type Played } from './harness';

/** 300 lines of 120 characters: a read returns far more than one result's share of the turn budget. */
const BIG = Array.from({ length: 300 }, (_, i) => `value_${i} = "${'x'.repeat(100)}"  # line ${i + 1}`).join('\n');

describe('OpenAIBrain adapting to what a server refuses', () => {
  let played: Played | undefined;
  afterEach(async () => {
    await cleanup(played);
    played = undefined;
  });

  it('drops an optional field the server refuses by name, for the rest of the run', async () => {
    played = await playConversation('hosted-rejects-field');
    assert.ifError(played.error);
    const bodies = played.server.chatRequests.map((r) => r.body!);
    assert.deepEqual(bodies[0].chat_template_kwargs, { enable_thinking: false });
    assert.equal(bodies[1].chat_template_kwargs, undefined);
    assert.equal(bodies[2].chat_template_kwargs, undefined);
    assert.equal(bodies[2].parallel_tool_calls, true);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.match(played.result!.trajectory[0].thought ?? '', /refused chat_template_kwargs/);
  });

  it('caps each tool result to its share of the turn budget, then shortens history after a context overflow', async () => {
    played = await playConversation('context-overflow', { files: { 'data/big0.py': BIG, 'data/big1.py': BIG } });
    assert.ifError(played.error);
    const [, overflowed, retried] = played.server.chatRequests.map((r) => messagesOf(r.body).filter((m) => m.role === 'tool').map((m) => String(m.content)));
    assert.equal(overflowed.length, 8);
    for (const text of overflowed) {
      assert.ok(text.length <= 7_500 + 200, `capped to the 60k/8 share: ${text.length}`);
      assert.match(text, /more characters cut to fit the model context/);
    }
    for (const text of retried) assert.ok(text.length <= 2_000 + 200, `shortened after the overflow: ${text.length}`);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.match(played.result!.trajectory[1].thought ?? '', /did not fit the model context/);
  });

  it('fails with a message naming the context settings when shortening cannot help', async () => {
    const conversation = loadConversation('context-overflow');
    conversation.replies = conversation.replies.slice(0, 2);
    conversation.after = 'repeat-last';
    played = await playConversation(conversation, { files: { 'data/big0.py': BIG, 'data/big1.py': BIG } });
    assert.ok(played.error instanceof CodeGrepError);
    assert.equal(played.error.code, 'model-error');
    assert.match(played.error.message, /no longer fits the model's context \(This model's maximum context length is 8192 tokens.*--max-model-len.*num_ctx/);
    assert.equal(played.server.chatRequests.length, 4, 'first turn, then the overflow at full, 2k and 500 character results');
  });
});
