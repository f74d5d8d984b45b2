import assert from 'node:assert/strict';
import { CodeGrepError } from '../../../../src/common/errors';
import { listConversations, loadConversation } from '../../../helpers/fakeModelServer';
import { childRgPids } from '../../tools/fixture';
import { cleanup, messagesOf, playConversation, type Played } from './harness';

/** Every tool_call id in the history has exactly one tool message, and every argument string is valid JSON. */
function assertHistoryValid(body: Record<string, unknown> | undefined): void {
  const messages = messagesOf(body);
  const callIds: string[] = [];
  for (const message of messages) {
    for (const call of (message.tool_calls as { id: string; function: { arguments: string } }[] | undefined) ?? []) {
      callIds.push(call.id);
      assert.doesNotThrow(() => JSON.parse(call.function.arguments), `invalid JSON echoed: ${call.function.arguments}`);
    }
  }
  assert.equal(new Set(callIds).size, callIds.length, `duplicate tool_call ids: ${callIds.join(',')}`);
  const answered = messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
  assert.deepEqual(answered, callIds, 'each tool call gets one tool message, in order');
}

describe('OpenAIBrain + Locator on recorded conversations (loopback server, real rg)', () => {
  let played: Played | undefined;
  afterEach(async () => {
    await cleanup(played);
    played = undefined;
  });

  it('every recorded conversation has a matching test fixture shape', () => {
    for (const name of listConversations()) {
      const conversation = loadConversation(name);
      assert.equal(conversation.name, name);
      assert.ok(conversation.description.length > 10, `${name} needs a description`);
    }
  });

  it('runs 8 parallel calls of one turn concurrently and answers', async () => {
    played = await playConversation('parallel-8-calls');
    assert.ifError(played.error);
    const result = played.result!;
    assert.deepEqual(result.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.deepEqual(result.candidates[0].ranges, [[10, 12]]);
    const spans = played.runner.spans;
    // The three plain greps (c1, c2, c7) share one walk of the tree; the other five calls run as they are.
    assert.deepEqual(spans.map((s) => s.call.id).sort(), ['c1_walk', 'c3', 'c4', 'c5', 'c6', 'c8']);
    const lastStart = Math.max(...spans.map((s) => s.start));
    const firstEnd = Math.min(...spans.map((s) => s.end));
    assert.ok(lastStart < firstEnd, `all 8 calls were in flight together (last start ${lastStart}, first end ${firstEnd})`);
    assert.deepEqual(result.trajectory[0].calls.map((c) => c.call.id), ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8']);
    assert.equal(result.usage.toolCalls, 8);
    assert.equal(result.usage.promptTokens, 3300);
    assert.equal(result.usage.completionTokens, 240);
    assert.equal(result.trajectory[0].calls.length, 8);
    assert.ok(result.trajectory[0].calls.every((c) => !c.error), JSON.stringify(result.trajectory[0].calls.filter((c) => c.error)));
    const second = played.server.chatRequests[1].body;
    assertHistoryValid(second);
    const tools = messagesOf(second).filter((m) => m.role === 'tool');
    assert.match(String(tools[0].content), /shop\/cart\.py:11:/);
  });

  it('synthesizes missing ids and makes SGLang-style repeating ids unique', async () => {
    played = await playConversation('missing-ids');
    assert.ifError(played.error);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.equal(played.server.chatRequests.length, 4);
    assertHistoryValid(played.server.chatRequests[3].body);
    const ids = played.result!.trajectory.flatMap((t) => t.calls.map((c) => c.call.id));
    assert.equal(ids.length, 6);
    assert.equal(new Set(ids).size, 6);
    assert.ok(ids.includes('0') && ids.includes('1'), 'first use of a server id is kept');
    for (const id of ids.filter((i) => i !== '0' && i !== '1')) assert.match(id, /^[a-z0-9]{9}$/, 'made-up ids suit Mistral templates');
  });

  it('repairs a trivially broken call, answers an unrepairable one with an error, never echoes invalid JSON', async () => {
    played = await playConversation('malformed-call');
    assert.ifError(played.error);
    const calls = played.result!.trajectory[0].calls.map((c) => c.call);
    assert.deepEqual(
      calls.map((c) => [c.name, c.args]),
      [
        ['grep', { pattern: 'def total' }],
        ['grep', { pattern: 'quantity' }],
      ],
    );
    const second = played.server.chatRequests[1].body;
    assertHistoryValid(second);
    const assistant = messagesOf(second).find((m) => m.role === 'assistant')!;
    const args = (assistant.tool_calls as { function: { arguments: string } }[]).map((c) => c.function.arguments);
    assert.deepEqual(args, ['{"pattern":"def total"}', '{"pattern":"quantity"}', '{}']);
    const toolTexts = messagesOf(second).filter((m) => m.role === 'tool').map((m) => String(m.content));
    assert.match(toolTexts[1], /quantity/);
    assert.match(toolTexts[2], /^error: arguments are not valid JSON.*Call read again with one valid JSON object/s);
  });

  it('salvages <tool_call> blocks from content and keeps native tool_calls in history', async () => {
    played = await playConversation('content-tool-calls');
    assert.ifError(played.error);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.deepEqual(played.result!.trajectory[0].calls.map((c) => c.call.name), ['grep', 'read']);
    const second = played.server.chatRequests[1].body;
    assertHistoryValid(second);
    const assistant = messagesOf(second).find((m) => m.role === 'assistant')!;
    assert.equal(assistant.content, 'I will search for the total method.');
    assert.equal(played.result!.trajectory[0].thought, 'I will search for the total method.');
  });

  it('salvages calls from reasoning and reasoning_content', async () => {
    played = await playConversation('reasoning-tool-calls');
    assert.ifError(played.error);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.deepEqual(
      played.result!.trajectory.map((t) => t.calls.map((c) => c.call.name)),
      [['grep'], ['read'], []],
    );
    assertHistoryValid(played.server.chatRequests[2].body);
  });

  it('strips <think> blocks and a leading lone </think>', async () => {
    played = await playConversation('think-tags');
    assert.ifError(played.error);
    assert.deepEqual(played.result!.candidates.map((c) => [c.path, c.ranges, c.reason]), [['shop/cart.py', [[10, 12]], 'total() ignores quantity']]);
    const history = JSON.stringify(played.server.chatRequests[1].body);
    assert.doesNotMatch(history, /think>/);
    for (const turn of played.result!.trajectory) assert.doesNotMatch(turn.thought ?? '', /think>/);
  });

  it('switches to text tool calls for the rest of the run after a 400 about --enable-auto-tool-choice', async () => {
    played = await playConversation('no-tool-parser');
    assert.ifError(played.error);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
    const [first, second, third] = played.server.chatRequests.map((r) => r.body!);
    assert.ok(Array.isArray(first.tools));
    assert.equal(first.parallel_tool_calls, true);
    for (const body of [second, third]) {
      assert.equal(body.tools, undefined);
      assert.equal(body.parallel_tool_calls, undefined);
      const system = String(messagesOf(body)[0].content);
      assert.match(system, /<tools>\n\{"type":"function","function":\{"name":"grep"/);
    }
    const thirdMessages = messagesOf(third);
    assert.ok(thirdMessages.every((m) => m.role !== 'tool' && m.tool_calls === undefined), 'text mode sends no native tool messages');
    const lastUser = String(thirdMessages[thirdMessages.length - 1].content);
    assert.match(lastUser, /<tool_response>\nshop\/cart\.py:11:/);
    assert.match(played.result!.trajectory[0].thought ?? '', /cannot take native tools.*enable-auto-tool-choice/);
  });

  it('retries a 429 after the Retry-After it names', async () => {
    played = await playConversation('rate-limit-then-success');
    assert.ifError(played.error);
    const [first, second] = played.server.chatRequests;
    assert.ok(second.receivedAt - first.answeredAt! >= 950, `waited ${second.receivedAt - first.answeredAt!} ms`);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
  });

  it('fails clearly after retries when the server keeps answering 500', async () => {
    played = await playConversation('server-error-forever', { config: { maxRetries: 2, retryBaseMs: 5 } });
    assert.ok(played.error instanceof CodeGrepError);
    assert.equal(played.error.code, 'model-error');
    assert.match(played.error.message, /HTTP 500 after 3 attempts: CUDA out of memory/);
    assert.equal(played.server.chatRequests.length, 3);
    const errorEvent = played.events.find((e) => e.type === 'error');
    assert.equal(errorEvent?.type === 'error' && errorEvent.error.code, 'model-error');
  });

  it('times out a server that hangs, names the setting, and closes the connection', async () => {
    played = await playConversation('hang', { config: { timeoutMs: 300, maxRetries: 2 } });
    assert.ok(played.error instanceof CodeGrepError);
    assert.equal(played.error.code, 'timeout');
    assert.match(played.error.message, /did not answer within 0\.3 s.*codegrep\.requestTimeoutSeconds/);
    assert.equal(played.server.chatRequests.length, 1, 'a timeout is not retried');
    assert.ok(played.ms < 1500, `took ${played.ms} ms`);
    await waitFor(() => played!.server.chatRequests[0].abortedAt !== undefined);
  });

  it('cancels a hanging request within 200 ms and drops the connection', async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 150);
    let abortedAt = 0;
    controller.signal.addEventListener('abort', () => (abortedAt = performance.now()));
    played = await playConversation('hang', { signal: controller.signal });
    clearTimeout(timer);
    const settled = performance.now();
    assert.ok(played.error instanceof CodeGrepError);
    assert.equal(played.error.code, 'cancelled');
    assert.ok(settled - abortedAt < 200, `settled ${settled - abortedAt} ms after abort`);
    await waitFor(() => played!.server.chatRequests[0].abortedAt !== undefined);
    assert.ok(played.server.chatRequests[0].abortedAt! - abortedAt < 200, 'the HTTP request was aborted too');
    assert.deepEqual(childRgPids(), []);
  });

  it('drops and reports a nonexistent file and files outside the workspace', async () => {
    played = await playConversation('bad-citations');
    assert.ifError(played.error);
    const result = played.result!;
    assert.deepEqual(result.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.deepEqual(result.rejected.map((r) => r.path), ['shop/checkout.py', '../outside.py', '/etc/passwd']);
    for (const rejected of result.rejected) assert.ok(rejected.reason.length > 0);
    const candidatesEvent = played.events.find((e) => e.type === 'candidates');
    assert.equal(candidatesEvent?.type === 'candidates' && candidatesEvent.rejected.length, 3);
  });

  it('accepts an answer given on the first turn', async () => {
    played = await playConversation('early-answer');
    assert.ifError(played.error);
    assert.equal(played.server.chatRequests.length, 1);
    assert.equal(played.result!.usage.turns, 1);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
  });

  it('withdraws tools on the answer turn, demands the answer, and reminds once', async () => {
    played = await playConversation('never-answers');
    assert.ifError(played.error);
    const requests = played.server.chatRequests.map((r) => r.body!);
    assert.equal(requests.length, 5);
    for (const body of requests.slice(0, 3)) assert.ok(Array.isArray(body.tools) && body.parallel_tool_calls === true);
    for (const body of requests.slice(3)) {
      assert.equal(body.tools, undefined);
      assert.equal(body.tool_choice, undefined);
    }
    const notes = requests.map((body) => String(messagesOf(body).at(-1)!.content));
    assert.match(notes[0], /Turn 1 of 4; 2 exploration turns left/);
    assert.match(notes[1], /Turn 2 of 4; 1 exploration turn left/);
    assert.match(notes[2], /Turn 3 of 4; 0 exploration turns left.*last turn with tools/);
    assert.match(notes[3], /Turn 4 of 4: tools are withdrawn\. Answer now\..*<final_answer>/s);
    assert.match(notes[4], /Your reply held no answer/);
    assert.deepEqual(played.result!.candidates.map((c) => c.path), ['shop/cart.py']);
    assert.equal(played.result!.usage.turns, 4);
    assertHistoryValid(requests[4]);
  });

  it('ends with no candidates (not an error) when the model never answers at all', async () => {
    const never = { ...loadConversation('never-answers'), after: 'repeat-last' as const };
    never.replies = never.replies.slice(0, 4);
    played = await playConversation(never);
    assert.ifError(played.error);
    assert.deepEqual(played.result!.candidates, []);
    assert.equal(played.server.chatRequests.length, 5);
  });
});

async function waitFor(check: () => boolean, ms = 1000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) assert.fail('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('cancellation while tools run', () => {
  let played: Played | undefined;
  after(async () => cleanup(played));

  it('runs the 8 rg processes of a turn side by side, cancels them within 200 ms, and leaves none behind', async function () {
    this.timeout(30_000);
    const line = 'abcdefghij klmnopqrst 0123456789 uvwxyz ABCDEFGHIJ klmnopqrst 0123456789\n';
    // Big enough that 8 such greps on 2 cores take about a second: the cancel must find them still running
    // (at 20 000 lines they could all finish before it, and the run went on to a second model request).
    const block = line.repeat(100_000);
    const controller = new AbortController();
    let abortedAt = 0;
    let rgSeen = 0;
    played = await playConversation('cancel-during-tools', {
      files: { 'data/big1.txt': block, 'data/big2.txt': block },
      signal: controller.signal,
      onStart: () => {
        let firstSeenAt = 0;
        const poll = setInterval(() => {
          rgSeen = Math.max(rgSeen, childRgPids().length);
          if (rgSeen > 0 && !firstSeenAt) firstSeenAt = performance.now();
          // Cancel once all 8 rg processes run side by side (or 300 ms after the first).
          if (rgSeen >= 8 || (firstSeenAt && performance.now() - firstSeenAt > 300)) {
            clearInterval(poll);
            abortedAt = performance.now();
            controller.abort();
          }
        }, 2);
      },
    });
    const settled = performance.now();
    assert.ok(played.error instanceof CodeGrepError && played.error.code === 'cancelled', String(played.error));
    assert.ok(rgSeen >= 2, `rg processes of one turn ran concurrently (at most ${rgSeen} at once)`);
    assert.ok(settled - abortedAt < 200, `settled ${settled - abortedAt} ms after abort`);
    const deadline = performance.now() + 200;
    while (childRgPids().length && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual(childRgPids(), [], 'no orphan rg');
    assert.equal(played.server.chatRequests.length, 1, 'no request after cancellation');
  });
});
