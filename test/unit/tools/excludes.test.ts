import * as assert from 'node:assert/strict';
import { ExcludeMatcher, mergeExcludeMaps } from '../../../src/tools/excludes';

describe('tools/excludes', () => {
  it('merges files.exclude, search.exclude and codegrep.exclude key by key; false re-includes, odd values are ignored', () => {
    const files = { '**/.DS_Store': true, '**/dist': true, '**/*.js': { when: '$(basename).ts' } };
    const search = { '**/dist': false, '**/coverage': true, '**/weird': 'yes' };
    const codegrep = { 'fixtures/big': true };
    assert.deepEqual(mergeExcludeMaps([files, search, codegrep]), [
      { glob: '**/.DS_Store' },
      { glob: '**/*.js', when: '$(basename).ts' },
      { glob: '**/coverage' },
      { glob: 'fixtures/big' },
    ]);
    assert.deepEqual(mergeExcludeMaps([undefined, null, [1], { a: true }], '/w/one'), [{ glob: 'a', root: '/w/one' }]);
  });

  it('matches folder-relative paths and their parent folders, like VS Code', () => {
    const m = new ExcludeMatcher([{ glob: 'build' }, { glob: '**/tmp/**' }, { glob: '**/*.min.js' }]);
    assert.equal(m.match('build/a.py', '/r')?.glob, 'build');
    assert.equal(m.match('src/build/a.py', '/r'), undefined, 'a glob without **/ is anchored at the folder');
    assert.equal(m.match('a/tmp/x', '/r')?.glob, '**/tmp/**');
    assert.equal(m.match('web/app.min.js', '/r')?.glob, '**/*.min.js');
    assert.equal(m.match('web/app.js', '/r'), undefined);
  });

  it('applies sibling clauses only when the sibling exists, and folder-scoped rules only in their folder', () => {
    const m = new ExcludeMatcher([{ glob: '**/*.js', when: '$(basename).ts' }, { glob: 'gen', root: '/a' }]);
    const has = new Set(['src/x.ts']);
    assert.ok(m.match('src/x.js', '/r', (p) => has.has(p)));
    assert.equal(m.match('src/y.js', '/r', (p) => has.has(p)), undefined);
    assert.ok(m.match('gen/f', '/a'));
    assert.equal(m.match('gen/f', '/b'), undefined);
    // A `$&` in the file name is part of the name (as a replacement pattern it would stand for `$(basename)`).
    const odd = new Set(['src/a$&b.ts']);
    assert.ok(m.match('src/a$&b.js', '/r', (p) => odd.has(p)));
  });

  it('hands rg only the rules it applies exactly the same way', () => {
    const m = new ExcludeMatcher([{ glob: '**/dist' }, { glob: 'build' }, { glob: '**/*.js', when: '$(basename).ts' }, { glob: '**/x', root: '/a' }]);
    assert.deepEqual(m.rgFlags(), ['--glob=!**/dist']);
  });
});
