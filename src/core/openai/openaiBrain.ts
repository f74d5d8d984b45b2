import type { Issue } from '../../common/issue';
import type { LocateOptions } from '../../common/limits';
import { redactText } from '../../common/redact';
import type { ToolCall, ToolResult } from '../../common/tools';
import type { Brain, BrainSession, BrainStartContext, BrainStep, BrainTurn, CitedFile, TokenUsage } from '../brain';
import { profileRequestFields, toolsPayload, turnUserNote, type ProfileContext } from '../profiles';
import { toolResultText } from '../prompt';
import { describeToolsForText } from '../textToolCalls';
import { parseToolArguments } from '../toolArguments';
import { ChatClient, RecoverableRequestError, secretsOf, type ChatRequest } from './chatClient';
import type { ResolvedOpenAIConfig } from './config';
import { renderMessages, type Entry, type HistoryCall, type ToolMode } from './conversation';
import { parseCompletion, type ParsedReply } from './reply';

/** A brain backed by any OpenAI-compatible chat server (vLLM, SGLang, Ollama, llama.cpp, LM Studio, hosted). */
export class OpenAIBrain implements Brain {
  readonly name: string;
  readonly profile: string;
  readonly limits?: Partial<LocateOptions>;
  private readonly client: ChatClient;
  /** Learnt once per brain: a server without a tool parser stays without one. */
  private toolMode: ToolMode = 'native';
  private readonly droppedFields = new Set<string>();

  constructor(private readonly config: ResolvedOpenAIConfig) {
    this.name = `openai:${config.model}`;
    this.profile = config.profile.name;
    const budget = config.profile.budget;
    if (budget) this.limits = { maxTurns: budget.maxTurns, maxParallelCalls: budget.maxCalls };
    this.client = new ChatClient(config);
  }

  start(issue: Issue, options: LocateOptions, context: BrainStartContext = {}): BrainSession {
    return new OpenAISession(this, issue, options, context);
  }

  /**
   * @internal Sends one request, adapting to what the server refuses: native tools (→ text tool
   * calls), an optional field (→ dropped), a prompt too long (→ `shrink`, if it can). Each change is
   * said once in `notes`. Tool mode and dropped fields are learnt for the brain's lifetime.
   */
  async request(build: (mode: ToolMode) => ChatRequest, signal: AbortSignal, shrink: () => boolean, notes: string[]): Promise<ParsedReply> {
    for (;;) {
      const body = build(this.toolMode);
      for (const field of this.droppedFields) delete body[field];
      try {
        return parseCompletion(await this.client.complete(body, signal));
      } catch (error) {
        if (!(error instanceof RecoverableRequestError)) throw error;
        const { recovery } = error;
        if (recovery.kind === 'text-mode' && this.toolMode === 'native') {
          this.toolMode = 'text';
          notes.push(`The server cannot take native tools (${recovery.message}); using <tool_call> text instead.`);
        } else if (recovery.kind === 'drop-field' && !this.droppedFields.has(recovery.field)) {
          this.droppedFields.add(recovery.field);
          notes.push(`The server refused ${recovery.field}; sending requests without it.`);
        } else if (recovery.kind === 'context-overflow' && shrink()) {
          notes.push('The conversation did not fit the model context; older tool results were shortened.');
        } else {
          throw error.failure;
        }
      }
    }
  }

  /** @internal */
  get settings(): ResolvedOpenAIConfig {
    return this.config;
  }
}

/** The calls of the last assistant reply: the error text for those never run, the formatter of those run. */
interface PendingCalls {
  calls: HistoryCall[];
  errors: Map<string, string>;
  formats: Map<string, (result: ToolResult) => string>;
}

const MAX_THOUGHT_CHARS = 2_000;
/** Characters of tool output one turn may add to history (about 15k tokens of code). */
const TURN_RESULT_CHARS = 60_000;
const MAX_RESULT_CHARS = 20_000;
const MIN_RESULT_CHARS = 6_000;
/** Per-result limits tried in order when the server says the prompt is too long. */
const SHRINK_STEPS = [2_000, 500];
const CLIP_NOTE_ROOM = 120;
/** Characters of one assistant reply, and of one call's JSON arguments, kept in history. */
const MAX_HISTORY_REPLY_CHARS = 16_000;
const MAX_HISTORY_ARGS_CHARS = 16_000;

/** A call as history keeps it: arguments over the cap are replaced by a note (the call itself ran from the parsed value). */
function boundedCall(call: HistoryCall): HistoryCall {
  const json = JSON.stringify(call.args);
  if (json.length <= MAX_HISTORY_ARGS_CHARS) return call;
  return { ...call, args: { note: `arguments of ${json.length} characters cut from history` } };
}

