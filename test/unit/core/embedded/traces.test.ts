import { strict as assert } from 'node:assert';
import { cleanPath, installedPackagePath, isRuntimePath, panicMessages, traceExceptions, traceFrames, tracePathSuffix, withoutFrameLines } from '../../../../src/core/embedded/traces';

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
