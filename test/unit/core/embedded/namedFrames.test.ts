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

  it('needs a name of four characters or more to match a part of a function', () => {
    assert.deepEqual(namedFramePaths([{ path: 'a/b.py', symbol: '_print_Add' }], 'Error printing `Add`'), []);
    assert.deepEqual(namedFramePaths([{ path: 'a/b.py', symbol: 'Add' }], 'Error printing `Add`'), ['a/b.py'], 'the whole name may be short');
  });

  it('names no frame when the title names none of their functions', () => {
    assert.deepEqual(namedFramePaths(frames, 'Hovering over an image crashes'), []);
    assert.deepEqual(namedFramePaths([], 'format_cursor_data crashes'), []);
  });
});
