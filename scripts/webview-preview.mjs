// Renders the built results webview (dist/webview) outside VS Code, with the real CSP and a
// fixture state, and saves light and dark screenshots. For looking at the UI while building it;
// the real screenshots come from the code-server e2e tests.
//   node scripts/webview-preview.mjs [outDir]     (needs `npm run build` and /usr/bin/chromium)
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import * as path from 'node:path';
import { chromium } from 'playwright-core';

const outDir = process.argv[2] ?? 'test-results/webview-preview';
const root = path.resolve('dist/webview');
const nonce = randomBytes(18).toString('base64');

// A subset of VS Code's Dark Modern / Light Modern theme variables, enough to judge the look.
const THEMES = {
  dark: {
    'font-family': 'system-ui, "Segoe UI", Ubuntu, sans-serif', 'font-size': '13px', 'font-weight': 'normal', 'editor-font-family': 'monospace',
    foreground: '#cccccc', 'editor-background': '#1f1f1f', descriptionForeground: '#9d9d9d', 'textLink-foreground': '#4daafc',
    'textLink-activeForeground': '#4daafc', focusBorder: '#0078d4', 'panel-border': '#2b2b2b', 'badge-background': '#616161',
    'badge-foreground': '#f8f8f8', 'list-hoverBackground': '#2a2d2e', 'textCodeBlock-background': '#2b2b2b', errorForeground: '#f85149',
    'inputValidation-errorBackground': '#5a1d1d', 'inputValidation-errorBorder': '#be1100', 'progressBar-background': '#0078d4',
    'testing-iconPassed': '#73c991', 'button-background': '#0078d4', 'button-foreground': '#ffffff', 'button-hoverBackground': '#026ec1',
    'button-secondaryBackground': '#313131', 'button-secondaryForeground': '#cccccc', 'button-secondaryHoverBackground': '#3c3c3c',
    'button-border': '#ffffff12', 'checkbox-background': '#313131', 'checkbox-border': '#3c3c3c', 'checkbox-foreground': '#cccccc',
    'settings-checkboxBackground': '#313131', 'settings-checkboxBorder': '#3c3c3c', 'settings-checkboxForeground': '#cccccc',
  },
  light: {
    'font-family': 'system-ui, "Segoe UI", Ubuntu, sans-serif', 'font-size': '13px', 'font-weight': 'normal', 'editor-font-family': 'monospace',
    foreground: '#3b3b3b', 'editor-background': '#ffffff', descriptionForeground: '#717171', 'textLink-foreground': '#005fb8',
    'textLink-activeForeground': '#005fb8', focusBorder: '#005fb8', 'panel-border': '#e5e5e5', 'badge-background': '#cccccc',
    'badge-foreground': '#3b3b3b', 'list-hoverBackground': '#f2f2f2', 'textCodeBlock-background': '#f8f8f8', errorForeground: '#f85149',
    'inputValidation-errorBackground': '#f2dede', 'inputValidation-errorBorder': '#be1100', 'progressBar-background': '#005fb8',
    'testing-iconPassed': '#388a34', 'button-background': '#005fb8', 'button-foreground': '#ffffff', 'button-hoverBackground': '#0258a8',
    'button-secondaryBackground': '#e5e5e5', 'button-secondaryForeground': '#3b3b3b', 'button-secondaryHoverBackground': '#cccccc',
    'button-border': '#0000001a', 'checkbox-background': '#f8f8f8', 'checkbox-border': '#cecece', 'checkbox-foreground': '#3b3b3b',
    'settings-checkboxBackground': '#f8f8f8', 'settings-checkboxBorder': '#cecece', 'settings-checkboxForeground': '#3b3b3b',
  },
};

const call = (id, name, args, count, extra = {}) => ({ id, call: { id, name, args }, summary: { count, truncated: false, bytes: count * 60, ms: 12, ...extra } });
const STATE = {
  history: [
    { runId: 'r0', title: 'Admin changelist crashes with a unicode search term', startedAt: Date.UTC(2026, 10, 30, 15, 2), status: 'done', candidates: 4 },
  ],
  current: {
    runId: 'r1', status: 'done', brain: 'embedded', folders: ['django'], folderUris: ['file:///w/django'], startedAt: Date.now() - 2000,
    issue: {
      title: 'QuerySet.bulk_create() crashes on mixed case columns in unique_fields/update_fields',
      body: 'Not sure exactly how to phrase this, but when I call bulk_create on a model whose db_column is mixed case, with update_conflicts=True, the generated ON CONFLICT clause uses the field name instead of the db_column and Postgres rejects it: column "blacklistid" does not exist.',
      url: 'https://github.com/django/django/pull/16615',
    },
    totalTurns: 4, currentTurn: 4, maxParallelCalls: 8, toolCalls: 11,
    candidates: [
      { path: 'django/db/models/sql/compiler.py', ranges: [[1688, 1760]], reason: '`SQLInsertCompiler.as_sql` passes `unique_fields`/`update_fields` names, not db columns, to `on_conflict_suffix_sql`.', score: 0.91 },
      { path: 'django/db/backends/postgresql/operations.py', ranges: [[352, 370]], reason: 'on_conflict_suffix_sql quotes the given names directly into ON CONFLICT (...) DO UPDATE SET.', score: 0.74 },
      { path: 'django/db/models/query.py', ranges: [[746, 790], [806, 812]], reason: 'bulk_create validates unique_fields and update_fields and forwards field names to the insert.', score: 0.52 },
      { path: 'tests/bulk_create/models.py', reason: '<img src=x onerror=alert(1)> model with db_column="BlacklistID" reproduces the case', score: 0.31 },
    ],
    rejected: [{ path: 'django/db/models/sql/insert.py', reason: 'does not exist' }],
    selected: ['django/db/models/sql/compiler.py', 'django/db/backends/postgresql/operations.py', 'django/db/models/query.py'],
    usage: { promptTokens: 0, completionTokens: 0, turns: 4, toolCalls: 11, toolBytes: 30000, ms: 1840 },
    turns: [
      { turn: 1, final: false, calls: [
        call('c1', 'grep', { pattern: 'def on_conflict_suffix_sql', glob: '*.py' }, 5),
        call('c2', 'grep', { pattern: 'update_conflicts', path: 'django/db/models' }, 23),
        call('c3', 'glob', { pattern: '**/bulk_create/**' }, 3),
        call('c4', 'grep', { pattern: 'unique_fields\\b', case_insensitive: true }, 100, { truncated: true }),
      ] },
      { turn: 2, final: false, calls: [
        call('c5', 'read', { path: 'django/db/models/sql/compiler.py', start_line: 1680, end_line: 1770 }, 91),
        call('c6', 'read', { path: 'django/db/backends/postgresql/operations.py', start_line: 340, end_line: 380 }, 41),
        call('c7', 'grep', { pattern: '([unclosed' }, 0, { error: 'error: regex parse error: unclosed group' }),
      ] },
      { turn: 3, final: false, calls: [
        call('c8', 'read', { path: 'django/db/models/query.py', start_line: 740, end_line: 815 }, 76),
      ] },
      { turn: 4, final: true, calls: [] },
    ],
  },
};

