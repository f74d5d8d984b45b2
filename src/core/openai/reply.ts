import { CodeGrepError } from '../../common/errors';
import type { TokenUsage } from '../brain';
import { extractTextToolCalls, rawCallFromNative, stripThinking, type RawToolCall } from '../textToolCalls';
import { isRecord } from '../toolSchemas';

/** An assistant reply reduced to what the loop needs. */
export interface ParsedReply {
  /** Content without reasoning and without `<tool_call>` blocks. */
  visible: string;
  /** Reasoning from `reasoning`/`reasoning_content` fields and `<think>` tags. */
  thinking: string;
  calls: RawToolCall[];
  usage?: TokenUsage;
  finishReason?: string;
}

/**
 * Reads a chat completion: native `tool_calls` first; when there are none, `<tool_call>` blocks
 * salvaged from the content, and then from the reasoning (models under a reasoning parser often
 * emit their calls inside it).
 */
export function parseCompletion(completion: unknown): ParsedReply {
  const choice = isRecord(completion) && Array.isArray(completion.choices) ? completion.choices[0] : undefined;
  const message = isRecord(choice) && isRecord(choice.message) ? choice.message : undefined;
  if (!message) throw new CodeGrepError('model-error', 'The model server sent a reply without a message (no choices). Check the server logs.', 'open-logs');
  const content = textOf(message.content);
  const reasoningField = textOf(message.reasoning) || textOf(message.reasoning_content);
  const { visible: withCalls, thinking: thinkTags } = stripThinking(content);
  const native = Array.isArray(message.tool_calls) ? message.tool_calls.map(rawCallFromNative).filter((c): c is RawToolCall => !!c) : [];
  const fromContent = extractTextToolCalls(withCalls);
  const thinking = [reasoningField, thinkTags].filter(Boolean).join('\n\n');
  let calls = native;
  if (!calls.length) calls = fromContent.calls;
  if (!calls.length) calls = extractTextToolCalls(thinking).calls;
  const reply: ParsedReply = {
    visible: fromContent.rest,
    thinking: extractTextToolCalls(thinking).rest,
    calls,
  };
  const usage = readUsage(isRecord(completion) ? completion.usage : undefined);
  if (usage) reply.usage = usage;
  if (isRecord(choice) && typeof choice.finish_reason === 'string') reply.finishReason = choice.finish_reason;
  return reply;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  // Some servers send content parts: [{ type: 'text', text }].
  if (Array.isArray(value)) return value.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
  return '';
}

function readUsage(value: unknown): TokenUsage | undefined {
  if (!isRecord(value)) return undefined;
  const prompt = typeof value.prompt_tokens === 'number' ? value.prompt_tokens : 0;
  const completion = typeof value.completion_tokens === 'number' ? value.completion_tokens : 0;
  return prompt || completion ? { promptTokens: prompt, completionTokens: completion } : undefined;
}
