import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FC_MAX_TURNS_MESSAGE } from '../../../../src/core/profiles/fastcontextTools';
import { cleanup, messagesOf, playConversation, type Played } from '../openai/harness';

/** The tool schemas copied from each model's repository (see schemaDrift.test.ts). */
function factTools(name: string): unknown {
  const facts = JSON.parse(readFileSync(path.resolve(__dirname, '../../../fixtures/protocols', `${name}.json`), 'utf8')) as { tools: unknown[] };
  return facts.tools.map((schema) => ({ type: 'function', function: schema }));
}

/** The tool messages a request carries, by tool_call_id. */
function toolMessages(body: Record<string, unknown> | undefined): Map<string, string> {
  return new Map(messagesOf(body).filter((m) => m.role === 'tool').map((m) => [String(m.tool_call_id), String(m.content)]));
}

describe('protocol profiles on recorded conversations (loopback server, real rg)', () => {
  let played: Played | undefined;
  afterEach(async () => {
    await cleanup(played);
    played = undefined;
  });

  it('FastContext: absolute paths in and out, <system-reminder> errors, the forced answer, <final_answer> citations', async () => {
    played = await playConversation('fastcontext-absolute-paths', { config: { model: 'FastContext-1.0-4B-RL', profile: 'auto' } });
    assert.ifError(played.error);
    const root = played.repo.root;
    const result = played.result!;
    assert.equal(result.profile, 'fastcontext');
    assert.deepEqual(result.candidates.map((c) => [c.path, c.ranges, c.reason]), [['shop/cart.py', [[11, 13]], 'Core logic to modify']]);
    assert.deepEqual(result.rejected.map((r) => r.path), ['/etc/passwd']);
    // 4 tool turns, then the answer turn (agent.py's budget), all with FastContext's own tools and sampling.
    const requests = played.server.chatRequests;
    assert.equal(requests.length, 5);
    for (const request of requests) {
      assert.deepEqual(request.body?.tools, factTools('fastcontext'));
      assert.equal(request.body?.temperature, 0.7);
      assert.equal(request.body?.top_p, 0.95);
      assert.equal(request.body?.top_k, 20);
      assert.deepEqual(request.body?.chat_template_kwargs, { enable_thinking: false });
    }
    const first = messagesOf(requests[0].body);
    assert.match(String(first[0].content), new RegExp(`Workspace Path: ${root.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}\n`));
    assert.match(String(first[0].content), /```\nshop\ntests\nREADME\.md\n```/);
    assert.equal(first[1].content, '<query>\nCart.total() ignores item quantity\n\nAdding two of the same item with quantity=2 charges for one. `Cart.total` sums prices only.\n</query>');
    assert.equal(first.length, 2, 'no turn notes: FastContext is told nothing until the budget is spent');

    // Turn 1's five calls ran in parallel; their results come back in FastContext's shapes.
    const spans = played.runner.spans.slice(0, 3);
    assert.ok(Math.max(...spans.map((s) => s.start)) < Math.min(...spans.map((s) => s.end)), 'the calls of a turn overlap');
    const turn1 = toolMessages(requests[1].body);
    assert.equal(turn1.get('fc1'), `${root}/shop/cart.py\n8-    def add_item(self, name, price, quantity=1):\n9-        self.items.append((name, price, quantity))\n10-\n11:    def total(self, coupon=None):\n12-        subtotal = sum(price for _, price, _ in self.items)\n13-        return apply_discount(subtotal, coupon)`);
    assert.equal(turn1.get('fc2'), `${root}/shop/__init__.py\n${root}/shop/cart.py\n${root}/shop/pricing.py`);
    assert.equal(turn1.get('fc3'), `\`\`\`${root}/shop/cart.py:8-13\n8|    def add_item(self, name, price, quantity=1):\n9|        self.items.append((name, price, quantity))\n10|\n11|    def total(self, coupon=None):\n12|        subtotal = sum(price for _, price, _ in self.items)\n13|        return apply_discount(subtotal, coupon)\n\`\`\``);
    assert.equal(turn1.get('fc4'), `<system-reminder>Permission error: \`/etc/passwd\` is not within the working directory \`${root}\`</system-reminder>`);
    assert.equal(turn1.get('fc5'), `<system-reminder>Error: ${root}/shop/missing.py does not exist</system-reminder>`);
    assert.deepEqual(played.result!.trajectory[0].calls.map((c) => c.call.id), ['fc1', 'fc2', 'fc3', 'fc5'], 'the path outside never reaches the tools');

    const turn2 = toolMessages(requests[2].body);
    assert.equal(turn2.get('fc6'), `${root}/shop/cart.py\n${root}/shop/pricing.py`);
    assert.equal(turn2.get('fc7'), `${root}/shop/cart.py:2`);
    assert.match(turn2.get('fc8') ?? '', /^<system-reminder>Permission error: `\/tmp` is not within the working directory/);
    const turn3 = toolMessages(requests[3].body);
    assert.match(turn3.get('fc9') ?? '', new RegExp(`^\`\`\`${root.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}/shop/pricing\\.py:1-4\n1\\|def apply_discount`));
    assert.equal(turn3.get('fc10'), `${root}/shop/cart.py\nclass Cart:`, 'no output_mode: heading and lines, no numbers (grep.py)');
    assert.equal(toolMessages(requests[4].body).get('fc11'), '12:        subtotal = sum(price for _, price, _ in self.items)\n13:        return apply_discount(subtotal, coupon)', 'one file: no heading');

    const last = messagesOf(requests[4].body).at(-1);
    assert.deepEqual(last, { role: 'user', content: FC_MAX_TURNS_MESSAGE });
  });

  it('CodeScout: parallel terminal calls through the read-only interpreter, refusals, localization_finish alone, entities as line ranges', async () => {
    played = await playConversation('codescout-terminal', { config: { model: 'OpenHands/CodeScout-14B', profile: 'auto' } });
    assert.ifError(played.error);
    const root = played.repo.root;
    const result = played.result!;
    assert.equal(result.profile, 'codescout');
    assert.deepEqual(
      result.candidates.map((c) => [c.path, c.ranges, c.reason]),
      [
        // In the order the model listed them: Cart.total first, then Cart.add_item (cited third, same file).
        ['shop/cart.py', [[11, 13], [8, 9]], 'Cart.total'],
        ['shop/pricing.py', [[1, 4]], 'function apply_discount'],
      ],
    );
    const requests = played.server.chatRequests;
    assert.equal(requests.length, 3);
    for (const request of requests) {
      assert.deepEqual(request.body?.tools, factTools('codescout'));
      assert.equal(request.body?.temperature, 0.6);
    }
    const first = messagesOf(requests[0].body);
    assert.match(String(first[0].content), /^You are a specialized code localization agent\./);
    assert.match(String(first[1].content), new RegExp(`^I have access to a python code repository in the directory ${root.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')} \\. `));
    assert.match(String(first[1].content), /<issue_description>\nCart\.total\(\) ignores item quantity/);

    const turn1 = toolMessages(requests[1].body);
    const footer = (code: number) => `\n[Current working directory: ${root}]\n[Command finished with exit code ${code}]`;
    assert.equal(turn1.get('cs1'), `shop/cart.py\n11:    def total(self, coupon=None):${footer(0)}`);
    assert.equal(turn1.get('cs2'), `./shop/__init__.py\n./shop/cart.py\n./shop/pricing.py\n./tests/test_cart.py${footer(0)}`);
    assert.equal(turn1.get('cs3'), `13 shop/cart.py${footer(0)}`);
    assert.match(turn1.get('cs4') ?? '', /^rm: refused: this terminal only reads the repository/);
    assert.ok(turn1.get('cs4')?.endsWith(footer(2)));
    assert.match(turn1.get('cs5') ?? '', /^`;` chains commands; send one command per call/);
    const calls = result.trajectory[0].calls;
    assert.deepEqual(calls.map((c) => c.call.name), ['terminal', 'terminal', 'terminal', 'terminal', 'terminal']);
    assert.deepEqual(calls.map((c) => Boolean(c.error)), [false, false, false, true, true]);

    const turn2 = toolMessages(requests[2].body);
    assert.equal(turn2.get('cs6'), `    def add_item(self, name, price, quantity=1):\n        self.items.append((name, price, quantity))\n\n    def total(self, coupon=None):\n        subtotal = sum(price for _, price, _ in self.items)\n        return apply_discount(subtotal, coupon)${footer(0)}`);
    assert.equal(turn2.get('cs7'), `./shop/cart.py:1:from shop.pricing import apply_discount\n./shop/cart.py:13:        return apply_discount(subtotal, coupon)\n./shop/pricing.py:1:def apply_discount(subtotal, coupon):${footer(0)}`);
    assert.match(turn2.get('cs8') ?? '', /localization_finish must be called alone/);
    assert.match(turn2.get('cs10') ?? '', /^sed: -i edits files and is refused here/);
    assert.match(turn2.get('cs11') ?? '', /^backticks run a command inside a command/);
    assert.ok(turn2.get('cs11')?.endsWith(footer(2)));
    assert.deepEqual(result.trajectory[1].calls.map((c) => Boolean(c.error)), [false, false, true, true]);
  });

  it('CodeScout: a model that never finishes is asked on the last turn, with only localization_finish offered', async () => {
    const search = { role: 'assistant', content: null, tool_calls: [{ id: 'k1', type: 'function', function: { name: 'terminal', arguments: '{"command": "rg -l quantity", "security_risk": "LOW"}' } }] };
    const finish = { role: 'assistant', content: null, tool_calls: [{ id: 'k9', type: 'function', function: { name: 'localization_finish', arguments: '{"locations": [{"file": "shop/cart.py", "class_name": "Cart"}]}' } }] };
    played = await playConversation([{ message: search }, { message: { ...search, tool_calls: [{ ...search.tool_calls[0], id: 'k2' }] } }, { message: { ...search, tool_calls: [{ ...search.tool_calls[0], id: 'k3' }] } }, { message: finish }], {
      config: { model: 'codescout-4b', profile: 'codescout' },
    });
    assert.ifError(played.error);
    const requests = played.server.chatRequests;
    assert.equal(requests.length, 4, '3 exploration turns + the answer turn');
    assert.deepEqual((requests[3].body?.tools as { function: { name: string } }[]).map((t) => t.function.name), ['localization_finish']);
    assert.match(String(messagesOf(requests[3].body).at(-1)?.content), /used all your turns\. Call the `localization_finish` tool now/);
    assert.deepEqual(played.result!.candidates.map((c) => [c.path, c.ranges]), [['shop/cart.py', [[4, 13]]]]);
  });

  it('CodeScout without a tool parser: its tools described in text, <tool_call> text replies, the same interpreter', async () => {
    const refusal = { status: 400, body: { object: 'error', message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', type: 'BadRequestError', code: 400 } };
    const search = { message: { role: 'assistant', content: '<tool_call>\n{"name": "terminal", "arguments": {"command": "rg -l apply_discount", "security_risk": "LOW"}}\n</tool_call>' } };
    const finish = { message: { role: 'assistant', content: '<tool_call>\n{"name": "localization_finish", "arguments": {"locations": [{"file": "shop/pricing.py", "function_name": "apply_discount"}]}}\n</tool_call>' } };
    played = await playConversation([refusal, search, finish], { config: { model: 'CodeScout-1.7B' } });
    assert.ifError(played.error);
    assert.deepEqual(played.result!.candidates.map((c) => [c.path, c.ranges]), [['shop/pricing.py', [[1, 4]]]]);
    const [, second, third] = played.server.chatRequests.map((r) => r.body!);
    assert.equal(second.tools, undefined);
    const system = String(messagesOf(second)[0].content);
    assert.match(system, /^You are a specialized code localization agent\./);
    assert.match(system, /<tools>\n\{"type":"function","function":\{"name":"terminal"/);
    assert.match(system, /"name":"localization_finish"/);
    const last = String(messagesOf(third).at(-1)?.content);
    assert.match(last, /<tool_response>\nshop\/cart\.py\nshop\/pricing\.py\n\[Current working directory: /);
  });
});
