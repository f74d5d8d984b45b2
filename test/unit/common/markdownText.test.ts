import * as assert from 'node:assert/strict';
import { chatFailureMarkdown, codeSpan, escapeMarkdown } from '../../../src/common/markdownText';

describe('common/markdownText', () => {
  it('escapes a server error in the chat failure line: no link, image or HTML survives', () => {
    const text = chatFailureMarkdown('HTTP 500: [click](https://evil.example) ![x](https://evil.example/t.png) <img src=x onerror=alert(1)>\n# big');
    assert.equal(text, 'CodeGrep could not locate files: HTTP 500\\: \\[click\\]\\(https\\://evil\\.example\\) \\!\\[x\\]\\(https\\://evil\\.example/t\\.png\\) \\<img src=x onerror=alert\\(1\\)\\> \\# big');
    assert.ok(!/(^|[^\\])\[/.test(text) && !/(^|[^\\])</.test(text));
  });

  it('escapeMarkdown keeps one line', () => {
    assert.equal(escapeMarkdown('a\n\n*b*'), 'a \\*b\\*');
  });

  it('escapeMarkdown leaves no bare URL to become a link, and shows controls and bidi overrides as U+FFFD', () => {
    const text = escapeMarkdown('Fix is here: https://evil%2Eexample/login see http://3232235777/x \x1b]0;t\x07 x\u202etxt');
    assert.ok(!/(^|[^\\]):\/\//.test(text), text);
    assert.equal(text, 'Fix is here\\: https\\://evil%2Eexample/login see http\\://3232235777/x \uFFFD\\]0;t\uFFFD x\uFFFDtxt');
  });

  it('codeSpan keeps a file name inside its code span: one line, no backticks, no controls', () => {
    assert.equal(codeSpan('src/notes\n\n![t](https:evil.example?leak)\n\n`.py'), '`src/notes ![t](https:evil.example?leak) .py`');
    assert.equal(codeSpan('src/a\u202eb.py'), '`src/a\uFFFDb.py`');
  });
});
