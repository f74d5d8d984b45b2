import type { Issue } from '../../common/issue';
import type { LocateOptions } from '../../common/limits';
import type { ToolCall } from '../../common/tools';
import { parseAnswerArguments, parseAnswerText } from '../answer';
import type { Brain, BrainSession, BrainStep, BrainTurn, CitedFile, TokenUsage } from '../brain';
import { profileRequestFields } from '../profiles';
import { ANSWER_REMINDER, NO_CALLS_NOTE, issueMessage, systemPrompt, toolResultText, turnNote } from '../prompt';
import { describeToolsForText } from '../textToolCalls';
import { parseToolArguments } from '../toolArguments';
import { ALL_TOOL_SCHEMAS, toToolCall } from '../toolSchemas';
import { ChatClient, ToolsUnsupportedError, type ChatRequest } from './chatClient';
import type { ResolvedOpenAIConfig } from './config';
import { renderMessages, type Entry, type HistoryCall, type ToolMode } from './conversation';
import { parseCompletion, type ParsedReply } from './reply';

/** A brain backed by any OpenAI-compatible chat server (vLLM, SGLang, Ollama, llama.cpp, LM Studio, hosted). */
export class OpenAIBrain implements Brain {
  readonly name: string;
  private readonly client: ChatClient;
  /** Learnt once per brain: a server without a tool parser stays without one. */
  private toolMode: ToolMode = 'native';

  constructor(private readonly config: ResolvedOpenAIConfig) {
    this.name = `openai:${config.model}`;
    this.client = new ChatClient(config);
  }

  start(issue: Issue, options: LocateOptions): BrainSession {
    return new OpenAISession(this, issue, options);
  }

  /** @internal Sends one request in the current tool mode, switching to text mode once if the server needs it. */
  async request(build: (mode: ToolMode) => ChatRequest, signal: AbortSignal): Promise<{ reply: ParsedReply; switched?: string }> {
    try {
      return { reply: parseCompletion(await this.client.complete(build(this.toolMode), signal)) };
    } catch (error) {
      if (!(error instanceof ToolsUnsupportedError) || this.toolMode === 'text') throw error;
      this.toolMode = 'text';
      const reply = parseCompletion(await this.client.complete(build('text'), signal));
      return { reply, switched: error.serverMessage };
    }
  }

  /** @internal */
  get settings(): ResolvedOpenAIConfig {
    return this.config;
  }
}

/** The calls of the last assistant reply, and the error text for those that were never run. */
interface PendingCalls {
  calls: HistoryCall[];
  errors: Map<string, string>;
}

const MAX_THOUGHT_CHARS = 2_000;

/** One run: the message history and the bookkeeping that keeps it valid for strict servers. */
class OpenAISession implements BrainSession {
  private readonly entries: Entry[] = [];
  private readonly usedIds = new Set<string>();
  private pending: PendingCalls = { calls: [], errors: new Map() };
  private lastReplyEmpty = false;

  constructor(
    private readonly brain: OpenAIBrain,
    private readonly issue: Issue,
    private readonly options: LocateOptions,
  ) {}

  async next(turn: BrainTurn, signal: AbortSignal): Promise<BrainStep> {
    this.answerPendingCalls(turn);
    const note = turnNote(turn) + (this.lastReplyEmpty && !turn.final ? `\n${NO_CALLS_NOTE}` : '');
    this.entries.push({ role: 'user', text: this.entries.length === 0 ? `${issueMessage(this.issue)}\n\n${note}` : note });
    const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
    const notes: string[] = [];
    let step = await this.ask(turn, signal, usage, notes);
    if (turn.final && step.kind !== 'answer') {
      this.answerPendingCalls(turn, 'error: tools are withdrawn on the answer turn.');
      this.entries.push({ role: 'user', text: ANSWER_REMINDER });
      step = await this.ask(turn, signal, usage, notes);
      if (step.kind !== 'answer') step = { kind: 'answer', files: [], thought: step.thought };
    }
    const thought = [...notes, step.thought].filter(Boolean).join('\n').slice(0, MAX_THOUGHT_CHARS) || undefined;
    return { ...step, thought, usage };
  }

