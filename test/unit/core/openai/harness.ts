import type { LocateEvent } from '../../../../src/common/events';
import type { LocateResult } from '../../../../src/common/result';
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
}

/** Plays a recorded (or inline) conversation through the real Locator, OpenAIBrain and NodeToolRunner. */
export async function playConversation(script: string | Conversation | ScriptedReply[], options: PlayOptions = {}): Promise<Played> {
  const conversation = typeof script === 'string' ? loadConversation(script) : script;
  const server = await FakeModelServer.start(conversation);
  const repo = makeSampleRepo(options.files);
  const runner = new TimedRunner(new NodeToolRunner({ roots: [repo.root] }));
  const brain = createOpenAIBrain({ baseURL: server.baseURL, model: 'codegrep-test', maxRetries: 2, retryBaseMs: 10, ...options.config });
  const locator = new Locator(runner, options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns });
  const events: LocateEvent[] = [];
  const played: Played = { server, repo, runner, events, ms: 0 };
  const started = performance.now();
  options.onStart?.(played);
  try {
    played.result = await locator.locate(CART_ISSUE, brain, { signal: options.signal, onEvent: (e) => events.push(e) });
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
