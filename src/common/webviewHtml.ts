/** What the results page needs: the webview's CSP source, a fresh nonce and the asset URIs. */
export interface WebviewPageOptions {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  codiconCssUri: string;
  title: string;
}

/**
 * The page's Content-Security-Policy: nothing by default; scripts only with the nonce; styles and
 * fonts only from the extension's own webview resources (Lit and vscode-elements use constructable
 * stylesheets, which need no 'unsafe-inline'). No connect-src, so the page cannot call out.
 */
export function buildCsp(cspSource: string, nonce: string): string {
  assertNonce(nonce);
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `img-src ${cspSource}`,
  ].join('; ');
}

/** The HTML shell of the results page; all content arrives later by message, never inside this HTML. */
export function buildWebviewHtml(options: WebviewPageOptions): string {
  const { nonce } = options;
  const attr = escapeAttribute;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(buildCsp(options.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" id="vscode-codicon-stylesheet" href="${attr(options.codiconCssUri)}" nonce="${attr(nonce)}">
<title>${escapeText(options.title)}</title>
</head>
<body>
<main id="app" aria-busy="true"></main>
<script type="module" nonce="${attr(nonce)}" src="${attr(options.scriptUri)}"></script>
</body>
</html>`;
}

/** A nonce is base64/hex from a CSPRNG; anything else would break out of the attribute or the policy. */
function assertNonce(nonce: string): void {
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(nonce)) throw new Error('CSP nonce must be at least 16 base64 characters.');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
