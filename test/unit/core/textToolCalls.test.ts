import assert from 'node:assert/strict';
import { describeToolsForText, extractTextToolCalls, formatTextToolCall, rawCallFromNative, stripThinking } from '../../../src/core/textToolCalls';
import { ALL_TOOL_SCHEMAS } from '../../../src/core/toolSchemas';

describe('core/textToolCalls', () => {
  it('extracts Hermes <tool_call> blocks and returns the rest of the text', () => {
    const text = 'Searching.\n<tool_call>\n{"name": "grep", "arguments": {"pattern": "x"}}\n</tool_call>\n<tool_call>{"name": "read", "parameters": {"path": "a.py"}}</tool_call>';
    const { calls, rest } = extractTextToolCalls(text);
    assert.deepEqual(calls, [
      { name: 'grep', arguments: { pattern: 'x' } },
      { name: 'read', arguments: { path: 'a.py' } },
    ]);
    assert.equal(rest, 'Searching.');
  });

  it("reads Qwen3-Coder's <function=…> XML calls", () => {
    const text = '<tool_call>\n<function=grep>\n<parameter=pattern>\ndef total\n</parameter>\n<parameter=context_lines>\n2\n</parameter>\n</function>\n</tool_call>';
    assert.deepEqual(extractTextToolCalls(text).calls, [{ name: 'grep', arguments: { pattern: 'def total', context_lines: 2 } }]);
  });

  it('repairs a broken block, reports an unreadable one, and salvages an unclosed last block', () => {
    const { calls } = extractTextToolCalls(
      '<tool_call>{"name": "grep", "arguments": {"pattern": "a",}}</tool_call><tool_call>{"name": "glob" "arguments"}</tool_call><tool_call>{"name": "read", "arguments": {"path": "b.py"',
    );
    assert.deepEqual(calls[0], { name: 'grep', arguments: { pattern: 'a' } });
    assert.equal(calls[1].name, 'glob');
    assert.match(calls[1].error ?? '', /could not parse the tool call/);
    assert.deepEqual(calls[2], { name: 'read', arguments: { path: 'b.py' } });
  });

  it('round-trips a call through the text format', () => {
    const block = formatTextToolCall('grep', { pattern: 'a"b' });
    assert.deepEqual(extractTextToolCalls(block).calls, [{ name: 'grep', arguments: { pattern: 'a"b' } }]);
  });

  it('describes tools in the Qwen/Hermes <tools> format', () => {
    const text = describeToolsForText(ALL_TOOL_SCHEMAS);
    const lines = text.split('\n');
    const start = lines.indexOf('<tools>');
    const end = lines.indexOf('</tools>');
    const schemas = lines.slice(start + 1, end).map((line) => JSON.parse(line) as { type: string; function: { name: string } });
    assert.deepEqual(schemas.map((s) => [s.type, s.function.name]), [['function', 'grep'], ['function', 'glob'], ['function', 'read'], ['function', 'answer']]);
    assert.match(text, /<tool_call>\n\{"name": <function-name>, "arguments": <args-json-object>\}\n<\/tool_call>/);
  });

  it('strips <think> blocks, a leading lone </think>, and an unclosed <think>', () => {
    assert.deepEqual(stripThinking('<think>plan</think>\nanswer'), { visible: 'answer', thinking: 'plan' });
    assert.deepEqual(stripThinking('early reasoning</think>\n\nanswer'), { visible: 'answer', thinking: 'early reasoning' });
    assert.deepEqual(stripThinking('answer <think>cut off'), { visible: 'answer', thinking: 'cut off' });
    assert.deepEqual(stripThinking('plain'), { visible: 'plain', thinking: '' });
  });

  it('reads native tool calls with or without ids and names', () => {
    assert.deepEqual(rawCallFromNative({ id: 'x', type: 'function', function: { name: 'grep', arguments: '{}' } }), { id: 'x', name: 'grep', arguments: '{}' });
    assert.deepEqual(rawCallFromNative({ function: { name: 'read', arguments: { path: 'a' } } }), { id: undefined, name: 'read', arguments: { path: 'a' } });
    assert.match(rawCallFromNative({ id: '', function: {} })?.error ?? '', /no function name/);
  });
});
