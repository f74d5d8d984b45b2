import assert from 'node:assert/strict';
import { shellEffects } from '../../../src/mining/shellReads';

const ROOT = '/workspace/repo';
const reads = (command: string, observation?: string) => shellEffects(command, ROOT, observation).reads.map((r) => `${r.via} ${r.path}${r.range ? ` ${r.range.join('-')}` : ''}`);

describe('mining/shellReads (file reads inside execute_bash)', () => {
  it('reads cat, head -n, tail and sed -n, following cd through a chain', () => {
    assert.deepEqual(reads('cd /workspace/repo/src && cat a.py b.py; head -n 20 ../setup.py && tail -5 /workspace/repo/x.txt'), [
      'cat /workspace/repo/src/a.py',
      'cat /workspace/repo/src/b.py',
      'head /workspace/repo/setup.py 1-20',
      'tail /workspace/repo/x.txt',
    ]);
    assert.deepEqual(reads("sed -n '10,40p' pkg/mod.py"), ['sed /workspace/repo/pkg/mod.py 10-40']);
    assert.deepEqual(reads("sed -i 's/a/b/' pkg/mod.py"), [], 'sed -i edits, it does not read');
    assert.deepEqual(shellEffects("sed -i 's/a/b/' pkg/mod.py", ROOT).edited, ['/workspace/repo/pkg/mod.py']);
  });

  it('does not count what a pipe feeds: `… | head`, `… | grep`', () => {
    assert.deepEqual(reads('python -m pytest tests -q 2>&1 | grep FAIL | head -20', 'tests/test_a.py::test_x FAILED'), []);
    assert.deepEqual(reads('cat a.py | grep def', 'def f():'), ['cat /workspace/repo/a.py']);
  });

  it('takes grep and rg hits from the output: path:line:, -l lists, one-file output, find -exec grep', () => {
    const multi = 'src/a.py:12:def parse()\nsrc/b.py-13-    pass\n[The command completed with exit code 0.]';
    assert.deepEqual(reads('grep -rn "def parse" src', multi), ['grep /workspace/repo/src/a.py', 'grep /workspace/repo/src/b.py']);
    assert.deepEqual(reads('rg -l parse', 'src/a.py\nsrc/c.py'), ['rg /workspace/repo/src/a.py', 'rg /workspace/repo/src/c.py']);
    assert.deepEqual(reads('grep -A 3 -B 2 "parse" src/a.py', 'def parse():\n    return 1'), ['grep /workspace/repo/src/a.py']);
    assert.deepEqual(reads('grep -n parse Makefile', '12:parse: build'), ['grep /workspace/repo/Makefile']);
    assert.deepEqual(reads('grep -n parse src/a.py', '\n[The command completed with exit code 1.]'), [], 'no match, no read');
    assert.deepEqual(reads('find . -name "*.py" -exec grep -l "parse" {} \\;', './src/a.py\n./lib/b.py'), ['grep /workspace/repo/src/a.py', 'grep /workspace/repo/lib/b.py']);
    assert.deepEqual(reads('grep -r "class X" /workspace/repo', '/workspace/repo/pkg/x.pony:class X'), ['grep /workspace/repo/pkg/x.pony'], 'a folder named like a version (repo__0.1) is not one file');
  });

  it('records files the command writes, skips heredoc bodies and failed reads', () => {
    const effects = shellEffects("cat > /tmp/t.py <<'EOF'\ncat secret.py\nEOF\necho hi > out.txt && cat missing.py", ROOT, 'cat: missing.py: No such file or directory');
    assert.deepEqual(effects.written, ['/tmp/t.py', '/workspace/repo/out.txt']);
    assert.deepEqual(effects.reads, [], 'the heredoc body is text, and the cat of a missing file read nothing');
  });
});
