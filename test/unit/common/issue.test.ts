import * as assert from 'node:assert/strict';
import { issueFromText } from '../../../src/common/issue';

describe('issue text', () => {
  it('keeps a multi-line issue apart: the first line is the title, the rest the body, line breaks kept', () => {
    const issue = issueFromText('\n  Crash on save\r\n\r\nSteps:\r\n1. open\r\n2. save\n');
    assert.deepEqual(issue, { title: 'Crash on save', body: 'Steps:\n1. open\n2. save' });
  });

  it('a one-line text is all title', () => {
    assert.deepEqual(issueFromText('TokenBucket.consume(0) raises'), { title: 'TokenBucket.consume(0) raises', body: '' });
  });
});
