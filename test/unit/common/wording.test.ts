import * as assert from 'node:assert/strict';
import { clip, editorMessage, plural, turnLabel } from '../../../src/common/wording';

describe('user-facing wording', () => {
  it('counts with the right plural ("1 file", never "1 files" or "file(s)")', () => {
    assert.equal(plural(1, 'file'), '1 file');
    assert.equal(plural(0, 'file'), '0 files');
    assert.equal(plural(3, 'call'), '3 calls');
  });

  it('clips long titles to one line with an ellipsis', () => {
    assert.equal(clip('short', 10), 'short');
    assert.equal(clip('a\n\nlong   title that goes on', 12), 'a long titl…');
    assert.equal(clip('x'.repeat(4000), 60).length, 60);
  });

  it('turns CLI-flavoured errors into editor messages', () => {
    assert.equal(editorMessage('cannot reach it. Check that codegrep.endpoint (CLI: --endpoint) is its base URL.'), 'Cannot reach it. Check that codegrep.endpoint is its base URL.');
    assert.equal(editorMessage('The endpoint must be http(s), not ftp: (codegrep.endpoint, CLI: --endpoint).'), 'The endpoint must be http(s), not ftp: (codegrep.endpoint).');
    assert.equal(editorMessage('raise codegrep.requestTimeoutSeconds (CLI: --request-timeout).'), 'Raise codegrep.requestTimeoutSeconds.');
  });

  it('counts exploration turns as the setting does, then says "answering"', () => {
    assert.equal(turnLabel(1, 4), 'turn 1 of 3');
    assert.equal(turnLabel(3, 4), 'turn 3 of 3');
    assert.equal(turnLabel(4, 4), 'answering');
    assert.equal(turnLabel(1, 1), 'answering', 'maxTurns 0: the only turn answers');
  });
});