function page(cspSource) {
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${cspSource} 'nonce-${nonce}'; font-src ${cspSource}; img-src ${cspSource}`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" id="vscode-codicon-stylesheet" href="/codicon.css" nonce="${nonce}">
<link rel="stylesheet" href="/theme.css"></head>
<body><main id="app"></main><script type="module" nonce="${nonce}" src="/main.js"></script></body></html>`;
}

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const theme = url.searchParams.get('theme') ?? 'dark';
  if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
  if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page(`http://${req.headers.host}`));
  if (url.pathname === '/theme.css') {
    const vars = Object.entries(THEMES[req.headers.referer?.includes('light') ? 'light' : theme]).map(([k, v]) => `--vscode-${k}: ${v};`).join(' ');
    return res.writeHead(200, { 'content-type': 'text/css' }).end(`:root { ${vars} }`);
  }
  const file = path.join(root, path.normalize(url.pathname));
  if (!file.startsWith(root)) return res.writeHead(403).end();
  let body;
  try {
    body = readFileSync(file);
  } catch {
    return res.writeHead(404).end();
  }
  const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'font/ttf';
  res.writeHead(200, { 'content-type': type }).end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const problems = [];
try {
  for (const theme of ['dark', 'light']) {
    const tab = await browser.newPage({ viewport: { width: 760, height: 1000 } });
    tab.on('console', (m) => (m.type() === 'error' || /Content Security Policy|Refused/.test(m.text())) && problems.push(`${theme}: ${m.text()}`));
    tab.on('pageerror', (e) => problems.push(`${theme}: ${e.message}`));
    // Anything the CSP blocks (an inline style attribute, say) is a bug: the page must work under it.
    await tab.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP blocked ${e.violatedDirective}: ${e.blockedURI || e.sample}`)));
    await tab.goto(`${base}/?theme=${theme}`);
    await tab.evaluate((state) => window.postMessage({ kind: 'notification', method: 'state', params: { state } }, '*'), STATE);
    await tab.waitForSelector('#candidates li.candidate');
    await tab.evaluate(() => document.querySelectorAll('details.turn').forEach((d, i) => i < 2 && (d.open = true)));
    await tab.waitForTimeout(300);
    const reason = await tab.locator('#candidates li.candidate').nth(3).locator('.reason').textContent();
    const injected = await tab.locator('#app img').count();
    const labelled = await tab.getByRole('checkbox', { name: /^Select / }).count();
    const openButtons = await tab.getByRole('button', { name: /^Open / }).count();
    console.log(`${theme}: 4th reason rendered as text: ${JSON.stringify(reason)}; img elements: ${injected}; labelled checkboxes: ${labelled}; open buttons: ${openButtons}`);
    await tab.screenshot({ path: `${outDir}/results-${theme}.png`, fullPage: true });
    const live = { ...STATE.current, runId: 'r3', status: 'running', usage: undefined, currentTurn: 2, toolCalls: 6, candidates: [], selected: [], rejected: [],
      turns: [STATE.current.turns[0], { turn: 2, final: false, calls: STATE.current.turns[1].calls.map((c, i) => (i === 2 ? { ...c, summary: undefined } : c)) }] };
    await tab.evaluate((state) => window.postMessage({ kind: 'notification', method: 'state', params: { state } }, '*'), { ...STATE, current: live });
    await tab.waitForSelector('#stop');
    await tab.screenshot({ path: `${outDir}/running-${theme}.png` });
    const failing = { ...STATE.current, runId: 'r2', status: 'error', brain: '', candidates: [], selected: [], rejected: [], turns: [], usage: undefined,
      error: { code: 'endpoint-unreachable', message: 'Cannot reach http://127.0.0.1:8000/v1 (connection refused). Start the server or set codegrep.endpoint.', action: 'set-endpoint' } };
    await tab.evaluate((state) => window.postMessage({ kind: 'notification', method: 'state', params: { state } }, '*'), { ...STATE, current: failing });
    await tab.waitForSelector('#error');
    await tab.screenshot({ path: `${outDir}/error-${theme}.png` });
    await tab.close();
  }
} finally {
  await browser.close();
  server.close();
}
if (problems.length) {
  console.error(`Console problems:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
console.log(`Screenshots in ${outDir}`);
