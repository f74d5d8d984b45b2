import * as vscode from 'vscode';
import { CodeGrepError } from '../../common/errors';
import type { Issue } from '../../common/issue';
import type { LocateOptions } from '../../common/limits';
import type { ToolCall } from '../../common/tools';
import { parseAnswerArguments, parseAnswerText } from '../../core/answer';
import type { Brain, BrainSession, BrainStep, BrainTurn, CitedFile } from '../../core/brain';
import { issueMessage, NO_CALLS_NOTE, systemPrompt, toolResultText, turnNote } from '../../core/prompt';
import { ANSWER_TOOL_SCHEMA, WORKSPACE_TOOL_SCHEMAS, toToolCall, type FunctionSchema } from '../../core/toolSchemas';

/** Options for a brain on a VS Code language model. */
export interface LanguageModelBrainOptions {
  /** Wall-clock limit for one model request. */
  requestTimeoutMs: number;
  /** Shown by VS Code when it asks the user to allow CodeGrep to use the model. */
  justification?: string;
}

const JUSTIFICATION = 'CodeGrep uses the model to decide what to search for and which files an issue is about.';

/** The answer-turn demand: the answer tool is the only tool offered, and its use is required. */
const FINAL_NOTE = 'Tools other than `answer` are withdrawn. Call the `answer` tool now with only the files that must be edited, most important first.';

/**
 * A Brain on `vscode.lm` chat models (Copilot's or any other provider's): the Locator's tools are
 * offered as LanguageModelChatTools with the schemas the OpenAI brain uses, and answers are read
 * with the shared answer parser (the `answer` tool, or a `<final_answer>` block in text).
 */
export class LanguageModelBrain implements Brain {
  readonly name: string;

  constructor(
    private readonly model: vscode.LanguageModelChat,
    private readonly options: LanguageModelBrainOptions,
  ) {
    this.name = `vscode-lm:${model.vendor}/${model.family || model.id}`;
  }

  start(issue: Issue, options: LocateOptions): BrainSession {
    return new LanguageModelSession(this.model, this.options, issue, options);
  }
}

/** A model tool call of the previous reply, with what the Locator ran for it (or why it could not). */
interface PendingCall {
  part: vscode.LanguageModelToolCallPart;
  call?: ToolCall;
  error?: string;
}

class LanguageModelSession implements BrainSession {
  private readonly messages: vscode.LanguageModelChatMessage[];
  private pending: PendingCall[] = [];

  constructor(
    private readonly model: vscode.LanguageModelChat,
    private readonly options: LanguageModelBrainOptions,
    issue: Issue,
    locate: LocateOptions,
  ) {
    // vscode.lm has no system role: the instructions lead the first user message.
    const intro = `${systemPrompt({ maxTurns: locate.maxTurns, maxCalls: locate.maxParallelCalls })}\n\n${issueMessage(issue)}`;
    this.messages = [vscode.LanguageModelChatMessage.User(intro)];
  }

  async next(turn: BrainTurn, signal: AbortSignal): Promise<BrainStep> {
    this.messages.push(this.turnMessage(turn));
    const tools = (turn.final ? [ANSWER_TOOL_SCHEMA] : [...WORKSPACE_TOOL_SCHEMAS, ANSWER_TOOL_SCHEMA]).map(toChatTool);
    const reply = await this.request(tools, turn.final, signal);
    this.messages.push(vscode.LanguageModelChatMessage.Assistant(reply.parts.length ? reply.parts : [new vscode.LanguageModelTextPart(reply.text || '(no reply)')]));
    return this.toStep(reply, turn);
  }

