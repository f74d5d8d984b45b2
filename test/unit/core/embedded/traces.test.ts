import { strict as assert } from 'node:assert';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
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
