import { strict as assert } from 'node:assert';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { cleanPath, installedPackagePath, isRuntimePath, panicMessages, traceExceptions, traceFrames, tracePathSuffix, withoutFrameLines } from '../../../../src/core/embedded/traces';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

const PYTHON = [
  'Traceback (most recent call last):',
  '  File "/home/me/app/run.py", line 3, in <module>',
  '    main()',
  '  File "/usr/lib/python3/site-packages/pkg/models.py", line 41, in clean',
  '    raise ValidationError(msg)',
  'pkg.exceptions.ValidationError: value must be a list of strings',
].join('\n');

const JAVA = [
  'Exception in thread "main" java.lang.RuntimeException: wrapped',
  '\tat com.acme.app.Main.run(Main.java:12)',
  'Caused by: java.lang.IllegalStateException: closed',
  '\tat com.acme.io.Reader.read(Reader.java:88)',
].join('\n');

/** A Node 20 trace: a package's frame, the app's extensionless script, an installed CLI's, and Node's own modules. */
const NODE_TRACE = [
  'TypeError: Cannot read properties of undefined',
  '    at parseHeader (/home/u/app/node_modules/acme/lib/parser.js:42:17)',
  '    at Object.<anonymous> (/home/u/app/bin/www:20:3)',
  '    at file:///home/u/app/node_modules/less/bin/lessc:643:35',
  '    at Module._compile (node:internal/modules/cjs/loader:1105:14)',
  '    at processTicksAndRejections (node:internal/process/task_queues:95:5)',
  '    at async ModuleLoader.import (node:internal/modules/esm/loader:606:24)',
].join('\n');

/** Node 20's own output for an ESM import that fails, as printed (run here, paths shortened). */
const NODE_ESM_ERROR = [
  'node:internal/modules/esm/resolve:283',
  '    throw new ERR_MODULE_NOT_FOUND(',
  '          ^',
  '',
  "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/node_modules/acme/lib/missing.js' imported from /app/src/config.js",
  '    at finalizeResolution (node:internal/modules/esm/resolve:283:11)',
  '    at #cachedDefaultResolve (node:internal/modules/esm/loader:657:25)',
  '    at ModuleJob._link (node:internal/modules/esm/module_job:168:49) {',
  "  code: 'ERR_MODULE_NOT_FOUND',",
  '}',
  '',
  'Node.js v20.20.2',
].join('\n');

/** Node 20's output for `JSON.parse("{bad")`: the excerpt is of the parsed text. */
const NODE_JSON_ERROR = ['<anonymous_script>:1', '{bad', ' ^', '', "SyntaxError: Expected property name or '}' in JSON at position 1", '', 'Node.js v20.20.2'].join('\n');

/** pytest's default (long) report of a failure two calls below the test (pytest 8, paths shortened). */
const PYTEST_LONG = [
  '    def test_parse_dates():',
  '>       assert parse_row(["2024-13-01"]) == [None]',
  '',
  'tests/test_rows.py:8: ',
  '_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _',
  '',
  '    def parse_row(row):',
  '>       return [convert(cell) for cell in row]',
  '',
  'src/tabular/rows.py:12: ',
  '_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _',
  '',
  '    def convert(cell):',
  '        year, month, day = cell.split("-")',
  '>       raise ValueError(error_text(month))',
  'E       AssertionError',
  'E       ValueError: month 13 is not a month of the year',
  '',
  'src/tabular/dates.py:30: ValueError',
].join('\n');

