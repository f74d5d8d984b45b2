import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { CodeGrepError } from '../../../../src/common/errors';
import { createOpenAIBrain } from '../../../../src/core/openai/index';
import { cleanup, playConversation, type Played } from './harness';

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('OpenAIBrain errors a user can act on', () => {
  let played: Played | undefined;
  afterEach(async () => {
    await cleanup(played);
    played = undefined;
  });

  it('401 → auth-failed naming the Set API Key command and CODEGREP_API_KEY, without retrying', async () => {
    played = await playConversation('auth-failed', { config: { apiKey: 'sk-wrong' } });
    assert.ok(played.error instanceof CodeGrepError);
    assert.equal(played.error.code, 'auth-failed');
    assert.equal(played.error.action, 'set-api-key');
    assert.match(played.error.message, /HTTP 401: Incorrect API key provided.*"CodeGrep: Set API Key".*CODEGREP_API_KEY/);
    assert.doesNotMatch(played.error.message, /sk-wrong/, 'the key is never shown');
    assert.equal(played.server.chatRequests.length, 1);
    assert.equal(played.server.chatRequests[0].headers.authorization, 'Bearer sk-wrong');
  });

  it('404 for the model → model-not-found naming codegrep.model and listing served models', async () => {
    played = await playConversation('model-not-found');
    assert.ok(played.error instanceof CodeGrepError);
    assert.equal(played.error.code, 'model-not-found');
    assert.equal(played.error.action, 'set-model');
    assert.match(played.error.message, /does not serve the model "codegrep-test" \(HTTP 404: The model `qwen3-typo` does not exist\.\)/);
    assert.match(played.error.message, /It serves: codegrep-14b, Qwen\/Qwen3-14B\. Set codegrep\.model \(CLI: --model\)/);
    assert.ok(played.server.requests.some((r) => r.method === 'GET' && r.path === '/v1/models'));
  });

  it('connection refused → endpoint-unreachable naming codegrep.endpoint, after retries', async () => {
    const port = await closedPort();
    const brain = createOpenAIBrain({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'm', maxRetries: 1, retryBaseMs: 5 });
    const session = brain.start({ title: 't', body: '' }, { maxTurns: 3, maxParallelCalls: 8 });
    await assert.rejects(
      session.next({ turn: 1, totalTurns: 4, final: false, maxCalls: 8, results: [] }, new AbortController().signal),
      (error: unknown) =>
        error instanceof CodeGrepError &&
        error.code === 'endpoint-unreachable' &&
        error.action === 'set-endpoint' &&
        /Cannot reach the model server at http:\/\/127\.0\.0\.1:\d+\/v1 \(connection refused\) after 2 attempts\..*codegrep\.endpoint/.test(error.message),
    );
  });

  it('refuses a bad config with errors that name the setting', () => {
    assert.throws(() => createOpenAIBrain({ baseURL: 'localhost:8000', model: 'm' }), (e: unknown) => e instanceof CodeGrepError && e.code === 'bad-input' && /codegrep\.endpoint/.test(e.message));
    assert.throws(() => createOpenAIBrain({ baseURL: 'ftp://x/v1', model: 'm' }), /must be http\(s\)/);
    assert.throws(() => createOpenAIBrain({ baseURL: 'http://x/v1', model: ' ' }), (e: unknown) => e instanceof CodeGrepError && e.code === 'no-model' && e.action === 'set-model');
    assert.throws(() => createOpenAIBrain({ baseURL: 'http://x/v1', model: 'm', profile: 'llama' as 'generic' }), /Unknown model profile "llama"/);
    assert.equal(createOpenAIBrain({ baseURL: 'http://x/v1/', model: 'qwen3' }).name, 'openai:qwen3');
  });

  it('a base URL without /v1 (404 on every route) → endpoint error, not a model error', async () => {
    played = await playConversation('early-answer');
    const root = played.server.baseURL.replace(/\/v1$/, '');
    const brain = createOpenAIBrain({ baseURL: root, model: 'm', maxRetries: 0 });
    const session = brain.start({ title: 't', body: '' }, { maxTurns: 3, maxParallelCalls: 8 });
    await assert.rejects(
      session.next({ turn: 1, totalTurns: 4, final: false, maxCalls: 8, results: [] }, new AbortController().signal),
      (error: unknown) =>
        error instanceof CodeGrepError && error.code === 'endpoint-unreachable' && /answered 404 for \/chat\/completions.*usually serve under \/v1/.test(error.message),
    );
  });
});
