import { strict as assert } from 'node:assert';
import type { Issue } from '../../../../src/common/issue';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

/** Locates `issue` with the shipped embedded brain and real ripgrep in a fresh tree of `files`. */
async function locateIn(files: Record<string, string>, issue: Issue) {
  const dir = makeTree(files, 'codegrep-reporter-');
  try {
    return await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
  } finally {
    removeTree(dir);
  }
}

/** A small HTTP client library: the bug is in `settle`; the adapter calls it, the docs and a script talk about status. */
const FILES: Record<string, string> = {
  'lib/core/settle.js': [
    "'use strict';",
    '',
    'module.exports = function settle(resolve, reject, response) {',
    '  const validateStatus = response.config.validateStatus;',
    '  if (!response.status || !validateStatus || validateStatus(response.status)) {',
    '    resolve(response);',
    '  } else {',
    "    reject(new Error('Request failed with status code ' + response.status));",
    '  }',
    '};',
    '',
  ].join('\n'),
  'lib/adapters/xhr.js': [
    "const settle = require('../core/settle');",
    '',
    'module.exports = function xhrAdapter(config) {',
    '  return new Promise((resolve, reject) => {',
    '    const request = new XMLHttpRequest();',
    '    request.onloadend = function onloadend() {',
    '      settle(resolve, reject, { status: request.status, config });',
    '    };',
    '  });',
    '};',
    '',
  ].join('\n'),
  'lib/core/dispatch.js': "module.exports = function dispatch(config) {\n  return config.adapter(config);\n};\n",
  'scripts/release-notes.js': '// Writes the release notes: conduct, searched issues, githubusercontent images, status badges.\n',
  'README.md': '# minihttp\n\nA tiny HTTP client. Responses carry a `status`.\n',
};

/** The reporter's words in a GitHub issue form, with its boilerplate, an HTML comment and a screenshot. */
const ISSUE = {
  title: '[Bug]: Request fails without a response',
  body: [
    '### Search before asking',
    '',
    '- [X] I searched the [issues](https://github.com/acme/minihttp/issues) and found no similar issues.',
    '',
    '### What happened',
    '',
    '<!-- Please describe the problem. Screenshots help. -->',
    "When the server closes the connection, my app crashes with TypeError: Cannot read properties of undefined (reading 'validateStatus').",
    '',
    '```',
    "TypeError: Cannot read properties of undefined (reading 'validateStatus')",
    '    at settle (/home/me/app/node_modules/minihttp/lib/core/settle.js:4:42)',
    '    at XMLHttpRequest.onloadend (/home/me/app/node_modules/minihttp/lib/adapters/xhr.js:7:7)',
    '    at Object.<anonymous> (/home/me/app/node_modules/express/index.js:3:1)',
    '```',
    '',
    '![screenshot](https://user-images.githubusercontent.com/948965/155283622-5f808d11-3aec-4ce2-9a18-f7f992dc226c.png)',
    '',
    '### Version',
    '',
    '_No response_',
    '',
    '### Code of Conduct',
    '',
    "- [X] I agree to follow this project's Code of Conduct",
  ].join('\n'),
};

describe("EmbeddedBrain on a reporter's JavaScript issue (real files, real ripgrep, Locator)", function () {
  it("answers the project's files the trace passes through in node_modules, not the form's or the links' words", async () => {
    const result = await locateIn(FILES, ISSUE);
    const answered = result.candidates.map((c) => c.path);
    // Both frames of the project (the dependency's bare index.js is no clue); nothing the boilerplate's words match.
    assert.deepEqual([...answered].sort(), ['lib/adapters/xhr.js', 'lib/core/settle.js'], JSON.stringify(result.candidates));
    assert.ok(result.candidates.every((c) => /stack trace/.test(c.reason)), JSON.stringify(result.candidates));
    // The template's and the links' words are not searched for: no call asks for them.
    const asked = JSON.stringify(result.trajectory.map((t) => t.calls.map((c) => c.call.args)));
    for (const noise of ['conduct', 'githubusercontent', 'searched', 'screenshots']) assert.ok(!asked.toLowerCase().includes(noise), `${noise} in ${asked}`);
  });
});