describe('stack traces (traces.ts)', () => {
  it('lists a Python traceback innermost first, with the class of a qualified function', () => {
    const { frames } = traceFrames(PYTHON);
    assert.deepEqual(
      frames.map((f) => [f.path, f.symbol]),
      [
        ['/usr/lib/python3/site-packages/pkg/models.py', 'clean'],
        ['/home/me/app/run.py', '<module>'],
      ],
    );
    assert.equal(traceFrames('  File ~/src/plot.py:12, in Plot._plot(self)').frames[0]?.owner, 'Plot');
  });

  it("puts the frames of a Java trace's last cause first, under the package's folders", () => {
    const { frames } = traceFrames(JAVA);
    assert.deepEqual(
      frames.map((f) => [f.path, f.symbol]),
      [
        ['com/acme/io/Reader.java', 'read'],
        ['com/acme/app/Main.java', 'run'],
      ],
    );
  });

  it("keeps a JavaScript frame's class unless it is a runtime's receiver", () => {
    const trace = ['    at EventHandler.invokeCallbacks (src/event/EventHandler.ts:40:11)', '    at Object.<anonymous> (src/index.js:3:1)'].join('\n');
    const { frames } = traceFrames(trace);
    assert.deepEqual(frames[0], { path: 'src/event/EventHandler.ts', symbol: 'invokeCallbacks', owner: 'EventHandler' });
    assert.equal(frames[1]?.owner, undefined);
  });

  it("reads a Go frame's receiver apart from its function", () => {
    const { frames, receivers } = traceFrames(['main.(*Server).Serve(0xc000010000)', '\t/src/app/server.go:42 +0x1d'].join('\n'));
    assert.deepEqual(receivers, ['Server']);
    assert.deepEqual(
      frames.map((f) => f.path ?? f.symbol),
      ['/src/app/server.go', 'Serve'],
    );
  });

  it('names the exception a trace ends with, and panics by their message', () => {
    assert.deepEqual(traceExceptions(PYTHON), [{ name: 'ValidationError', message: 'value must be a list of strings' }]);
    const http404 = 'Traceback (most recent call last):\n  File "views.py", line 2, in get\ndjango.http.Http404: No page found';
    assert.deepEqual(traceExceptions(http404), [{ name: 'Http404', message: 'No page found' }]);
    assert.deepEqual(panicMessages("thread 'main' panicked at 'index out of bounds', src/main.rs:4:5"), ["'index out of bounds', src/main.rs:4:5"]);

    // A browser console prints the exception after `Uncaught` (and `(in promise)` for a rejected promise).
    assert.deepEqual(traceExceptions("Uncaught TypeError: Cannot read properties of null (reading 'set')"), [
      { name: 'TypeError', message: "Cannot read properties of null (reading 'set')" },
    ]);
    assert.deepEqual(traceExceptions('Uncaught (in promise) DOMException: The operation was aborted.'), [{ name: 'DOMException', message: 'The operation was aborted.' }]);
    assert.deepEqual(panicMessages("Uncaught Error: The 'deferred' extender only accepts the value 'true'"), ["The 'deferred' extender only accepts the value 'true'"]);
    assert.deepEqual(panicMessages('Uncaught (in promise) Error: WHEN_CANCELLED'), ['WHEN_CANCELLED']);
    assert.deepEqual(traceExceptions('Uncaughtable TypeError: nope'), []);
  });

  it("reads Rust 1.73+ panics, whose message is on the line after the location, and skips the standard library's", () => {
    const registry = '/home/me/.cargo/registry/src/index.crates.io-6f17d22bba15001f/rand-0.8.5/src';
    const panic = `thread 'main' panicked at ${registry}/distributions/uniform.rs:937:17:\nUniformSampler::sample_single: range overflow\nnote: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace`;
    assert.deepEqual(panicMessages(panic), ['UniformSampler::sample_single: range overflow']);
    assert.deepEqual(panicMessages(panic.replace('\n', '\r\n')), ['UniformSampler::sample_single: range overflow']);
    // An assert_eq!'s or an unwrap()'s text is the standard library's, in every project (`left == right` is code).
    assert.deepEqual(panicMessages("thread 'main' panicked at src/main.rs:9:5:\nassertion `left == right` failed\n  left: 214"), []);
    assert.deepEqual(panicMessages("thread 'main' panicked at src/lib.rs:2:9:\ncalled `Result::unwrap()` on an `Err` value: Eof"), []);
    assert.deepEqual(panicMessages("thread 'main' panicked at src/lib.rs:2:9:\nattempt to add with overflow"), []);

    // The message is a clue; Rust's hint about RUST_BACKTRACE is not a constant the issue names.
    const evidence = mineIssue({ title: 'sample_single panics for a wide range', body: ['```', panic, '```'].join('\n') });
    const clues = evidence.clues.map((c) => `${c.kind}:${c.text}`);
    assert.ok(clues.includes('message:UniformSampler::sample_single: range overflow'), clues.join(', '));
    assert.ok(clues.includes('path:src/distributions/uniform.rs'), clues.join(', '));
    assert.ok(!clues.some((c) => c.includes('RUST_BACKTRACE')), clues.join(', '));
  });

  it("reads Node 16+ traces: its own `node:` modules are the runtime's, a script needs no extension", () => {
    const { frames } = traceFrames(NODE_TRACE);
    assert.deepEqual(
      frames.map((f) => [f.path, f.symbol]),
      [
        ['/home/u/app/node_modules/acme/lib/parser.js', 'parseHeader'],
        ['/home/u/app/bin/www', '<anonymous>'],
        ['/home/u/app/node_modules/less/bin/lessc', undefined],
        ['node:internal/modules/cjs/loader', '_compile'],
        ['node:internal/process/task_queues', 'processTicksAndRejections'],
        ['node:internal/modules/esm/loader', 'import'],
      ],
    );
    assert.equal(isRuntimePath('node:internal/process/task_queues'), true);
    assert.equal(traceFrames('    at <anonymous>:1:5').frames.length, 0, "a console's own code has no file");
    assert.equal(traceFrames('at 10:30').frames.length, 0, 'a path without an extension needs a folder');
    assert.equal(withoutFrameLines(`It fails:\n${NODE_TRACE}\nThanks`), 'It fails:\nTypeError: Cannot read properties of undefined\nThanks');
  });

  it("keeps a Python frame's source line once however often recursion prints it", () => {
    const nested = [
      '  File "/srv/django/template/base.py", line 1005, in render',
      '    return SafeString("".join([node.render_annotated(context) for node in self]))',
      '  File "/srv/django/template/base.py", line 966, in render_annotated',
      '    return self.render(context)',
    ];
    const text = ['Traceback (most recent call last):', ...nested, ...nested, ...nested, 'AttributeError: Unable to lookup'].join('\n');
    const kept = withoutFrameLines(text).split('\n');
    assert.deepEqual(kept, ['Traceback (most recent call last):', nested[1], nested[3], 'AttributeError: Unable to lookup']);
    const once = mineIssue({ title: 'Admin list crashes', body: nested.join('\n') });
    const thrice = mineIssue({ title: 'Admin list crashes', body: text });
    const weight = (e: typeof once) => e.clues.find((c) => c.text === 'render_annotated')?.weight ?? 0;
    assert.ok(weight(thrice) < weight(once) + 0.5, `${weight(thrice)} against ${weight(once)}: the frames repeat, the lines under them do not`);
    assert.equal(withoutFrameLines('  File "a.py", line 1, in f\n    g()\n\n    g()'), '    g()\n\n    g()', "the reporter's own lines are all kept");
  });

  it("mines no clue from Node's own frames, and the project's script from its frame", () => {
    const evidence = mineIssue({ title: 'Crash when parsing headers', body: ['```', NODE_TRACE, '```'].join('\n') });
    const texts = evidence.clues.map((c) => c.text);
    for (const noise of ['Module', 'ModuleLoader', 'processTicksAndRejections', 'task_queues', '_compile', '_extensions', 'import']) {
      assert.ok(!texts.includes(noise), `${noise} in ${texts.join(', ')}`);
    }
    assert.deepEqual(
      evidence.clues.filter((c) => c.kind === 'path').map((c) => c.text),
      ['lib/parser.js', 'u/app/bin/www', 'bin/lessc'],
    );
  });

  it("drops what Node prints of its own around an uncaught error: its version, its source excerpt, JSON.parse's input", () => {
    const evidence = mineIssue({ title: 'Importing the plugin fails', body: ['```', NODE_ESM_ERROR, '```', '', '```', NODE_JSON_ERROR, '```'].join('\n') });
    const texts = evidence.clues.map((c) => c.text);
    for (const noise of ['Node.js', 'ModuleJob', 'module_job', '_link', 'cachedDefaultResolve', 'anonymous_script', 'resolve']) {
      assert.ok(!texts.includes(noise), `${noise} in ${texts.join(', ')}`);
    }
    assert.ok(texts.some((text) => text.endsWith('src/config.js')), texts.join(', '));
    assert.equal(withoutFrameLines(NODE_JSON_ERROR), "\nSyntaxError: Expected property name or '}' in JSON at position 1\n");
    // A project's own excerpt stays: its location and line are the project's.
    assert.ok(withoutFrameLines('/app/lib/store.js:1\nreturn rows[0].name;\n       ^\n').includes('rows[0].name'));
  });

  it("reads a private method's frame; of the last frames Node ends with a brace, drops only its own", () => {
    const { frames } = traceFrames('    at Parser.#parseValue (/app/src/parser.js:10:3)');
    assert.deepEqual(frames[0], { path: '/app/src/parser.js', symbol: 'parseValue', owner: 'Parser' });
    const own = '    at ModuleJob._link (node:internal/modules/esm/module_job:168:49) {';
    const project = '    at async Sequelize.authenticate (/app/node_modules/sequelize/lib/sequelize.js:457:5) {';
    assert.equal(withoutFrameLines(`${own}\n${project}`), project);
  });

  it("reads pytest's reports: the long report's frames and `E` lines, and `--tb=line`'s failures", () => {
    const { frames } = traceFrames(PYTEST_LONG);
    assert.deepEqual(
      frames.map((f) => [f.path, f.symbol]),
      [
        ['src/tabular/dates.py', undefined],
        ['src/tabular/rows.py', undefined],
        ['tests/test_rows.py', undefined],
      ],
    );
    assert.deepEqual(traceExceptions(PYTEST_LONG), [
      { name: 'AssertionError', message: undefined },
      { name: 'ValueError', message: 'month 13 is not a month of the year' },
    ]);
    // `--tb=line` prints each failure on one line, as a warning is printed.
    const line = '/srv/venv/lib/python3.11/site-packages/attr/_make.py:2034: TypeError: unhashable type: list';
    assert.deepEqual(traceFrames(line).frames, [{ path: '/srv/venv/lib/python3.11/site-packages/attr/_make.py' }]);
    assert.deepEqual(traceExceptions(line), [{ name: 'TypeError', message: 'unhashable type: list' }]);
    // mypy's and flake8's lines name a place too, but with a message after it: no frame.
    assert.deepEqual(traceFrames('src/a.py:3: error: Incompatible types\nsrc/a.py:4:1: E302 expected 2 blank lines').frames, []);
  });

  it("reads Django's error page: the frame that raised, and the exception with its value on the line or the next", () => {
    const page = [
      'ValueError at /admin/shop/order/',
      "Field 'id' expected a number but got 'abc'.",
      'Request Method:\tGET',
      'Exception Type:\tValueError',
      'Exception Value:\t',
      "Field 'id' expected a number but got 'abc'.",
      'Exception Location:\t/srv/venv/lib/python3.11/site-packages/django/db/models/fields/__init__.py, line 2055, in get_prep_value',
    ].join('\n');
    assert.deepEqual(traceFrames(page).frames, [{ path: '/srv/venv/lib/python3.11/site-packages/django/db/models/fields/__init__.py', symbol: 'get_prep_value' }]);
    assert.deepEqual(traceExceptions(page), [{ name: 'ValueError', message: "Field 'id' expected a number but got 'abc'." }]);
    // The copy-and-paste view: the traceback, then the exception with the page's address.
    const copied = ['Traceback (most recent call last):', '  File "/srv/app/views.py", line 9, in modules', 'Exception Type: TypeError at /module/', 'Exception Value: modules() takes 2 positional arguments but 3 were given'].join('\n');
    assert.deepEqual(traceExceptions(copied), [{ name: 'TypeError', message: 'modules() takes 2 positional arguments but 3 were given' }]);
    // As a browser copies it on Windows.
    assert.deepEqual(traceExceptions(page.replace(/\n/g, '\r\n')), [{ name: 'ValueError', message: "Field 'id' expected a number but got 'abc'." }]);
    // A location the traceback already ends at is not a second frame.
    const both = `${copied}\nException Location: /srv/app/views.py, line 9, in modules`;
    assert.deepEqual(traceFrames(both).frames.map((f) => f.path), ['/srv/app/views.py']);
    assert.equal(withoutFrameLines(page).includes('Exception Location'), false);
  });

  it('removes frame lines, and keeps the prose around them', () => {
    assert.equal(withoutFrameLines(`Saving fails:\n${PYTHON}\nThanks`).includes('File "'), false);
    assert.ok(withoutFrameLines(`Saving fails:\n${PYTHON}\nThanks`).startsWith('Saving fails:'));
  });

  it('turns frame paths into what a workspace holds', () => {
    assert.equal(cleanPath('http://localhost:5173/src/App.vue'), 'src/App.vue');
    assert.equal(cleanPath('./lib/core/settle.js:'), 'lib/core/settle.js');
    assert.equal(cleanPath('C:\\work\\app\\main.py,'), 'C:/work/app/main.py');
    assert.equal(installedPackagePath('/app/node_modules/axios/lib/core/settle.js'), 'lib/core/settle.js');
    assert.equal(installedPackagePath('/app/node_modules/axios/index.js'), undefined);
    assert.equal(tracePathSuffix('/home/ci/project/src/deep/a/b.c'), 'src/deep/a/b.c');
    assert.equal(isRuntimePath('/usr/lib/python3.11/json/decoder.py'), true);
    assert.equal(isRuntimePath('internal/modules/cjs/loader.js'), true);
    assert.equal(isRuntimePath('zrpc/internal/server.go'), false);
  });
});

