import { strict as assert } from 'node:assert';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { namedFramePaths, titleCodeNames } from '../../../../src/core/embedded/namedFrames';

describe('traceback frames the title names', () => {
  it('reads the names a title writes as code, not its plain words', () => {
    assert.deepEqual([...titleCodeNames('[Bug]: scalar mappable format_cursor_data crashes on BoundarNorm')].sort(), ['BoundarNorm', 'format_cursor_data']);
    assert.deepEqual([...titleCodeNames('Error pretty printing MatAdd')], ['MatAdd']);
    assert.deepEqual([...titleCodeNames('QuerySet.defer() does not clear deferred field')].sort(), ['QuerySet', 'defer']);
    assert.deepEqual([...titleCodeNames('cse() has strange behaviour; `join` escapes')].sort(), ['cse', 'join']);
    assert.deepEqual([...titleCodeNames('Pretty printing crashes when the value is empty')], []);
  });

  it('reads every identifier inside backticks, and leaves out extensions, one-letter names and dunders', () => {
    assert.deepEqual([...titleCodeNames('`pvsystem.calcparams_cec()` does not propagate')].sort(), ['calcparams_cec', 'pvsystem']);
    assert.deepEqual([...titleCodeNames('Refactor `build_marc()` into `expand_record(x=1)`')].sort(), ['build_marc', 'expand_record'], 'a one-letter argument is no name');
    assert.deepEqual([...titleCodeNames('`Foo::bar()` panics')].sort(), ['Foo', 'bar']);
    assert.deepEqual([...titleCodeNames('setup.py install fails, e.g. on github.com')].sort(), ['com', 'github', 'setup']);
    assert.deepEqual([...titleCodeNames('MyModel.__init__ is slow')], ['MyModel']);
  });

  const frames = [
    { path: 'lib/matplotlib/colors.py', symbol: 'inverse' },
    { path: 'lib/matplotlib/artist.py', symbol: 'format_cursor_data' },
    { path: 'sympy/printing/pretty/pretty.py', symbol: '_print_MatAdd' },
    { path: 'sympy/printing/pretty/pretty.py', symbol: 'pretty_print' },
    { path: 'sympy/core/sympify.py', symbol: 'sympify' },
  ];

  it("finds the frame running a function the title names, or a dispatch method named after the title's name", () => {
    assert.deepEqual(namedFramePaths(frames, 'format_cursor_data crashes on BoundaryNorm'), ['lib/matplotlib/artist.py']);
    assert.deepEqual(namedFramePaths(frames, 'Error pretty printing MatAdd'), ['sympy/printing/pretty/pretty.py']);
  });

  it('does not take the name a title asks to add for the frames that already run it', () => {
    const handlers = [
      { path: 'django/contrib/staticfiles/handlers.py', symbol: '__call__' },
      { path: 'django/core/handlers/base.py', symbol: 'get_response_async' },
    ];
    assert.deepEqual(namedFramePaths(handlers, 'Add get_response_async for ASGIStaticFilesHandler'), []);
    assert.deepEqual(namedFramePaths(handlers, '[Feature]: implement `get_response_async` on the static handler'), []);
    assert.deepEqual(namedFramePaths(handlers, 'get_response_async crashes for ASGIStaticFilesHandler'), ['django/core/handlers/base.py']);
    assert.deepEqual(namedFramePaths(frames, 'Add support for BoundaryNorm in format_cursor_data'), ['lib/matplotlib/artist.py'], 'what the support is added in');
  });

  it('matches a part of a dispatch method only with a name shaped like code', () => {
    assert.deepEqual(namedFramePaths([{ path: 'django/template/base.py', symbol: 'render_text' }], '`django.utils.text.slugify()` strips dashes'), []);
    assert.deepEqual(namedFramePaths([{ path: 'sympy/printing/str.py', symbol: '_print_MatAdd' }], 'str of `MatAdd` drops signs'), ['sympy/printing/str.py']);
  });

  it('needs a name of four characters or more to match a part of a function', () => {
    assert.deepEqual(namedFramePaths([{ path: 'a/b.py', symbol: '_print_Add' }], 'Error printing `Add`'), []);
    assert.deepEqual(namedFramePaths([{ path: 'a/b.py', symbol: 'Add' }], 'Error printing `Add`'), ['a/b.py'], 'the whole name may be short');
  });

  it("leaves out an installed package's frames: there the title names the API the reporter called", () => {
    const body = [
      '```',
      'TypeError: Cannot convert a Symbol value to a string',
      '    at wrapMethod (node_modules/sinon/lib/sinon/util/core/wrap-method.js:112:17)',
      '    at spy (node_modules/sinon/lib/sinon/spy.js:178:16)',
      '    at Sandbox.spy (node_modules/sinon/lib/sinon/sandbox.js:449:35)',
      '    at Context.<anonymous> (test/queue.test.js:27:15)',
      '```',
    ].join('\n');
    const title = 'sinon.spy(obj, symbol) on a missing property throws';
    assert.deepEqual(mineIssue({ title, body }).namedFrames, []);
    const own = body.replaceAll('node_modules/sinon/', '');
    assert.deepEqual(mineIssue({ title, body: own }).namedFrames, ['lib/sinon/spy.js', 'lib/sinon/sandbox.js'], "the project's own trace");
    const python = 'Traceback (most recent call last):\n  File "/usr/lib/python3/site-packages/pkg/api.py", line 3, in format_cursor_data\n    inverse()\n  File "/usr/lib/python3/site-packages/pkg/colors.py", line 9, in inverse\n    raise ValueError("not invertible")\nValueError: not invertible';
    assert.deepEqual(mineIssue({ title: 'format_cursor_data crashes', body: python }).namedFrames, []);
    const checkout = python.replaceAll('/usr/lib/python3/site-packages/', '');
    assert.deepEqual(mineIssue({ title: 'format_cursor_data crashes', body: checkout }).namedFrames, ['pkg/api.py']);
  });

  it('names no frame when the title names none of their functions', () => {
    assert.deepEqual(namedFramePaths(frames, 'Hovering over an image crashes'), []);
    assert.deepEqual(namedFramePaths([], 'format_cursor_data crashes'), []);
  });
});