/** A TypeScript monorepo: each package's source is `src/*.ts`; what users install is the built `lib/*.js`. */
const MONOREPO: Record<string, string> = {
  'package.json': '{\n  "name": "mini-monorepo",\n  "private": true,\n  "workspaces": ["packages/*"]\n}\n',
  'packages/mini-core/package.json': '{\n  "name": "@mini/core",\n  "main": "lib/index.js",\n  "types": "lib/index.d.ts"\n}\n',
  'packages/mini-core/src/index.ts': "export { normalizeOptions } from './transform/normalize-opts.js';\nexport { transform } from './transform/index.js';\n",
  'packages/mini-core/src/transform/index.ts': [
    "import { normalizeOptions } from './normalize-opts.js';",
    '',
    'export function transform(code: string, options: object) {',
    '  const opts = normalizeOptions(options);',
    '  return { code, map: opts.sourceMaps ? {} : null };',
    '}',
    '',
  ].join('\n'),
  'packages/mini-core/src/transform/normalize-opts.ts': [
    'export interface Options { sourceMaps?: boolean; plugins?: string[] }',
    '',
    'export function normalizeOptions(raw: object): Options {',
    '  const options = raw as Options;',
    '  return { sourceMaps: options.sourceMaps, plugins: options.plugins.slice() };',
    '}',
    '',
  ].join('\n'),
  'packages/mini-cli/src/run.ts': "import { transform } from '@mini/core';\n\nexport function run(code: string) {\n  return transform(code, {});\n}\n",
  'docs/options.md': '# Options\n\n`plugins` lists the plugins to run; `sourceMaps` turns on source maps.\n',
};

const TS_ISSUE = {
  title: 'Crash when plugins option is not given',
  body: [
    'Calling `transform` without plugins throws:',
    '',
    '```',
    "TypeError: Cannot read properties of undefined (reading 'slice')",
    '    at normalizeOptions (/work/app/node_modules/@mini/core/lib/transform/normalize-opts.js:5:61)',
    '    at transform (/work/app/node_modules/@mini/core/lib/transform/index.js:4:16)',
    '    at Object.<anonymous> (/work/app/build.js:3:1)',
    '```',
  ].join('\n'),
};

describe("EmbeddedBrain on a TypeScript monorepo's issue with a trace through the built package", function () {
  it("answers the TypeScript sources of the trace's built files, innermost first", async () => {
    const result = await locateIn(MONOREPO, TS_ISSUE);
    const answered = result.candidates.map((c) => c.path);
    // The fix is in the innermost frame's source. A second file, if any, is the next frame's source (the
    // answer size decides whether it is worth adding), never a built file or the re-exporting src/index.ts.
    const frames = ['packages/mini-core/src/transform/normalize-opts.ts', 'packages/mini-core/src/transform/index.ts'];
    assert.ok(answered.length >= 1, JSON.stringify(result.candidates));
    assert.deepEqual(answered, frames.slice(0, answered.length), JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /^Path `lib\/transform\/normalize-opts\.js` is in the stack trace/, result.candidates[0]!.reason);
  });
});

/** Two packages define the same function; only a package.json says which folder is `@mini/parser`. */
const TWO_PACKAGES: Record<string, string> = {
  'package.json': '{\n  "name": "mini",\n  "private": true\n}\n',
  'packages/mini-parser/package.json': '{\n  "name": "@mini/parser",\n  "author": { "name": "Ada" }\n}\n',
  'packages/mini-parser/src/expression.ts': 'export function parseExpression(source: string) {\n  return source.replace(/[()]/g, "");\n}\n',
  'packages/mini-parser-legacy/package.json': '{\n  "name": "@mini/parser-legacy"\n}\n',
  'packages/mini-parser-legacy/src/expression.ts': 'export function parseExpression(source: string) {\n  return source;\n}\n',
};

describe('EmbeddedBrain on an issue that names a package of a monorepo', function () {
  it("answers the named package's file first, and says which package it is in", async () => {
    const issue = { title: 'parseExpression drops parentheses', body: "```js\nimport { parseExpression } from '@mini/parser';\nparseExpression('(a)');\n```" };
    const result = await locateIn(TWO_PACKAGES, issue);
    // Without the package's folder the two tie, and the legacy copy came first by path order.
    assert.equal(result.candidates[0]?.path, 'packages/mini-parser/src/expression.ts', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /in `@mini\/parser`, a package the issue names/, result.candidates[0]!.reason);
    const asked = result.trajectory.flatMap((t) => t.calls.map((c) => c.call.args as { pattern?: string }));
    assert.ok(asked.some((a) => a.pattern?.includes('"name"')), 'one grep for the declarations');
  });
});

