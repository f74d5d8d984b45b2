import type { LocateEvent } from '../../../../src/common/events';
import type { LocateResult } from '../../../../src/common/result';
import type { Brain } from '../../../../src/core/brain';
import { Locator } from '../../../../src/core/locator';
import { createOpenAIBrain, type OpenAIBrainConfig } from '../../../../src/core/openai/index';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { FakeModelServer, loadConversation, type Conversation, type ScriptedReply } from '../../../helpers/fakeModelServer';
import { CART_ISSUE, makeSampleRepo, type SampleRepo } from '../sampleRepo';
import { TimedRunner } from '../../../helpers/timedRunner';

export { TimedRunner, type CallSpan } from '../../../helpers/timedRunner';

/** Everything a played conversation leaves behind. */
export interface Played {
  server: FakeModelServer;
  repo: SampleRepo;
  runner: TimedRunner;
  events: LocateEvent[];
  result?: LocateResult;
  error?: unknown;
  ms: number;
}

/** Options for playConversation. */
export interface PlayOptions {
  config?: Partial<OpenAIBrainConfig>;
  signal?: AbortSignal;
  maxTurns?: number;
  /** Extra files for the sample repo. */
  files?: Record<string, string>;
  /** Called once the run has started (to abort it at the right moment). */
  onStart?: (played: Played) => void;
  /** Brain whose top files go to the model as a first-turn hint. */
  warmStart?: Brain;
  maxParallelCalls?: number;
}

/** Recorded replies may name the sample repo's absolute root as `{{ROOT}}` (FastContext paths are absolute). */
export function withRoot(conversation: Conversation, root: string): Conversation {
  return JSON.parse(JSON.stringify(conversation).split('{{ROOT}}').join(root.replace(/\\/g, '/'))) as Conversation;
}

/** Plays a recorded (or inline) conversation through the real Locator, OpenAIBrain and NodeToolRunner. */
export async function playConversation(script: string | Conversation | ScriptedReply[], options: PlayOptions = {}): Promise<Played> {
  const repo = makeSampleRepo(options.files);
  const loaded = typeof script === 'string' ? loadConversation(script) : script;
  const conversation = Array.isArray(loaded) ? loaded : withRoot(loaded, repo.root);
  const server = await FakeModelServer.start(conversation);
  const runner = new TimedRunner(new NodeToolRunner({ roots: [repo.root] }));
  const brain = createOpenAIBrain({ baseURL: server.baseURL, model: 'codegrep-test', maxRetries: 2, retryBaseMs: 10, ...options.config });
  const limits = { ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }), ...(options.maxParallelCalls === undefined ? {} : { maxParallelCalls: options.maxParallelCalls }) };
  const locator = new Locator(runner, limits);
  const events: LocateEvent[] = [];
  const played: Played = { server, repo, runner, events, ms: 0 };
  const started = performance.now();
  options.onStart?.(played);
  try {
    played.result = await locator.locate(CART_ISSUE, brain, { signal: options.signal, onEvent: (e) => events.push(e), warmStart: options.warmStart });
  } catch (error) {
    played.error = error;
  }
  played.ms = performance.now() - started;
  return played;
}

/** Stops the server and removes the repo. */
export async function cleanup(played: Played | undefined): Promise<void> {
  if (!played) return;
  await played.server.close();
  played.repo.remove();
}

/** The messages array of a recorded request. */
export function messagesOf(body: Record<string, unknown> | undefined): Record<string, unknown>[] {
  return Array.isArray(body?.messages) ? (body.messages as Record<string, unknown>[]) : [];
}
