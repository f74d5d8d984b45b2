import type { ToolCall } from '../common/tools';
import { parseAnswerArguments, parseAnswerText } from '../core/answer';
import type { CitedFile } from '../core/brain';
import { extractTextToolCalls, rawCallFromNative, stripThinking, type RawToolCall } from '../core/textToolCalls';
import { parseToolArguments } from '../core/toolArguments';
import { toToolCall } from '../core/toolSchemas';
import { isObject, type ProtocolError } from './protocol';

/** One call of a step as recorded in the conversation; `error` when it was refused before running. */
export interface StepCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** The typed call to run (grep/glob/read with valid arguments). */
  call?: ToolCall;
  error?: string;
}

/** A step's action, read the way the OpenAI brain reads a model reply. */
export interface ParsedAction {
  /** Visible assistant text (tool-call blocks and `<think>` removed). */
  content: string;
  calls: StepCall[];
  /** Set when the step answered (an `answer` call, or a `<final_answer>` / `<file-list>` block). */
  answer?: CitedFile[];
  /** Why an answer attempt (or the answer turn) yielded no readable answer: it scores 0. */
  malformed?: string;
}

/**
 * Reads a step action: an OpenAI assistant message (`{content?, tool_calls?}`, or under `message`).
 * Tool calls may be native (`{id, function: {name, arguments}}` or `{name, arguments}`) or Hermes
 * `<tool_call>` blocks inside `content`, so a trainer can pass a model's raw text unchanged.
 * `usedIds` keeps call ids unique across the episode.
 */
export function parseAction(data: Record<string, unknown>, final: boolean, turn: number, usedIds: Set<string>): ParsedAction | { error: ProtocolError } {
  const message = isObject(data.message) ? data.message : data;
  const content = message.content ?? '';
  if (typeof content !== 'string') return invalid('"content" must be a string.');
  if (message.tool_calls !== undefined && message.tool_calls !== null && !Array.isArray(message.tool_calls)) {
    return invalid('"tool_calls" must be a list of tool calls.');
  }
  const { visible: withoutThinking } = stripThinking(content);
  const { calls: textCalls, rest } = extractTextToolCalls(withoutThinking);
  const rawCalls: RawToolCall[] = [];
  for (const value of (message.tool_calls as unknown[] | undefined) ?? []) {
    const raw = rawCallFromNative(value);
    if (!raw) return invalid('each tool call must be an object with a function name and arguments.');
    rawCalls.push(raw);
  }
  rawCalls.push(...textCalls);
  const parsed: ParsedAction = { content: rest, calls: [] };
  rawCalls.forEach((raw, index) => {
    const id = uniqueId(raw.id, `call_${turn}_${index}`, usedIds);
    const args = raw.error ? { error: raw.error } : parseToolArguments(raw.arguments);
    if ('error' in args) {
      parsed.calls.push({ id, name: raw.name, args: {}, error: `error: ${args.error}. Call ${raw.name} again with one valid JSON object as arguments.` });
      if (raw.name === 'answer') parsed.malformed = `the answer's arguments could not be read: ${args.error}`;
      return;
    }
    const step: StepCall = { id, name: raw.name, args: args.value };
    parsed.calls.push(step);
    if (raw.name === 'answer') {
      const files = parseAnswerArguments(args.value);
      if ('error' in files) parsed.malformed = files.error.replace(/^error:\s*/, '');
      else parsed.answer = [...(parsed.answer ?? []), ...files.files];
      return;
    }
    const call = toToolCall(id, raw.name, args.value);
    if ('error' in call) step.error = call.error;
    else step.call = call.call;
  });
  if (parsed.answer === undefined && parsed.malformed === undefined) {
    const hasToolCalls = parsed.calls.some((c) => c.name !== 'answer');
    parsed.answer = parseAnswerText(rest, final && !hasToolCalls ? 'lenient' : 'strict');
  }
  if (final && parsed.answer === undefined && parsed.malformed === undefined) parsed.malformed = 'no answer on the answer turn';
  return parsed;
}

function uniqueId(id: string | undefined, fallback: string, used: Set<string>): string {
  let candidate = id && !used.has(id) ? id : fallback;
  for (let n = 1; used.has(candidate); n++) candidate = `${fallback}_${n}`;
  used.add(candidate);
  return candidate;
}

function invalid(message: string): { error: ProtocolError } {
  return { error: { code: 'VALIDATION_ERROR', message: `Invalid action: ${message}` } };
}
