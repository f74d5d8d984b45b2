import * as assert from 'node:assert/strict';
import { CodeGrepError, isCodeGrepError, toErrorInfo } from '../../../src/common/errors';

describe('CodeGrepError across bundles', () => {
  it('keeps code and fix action for an error from another copy of the class (same name and code)', () => {
    class OtherCopy extends Error {
      readonly code = 'no-model';
      readonly action = 'choose-brain';
      constructor(message: string) {
        super(message);
        this.name = 'CodeGrepError';
      }
    }
    const foreign = new OtherCopy('No VS Code language model is available.');
    assert.ok(isCodeGrepError(foreign));
    assert.deepEqual(toErrorInfo(foreign), { code: 'no-model', message: 'No VS Code language model is available.', action: 'choose-brain' });
    assert.ok(isCodeGrepError(new CodeGrepError('bad-input', 'x')));
    const plain = new Error('boom');
    assert.equal(isCodeGrepError(plain), false);
    assert.equal(toErrorInfo(plain).code, 'internal');
  });
});