/** A date library with plugins: the issue's deep import says which plugin; the core and another plugin use the same words. */
const PLUGINS: Record<string, string> = {
  'package.json': '{\n  "name": "minidate",\n  "main": "minidate.min.js"\n}\n',
  'src/index.js': [
    'class MiniDate {',
    '  constructor(date) { this.$d = new Date(date); this.$offset = 0; }',
    '  utcOffset() { return -Math.round(this.$d.getTimezoneOffset() / 15) * 15; }',
    '  local() { return new MiniDate(this.$d); }',
    '}',
    'export default function minidate(date) { return new MiniDate(date); }',
    '',
  ].join('\n'),
  'src/plugin/utc/index.js': [
    'export default (option, MiniDate, minidate) => {',
    '  minidate.utc = function (date) { return minidate(date); };',
    '  MiniDate.prototype.utcOffset = function (input) {',
    '    if (input === undefined) return this.$offset;',
    '    this.$offset = input;',
    '    return this;',
    '  };',
    '};',
    '',
  ].join('\n'),
  'src/plugin/timezone/index.js': [
    'export default (option, MiniDate, minidate) => {',
    '  MiniDate.prototype.tz = function (zone) { return this.utcOffset(zone === "UTC" ? 0 : 60).local(); };',
    '};',
    '',
  ].join('\n'),
};

describe('EmbeddedBrain on an issue with a deep import of the workspace\'s own package', function () {
  it('answers the module the import resolves to, and says so', async () => {
    const issue = {
      title: 'utcOffset() returns the wrong value after setting it',
      body: "```js\nimport minidate from 'minidate'\nimport utc from 'minidate/plugin/utc'\nminidate.extend(utc)\nminidate().utcOffset(120).utcOffset() // 0\n```\nThe offset I set is lost.",
    };
    const result = await locateIn(PLUGINS, issue);
    assert.equal(result.candidates[0]?.path, 'src/plugin/utc/index.js', JSON.stringify(result.candidates));
    // Its folder's name is also a title word (`utc` of `utcOffset`), which the reason may give first.
    assert.match(result.candidates[0]!.reason, /`minidate\/plugin\/utc`, which the issue imports, resolves here|^Named after "utc" in the issue title/, result.candidates[0]!.reason);
  });
});

/** A CSV parser whose `exports` map keeps its modules in `lib/`: `minicsv/sync` is `./lib/sync.js`. */
const LIB_EXPORTS: Record<string, string> = {
  'package.json': '{\n  "name": "minicsv",\n  "exports": { ".": "./lib/index.js", "./sync": "./lib/sync.js" }\n}\n',
  'lib/api/index.js': [
    'export function transform(options) {',
    '  const records = options.objname ? {} : [];',
    '  return { records, push(record) { if (options.objname) records[record[options.objname]] = record; } };',
    '}',
    '',
  ].join('\n'),
  'lib/index.js': [
    "import { transform } from './api/index.js';",
    'export function parse(input, options, callback) {',
    '  // objname: the column whose value keys the records',
    '  if (options.objname !== undefined && typeof options.objname !== "number") throw new Error("objname");',
    '  const api = transform(options);',
    '  callback(api.records);',
    '}',
    '',
  ].join('\n'),
  'lib/sync.js': "import { transform } from './api/index.js';\nexport function parse(input, options) {\n  const records = options.objname ? {} : [];\n  return records;\n}\n",
};

describe("EmbeddedBrain on a deep import that a package's exports map into lib/", function () {
  it('answers the module under lib/', async () => {
    const issue = {
      title: 'objname 0 gives an array of records',
      body: "```js\nimport { parse } from 'minicsv/sync'\nconst records = parse('a,b', { objname: 0 })\n```\nThe records should be keyed by the first column.",
    };
    const result = await locateIn(LIB_EXPORTS, issue);
    assert.equal(result.candidates[0]?.path, 'lib/sync.js', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /`minicsv\/sync`, which the issue imports, resolves here/, result.candidates[0]!.reason);
  });
});

/** A public module that passes on its implementations with their types written out, as Effect's do. */
const TYPED_ALIASES: Record<string, string> = {
  'package.json': '{\n  "name": "minieffect"\n}\n',
  'src/Logger.ts': [
    "import * as internal from './internal/logger.js';",
    'export interface Logger<M> { log(message: M, level: string): void }',
    '/** A logger that writes each level to the console method of that level. */',
    'export const leveledLogger: Logger<string> = internal.leveledLogger;',
    '/** A logger that writes every level with console.log. */',
    'export const plainLogger: Logger<string> = internal.plainLogger;',
    '',
  ].join('\n'),
  'src/internal/logger.ts': [
    "import type { Logger } from '../Logger.js';",
    'export const leveledLogger: Logger<string> = {',
    '  log: (message, level) => (level === "Error" ? console.log(message) : console.info(message)),',
    '};',
    'export const plainLogger: Logger<string> = { log: (message) => console.log(message) };',
    '',
  ].join('\n'),
};

