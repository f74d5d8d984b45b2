import { strict as assert } from 'node:assert';
import { isComponentLabel, kebabSpellings, splitTitleLabels } from '../../../../src/core/embedded/spellings';

describe('embedded spellings', () => {
  it("spells a kebab-case name as written, in Title-Case, snake, camel and Pascal case, once each", () => {
    assert.deepEqual(kebabSpellings('cache-control'), ['cache-control', 'Cache-Control', 'cache_control', 'cacheControl', 'CacheControl']);
    assert.deepEqual(kebabSpellings('Content-Length'), ['Content-Length', 'content_length', 'contentLength', 'ContentLength']);
    assert.deepEqual(kebabSpellings('a-b'), [], 'words all shorter than 3 letters name nothing');
  });

  it('splits the labels off a title, and tells a component label from a type, an area or a version', () => {
    assert.deepEqual(splitTitleLabels('[material-ui][Autocomplete]: Popup stays open'), { labels: ['material-ui', 'Autocomplete'], rest: 'Popup stays open' });
    assert.deepEqual(splitTitleLabels('Popup stays [open]'), { labels: [], rest: 'Popup stays [open]' });
    for (const label of ['Autocomplete', 'DataGrid', 'useMediaQuery']) assert.ok(isComponentLabel(label), label);
    for (const label of ['Bug', 'BUG', 'RFC', 'docs', 'material-ui', 'version 2.20.0', 'Feature']) assert.ok(!isComponentLabel(label), label);
  });
});
