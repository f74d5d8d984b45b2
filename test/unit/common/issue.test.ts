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

  it('takes the title from the line after a template label, without the label or Markdown marks', () => {
    for (const label of ['## Title:', '# Title', '**Title:**', '### Title', 'Title:']) {
      assert.deepEqual(issueFromText(`${label}\n\nTopic thumbnails are not removed\n\n## Description\nWhen a topic is purged…`), {
        title: 'Topic thumbnails are not removed',
        body: '## Description\nWhen a topic is purged…',
      }, label);
    }
  });

  it('drops heading marks, emphasis and a "Title:" label around a one-line title', () => {
    const titles: [string, string][] = [
      ['**Title: System tags disappear when a user edits a post**', 'System tags disappear when a user edits a post'],
      ['## Title: Upvoter list can be fetched without privileges', 'Upvoter list can be fetched without privileges'],
      ['#title: Move .well-known assets to a router file', 'Move .well-known assets to a router file'],
      ['# Keychain errors on Linux', 'Keychain errors on Linux'],
      ['Title attribute missing on <img>', 'Title attribute missing on <img>'],
      ['__init__ of Foo raises', '__init__ of Foo raises'],
    ];
    for (const [line, title] of titles) assert.equal(issueFromText(`${line}\nbody`).title, title, line);
  });

  it('keeps a label-only text as it is rather than returning an empty title', () => {
    assert.deepEqual(issueFromText('## Title:'), { title: '## Title:', body: '' });
  });
});