/** A UI library's extenders beside the observable that reads them; only extenders.js throws the message. */
const CONSOLE_TREE: Record<string, string> = {
  'src/subscribables/extenders.js': [
    'ko.extenders = {',
    "  'deferred': function (target, options) {",
    '    if (options !== true) {',
    "      throw new Error('The \\'deferred\\' extender only accepts the value \\'true\\', because it is not supported to turn deferral off once enabled.');",
    '    }',
    '    target._deferUpdates = true;',
    '  },',
    '};',
  ].join('\n'),
  'src/subscribables/dependentObservable.js': [
    'ko.computed = function (evaluator, options) {',
    '  // deferred updates: the extender turns them on, and the evaluation waits for the view model',
    '  var state = { deferred: options && options.deferred, model: options && options.viewModel };',
    '  if (state.deferred) ko.tasks.schedule(evaluator);',
    '  return state;',
    '};',
  ].join('\n'),
  'src/tasks.js': 'ko.tasks = { schedule: function (callback) { return setTimeout(callback, 0); } };\n',
};

describe("a browser console's exception line end to end (real git repo, real ripgrep, Locator)", () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(CONSOLE_TREE, 'codegrep-console-');
  });

  after(() => removeTree(dir));

  it('finds the file that throws the message Chrome printed after "Uncaught"', async () => {
    const title = 'extend({ deferred: false }) throws when building the view model';
    const body = [
      'With the flag off, constructing the view model throws:',
      '',
      '```',
      "Uncaught Error: The 'deferred' extender only accepts the value 'true', because it is not supported to turn deferral off once enabled.",
      '    at new CartViewModel (cart.js:3:64)',
      '```',
    ].join('\n');
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/subscribables/extenders.js', JSON.stringify(result.candidates));
  });
});

