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
    ];
    const patterns = [
      '**/{commands/shell.py,management/base.py,management/__init__.py,django/__main__.py}', '**/*{shell,command,when}*', '*.py', '**/*.js',
      'src/**/models.py', '**/a.js', 'a/**/b', '**/{a,b}', '*{COMMAND,when}*', '**/?odels.py', '**/{x,y}/**/models.py', 'a/*/b', '**/.hidden/*',
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
