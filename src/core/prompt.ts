import type { Issue } from '../common/issue';
import { issueText } from '../common/issue';
import type { ToolResult } from '../common/tools';

/**
 * Prompts shared by the model-backed brains. Built for precision: the CodeGrep paper finds that
 * retrieval pays off downstream only when the returned set is small and right, so the prompt asks
 * for the files that must be edited and says that a wrong file costs more than a missing one.
 */

/** Budget facts the system prompt states. */
export interface PromptBudget {
  /** Exploration turns before the answer turn. */
  maxTurns: number;
  maxCalls: number;
}

/** The system prompt; `toolsBlock` carries the `<tools>` description when the server cannot take `tools`. */
export function systemPrompt(budget: PromptBudget, toolsBlock?: string): string {
  const text = [
    'You are CodeGrep, a code search agent. Given an issue, find the files in this repository that must be edited to resolve it.',
    '',
    `You have ${budget.maxTurns} exploration turn${budget.maxTurns === 1 ? '' : 's'}, then one answer turn without tools.`,
    `In each exploration turn, issue up to ${budget.maxCalls} tool calls at once; they run in parallel, so batch independent searches in one turn.`,
    '- grep: regex search over file contents (identifiers, error messages, function names from the issue).',
    '- glob: find files by path pattern.',
    '- read: read line ranges of a file to confirm it is the right one.',
    '',
    'Precision matters most. Return only the files that must change, usually 1 to 3 and most important first.',
    'A wrong file costs more than a missing one: leave out tests, docs and files that merely mention the same names, unless the issue is about them.',
    'Only cite paths you have seen in tool results.',
    '',
    'Answer by calling the `answer` tool, or, when tools are unavailable, with a block like:',
    FINAL_ANSWER_EXAMPLE,
  ].join('\n');
  return toolsBlock ? `${text}\n\n${toolsBlock}` : text;
}

const FINAL_ANSWER_EXAMPLE = [
  '<final_answer>',
  'path/to/file.py:120-145 — why this file must change',
  'path/to/other.py — why',
  '</final_answer>',
].join('\n');

/**
 * Most characters of the issue a model is sent, about 12,000 tokens: as much as one turn's tool output may add
 * (openaiBrain.ts). A pasted log of megabytes would fill a small model's context, and the server would refuse the
 * whole request; cut, the model still reads the title and the start of the body, where reporters put the point.
 */
export const MAX_PROMPT_ISSUE_CHARS = 48_000;

/** The issue's text (and its URL) for a model's first message, cut to MAX_PROMPT_ISSUE_CHARS with a note saying so. */
export function promptIssueText(issue: Issue): string {
  const text = issueText(issue);
  const url = issue.url ? `\n(${issue.url})` : '';
  if (text.length <= MAX_PROMPT_ISSUE_CHARS) return `${text}${url}`;
  return `${text.slice(0, MAX_PROMPT_ISSUE_CHARS)}\n[${text.length - MAX_PROMPT_ISSUE_CHARS} more characters of the issue left out]${url}`;
}

/** The first user message: the issue itself. */
export function issueMessage(issue: Issue): string {
  return `<issue>\n${promptIssueText(issue)}\n</issue>`;
}

/** Facts about the turn the model is about to take. */
export interface TurnInfo {
  turn: number;
  totalTurns: number;
  final: boolean;
  maxCalls: number;
}

/** What remains, told to the model at the start of every turn ("turn 2 of 4; 1 exploration turn left"). */
export function turnNote(info: TurnInfo): string {
  if (info.final) return `Turn ${info.turn} of ${info.totalTurns}: tools are withdrawn. ${FINAL_INSTRUCTION}`;
  const left = info.totalTurns - 1 - info.turn;
  const head = `Turn ${info.turn} of ${info.totalTurns}; ${left} exploration turn${left === 1 ? '' : 's'} left after this one.`;
  const tail =
    left === 0
      ? ' This is your last turn with tools: make your final checks now, or answer if you are sure.'
      : ` Issue up to ${info.maxCalls} tool calls in parallel, or answer if you are sure.`;
  return head + tail;
}

/** The demand on the answer turn. */
export const FINAL_INSTRUCTION = [
  'Answer now. List only the files that must be edited, most important first, one per line, inside <final_answer>:',
  FINAL_ANSWER_EXAMPLE,
  'Do not call tools.',
].join('\n');

/** Said when a reply on the answer turn held no usable answer. */
export const ANSWER_REMINDER = `Your reply held no answer. ${FINAL_INSTRUCTION}`;

/** Said when an exploration reply had neither tool calls nor an answer. */
export const NO_CALLS_NOTE = 'Your last reply had no tool calls and no answer. Call tools, or answer with the `answer` tool.';

/** The text a model reads for one tool result (errors are results too, never exceptions). */
export function toolResultText(result: ToolResult): string {
  if (result.text) return result.text;
  return result.error ?? '(no output)';
}
