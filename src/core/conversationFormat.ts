import type { Issue } from '../common/issue';
import type { ToolResult } from '../common/tools';
import { issueMessage, systemPrompt, toolResultText, turnNote, type PromptBudget, type TurnInfo } from './prompt';
import { ALL_TOOL_SCHEMAS, type FunctionSchema } from './toolSchemas';

/**
 * How a run is put to a model as chat text: the system prompt, the tools, the issue, the per-turn
 * notes and the tool results. The environment server picks one per episode (its profile seam); the
 * trajectory export always uses ours, which is what the OpenAI brain sends.
 */
export interface ConversationFormat {
  /** Name a trainer asks for in `reset` (`profile`). */
  readonly name: string;
  system(budget: PromptBudget): string;
  /** Tools offered on exploration turns (the answer turn offers none). */
  readonly tools: readonly FunctionSchema[];
  /** The first user message: the issue and the first turn's note. */
  firstUser(issue: Issue, turn: TurnInfo): string;
  /** The user message that opens every later turn. */
  turnNote(turn: TurnInfo): string;
  /** The text of one tool result, as the model reads it. */
  resultText(result: ToolResult): string;
}

/** CodeGrep's own conversation: the prompt, tools and notes of src/core/prompt.ts. */
export const CODEGREP_FORMAT: ConversationFormat = {
  name: 'codegrep',
  system: (budget) => systemPrompt(budget),
  tools: ALL_TOOL_SCHEMAS,
  firstUser: (issue, turn) => `${issueMessage(issue)}\n\n${turnNote(turn)}`,
  turnNote: (turn) => turnNote(turn),
  resultText: (result) => toolResultText(result),
};