describe('EmbeddedBrain on a public module that passes on typed aliases', function () {
  it('answers the implementation, not the alias', async () => {
    const issue = {
      title: '`Logger.leveledLogger` writes errors with console.log',
      body: 'With `Logger.leveledLogger` an `Error` level message goes to `console.log`, so it never shows as an error.',
    };
    const result = await locateIn(TYPED_ALIASES, issue);
    assert.equal(result.candidates[0]?.path, 'src/internal/logger.ts', JSON.stringify(result.candidates));
  });
});

/** A UI kit: the title's label names the component; another component is named by the sentence's first word. */
const UI_KIT: Record<string, string> = {
  'packages/kit/src/Autocomplete/Autocomplete.js': [
    "import * as React from 'react';",
    "import Popup from '../Popup/Popup';",
    'const Autocomplete = React.forwardRef(function Autocomplete(props, ref) {',
    '  const [open, setOpen] = React.useState(false);',
    '  const handleBlur = () => {',
    '    if (props.disableCloseOnSelect) return;',
    '  };',
    '  return <Popup open={open} onBlur={handleBlur} ref={ref} />;',
    '});',
    'export default Autocomplete;',
    '',
  ].join('\n'),
  'packages/kit/src/Popup/Popup.js': [
    "import * as React from 'react';",
    'export default function Popup({ open, onClose, onBlur, children }) {',
    '  // Closes on blur: when the user clicks outside or tabs away; does not close while the pointer is inside.',
    '  const handleBlur = (event) => { onBlur?.(event); onClose?.(); };',
    '  return open ? <div role="presentation" onBlur={handleBlur}>{children}</div> : null;',
    '}',
    '',
  ].join('\n'),
  'packages/kit/src/Select/Select.js': "export default function Select(props) {\n  return <select {...props} />;\n}\n",
};

describe("EmbeddedBrain on a component library's labelled issue title", function () {
  it("answers the component the title's label names, not the component that starts the sentence", async () => {
    const result = await locateIn(UI_KIT, { title: '[Autocomplete] Popup does not close on blur', body: 'The list stays open after I tab away from the input.' });
    // Without the label as a name, `Popup` (the sentence's first word) was the title's only name, and Popup.js came first.
    assert.equal(result.candidates[0]?.path, 'packages/kit/src/Autocomplete/Autocomplete.js', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /defines `Autocomplete`/, result.candidates[0]!.reason);
  });
});

/** A web service: the issue names an HTTP header in kebab case; the code writes it in Title-Case, CI config uses the words. */
const SERVICE: Record<string, string> = {
  'api/index.js': [
    "const { renderCard } = require('../src/card');",
    'module.exports = async (req, res) => {',
    "  res.setHeader('Content-Type', 'image/svg+xml');",
    "  res.setHeader('Cache-Control', 'public, max-age=1800');",
    '  return res.send(renderCard(req.query));',
    '};',
    '',
  ].join('\n'),
  'src/card.js': 'exports.renderCard = (options) => `<svg>${options.title}</svg>`;\n',
  '.github/workflows/test.yml': 'jobs:\n  test:\n    steps:\n      - name: Cache node modules\n        uses: actions/cache@v2\n        with:\n          key: npm-cache\n',
};

describe('EmbeddedBrain on an issue that names a header in kebab case', function () {
  it('answers the file that sets the header as code spells it', async () => {
    const issue = { title: 'Support custom cache control', body: 'It is better to have a customizable `cache-control`, e.g. a longer one for some cards.' };
    const result = await locateIn(SERVICE, issue);
    assert.equal(result.candidates[0]?.path, 'api/index.js', JSON.stringify(result.candidates));
  });
});

