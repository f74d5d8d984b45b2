import * as assert from 'node:assert/strict';
import { CodeGrepError, toErrorInfo } from '../../../src/common/errors';
import { addKnownSecret, REDACTED, redactHeaders, redactText } from '../../../src/common/redact';

describe('redaction', () => {
  it('replaces credential header values whatever their case, keeping the rest', () => {
    const out = redactHeaders({ Authorization: 'Bearer sk-live-123456789', 'X-Api-Key': 'abc', 'content-type': 'application/json', Cookie: 'session=1' });
    assert.deepEqual(out, { Authorization: REDACTED, 'X-Api-Key': REDACTED, 'content-type': 'application/json', Cookie: REDACTED });
  });

  it('hides a known secret everywhere it appears, longest first', () => {
    const key = 'my-local-key-42';
    const text = `calling with ${key} and again ${key}; prefix my-local`;
    assert.equal(redactText(text, ['my-local', key]), `calling with ${REDACTED} and again ${REDACTED}; prefix ${REDACTED}`);
  });

  it('hides bearer tokens, OpenAI-style and GitHub tokens and JSON api keys without being told the value', () => {
    const text = [
      'Authorization: Bearer abcdefghijklmnop',
      'key sk-proj-AbCdEf1234567890',
      'gh token ghp_0123456789abcdefABCDEF',
      '{"api_key": "hunter2hunter2", "model": "m"}',
    ].join('\n');
    const out = redactText(text);
    assert.ok(!/abcdefghijklmnop|AbCdEf1234567890|0123456789abcdefABCDEF|hunter2/.test(out), out);
    assert.match(out, /Bearer \[REDACTED\]/);
    assert.match(out, /"api_key": "\[REDACTED\]", "model": "m"/);
  });

  it("hides a URL's user and password, keeping its host and path", () => {
    const out = redactText('Cannot reach the model server at http://bob:hunter2pass@127.0.0.1:1/v1 after 4 attempts; also https://tok@example.com/x');
    assert.equal(out, 'Cannot reach the model server at http://[REDACTED]@127.0.0.1:1/v1 after 4 attempts; also https://[REDACTED]@example.com/x');
    assert.equal(redactText('see http://127.0.0.1:8000/v1 and mail me at bob@example.com'), 'see http://127.0.0.1:8000/v1 and mail me at bob@example.com');
  });

  it('leaves ordinary text alone and ignores secrets too short to be safe to replace', () => {
    const text = 'grep "token" in src/auth.py -> 3 hits';
    assert.equal(redactText(text, ['ab']), text);
  });
});

describe('known secrets (addKnownSecret) and toErrorInfo', () => {
  it('hides a registered secret in every later redactText and in every ErrorInfo message', () => {
    const secret = 'plain-value-without-a-known-shape-42';
    assert.ok(redactText(`x ${secret} y`).includes(secret), 'not hidden before it is registered');
    addKnownSecret(secret);
    addKnownSecret('EMPTY'); // the keyless placeholder is never a secret
    assert.equal(redactText(`x ${secret} y`), 'x [REDACTED] y');
    assert.equal(redactText('EMPTY'), 'EMPTY');
    const info = toErrorInfo(new CodeGrepError('auth-failed', `server said: key ${secret} invalid`));
    assert.equal(info.message, 'server said: key [REDACTED] invalid');
    assert.equal(toErrorInfo(new Error(`boom ${secret}`)).message, 'boom [REDACTED]');
  });
});
