import * as assert from 'node:assert/strict';
import { Minimatch } from 'minimatch';
import { requiredLiterals } from '../../../src/tools/globLiterals';

describe('tools/globLiterals', () => {
  it('takes the longest literal run of each brace alternative, without the slashes next to **', () => {
    assert.deepEqual(requiredLiterals('**/{commands/shell.py,django/__main__.py}'), ['commands/shell.py', 'django/__main__.py']);
    assert.deepEqual(requiredLiterals('**/*{shell,command}*'), ['shell', 'command']);
    assert.deepEqual(requiredLiterals('*.py'), ['.py']);
    assert.deepEqual(requiredLiterals('src/**/models.py'), ['models.py']);
    assert.deepEqual(requiredLiterals('**/{a,a}.js'), ['a.js']);
  });

  it('reads an extglob that may match nothing as a wildcard, so the text around it is still required', () => {
    assert.deepEqual(requiredLiterals('**/{boolean?([-_])attribute?(s),cookie?([-_])jar?(s)}.*'), ['attribute', 'cookie']);
    assert.deepEqual(requiredLiterals('**/index*(.d).ts'), ['index']);
    assert.deepEqual(requiredLiterals('**/?(x).js'), ['.js']);
    assert.equal(requiredLiterals('**/?(x)'), undefined, 'the group was all the alternative had');
    assert.equal(requiredLiterals('**/a?(b|(c)).js'), undefined, 'a group inside a group is left to minimatch');
  });

  it('gives up where literal text is not required or some alternative has none', () => {
    for (const pattern of ['**', '*', '**/*{a,}*', '[ab].py', 'x/@(a|b).py', '!(x).py', 'a\\*b', '+(a).js', 'a/../b.py', './x.py', 'a//b.py']) {
      assert.equal(requiredLiterals(pattern), undefined, pattern);
    }
  });

  it('never drops a path that minimatch matches', () => {
    const paths = [
      'commands/shell.py', 'django/core/management/commands/shell.py', 'management/base.py', 'a/management/__init__.py',
      'django/__main__.py', 'x/shellish.txt', 'command', 'docs/COMMAND.md', 'src/a.js', 'a.js', '.github/a.js', 'src/models.py',
      'src/x/y/models.py', 'models.py', 'z/.hidden/shell', 'deep/er/when/file', 'a/b', 'a/x/b', 'ab',
      'src/shared/boolean_attributes.js', 'a/booleanattribute.ts', 'b/boolean-attributes.py', 'x/cookiejars.go', 'lib/index.d.ts',
    ];
    const patterns = [
      '**/{commands/shell.py,management/base.py,management/__init__.py,django/__main__.py}', '**/*{shell,command,when}*', '*.py', '**/*.js',
      'src/**/models.py', '**/a.js', 'a/**/b', '**/{a,b}', '*{COMMAND,when}*', '**/?odels.py', '**/{x,y}/**/models.py', 'a/*/b', '**/.hidden/*',
      '**/{boolean?([-_])attribute?(s),cookie?([-_])jar?(s)}.*', '**/index*(.d).ts',
    ];
    for (const pattern of patterns) {
      const regex = new Minimatch(pattern, { dot: true, nocomment: true, nonegate: true }).makeRe();
      assert.ok(regex, pattern);
      const literals = requiredLiterals(pattern);
      assert.ok(literals, `${pattern} has literals`);
      for (const text of paths) {
        if (regex.test(text)) assert.ok(literals.some((l) => text.includes(l)), `${pattern} matches ${text} but the prefilter would drop it`);
      }
    }
  });
});
