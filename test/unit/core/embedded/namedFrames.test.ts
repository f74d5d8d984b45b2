import { strict as assert } from 'node:assert';
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

  it('matches a part of a dispatch method only with a name shaped like code', () => {
    assert.deepEqual(namedFramePaths([{ path: 'django/template/base.py', symbol: 'render_text' }], '`django.utils.text.slugify()` strips dashes'), []);
    assert.deepEqual(namedFramePaths([{ path: 'sympy/printing/str.py', symbol: '_print_MatAdd' }], 'str of `MatAdd` drops signs'), ['sympy/printing/str.py']);
  });

  it('needs a name of four characters or more to match a part of a function', () => {
    assert.deepEqual(namedFramePaths([{ path: 'a/b.py', symbol: '_print_Add' }], 'Error printing `Add`'), []);
    assert.deepEqual(namedFramePaths([{ path: 'a/b.py', symbol: 'Add' }], 'Error printing `Add`'), ['a/b.py'], 'the whole name may be short');
  });

  it('names no frame when the title names none of their functions', () => {
    assert.deepEqual(namedFramePaths(frames, 'Hovering over an image crashes'), []);
    assert.deepEqual(namedFramePaths([], 'format_cursor_data crashes'), []);
  });
});
