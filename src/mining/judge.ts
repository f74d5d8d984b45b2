import OpenAI from 'openai';
import type { AgentRun } from './agentRun';
import type { FileRead, RunReads } from './runReads';

/** A judge's word on one read. */
export type Verdict = 'RELEVANT' | 'NOT_RELEVANT';

/** Its verdict and the reason, as the labels file records them. */
export interface Judgement {
  verdict: Verdict;
  why: string;
  /** Who decided: `heuristic`, or `model:<name>` (a model that failed falls back to the heuristic, and says so). */
  judge: string;
}

/** Decides whether a read file mattered to the issue. */
export interface Judge {
  readonly name: string;
  judge(run: AgentRun, read: FileRead, reads: RunReads): Promise<Judgement>;
}

/**
 * The documented heuristic (docs/training.md, "CATM mining"): a read is RELEVANT when the run
 * later edits the file (editor edit, `sed -i`, or the final patch) or cites it (its path, or its
 * file name, in reasoning written after the read). Reasoning length does not decide the label; it
 * sets the file's intensity weight.
 */
export class HeuristicJudge implements Judge {
  readonly name = 'heuristic';

  async judge(_run: AgentRun, read: FileRead, reads: RunReads): Promise<Judgement> {
    if (reads.edited.has(read.path)) return { verdict: 'RELEVANT', why: 'the run edits this file', judge: this.name };
    if (citedAfter(read, reads)) return { verdict: 'RELEVANT', why: 'cited in the reasoning after the read', judge: this.name };
    return { verdict: 'NOT_RELEVANT', why: 'neither edited nor cited after the read', judge: this.name };
  }
}

/**
 * True when reasoning after the read names the file: its path; its file name standing alone (not
 * as the tail of another path: `monai/transforms/utils.py` does not cite `monai/data/utils.py`);
 * or, for a name that reads as a code identifier (CamelCase like `BufferedTokenizerExt`, or
 * snake_case like `path_utilities`), its stem as a whole word: Java agents cite the class, not the file.
 */
export function citedAfter(read: FileRead, reads: RunReads): boolean {
  const later = reads.textAfter(read.event);
  const name = read.path.split('/').pop() ?? read.path;
  if (later.includes(read.path) || new RegExp(`(^|[^\\w./-])${escapeRegExp(name)}($|[^\\w-])`).test(later)) return true;
  const stem = name.replace(/\.[^.]+$/, '');
  const identifier = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/.test(stem) || /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(stem);
  return identifier && new RegExp(`\\b${escapeRegExp(stem)}\\b`).test(later);
}

/** Where an OpenAI-compatible judge model is. */
export interface ModelJudgeOptions {
  baseURL: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

/**
 * Any OpenAI-compatible model, asked RELEVANT or NOT_RELEVANT for each read with the issue, the
 * file and the reasoning before the read. A failed request or an unclear reply falls back to the
 * heuristic for that read, recorded as such, so one bad reply never loses a row.
 */
export class ModelJudge implements Judge {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly fallback = new HeuristicJudge();

  constructor(private readonly options: ModelJudgeOptions) {
    this.name = `model:${options.model}`;
    this.client = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey || 'EMPTY', maxRetries: 1, timeout: options.timeoutMs ?? 60_000 });
  }

  async judge(run: AgentRun, read: FileRead, reads: RunReads): Promise<Judgement> {
    let reply: string;
    try {
      const completion = await this.client.chat.completions.create({
        model: this.options.model,
        temperature: 0,
        max_tokens: 8,
        messages: [
          { role: 'system', content: JUDGE_PROMPT },
          { role: 'user', content: judgeQuestion(run, read) },
        ],
      });
      reply = completion.choices[0]?.message?.content ?? '';
    } catch (error) {
      return this.fallBack(run, read, reads, `request failed: ${(error as Error).message}`);
    }
    const verdict = /NOT[_ ]RELEVANT/i.test(reply) ? 'NOT_RELEVANT' : /RELEVANT/i.test(reply) ? 'RELEVANT' : undefined;
    if (!verdict) return this.fallBack(run, read, reads, `unclear reply ${JSON.stringify(reply.slice(0, 40))}`);
    return { verdict, why: `the model said ${verdict}`, judge: this.name };
  }

  private async fallBack(run: AgentRun, read: FileRead, reads: RunReads, problem: string): Promise<Judgement> {
    const judged = await this.fallback.judge(run, read, reads);
    return { ...judged, judge: `heuristic (${this.name}: ${problem})` };
  }
}

const JUDGE_PROMPT = [
  'You judge what a coding agent read while fixing a GitHub issue.',
  'Given the issue, one file the agent read, and the agent\'s reasoning just before reading it, answer RELEVANT if the file is one that must be read or edited to resolve the issue, or NOT_RELEVANT otherwise.',
  'Answer with exactly one word: RELEVANT or NOT_RELEVANT.',
].join('\n');

function judgeQuestion(run: AgentRun, read: FileRead): string {
  const lines = read.range ? ` (lines ${read.range[0]}-${read.range[1]})` : '';
  return [
    `<issue>\n${clip(run.task, 6_000)}\n</issue>`,
    `<file>${read.path}${lines}, read with ${read.via}</file>`,
    `<reasoning_before_read>\n${clip(read.reasoning, 2_000, true) || '(none)'}\n</reasoning_before_read>`,
  ].join('\n\n');
}

/** Keeps the head (or, for reasoning, the tail: the thought closest to the read). */
function clip(text: string, max: number, tail = false): string {
  if (text.length <= max) return text;
  return tail ? `…${text.slice(-max)}` : `${text.slice(0, max)}…`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
