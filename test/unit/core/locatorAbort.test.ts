import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueFromText } from '../../../src/common/issue';
import { createEmbeddedBrain } from '../../../src/core/embedded/index';
import { Locator } from '../../../src/core/locator';
import { NodeToolRunner } from '../../../src/tools/runner';

describe('Locator: a stop from an event listener', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cg-abort-'));
    writeFileSync(join(dir, 'bucket.py'), 'class TokenBucket:\n    def consume(self, tokens):\n        return tokens > 0\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('rejects with "cancelled" and leaves no unhandled rejection behind (Stop pressed while the first call starts)', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const abort = new AbortController();
      await assert.rejects(
        new Locator(new NodeToolRunner({ roots: [dir] })).locate(issueFromText('TokenBucket.consume is wrong'), createEmbeddedBrain(), {
          signal: abort.signal,
          onEvent: (event) => {
            if (event.type === 'tool-call') abort.abort();
          },
        }),
        /cancelled/,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(unhandled.map(String), []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
