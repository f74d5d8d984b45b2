import * as assert from 'node:assert/strict';
import { parseWebviewMessage, validRequestParams } from '../../../src/common/protocol';

describe('webview protocol', () => {
  it('accepts the messages the page sends', () => {
    assert.deepEqual(parseWebviewMessage({ kind: 'notification', method: 'ready', params: {} }), { kind: 'notification', method: 'ready', params: {} });
    const request = { kind: 'request', id: 3, method: 'open', params: { path: 'src/a.py', range: [10, 20] } };
    assert.deepEqual(parseWebviewMessage(request), request);
    assert.deepEqual(parseWebviewMessage({ kind: 'response', id: 1, result: { status: 'done' } }), { kind: 'response', id: 1, result: { status: 'done' } });
  });

  it('drops malformed or unknown messages instead of dispatching them', () => {
    for (const raw of [
      null,
      'ready',
      [],
      { kind: 'request', method: 'open', params: {} },
      { kind: 'request', id: 1, method: 'deleteEverything', params: {} },
      { kind: 'request', id: 1, method: 'toString', params: {} },
      { kind: 'notification', method: 'ready' },
      { kind: 'notification', method: '__proto__', params: {} },
      { kind: 'response', id: '1' },
    ]) {
      assert.equal(parseWebviewMessage(raw), undefined, JSON.stringify(raw));
    }
  });

  it('checks request params per method', () => {
    assert.ok(validRequestParams('open', { path: 'a.py' }));
    assert.ok(validRequestParams('open', { path: 'a.py', range: [1, 2] }));
    assert.ok(!validRequestParams('open', { path: 'a.py', range: [0, 2] }));
    assert.ok(!validRequestParams('open', { path: 'a.py', range: ['1', 2] }));
    assert.ok(!validRequestParams('open', { path: 42 }));
    assert.ok(validRequestParams('copyContext', { runId: 'r', paths: ['a', 'b'] }));
    assert.ok(!validRequestParams('copyContext', { runId: 'r', paths: ['a', 1] }));
    assert.ok(validRequestParams('fixError', { action: 'set-api-key' }));
    assert.ok(!validRequestParams('fixError', { action: 'run-shell' }));
    assert.ok(!validRequestParams('stop', {}));
  });
});