/** An Express app as its generator lays it out: the server starts in `bin/www`, a script without an extension. */
const EXPRESS_TREE: Record<string, string> = {
  'bin/www': [
    '#!/usr/bin/env node',
    "var app = require('../app');",
    "var http = require('http');",
    'var port = normalizePort(process.env.PORT);',
    "app.set('port', port);",
    'var server = http.createServer(app);',
    'server.listen(port);',
    'function normalizePort(val) {',
    '  var port = parseInt(val.trim(), 10);',
    '  return isNaN(port) ? val : port;',
    '}',
  ].join('\n'),
  'app.js': ["var express = require('express');", 'var app = express();', "app.use('/users', require('./routes/users'));", 'module.exports = app;'].join('\n'),
  'routes/users.js': ["var router = require('express').Router();", "router.get('/', function (req, res) { res.send('port ' + req.app.get('port')); });", 'module.exports = router;'].join('\n'),
};

describe('a Node 20 trace through an extensionless script, end to end (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(EXPRESS_TREE, 'codegrep-node-trace-');
  });

  after(() => removeTree(dir));

  it('answers the script the trace names, not a file that only shares its words', async () => {
    const body = [
      'Starting the app without PORT set crashes:',
      '',
      '```',
      "TypeError: Cannot read properties of undefined (reading 'trim')",
      '    at normalizePort (/srv/shop/bin/www:9:24)',
      '    at Object.<anonymous> (/srv/shop/bin/www:4:12)',
      '    at Module._compile (node:internal/modules/cjs/loader:1364:14)',
      '    at Module.load (node:internal/modules/cjs/loader:1203:32)',
      '    at Module._load (node:internal/modules/cjs/loader:1019:12)',
      '    at node:internal/main/run_main_module:28:49',
      '```',
    ].join('\n');
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title: 'Crash on start when PORT is not set', body }, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'bin/www', JSON.stringify(result.candidates));
  });
});

