import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildCsp, buildWebviewHtml } from '../../../src/common/webviewHtml';

const source = 'https://file+.vscode-resource.vscode-cdn.net';

describe('results page HTML and CSP', () => {
  const nonce = randomBytes(18).toString('base64');

  it('allows nothing by default, scripts only by nonce, styles and fonts only from the extension', () => {
    const csp = buildCsp(source, nonce);
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    assert.deepEqual(directives['default-src'], ["'none'"]);
    assert.deepEqual(directives['script-src'], [`'nonce-${nonce}'`]);
    assert.deepEqual(directives['style-src'], [source, `'nonce-${nonce}'`]);
    assert.deepEqual(directives['font-src'], [source]);
    assert.ok(!/unsafe-inline|unsafe-eval|\*|connect-src|http:/.test(csp), csp);
  });

  it('refuses a nonce that is short or could break out of the policy', () => {
    assert.throws(() => buildCsp(source, 'abc'), /nonce/);
    assert.throws(() => buildCsp(source, `${nonce}'; script-src *`), /nonce/);
  });

  it('puts the nonce on the one script and the codicon stylesheet, and nothing else inline', () => {
    const html = buildWebviewHtml({ cspSource: source, nonce, scriptUri: `${source}/main.js`, codiconCssUri: `${source}/codicon.css`, title: 'CodeGrep <results>' });
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.ok(html.includes(`<script type="module" nonce="${nonce}" src="${source}/main.js">`), html);
    assert.match(html, /id="vscode-codicon-stylesheet"/);
    assert.match(html, /<title>CodeGrep &lt;results&gt;<\/title>/);
    assert.ok(!/<style|\sstyle=|\son\w+=/.test(html));
  });
});
