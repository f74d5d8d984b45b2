import assert from 'node:assert/strict';
import type { Logger } from '../../../../src/common/logger';
import { cleanup, playConversation, type Played } from './harness';

/** A Logger that keeps every line with its level, to assert what reached the log. */
class RecordingLogger implements Logger {
  readonly lines: { level: string; text: string }[] = [];
  trace(message: string): void {
    this.lines.push({ level: 'trace', text: message });
  }
  debug(message: string): void {
    this.lines.push({ level: 'debug', text: message });
  }
  info(message: string): void {
    this.lines.push({ level: 'info', text: message });
  }
  warn(message: string): void {
    this.lines.push({ level: 'warn', text: message });
  }
  error(message: string | Error): void {
    this.lines.push({ level: 'error', text: String(message) });
  }
  at(level: string): string[] {
    return this.lines.filter((l) => l.level === level).map((l) => l.text);
  }
}

/** Waits until `count` response lines were logged (the body is sized after the client read it). */
async function responses(logger: RecordingLogger, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const lines = logger.at('trace').filter((l) => l.startsWith('←'));
    if (lines.length >= count) return lines;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`expected ${count} response trace lines, got ${JSON.stringify(logger.lines)}`);
}

describe('OpenAIBrain request tracing', () => {
  let played: Played | undefined;
  afterEach(async () => {
    await cleanup(played);
    played = undefined;
  });
  const key = 'sk-tracing-test-0123456789abcdef';

  it('logs each request and response at trace and each tool call at debug, never the key', async () => {
    const logger = new RecordingLogger();
    played = await playConversation('parallel-8-calls', { config: { apiKey: key, logger } });
    assert.ok(played.result, String(played.error));
    const chats = played.server.chatRequests.length;
    const requests = logger.at('trace').filter((l) => l.startsWith('→'));
    assert.equal(requests.length, chats);
    const url = `${played.server.baseURL}/chat/completions`;
    for (const line of requests) {
      assert.match(line, new RegExp(`^→ POST ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} request=\\d+ B headers=`));
      assert.match(line, /"authorization":"\[REDACTED\]"/);
    }
    const replies = await responses(logger, chats);
    for (const line of replies) assert.match(line, /^← POST \S+\/chat\/completions 200 (OK )?in \d+ ms \(body after \d+ ms\) response=\d+ B$/);
    assert.equal(played.server.chatRequests[0].headers.authorization, `Bearer ${key}`, 'the key was sent');
    const debug = logger.at('debug');
    assert.ok(debug.some((l) => /^tool call \S+ grep\(\{/.test(l)), JSON.stringify(debug));
    assert.ok(debug.some((l) => /^tool call \S+ answer\(/.test(l)), JSON.stringify(debug));
    const all = JSON.stringify(logger.lines);
    assert.ok(!all.includes(key), 'the key is not logged');
    assert.ok(!all.includes(key.slice(3, 20)), 'no part of the key is logged');
  });

  it('traces refused and failed requests too, without the key', async () => {
    const logger = new RecordingLogger();
    played = await playConversation('auth-failed', { config: { apiKey: key, logger } });
    assert.ok(played.error);
    const [reply] = await responses(logger, 1);
    assert.match(reply, / 401 /);
    const closedURL = played.server.baseURL;
    await played.server.close();
    const down = new RecordingLogger();
    const again = await playConversation('early-answer', { config: { apiKey: key, logger: down, baseURL: closedURL, maxRetries: 0 } });
    await cleanup(again);
    assert.ok(again.error);
    assert.ok(down.at('trace').some((l) => l.startsWith('✗ POST') && / failed after \d+ ms: /.test(l)), JSON.stringify(down.lines));
    assert.ok(!JSON.stringify([logger.lines, down.lines]).includes(key));
  });
});
