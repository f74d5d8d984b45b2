import assert from 'node:assert/strict';
import { cleanup, messagesOf, playConversation, type Played } from './harness';

describe('OpenAIBrain request bodies', () => {
  let played: Played | undefined;
  afterEach(async () => {
    await cleanup(played);
    played = undefined;
  });

  it('codegrep profile: tools, parallel_tool_calls, thinking off, non-streaming, default key EMPTY', async () => {
    played = await playConversation('parallel-8-calls');
    const request = played.server.chatRequests[0];
    const body = request.body!;
    assert.equal(body.model, 'codegrep-test');
    assert.equal(body.parallel_tool_calls, true);
    assert.deepEqual(body.chat_template_kwargs, { enable_thinking: false });
    assert.equal(body.temperature, 0);
    assert.equal(body.stream, undefined);
    assert.equal(body.tool_choice, undefined);
    assert.deepEqual((body.tools as { type: string; function: { name: string } }[]).map((t) => `${t.type}:${t.function.name}`), [
      'function:grep',
      'function:glob',
      'function:read',
      'function:answer',
    ]);
    assert.equal(request.headers.authorization, 'Bearer EMPTY');
    const messages = messagesOf(body);
    assert.deepEqual(messages.map((m) => m.role), ['system', 'user']);
    assert.match(String(messages[1].content), /^<issue>\nCart\.total\(\) ignores item quantity\n\n.*<\/issue>\n\nTurn 1 of 4; 2 exploration turns left/s);
  });

  it('generic profile sends only standard fields; thinking can be turned on for codegrep', async () => {
    played = await playConversation('early-answer', { config: { profile: 'generic' } });
    const generic = played.server.chatRequests[0].body!;
    assert.equal(generic.chat_template_kwargs, undefined);
    assert.equal(generic.temperature, undefined);
    assert.equal(generic.max_tokens, undefined);
    assert.equal(generic.parallel_tool_calls, true);
    await cleanup(played);
    played = await playConversation('early-answer', { config: { thinking: true } });
    assert.deepEqual(played.server.chatRequests[0].body!.chat_template_kwargs, { enable_thinking: true });
  });

  it('counts tokens from usage and records the trajectory', async () => {
    played = await playConversation('missing-ids');
    const result = played.result!;
    assert.equal(result.usage.promptTokens, 400);
    assert.equal(result.usage.completionTokens, 80);
    assert.equal(result.usage.turns, 4);
    assert.equal(result.usage.toolCalls, 6);
    assert.ok(result.usage.toolBytes > 0);
    assert.equal(result.brain, 'openai:codegrep-test');
    const types = played.events.map((e) => e.type);
    assert.equal(types[0], 'run-started');
    assert.equal(types.filter((t) => t === 'turn-started').length, 4);
    assert.equal(types.filter((t) => t === 'tool-call').length, 6);
    assert.equal(types.filter((t) => t === 'tool-result').length, 6);
    assert.deepEqual(types.slice(-2), ['candidates', 'done']);
  });
});
