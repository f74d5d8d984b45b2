import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { issueFromText } from '../../../src/common/issue';
import { Locator } from '../../../src/core/locator';
import { createBm25Brain, rankFiles } from '../../../src/eval/bm25';
import { splitIdentifier } from '../../../src/eval/bm25Tokens';
import { NodeToolRunner } from '../../../src/tools/runner';

describe('eval bm25 baseline', () => {
  let root: string;
  const files: Record<string, string> = {
    'pkg/http_client.py': 'class HttpClient:\n    def send_request(self, url):\n        return self.session.get(url, timeout=self.timeout)\n',
    'pkg/cache.py': 'class LruCache:\n    def evict_oldest(self):\n        self.items.pop(0)\n',
    'pkg/util.py': 'def helper():\n    return 1\n',
    'docs/notes.md': 'send_request HttpClient timeout timeout timeout\n',
    'assets/logo.png': '\u0000PNG send_request',
    'node_modules/dep/index.js': 'function sendRequest() { return timeout }\n',
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'codegrep-bm25-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('splits identifiers into the whole name and camel/snake parts', () => {
    assert.deepEqual(splitIdentifier('parseHTTPResponse_v2'), ['parsehttpresponse_v2', 'parse', 'http', 'response']);
    assert.deepEqual(splitIdentifier('send_request'), ['send_request', 'send', 'request']);
    assert.deepEqual(splitIdentifier('x'), []);
    assert.deepEqual(splitIdentifier('the'), []);
  });

  it('ranks the source file that shares the rare identifiers first, and indexes only source files', async () => {
    const hits = await rankFiles(root, 'HttpClient.send_request ignores the timeout', new AbortController().signal);
    assert.equal(hits[0].path, 'pkg/http_client.py');
    assert.ok(hits[0].terms.includes('send_request') || hits[0].terms.includes('httpclient'));
    const paths = hits.map((h) => h.path);
    assert.ok(!paths.includes('docs/notes.md'), 'markdown is not a source file');
    assert.ok(!paths.includes('assets/logo.png'));
    assert.ok(!paths.includes('node_modules/dep/index.js'), 'dependency trees are skipped');
    assert.ok(!paths.includes('pkg/util.py'), 'files sharing no query term are not returned');
  });

  it('answers through the Locator in one turn with no tool calls, top-k files', async () => {
    const tools = new NodeToolRunner({ roots: [root] });
    const issue = issueFromText('LruCache evict_oldest pops the wrong item\nAlso HttpClient send_request');
    const top1 = await new Locator(tools).locate(issue, createBm25Brain({ root }));
    assert.equal(top1.brain, 'bm25');
    assert.equal(top1.usage.turns, 1);
    assert.equal(top1.usage.toolCalls, 0);
    assert.deepEqual(
      top1.candidates.map((c) => c.path),
      ['pkg/cache.py'],
    );
    assert.match(top1.candidates[0].reason, /^BM25 \d+\.\d over the whole file; strongest terms: .*evict_oldest/);
    const top3 = await new Locator(tools).locate(issue, createBm25Brain({ root, topK: 3 }));
    assert.equal(top3.brain, 'bm25:3');
    assert.deepEqual(
      top3.candidates.map((c) => c.path),
      ['pkg/cache.py', 'pkg/http_client.py'],
    );
  });

  it('returns nothing for a query with no usable terms', async () => {
    assert.deepEqual(await rankFiles(root, 'the a of ?!', new AbortController().signal), []);
  });

  it('stops with a cancelled error when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(rankFiles(root, 'timeout', controller.signal), /cancelled/);
  });
});