/** Cuts text at a line boundary under `limit` characters and says how much was left out. */
function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf('\n', limit);
  const kept = text.slice(0, cut > limit / 2 ? cut : limit);
  return `${kept}\n[... ${text.length - kept.length} more characters cut to fit the model context; narrow the search or read a smaller range]`;
}

/** One run: the message history and the bookkeeping that keeps it valid for strict servers. */
class OpenAISession implements BrainSession {
  private readonly entries: Entry[] = [];
  private readonly usedIds = new Set<string>();
  private idCounter = 0;
  private pending: PendingCalls = { calls: [], errors: new Map(), formats: new Map() };
  private lastReplyEmpty = false;
  private readonly ctx: ProfileContext;

  constructor(
    private readonly brain: OpenAIBrain,
    private readonly issue: Issue,
    options: LocateOptions,
    private readonly context: BrainStartContext,
  ) {
    this.ctx = { root: '', entries: [], maxTurns: options.maxTurns, maxCalls: options.maxParallelCalls };
  }

  /** Protocols that name the workspace (FastContext's prompt and paths, CodeScout's terminal) learn it once, first. */
  private async learnWorkspace(signal: AbortSignal): Promise<void> {
    if (!this.protocol.needsWorkspace || !this.context.workspace) return;
    const view = await this.context.workspace(signal);
    if (view) Object.assign(this.ctx, { root: view.root, entries: view.entries });
  }

  private get protocol() {
    return this.brain.settings.profile;
  }

  async next(turn: BrainTurn, signal: AbortSignal): Promise<BrainStep> {
    if (this.entries.length === 0) await this.learnWorkspace(signal);
    this.answerPendingCalls(turn);
    const protocol = this.protocol;
    const empty = this.lastReplyEmpty && !turn.final && protocol.noCallsNote ? protocol.noCallsNote : '';
    const note = [turnUserNote(protocol, turn, this.ctx), empty].filter(Boolean).join('\n');
    if (this.entries.length === 0) {
      const first = protocol.firstMessage(this.issue, this.ctx, this.context.hint);
      this.entries.push({ role: 'user', text: note ? `${first}\n\n${note}` : first });
    } else if (note) {
      this.entries.push({ role: 'user', text: note });
    }
    const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
    const notes: string[] = [];
    let step = await this.ask(turn, signal, usage, notes);
    if (turn.final && step.kind !== 'answer') {
      this.answerPendingCalls(turn, protocol.formatError('error: tools are withdrawn on the answer turn.'));
      this.entries.push({ role: 'user', text: protocol.answerReminder(this.ctx) });
      step = await this.ask(turn, signal, usage, notes);
      if (step.kind !== 'answer') step = { kind: 'answer', files: [], thought: step.thought };
    }
    // Notes quote server text, which may echo the key; thoughts reach the trajectory and reports.
    const thought = redactText([...notes, step.thought].filter(Boolean).join('\n').slice(0, MAX_THOUGHT_CHARS)) || undefined;
    return { ...step, thought, usage };
  }

  private async ask(turn: BrainTurn, signal: AbortSignal, usage: TokenUsage, notes: string[]): Promise<BrainStep> {
    const reply = await this.brain.request((mode) => this.buildRequest(mode, turn.final), signal, () => this.shrinkHistory(), notes);
    usage.promptTokens += reply.usage?.promptTokens ?? 0;
    usage.completionTokens += reply.usage?.completionTokens ?? 0;
    return this.decide(reply, turn);
  }

  private buildRequest(mode: ToolMode, final: boolean): ChatRequest {
    const { model, profile, thinking } = this.brain.settings;
    const tools = final ? profile.answerTurnTools : profile.tools;
    // Text mode describes the exploration tools on every turn, so the system prompt (and the server's prefix cache) stays put.
    const system = profile.systemPrompt(this.ctx, mode === 'text' ? describeToolsForText(profile.tools) : undefined);
    const body: ChatRequest = { model, messages: renderMessages(system, this.entries, mode), ...profileRequestFields(profile, thinking) };
    // An answer turn withdraws tools by sending none (Ollama rejects tool_choice, so we never send it).
    if (mode === 'native' && tools.length) {
      body.tools = toolsPayload(tools);
      body.parallel_tool_calls = true;
    }
    return body;
  }