/** An fp-ts-like package as TypeScript compiles it to CommonJS: `exports.Show = {` is `export const Show = {`. */
const COMPILED_EXPORTS: Record<string, string> = {
  'package.json': '{\n  "name": "minifp",\n  "main": "lib/index.js"\n}\n',
  'lib/number.js': [
    '"use strict";',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    'exports.Show = exports.Eq = void 0;',
    'exports.Eq = { equals: function (x, y) { return x === y; } };',
    'exports.Show = {',
    '    show: function (n) { return JSON.stringify(n); }',
    '};',
    '',
  ].join('\n'),
  'lib/string.js': [
    '"use strict";',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    'exports.Show = void 0;',
    'exports.Show = {',
    '    show: function (s) { return JSON.stringify(s); }',
    '};',
    '',
  ].join('\n'),
  // The type class's own module: every function takes or builds a `Show`.
  'lib/Show.js': [
    '"use strict";',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    'exports.tuple = exports.struct = void 0;',
    '/** Builds the `Show` of a struct from a `Show` for each of its fields. */',
    'var struct = function (shows) {',
    '    return { show: function (a) { return "{ ".concat(Object.keys(shows).map(function (k) { return "".concat(k, ": ").concat(shows[k].show(a[k])); }).join(", "), " }"); } };',
    '};',
    'exports.struct = struct;',
    '/** Builds the `Show` of a tuple from a `Show` for each of its components. */',
    'var tuple = function () {',
    '    var shows = Array.prototype.slice.call(arguments);',
    '    return { show: function (t) { return "[".concat(t.map(function (a, i) { return shows[i].show(a); }).join(", "), "]"); } };',
    '};',
    'exports.tuple = tuple;',
    '',
  ].join('\n'),
};

describe('EmbeddedBrain on a package compiled to CommonJS', function () {
  it('reads `exports.Show = {` as the definition of Show', async () => {
    const issue = {
      title: 'number.Show prints NaN and Infinity as `null`',
      body: [
        '`Show` for numbers goes through `JSON.stringify`, so a number that is not finite is rendered as `null`:',
        '```js',
        "const N = require('minifp/lib/number')",
        "const S = require('minifp/lib/Show')",
        'console.log(N.Show.show(NaN))  // null',
        'console.log(S.tuple(N.Show, N.Show).show([1, Infinity]))  // [1, null]',
        '```',
        'I expected `NaN` and `[1, Infinity]`.',
      ].join('\n'),
    };
    const result = await locateIn(COMPILED_EXPORTS, issue);
    assert.equal(result.candidates[0]?.path, 'lib/number.js', JSON.stringify(result.candidates));
  });
});

/** A client library whose entry module documents its API with examples that declare names of their own. */
const DOC_EXAMPLES: Record<string, string> = {
  'package.json': '{\n  "name": "miniclient"\n}\n',
  'src/client.ts': [
    "import { Backoff } from './retry/policy.js';",
    '/**',
    ' * Creates a client that retries failed requests.',
    ' *',
    ' * @example',
    ' * ```ts',
    ' * class Backoff {',
    ' *   delay(attempt: number) { return 100 * 2 ** attempt }',
    ' * }',
    ' * const client = createClient({ retries: 3, backoff: new Backoff() })',
    ' * await client.get("/users")',
    ' * ```',
    ' */',
    'export function createClient(options: { retries: number; backoff?: Backoff }) {',
    '  const backoff = options.backoff ?? new Backoff();',
    '  return { get: (url: string) => fetchWithRetry(url, options.retries, backoff) };',
    '}',
    'async function fetchWithRetry(url: string, retries: number, backoff: Backoff) {',
    '  for (let attempt = 0; ; attempt++) {',
    '    try { return await fetch(url); } catch (error) { if (attempt >= retries) throw error; }',
    '    await new Promise((resolve) => setTimeout(resolve, backoff.delay(attempt)));',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/retry/policy.ts': [
    '/** Waits longer after each failed attempt, up to a cap. */',
    'export class Backoff {',
    '  constructor(private readonly base = 100, private readonly cap = 30_000) {}',
    '  delay(attempt: number): number {',
    '    return Math.min(this.cap, this.base * 2 ** attempt);',
    '  }',
    '}',
    '',
  ].join('\n'),
};

describe("EmbeddedBrain on a module whose docs' examples declare names", function () {
  it("does not tell the user that a JSDoc example's `class Backoff {` defines Backoff", async () => {
    const issue = {
      title: '`Backoff` delay overflows to Infinity after many attempts',
      body: 'After about 1000 failed attempts `Backoff.delay()` returns `NaN` instead of the cap, so the client retries at once in a tight loop.',
    };
    const result = await locateIn(DOC_EXAMPLES, issue);
    const entry = result.candidates.find((c) => c.path === 'src/client.ts');
    const policy = result.candidates.find((c) => c.path === 'src/retry/policy.ts');
    assert.ok(entry && policy, JSON.stringify(result.candidates));
    // The entry module calls Backoff and may be answered, but it is not where Backoff is defined.
    assert.doesNotMatch(entry.reason, /defines `Backoff`/i, entry.reason);
    assert.match(policy.reason, /defines `Backoff`/i, policy.reason);
  });
});
