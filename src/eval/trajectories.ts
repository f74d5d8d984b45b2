import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Candidate, RejectedCitation } from '../common/result';
import { parseAnswerArguments, parseAnswerText } from '../core/answer';
import type { CitedFile } from '../core/brain';
import type { ChatMessage, ToolDeclaration } from '../core/transcript';
import { parseToolArguments } from '../core/toolArguments';
import { dedupeRanked, normalizePath } from './metrics';
import { rewardParts, type RewardParts } from './reward';

/**
 * One line of `eval --trajectories`: a whole run as an OpenAI chat conversation (SFT-ready: the
 * `messages` and `tools` of a request, the answer as the last assistant message), plus what it
 * takes to score it again: gold files, the cited paths the Locator rejected, and the budget.
 */
export interface TrajectoryLine {
  instance_id: string;
  brain: string;
  /** The protocol profile `messages` are written in: always `codegrep` (src/core/profiles/codegrep.ts). */
  conversation_format: string;
  repo: string;
  base_commit: string;
  messages: ChatMessage[];
  tools: ToolDeclaration[];
  /** The Locator's checked answer: files that exist, best first, and the citations it dropped. */
  answer: { files: Candidate[]; rejected: RejectedCitation[] };
  gold_files: string[];
  budget: { max_turns: number; max_calls: number };
  reward: RewardParts;
  error?: string;
}

/** Appends lines one at a time (a line can be large; concurrent appends could interleave). */
export class TrajectoryWriter {
  private queue: Promise<void>;

  constructor(private readonly file: string) {
    this.queue = mkdir(dirname(file), { recursive: true }).then(() => writeFile(file, ''));
    // Failing before the first write, the queue would reject with nothing awaiting it yet, and Node would end the
    // process; the error still reaches every write and flush after it.
    this.queue.catch(() => undefined);
  }

  write(line: TrajectoryLine): Promise<void> {
    const text = `${JSON.stringify(line)}\n`;
    this.queue = this.queue.then(() => appendFile(this.file, text));
    return this.queue;
  }

  /** Resolves when every line so far is on disk. */
  flush(): Promise<void> {
    return this.queue;
  }
}

/**
 * Scores a trajectory line again from its conversation alone: the answer is read back from the
 * last assistant message (an `answer` call, or a `<final_answer>` block), rejected citations are
 * dropped as the Locator dropped them, and turns and calls are counted from the messages.
 */
export function recomputeReward(line: Pick<TrajectoryLine, 'messages' | 'gold_files' | 'budget' | 'answer'>): RewardParts {
  const assistants = line.messages.filter((m) => m.role === 'assistant');
  const cited = readAnswer(assistants[assistants.length - 1]);
  const rejected = new Set(line.answer.rejected.map((r) => normalizePath(r.path)));
  const predicted = dedupeRanked((cited ?? []).map((file) => normalizePath(file.path)).filter((path) => !rejected.has(path)));
  let toolCalls = 0;
  let callTurns = 0;
  line.messages.forEach((message, index) => {
    const calls = (message.tool_calls ?? []).filter((call) => call.function.name !== 'answer');
    // Calls on the answer turn are never run: they have no tool messages after them.
    if (message.role !== 'assistant' || calls.length === 0 || line.messages[index + 1]?.role !== 'tool') return;
    toolCalls += Math.min(calls.length, line.budget.max_calls);
    callTurns++;
  });
  const turns = line.messages.filter((m) => m.role === 'user').length;
  return rewardParts({ predicted, gold: line.gold_files, turns, toolCalls, callTurns, malformed: cited === undefined });
}

function readAnswer(message: ChatMessage | undefined): CitedFile[] | undefined {
  if (!message) return undefined;
  for (const call of message.tool_calls ?? []) {
    if (call.function.name !== 'answer') continue;
    const args = parseToolArguments(call.function.arguments);
    if ('error' in args) return undefined;
    const files = parseAnswerArguments(args.value);
    return 'error' in files ? undefined : files.files;
  }
  return parseAnswerText(message.content, 'lenient');
}