/**
 * A Next.js App Router app: the settings page's handler reads a response it does not check; the email helpers hold
 * the issue's words.
 */
const NEXT_TREE: Record<string, string> = {
  'src/app/settings/page.tsx': [
    "'use client';",
    "import { resend } from '@/lib/email';",
    'export default function SettingsPage() {',
    '  async function handleResendEmailVerification() {',
    '    const result = await resend();',
    '    if (result.data.error) alert(result.data.error);',
    '  }',
    '  return <button onClick={() => handleResendEmailVerification()}>Resend</button>;',
    '}',
  ].join('\n'),
  'src/lib/email.ts': [
    '/** Resending the verification email: the route sends the verification email again. */',
    'export async function resend() {',
    "  const response = await fetch('/api/email/verify', { method: 'POST' });",
    '  return response.json();',
    '}',
  ].join('\n'),
  'src/app/api/email/verify/route.ts': [
    "import { sendVerificationEmail } from '@/lib/mailer';",
    '/** Resending the verification email after sign-up; crashes are logged. */',
    'export async function POST() {',
    '  await sendVerificationEmail();',
    "  return Response.json({ ok: true, error: 'the verification email could not be sent' });",
    '}',
  ].join('\n'),
  'src/lib/mailer.ts': "/** The verification email, resending and its crashes. */\nexport async function sendVerificationEmail() {}\n",
};