  /** Turns a reply into a step, recording it in history with valid JSON arguments and unique ids. */
  private decide(reply: ParsedReply, turn: BrainTurn): BrainStep {
    const protocol = this.protocol;
    const calls: HistoryCall[] = [];
    const errors = new Map<string, string>();
    const formats = new Map<string, (result: ToolResult) => string>();
    const toolCalls: ToolCall[] = [];
    let answer: CitedFile[] | undefined;
    reply.calls.forEach((raw) => {
      const id = this.uniqueId(raw.id);
      const parsed = raw.error ? { error: raw.error } : parseToolArguments(raw.arguments);
      if ('error' in parsed) {
        calls.push({ id, name: raw.name, args: {} });
        errors.set(id, protocol.formatError(`error: ${parsed.error}. Call ${raw.name} again with one valid JSON object as arguments.`));
        return;
      }
      calls.push({ id, name: raw.name, args: parsed.value });
      const mapped = protocol.mapCall(id, raw.name, parsed.value, this.ctx, { final: turn.final, siblings: reply.calls.length - 1 });
      if (mapped.kind === 'refused') errors.set(id, mapped.text);
      else if (mapped.kind === 'answer') answer = [...(answer ?? []), ...mapped.files];
      else {
        toolCalls.push(mapped.call);
        formats.set(id, mapped.format);
      }
    });
    this.logCalls(calls, errors);
    answer ??= protocol.parseAnswerText(reply.visible, turn.final && toolCalls.length === 0 ? 'lenient' : 'strict');
    // History is re-sent every turn: a huge reply kept whole made each request bigger (10 → 21 → 31 → 42 MB).
    this.entries.push({ role: 'assistant', text: clip(reply.visible, MAX_HISTORY_REPLY_CHARS), calls: calls.map(boundedCall) });
    this.pending = { calls, errors, formats };
    this.lastReplyEmpty = calls.length === 0 && answer === undefined;
    const thought = reply.visible || reply.thinking || undefined;
    if (answer !== undefined) return { kind: 'answer', files: answer, thought };
    return { kind: 'calls', calls: toolCalls, thought };
  }

  /** Logs the model's calls at debug, so a user can see what it asked for without the trace's HTTP lines. */
  private logCalls(calls: readonly HistoryCall[], errors: ReadonlyMap<string, string>): void {
    const { logger } = this.brain.settings;
    if (!logger) return;
    const secrets = secretsOf(this.brain.settings);
    for (const call of calls) {
      const error = errors.get(call.id);
      logger.debug(redactText(`tool call ${call.id} ${call.name}(${JSON.stringify(call.args)})${error ? ` refused: ${error}` : ''}`, secrets));
    }
  }

  /** Every call of the last reply gets a tool message: its result, its error, or a "not run" note. */
  private answerPendingCalls(turn: BrainTurn, notRun = this.protocol.formatError('error: this call was not run.')): void {
    const results = new Map(turn.results.map((r) => [r.call.id, r.result]));
    // A turn's results share one budget, so 8 big reads cannot crowd the issue out of the context.
    const cap = Math.min(MAX_RESULT_CHARS, Math.max(MIN_RESULT_CHARS, Math.floor(TURN_RESULT_CHARS / Math.max(1, this.pending.calls.length))));
    for (const call of this.pending.calls) {
      const result = results.get(call.id);
      const format = this.pending.formats.get(call.id) ?? toolResultText;
      const text = result ? format(result) : (this.pending.errors.get(call.id) ?? notRun);
      this.entries.push({ role: 'tool', callId: call.id, text: clip(text, cap) });
    }
    this.pending = { calls: [], errors: new Map(), formats: new Map() };
  }

  /** Shortens tool results, oldest first, after a context overflow; false when nothing is left to cut. */
  private shrinkHistory(): boolean {
    const tools = this.entries.filter((e): e is Extract<Entry, { role: 'tool' }> => e.role === 'tool');
    for (const limit of SHRINK_STEPS) {
      const longer = tools.filter((e) => e.text.length > limit + CLIP_NOTE_ROOM);
      if (longer.length === 0) continue;
      for (const entry of longer) entry.text = clip(entry.text, limit);
      return true;
    }
    return false;
  }

  /**
   * Keeps a server's id when it is new in this run; SGLang repeats '0', '1'… and some servers send
   * none. Made-up ids are 9 alphanumerics, the only shape Mistral chat templates accept.
   */
  private uniqueId(id: string | undefined): string {
    let candidate = id && !this.usedIds.has(id) ? id : undefined;
    while (candidate === undefined || this.usedIds.has(candidate)) candidate = `cg${(++this.idCounter).toString(36).padStart(7, '0')}`;
    this.usedIds.add(candidate);
    return candidate;
  }
}
