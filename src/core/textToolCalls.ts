import type { FunctionSchema } from './toolSchemas';
import { isRecord } from './toolSchemas';
import { parseToolArguments } from './toolArguments';

/** A tool call as a model wrote it, before validation; `error` when it could not be read at all. */
export interface RawToolCall {
  id?: string;
  name: string;
  /** A JSON string or an already-parsed object. */
  arguments: unknown;
  error?: string;
}

const BLOCK = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g;

/**
 * Salvages `<tool_call>…</tool_call>` blocks from text (Hermes/Qwen JSON, or Qwen3-Coder's
 * `<function=…><parameter=…>` XML). Servers without a tool parser, and vLLM's hermes parser when
 * one call is malformed, return calls this way. `rest` is the text with the blocks removed.
 */
export function extractTextToolCalls(text: string): { calls: RawToolCall[]; rest: string } {
  const calls: RawToolCall[] = [];
  if (!text.includes('<tool_call>')) return { calls, rest: text };
  const rest = text.replace(BLOCK, (_match, body: string) => {
    const call = readBlock(body.trim());
    if (call) calls.push(call);
    return '';
  });
  return { calls, rest: rest.trim() };
}

function readBlock(body: string): RawToolCall | undefined {
  if (body === '') return undefined;
  if (body.startsWith('<function=')) return readXmlFunction(body);
  const parsed = parseToolArguments(body.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  if ('error' in parsed) {
    const name = /"name"\s*:\s*"([^"]+)"/.exec(body)?.[1] ?? 'unknown';
    return { name, arguments: {}, error: `could not parse the tool call: ${parsed.error}` };
  }
  const { value } = parsed;
  const name = typeof value.name === 'string' ? value.name : undefined;
  if (!name) return { name: 'unknown', arguments: {}, error: 'the tool call has no "name".' };
  const args = value.arguments ?? value.parameters ?? {};
  return { name, arguments: args };
}

function readXmlFunction(body: string): RawToolCall {
  const name = /^<function=([^>\s]+)>/.exec(body)?.[1] ?? 'unknown';
  const args: Record<string, unknown> = {};
  for (const match of body.matchAll(/<parameter=([^>\s]+)>\n?([\s\S]*?)\n?<\/parameter>/g)) {
    args[match[1]] = coerceXmlValue(match[2]);
  }
  return { name, arguments: args };
}

function coerceXmlValue(text: string): unknown {
  if (/^-?\d+$/.test(text.trim())) return Number(text.trim());
  if (text.trim() === 'true' || text.trim() === 'false') return text.trim() === 'true';
  if (/^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Writes one call back as a Hermes `<tool_call>` block (text mode history). */
export function formatTextToolCall(name: string, args: Record<string, unknown>): string {
  return `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
}

/**
 * The tool section of the Qwen/Hermes chat template, for servers that cannot take `tools`:
 * the same words Qwen models were trained on, so they answer with `<tool_call>` blocks.
 */
export function describeToolsForText(schemas: readonly FunctionSchema[]): string {
  const lines = schemas.map((schema) => JSON.stringify({ type: 'function', function: schema }));
  return [
    '# Tools',
    '',
    'You may call one or more functions to assist with the user query.',
    '',
    'You are provided with function signatures within <tools></tools> XML tags:',
    '<tools>',
    ...lines,
    '</tools>',
    '',
    'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:',
    '<tool_call>',
    '{"name": <function-name>, "arguments": <args-json-object>}',
    '</tool_call>',
  ].join('\n');
}

/** Result of removing reasoning from a reply. */
export interface ThinkingSplit {
  visible: string;
  thinking: string;
}

/**
 * Strips `<think>…</think>` blocks. Also handles a leading lone `</think>` (Qwen3 templates put the
 * opening tag in the prompt) and an unclosed `<think>` (a reply cut off mid-thought).
 */
export function stripThinking(text: string): ThinkingSplit {
  const thoughts: string[] = [];
  let visible = text.replace(/<think>([\s\S]*?)<\/think>/g, (_m, inner: string) => {
    thoughts.push(inner.trim());
    return '';
  });
  const loneClose = visible.indexOf('</think>');
  if (loneClose >= 0) {
    thoughts.unshift(visible.slice(0, loneClose).trim());
    visible = visible.slice(loneClose + '</think>'.length);
  }
  const openOnly = visible.indexOf('<think>');
  if (openOnly >= 0) {
    thoughts.push(visible.slice(openOnly + '<think>'.length).trim());
    visible = visible.slice(0, openOnly);
  }
  return { visible: visible.trim(), thinking: thoughts.filter(Boolean).join('\n\n') };
}

/** Reads `{ name, arguments }` from anything shaped like a native OpenAI tool call. */
export function rawCallFromNative(value: unknown): RawToolCall | undefined {
  if (!isRecord(value)) return undefined;
  const fn = isRecord(value.function) ? value.function : value;
  const name = typeof fn.name === 'string' ? fn.name : '';
  const id = typeof value.id === 'string' && value.id !== '' ? value.id : undefined;
  if (!name) return { id, name: 'unknown', arguments: {}, error: 'the tool call has no function name.' };
  return { id, name, arguments: fn.arguments };
}
