import type { Issue } from '../../common/issue';
import type { Candidate } from '../../common/result';
import { parseAnswerArguments, parseAnswerText } from '../answer';
import { ANSWER_REMINDER, FINAL_INSTRUCTION, NO_CALLS_NOTE, issueMessage, systemPrompt, toolResultText, turnNote } from '../prompt';
import { ALL_TOOL_SCHEMAS, toToolCall } from '../toolSchemas';
import { hintText } from './hint';
import type { MappedCall, ProfileContext, ProtocolProfile, SamplingFields } from './types';

/** Our own protocol (architecture.md's tool and answer contracts); `codegrep` and `generic` differ only in sampling. */
function ourProtocol(name: 'codegrep' | 'generic', description: string, sampling: SamplingFields): ProtocolProfile {
  return {
    name,
    description,
    paths: 'relative',
    needsWorkspace: false,
    sampling,
    tools: ALL_TOOL_SCHEMAS,
    answerTurnTools: [],
    answerTool: 'answer',
    noCallsNote: NO_CALLS_NOTE,
    systemPrompt: (ctx: ProfileContext, toolsBlock?: string) => systemPrompt({ maxTurns: ctx.maxTurns, maxCalls: ctx.maxCalls }, toolsBlock),
    firstMessage: (issue: Issue, _ctx: ProfileContext, hint?: readonly Candidate[]) => `${issueMessage(issue)}${hintText(hint, (p) => p)}`,
    turnNote: (info) => turnNote(info),
    finalNote: () => FINAL_INSTRUCTION,
    answerReminder: () => ANSWER_REMINDER,
    mapCall(id, toolName, args): MappedCall {
      if (toolName === 'answer') {
        const files = parseAnswerArguments(args);
        return 'error' in files ? { kind: 'refused', text: files.error } : { kind: 'answer', files: files.files };
      }
      const call = toToolCall(id, toolName, args);
      return 'error' in call ? { kind: 'refused', text: call.error } : { kind: 'run', call: call.call, format: toolResultText };
    },
    parseAnswerText,
    formatError: (text) => text,
  };
}

/** CodeGrep checkpoints and other Qwen3-family models. */
export const CODEGREP_PROFILE = ourProtocol(
  'codegrep',
  'CodeGrep checkpoints and other Qwen3-family models: our grep/glob/read tools, Hermes tool calls, thinking off via chat_template_kwargs.',
  { thinkingKwarg: 'enable_thinking', thinkingDefault: false, temperature: 0, maxTokens: 4096, maxTokensThinking: 16384 },
);

/** Any tool-calling chat model: our tools, only standard OpenAI request fields. */
export const GENERIC_PROFILE = ourProtocol(
  'generic',
  'Any tool-calling chat model (hosted APIs, Llama, Mistral...): our grep/glob/read tools, only standard OpenAI fields are sent.',
  { thinkingDefault: false },
);