describe("a Next.js browser trace end to end (real git repo, real ripgrep, Locator)", () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(NEXT_TREE, 'codegrep-next-trace-');
  });

  after(() => removeTree(dir));

  it('answers the page the webpack-internal frame names behind its layer', async () => {
    const body = [
      'Clicking "Resend verification email" shows an error overlay:',
      '',
      '```',
      "TypeError: Cannot read properties of undefined (reading 'error')",
      '    at handleResendEmailVerification (webpack-internal:///(app-pages-browser)/./src/app/settings/page.tsx:6:21)',
      '    at async onClick (webpack-internal:///(app-pages-browser)/./src/app/settings/page.tsx:8:51)',
      '```',
    ].join('\n');
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title: 'Resending the verification email crashes', body }, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/app/settings/page.tsx', JSON.stringify(result.candidates));
  });
});

/** A CSV reader: rows.py calls dates.py's converter for each cell; only dates.py builds the month's message. */
const TABULAR_TREE: Record<string, string> = {
  'src/tabular/__init__.py': 'from .rows import parse_row\n',
  'src/tabular/rows.py': [
    '"""Rows of a CSV file: each cell of a row is converted, dates included."""',
    'from .dates import convert',
    '',
    '',
    'def parse_row(row):',
    '    """Convert every cell of the row; a bad cell should become None."""',
    '    return [convert(cell) for cell in row]',
  ].join('\n'),
  'src/tabular/dates.py': [
    '"""Dates in cells."""',
    '',
    '',
    'def error_text(month):',
    '    return f"month {month} is not a month of the year"',
    '',
    '',
    'def convert(cell):',
    '    year, month, day = cell.split("-")',
    '    if not 1 <= int(month) <= 12:',
    '        raise ValueError(error_text(month))',
    '    return (int(year), int(month), int(day))',
  ].join('\n'),
  'tests/test_rows.py': 'from tabular import parse_row\n\n\ndef test_parse_dates():\n    assert parse_row(["2024-13-01"]) == [None]\n',
};

describe("pytest's long report end to end (real git repo, real ripgrep, Locator)", () => {
  const dirs: string[] = [];

  after(() => dirs.forEach(removeTree));

  async function locate(tree: Record<string, string>, title: string, body: string) {
    const dir = makeGitTree(tree, 'codegrep-runner-report-');
    dirs.push(dir);
    return new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain());
  }

  // The report against the same failure as the interpreter prints it: the locate must not tell them apart.
  it("locates pytest's long report as it does the interpreter's traceback of the same failure", async () => {
    const interpreter = [
      'Traceback (most recent call last):',
      '  File "tests/test_rows.py", line 8, in test_parse_dates',
      '  File "src/tabular/rows.py", line 12, in parse_row',
      '  File "src/tabular/dates.py", line 30, in convert',
      'ValueError: month 13 is not a month of the year',
    ].join('\n');
    const title = 'A bad date in one cell fails the whole row';
    const [pytest, python] = await Promise.all([PYTEST_LONG, interpreter].map((trace) => locate(TABULAR_TREE, title, `Reading fails:\n\n\`\`\`\n${trace}\n\`\`\``)));
    assert.equal(pytest.candidates[0]?.path, 'src/tabular/dates.py', JSON.stringify(pytest.candidates));
    // Its frames name no function, so only the interpreter's trace has them as clues: the scores differ, not the files.
    const answered = (result: typeof pytest) => result.candidates.map((c) => [c.path, c.reason]);
    assert.deepEqual(answered(pytest), answered(python));
  });
});
