import * as assert from 'node:assert/strict';
import { chatFailureMarkdown, escapeMarkdown } from '../../../src/common/markdownText';

describe('common/markdownText', () => {
  it('escapes a server error in the chat failure line: no link, image or HTML survives', () => {
    const text = chatFailureMarkdown('HTTP 500: [click](https://evil.example) ![x](https://evil.example/t.png) <img src=x onerror=alert(1)>\n# big');
    assert.equal(text, 'CodeGrep could not locate files: HTTP 500: \\[click\\]\\(https://evil\\.example\\) \\!\\[x\\]\\(https://evil\\.example/t\\.png\\) \\<img src=x onerror=alert\\(1\\)\\> \\# big');
    assert.ok(!/(^|[^\\])\[/.test(text) && !/(^|[^\\])</.test(text));
  });

  it('escapeMarkdown keeps one line', () => {
    assert.equal(escapeMarkdown('a\n\n*b*'), 'a \\*b\\*');
  });
});