  private async ask(turn: BrainTurn, signal: AbortSignal, usage: TokenUsage, notes: string[]): Promise<BrainStep> {
    const { reply, switched } = await this.brain.request((mode) => this.buildRequest(mode, turn.final), signal);
    if (switched) notes.push(`The server cannot take native tools (${switched}); using <tool_call> text instead.`);
    usage.promptTokens += reply.usage?.promptTokens ?? 0;
    usage.completionTokens += reply.usage?.completionTokens ?? 0;
    return this.decide(reply, turn);
  }

  private buildRequest(mode: ToolMode, final: boolean): ChatRequest {
    const { model, profile, thinking } = this.brain.settings;
    const budget = { maxTurns: this.options.maxTurns, maxCalls: this.options.maxParallelCalls };
    const system = systemPrompt(budget, mode === 'text' ? describeToolsForText(ALL_TOOL_SCHEMAS) : undefined);
    const body: ChatRequest = { model, messages: renderMessages(system, this.entries, mode), ...profileRequestFields(profile, thinking) };
    // The answer turn withdraws tools by sending none (Ollama rejects tool_choice, so we never send it).
    if (mode === 'native' && !final) {
      body.tools = ALL_TOOL_SCHEMAS.map((schema) => ({ type: 'function', function: schema }));
      body.parallel_tool_calls = true;
    }
    return body;
  }

  /** Turns a reply into a step, recording it in history with valid JSON arguments and unique ids. */
  private decide(reply: ParsedReply, turn: BrainTurn): BrainStep {
    const calls: HistoryCall[] = [];
    const errors = new Map<string, string>();
    const toolCalls: ToolCall[] = [];
    let answer: CitedFile[] | undefined;
    reply.calls.forEach((raw, index) => {
      const id = this.uniqueId(raw.id, turn.turn, index);
      const parsed = raw.error ? { error: raw.error } : parseToolArguments(raw.arguments);
      if ('error' in parsed) {
        calls.push({ id, name: raw.name, args: {} });
        errors.set(id, `error: ${parsed.error}. Call ${raw.name} again with one valid JSON object as arguments.`);
        return;
      }
      calls.push({ id, name: raw.name, args: parsed.value });
      if (raw.name === 'answer') {
        const files = parseAnswerArguments(parsed.value);
        if ('error' in files) errors.set(id, files.error);
        else answer = [...(answer ?? []), ...files.files];
        return;
      }
      const call = toToolCall(id, raw.name, parsed.value);
      if ('error' in call) errors.set(id, call.error);
      else toolCalls.push(call.call);
    });
    answer ??= parseAnswerText(reply.visible, turn.final && toolCalls.length === 0 ? 'lenient' : 'strict');
    this.entries.push({ role: 'assistant', text: reply.visible, calls });
    this.pending = { calls, errors };
    this.lastReplyEmpty = calls.length === 0 && answer === undefined;
    const thought = reply.visible || reply.thinking || undefined;
    if (answer !== undefined) return { kind: 'answer', files: answer, thought };
    return { kind: 'calls', calls: toolCalls, thought };
  }

  /** Every call of the last reply gets a tool message: its result, its error, or a "not run" note. */
  private answerPendingCalls(turn: BrainTurn, notRun = 'error: this call was not run.'): void {
    const results = new Map(turn.results.map((r) => [r.call.id, r.result]));
    for (const call of this.pending.calls) {
      const result = results.get(call.id);
      const text = result ? toolResultText(result) : (this.pending.errors.get(call.id) ?? notRun);
      this.entries.push({ role: 'tool', callId: call.id, text });
    }
    this.pending = { calls: [], errors: new Map() };
  }

  /** Keeps a server's id when it is new in this run; SGLang repeats '0', '1'…, some servers send none. */
  private uniqueId(id: string | undefined, turn: number, index: number): string {
    let candidate = id && !this.usedIds.has(id) ? id : `call_${turn}_${index}`;
    for (let n = 1; this.usedIds.has(candidate); n++) candidate = `call_${turn}_${index}_${n}`;
    this.usedIds.add(candidate);
    return candidate;
  }
}
