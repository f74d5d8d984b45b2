import { formatTextToolCall } from '../textToolCalls';

/** A tool call as kept in history: a unique id and arguments that are always a valid JSON object. */
export interface HistoryCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** One history entry, independent of how the server wants tool calls written. */
export type Entry =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; calls: HistoryCall[] }
  | { role: 'tool'; callId: string; text: string };

/** How tool calls travel: native `tools`/`tool_calls`, or Hermes `<tool_call>` text for servers without a parser. */
export type ToolMode = 'native' | 'text';

/** A chat message in the OpenAI wire format. */
export type WireMessage = Record<string, unknown> & { role: string };

/**
 * Renders the neutral history for the wire. Arguments are re-serialised from parsed objects, so a
 * model's invalid JSON is never echoed back (Ollama rejects such histories outright).
 */
export function renderMessages(system: string, entries: readonly Entry[], mode: ToolMode): WireMessage[] {
  const messages: WireMessage[] = [{ role: 'system', content: system }];
  for (const entry of entries) {
    if (entry.role === 'assistant') {
      messages.push(mode === 'native' ? nativeAssistant(entry.text, entry.calls) : textAssistant(entry.text, entry.calls));
    } else if (entry.role === 'tool') {
      if (mode === 'native') {
        messages.push({ role: 'tool', tool_call_id: entry.callId, content: entry.text });
      } else {
        appendUser(messages, `<tool_response>\n${entry.text}\n</tool_response>`);
      }
    } else if (mode === 'text') {
      appendUser(messages, entry.text);
    } else {
      messages.push({ role: 'user', content: entry.text });
    }
  }
  return messages;
}

function nativeAssistant(text: string, calls: HistoryCall[]): WireMessage {
  const message: WireMessage = { role: 'assistant', content: text };
  if (calls.length) {
    message.tool_calls = calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    }));
  }
  return message;
}

function textAssistant(text: string, calls: HistoryCall[]): WireMessage {
  const blocks = calls.map((call) => formatTextToolCall(call.name, call.args));
  return { role: 'assistant', content: [text, ...blocks].filter(Boolean).join('\n') };
}

/** Text mode: tool responses and the next note share one user message, as the Qwen template renders them. */
function appendUser(messages: WireMessage[], text: string): void {
  const last = messages[messages.length - 1];
  if (last.role === 'user' && typeof last.content === 'string') last.content = `${last.content}\n${text}`;
  else messages.push({ role: 'user', content: text });
}
