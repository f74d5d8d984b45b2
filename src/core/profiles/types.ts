import type { Issue } from '../../common/issue';
import type { Candidate } from '../../common/result';
import type { ToolCall, ToolResult } from '../../common/tools';
import type { CitedFile } from '../brain';
import type { TurnInfo } from '../prompt';
import type { FunctionSchema } from '../toolSchemas';

/** Profile names a user can pick (setting `codegrep.profile`, flag `--profile`); `auto` picks by model name. */
export type ProfileName = 'codegrep' | 'generic' | 'fastcontext' | 'codescout';

/** What a profile's prompt and path mapping need to know about this run. */
export interface ProfileContext {
  /** Absolute workspace root, as the model is told it (FastContext's paths start with it). */
  root: string;
  /** Top-level names of the workspace (folders end with `/`). */
  entries: readonly string[];
  /** Exploration turns of this run (the answer turn comes after them). */
  maxTurns: number;
  /** Tool calls per turn. */
  maxCalls: number;
  /** `OS Version` and `Shell` in FastContext's prompt; default: this machine's. */
  os?: string;
  shell?: string;
}

/** A model's tool call after its profile mapped it onto our sandboxed tools. */
export type MappedCall =
  /** Run `call`; the model reads `format(result)`. */
  | { kind: 'run'; call: ToolCall; format: (result: ToolResult) => string }
  /** The model answered (`answer`, `localization_finish`). */
  | { kind: 'answer'; files: CitedFile[] }
  /** Not run: the model reads `text`, already in its protocol's error shape. */
  | { kind: 'refused'; text: string };

/** Where in its reply a call sits, for rules like "localization_finish alone". */
export interface CallPlace {
  /** The forced answer turn. */
  final: boolean;
  /** Other calls in the same reply. */
  siblings: number;
}

/** Sampling and chat-template fields a profile sends with every request. */
export interface SamplingFields {
  temperature?: number;
  topP?: number;
  topK?: number;
  /** Completion cap per request; undefined leaves the server default. */
  maxTokens?: number;
  /** Completion cap when thinking is on. */
  maxTokensThinking?: number;
  /** `chat_template_kwargs` key that toggles reasoning (Qwen3: enable_thinking). */
  thinkingKwarg?: string;
  thinkingDefault: boolean;
}

/**
 * A model protocol as data: prompt, tools, path convention, result and error shapes, budget and
 * answer format. One loop (the Locator and OpenAIBrain) speaks any of them; an environment server
 * can speak them without the loop.
 */
export interface ProtocolProfile {
  readonly name: ProfileName;
  /** One line for docs and `--help`. */
  readonly description: string;
  /** The budget the model was trained with (exploration turns, calls per turn); undefined: ours. */
  readonly budget?: { maxTurns: number; maxCalls: number };
  /** How paths are written in calls and answers. */
  readonly paths: 'relative' | 'absolute';
  /** The prompt or results name the workspace root / top level (so the brain asks for them first). */
  readonly needsWorkspace: boolean;
  readonly sampling: SamplingFields;
  /** The tools of an exploration turn, exactly as sent. */
  readonly tools: readonly FunctionSchema[];
  /** The tools of the forced answer turn ([] withdraws them). */
  readonly answerTurnTools: readonly FunctionSchema[];
  /** The tool whose call carries the answer (`answer`, `localization_finish`); undefined when answers are text only. */
  readonly answerTool?: string;
  /** Said when an exploration reply had neither calls nor an answer (undefined: say nothing). */
  readonly noCallsNote?: string;
  /** The system message; `toolsBlock` describes the tools in text for servers without a tool parser. */
  systemPrompt(ctx: ProfileContext, toolsBlock?: string): string;
  /** The first user message: the issue, and the warm-start hint when there is one. */
  firstMessage(issue: Issue, ctx: ProfileContext, hint?: readonly Candidate[]): string;
  /** A user note at the start of each turn after the first, or undefined for none. */
  turnNote(info: TurnInfo, ctx: ProfileContext): string | undefined;
  /** The user message of the forced answer turn. */
  finalNote(ctx: ProfileContext): string;
  /** Said when the answer turn's reply held no answer. */
  answerReminder(ctx: ProfileContext): string;
  /** Maps one tool call (arguments already parsed) onto our tools. */
  mapCall(id: string, name: string, args: Record<string, unknown>, ctx: ProfileContext, place: CallPlace): MappedCall;
  /** An answer written in text (strict: only explicit blocks; lenient: the answer turn takes lists too). */
  parseAnswerText(text: string, mode: 'strict' | 'lenient'): CitedFile[] | undefined;
  /** Our error text (bad JSON arguments, a call not run) in the protocol's error shape. */
  formatError(text: string): string;
}
