import type { ToolCall, ToolResult } from '../common/tools';
import type { CitedFile } from '../core/brain';
import type { ProfileContext, ProtocolProfile } from '../core/profiles';
import { extractTextToolCalls, rawCallFromNative, stripThinking, type RawToolCall } from '../core/textToolCalls';
import { parseToolArguments } from '../core/toolArguments';
import { isObject, type ProtocolError } from './protocol';

/** One call of a step as recorded in the conversation; `error` when it was refused before running. */
export interface StepCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** The typed call to run, as the profile mapped it onto our tools. */
  call?: ToolCall;
  /** The tool message for the call's result, in the profile's shape. */
  format?: (result: ToolResult) => string;
  /** The call was the answer (`answer`, `localization_finish`): it gets no tool message. */
  answered?: boolean;
  /** Why it was not run, in the profile's error shape (its tool message). */
  error?: string;
}

/** A step's action, read the way the OpenAI brain reads a model reply in the episode's profile. */
export interface ParsedAction {
  /** Visible assistant text (tool-call blocks and `<think>` removed). */
  content: string;
  calls: StepCall[];
  /** Set when the step answered (the profile's answer tool, or a `<final_answer>` / `<file-list>` block). */
  answer?: CitedFile[];
  /** Why an answer attempt (or the answer turn) yielded no readable answer: it scores 0. */
  malformed?: string;
}

/** What reading an action needs to know about the episode. */
export interface ActionContext {
  profile: ProtocolProfile;
  ctx: ProfileContext;
  /** The forced answer turn. */
  final: boolean;
  turn: number;
  /** Call ids used so far in the episode; kept unique. */
  usedIds: Set<string>;
}

/**
 * Reads a step action: an OpenAI assistant message (`{content?, tool_calls?}`, or under `message`).
 * Tool calls may be native (`{id, function: {name, arguments}}` or `{name, arguments}`) or Hermes
 * `<tool_call>` blocks inside `content`, so a trainer can pass a model's raw text unchanged. Each
 * call goes through the profile's `mapCall`, as in the OpenAI brain.
 */
export function parseAction(data: Record<string, unknown>, at: ActionContext): ParsedAction | { error: ProtocolError } {
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
  const { profile, ctx, final } = at;
  const parsed: ParsedAction = { content: rest, calls: [] };
  rawCalls.forEach((raw, index) => {
    const id = uniqueId(raw.id, `call_${at.turn}_${index}`, at.usedIds);
    const answerTool = raw.name === profile.answerTool;
    const args = raw.error ? { error: raw.error } : parseToolArguments(raw.arguments);
    if ('error' in args) {
      const error = profile.formatError(`error: ${args.error}. Call ${raw.name} again with one valid JSON object as arguments.`);
      parsed.calls.push({ id, name: raw.name, args: {}, error });
      if (answerTool) parsed.malformed = `the answer's arguments could not be read: ${args.error}`;
      return;
    }
    const step: StepCall = { id, name: raw.name, args: args.value };
    parsed.calls.push(step);
    const mapped = profile.mapCall(id, raw.name, args.value, ctx, { final, siblings: rawCalls.length - 1 });
    if (mapped.kind === 'run') {
      step.call = mapped.call;
      step.format = mapped.format;
    } else if (mapped.kind === 'answer') {
      step.answered = true;
      parsed.answer = [...(parsed.answer ?? []), ...mapped.files];
    } else {
      step.error = mapped.text;
      // An answer call unreadable even on its own scores 0; one refused only for its company
      // (CodeScout's "localization_finish alone") gets its refusal and the episode goes on.
      if (answerTool && profile.mapCall(id, raw.name, args.value, ctx, { final, siblings: 0 }).kind === 'refused') {
        parsed.malformed = mapped.text.replace(/^error:\s*/i, '');
      }
    }
  });
  if (parsed.answer === undefined && parsed.malformed === undefined) {
    const hasToolCalls = parsed.calls.some((c) => c.name !== profile.answerTool);
    parsed.answer = profile.parseAnswerText(rest, final && !hasToolCalls ? 'lenient' : 'strict');
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