  /** Tool results of the previous turn (in the model's call order) followed by the turn note. */
  private turnMessage(turn: BrainTurn): vscode.LanguageModelChatMessage {
    const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart)[] = [];
    // The Locator returns results in call order (it may rename duplicate ids), so match by position.
    let next = 0;
    for (const pending of this.pending) {
      const ran = pending.call ? turn.results[next++] : undefined;
      const text = ran ? toolResultText(ran.result) : (pending.error ?? 'error: this call was not run.');
      parts.push(new vscode.LanguageModelToolResultPart(pending.part.callId, [new vscode.LanguageModelTextPart(text)]));
    }
    this.pending = [];
    const note = turn.final ? `Turn ${turn.turn} of ${turn.totalTurns}: ${FINAL_NOTE}` : turnNote(turn);
    parts.push(new vscode.LanguageModelTextPart(note));
    return vscode.LanguageModelChatMessage.User(parts);
  }

  private toStep(reply: ModelReply, turn: BrainTurn): BrainStep {
    const thought = reply.text.trim() || undefined;
    const answerCall = reply.calls.find((c) => c.name === 'answer');
    if (answerCall) {
      const parsed = parseAnswerArguments(answerCall.input);
      if ('files' in parsed) return { kind: 'answer', files: parsed.files, thought };
    }
    if (turn.final) return { kind: 'answer', files: parseAnswerText(reply.text, 'lenient') ?? [], thought };
    const calls: ToolCall[] = [];
    for (const part of reply.calls) {
      if (part.name === 'answer') {
        this.pending.push({ part, error: 'error: answer needs {"files": [{"path": "...", "lines": "a-b", "reason": "..."}]}.' });
        continue;
      }
      const converted = toToolCall(part.callId, part.name, part.input);
      if ('call' in converted) calls.push(converted.call);
      this.pending.push({ part, ...converted });
    }
    if (calls.length) return { kind: 'calls', calls, thought };
    const textAnswer: CitedFile[] | undefined = parseAnswerText(reply.text, 'strict');
    if (textAnswer?.length) return { kind: 'answer', files: textAnswer, thought };
    if (!this.pending.length) this.messages.push(vscode.LanguageModelChatMessage.User(NO_CALLS_NOTE));
    return { kind: 'calls', calls: [], thought };
  }

  private async request(tools: vscode.LanguageModelChatTool[], required: boolean, signal: AbortSignal): Promise<ModelReply> {
    const source = new vscode.CancellationTokenSource();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      source.cancel();
    }, this.options.requestTimeoutMs);
    const onAbort = () => source.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const options: vscode.LanguageModelChatRequestOptions = {
        justification: this.options.justification ?? JUSTIFICATION,
        tools,
        toolMode: required ? vscode.LanguageModelChatToolMode.Required : vscode.LanguageModelChatToolMode.Auto,
      };
      const response = await this.model.sendRequest(this.messages, options, source.token);
      const reply: ModelReply = { text: '', calls: [], parts: [] };
      for await (const part of response.stream) {
        if (part instanceof vscode.LanguageModelTextPart) {
          reply.text += part.value;
          reply.parts.push(part);
        } else if (part instanceof vscode.LanguageModelToolCallPart) {
          reply.calls.push(part);
          reply.parts.push(part);
        }
      }
      return reply;
    } catch (error) {
      if (signal.aborted) throw new CodeGrepError('cancelled', 'The run was cancelled.');
      if (timedOut) {
        throw new CodeGrepError('timeout', `${this.model.name} did not answer within ${Math.round(this.options.requestTimeoutMs / 1000)} s. Raise codegrep.requestTimeoutSeconds or try again.`, 'retry');
      }
      throw languageModelError(error, this.model.name);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      source.dispose();
    }
  }
}

/** What one model reply held: its text, its tool calls, and every part in order (for the history). */
interface ModelReply {
  text: string;
  calls: vscode.LanguageModelToolCallPart[];
  parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[];
}

function toChatTool(schema: FunctionSchema): vscode.LanguageModelChatTool {
  return { name: schema.name, description: schema.description, inputSchema: schema.parameters };
}

/** Maps vscode.lm failures (no permission, blocked/quota, model gone) to errors that say what to do. */
export function languageModelError(error: unknown, modelName: string): CodeGrepError {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof vscode.LanguageModelError ? error.code : '';
  if (code === vscode.LanguageModelError.NoPermissions.name) {
    return new CodeGrepError(
      'auth-failed',
      `CodeGrep is not allowed to use ${modelName}. Run again and choose "Allow" when VS Code asks, or set codegrep.brain to "embedded" or "openai".`,
      'set-model',
      { cause: error },
    );
  }
  if (code === vscode.LanguageModelError.Blocked.name || /quota|rate.?limit|too many requests/i.test(message)) {
    return new CodeGrepError(
      'rate-limited',
      `${modelName} refused the request (quota or rate limit: ${message}). Wait and retry, pick another model, or set codegrep.brain to "embedded".`,
      'retry',
      { cause: error },
    );
  }
  if (code === vscode.LanguageModelError.NotFound.name) {
    return new CodeGrepError('model-not-found', `${modelName} is no longer available. Pick another model (codegrep.model) or brain.`, 'set-model', { cause: error });
  }
  return new CodeGrepError('model-error', `${modelName} failed: ${message}`, 'open-logs', { cause: error });
}
