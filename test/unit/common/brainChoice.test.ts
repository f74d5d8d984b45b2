import * as assert from 'node:assert/strict';
import { chooseBrainKind } from '../../../src/common/brainChoice';
import { CodeGrepError } from '../../../src/common/errors';

describe('choosing the brain', () => {
  it('auto: endpoint first, then the VS Code LM brain when it agreed, else embedded', () => {
    assert.equal(chooseBrainKind('auto', { endpoint: 'http://127.0.0.1:8000/v1' }, true), 'openai');
    assert.equal(chooseBrainKind('auto', { endpoint: '' }, true), 'vscode-lm');
    assert.equal(chooseBrainKind('auto', { endpoint: '' }, false), 'embedded');
  });

  it('openai without an endpoint is an error that offers "Set endpoint"', () => {
    assert.throws(
      () => chooseBrainKind('openai', { endpoint: '' }, false),
      (error: unknown) => error instanceof CodeGrepError && error.action === 'set-endpoint' && /codegrep\.endpoint is empty/.test(error.message),
    );
  });

  it('explicit choices are kept', () => {
    assert.equal(chooseBrainKind('embedded', { endpoint: 'http://x' }, true), 'embedded');
    assert.equal(chooseBrainKind('vscode-lm', { endpoint: '' }, false), 'vscode-lm');
  });
});
