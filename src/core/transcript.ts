import type { LineRange } from '../common/result';
import type { CitedFile } from './brain';
import type { FunctionSchema } from './toolSchemas';

/**
 * A run as an OpenAI chat conversation: the one rendering shared by the environment server's
 * observations and `eval --trajectories`, so SFT rows and RL rollouts look alike token for token.
 */

/** An assistant tool call in the OpenAI wire format (arguments as a JSON string). */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One chat message in the OpenAI wire format. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
}

/** A tool declaration as sent in a request's `tools` field. */
export interface ToolDeclaration {
  type: 'function';
  function: FunctionSchema;
}

/** The `tools` field for these schemas. */
export function toolDeclarations(schemas: readonly FunctionSchema[]): ToolDeclaration[] {
  return schemas.map((schema) => ({ type: 'function', function: schema }));
}

/** An append-only conversation. */
export class Transcript {
  readonly messages: ChatMessage[] = [];

  constructor(system: string) {
    this.messages.push({ role: 'system', content: system });
  }

  user(content: string): void {
    this.messages.push({ role: 'user', content });
  }

  /** An assistant reply; calls keep their ids and are re-serialised as JSON objects. */
  assistant(content: string, calls: readonly { id: string; name: string; args: unknown }[] = []): void {
    const message: ChatMessage = { role: 'assistant', content };
    if (calls.length) {
      message.tool_calls = calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) } }));
    }
    this.messages.push(message);
  }

  tool(callId: string, content: string): void {
    this.messages.push({ role: 'tool', tool_call_id: callId, content });
  }
}

/** `<final_answer>` text for cited files, in the shape the prompt asks for and parseAnswerText reads back. */
export function finalAnswerBlock(files: readonly CitedFile[]): string {
  const lines = files.map((file) => {
    const ranges = file.ranges?.length ? `:${formatRanges(file.ranges)}` : '';
    return file.reason ? `${file.path}${ranges} — ${file.reason}` : `${file.path}${ranges}`;
  });
  return ['<final_answer>', ...lines, '</final_answer>'].join('\n');
}

/** The arguments of an `answer` tool call for cited files. */
export function answerArguments(files: readonly CitedFile[]): { files: { path: string; lines?: string; reason: string }[] } {
  return {
    files: files.map((file) => (file.ranges?.length ? { path: file.path, lines: formatRanges(file.ranges), reason: file.reason } : { path: file.path, reason: file.reason })),
  };
}

function formatRanges(ranges: readonly LineRange[]): string {
  return ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');
}
