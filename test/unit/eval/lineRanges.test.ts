import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editBlocks, scoreRanges, summarizeRanges } from '../../../src/eval/lineRanges';

/** A real `git diff` of `before` → `after` for each file (a missing `before` is a new file). */
function gitDiff(files: Record<string, [before: string | undefined, after: string]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'codegrep-ranges-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' });
  try {
    git('init', '-q');
    for (const [path, [before]] of Object.entries(files)) if (before !== undefined) writeFileSync(join(dir, path), before);
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', 'base');
    for (const [path, [, after]] of Object.entries(files)) writeFileSync(join(dir, path), after);
    git('add', '-A');
    return git('diff', '--cached', '--no-color');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

describe('line ranges against the fix (eval)', () => {
  it('finds the old-side lines of a real git diff: a replacement, a pure insertion, and a new file', () => {
    const before = numbered(60);
    const after = [...before];
    after[9] = 'changed 10'; // line 10 replaced
    after.splice(40, 0, 'inserted'); // between old lines 40 and 41
    const patch = gitDiff({ 'a.ts': [`${before.join('\n')}\n`, `${after.join('\n')}\n`], 'new.ts': [undefined, 'fresh\n'] });
    const blocks = editBlocks(patch);
    assert.deepEqual(blocks.get('a.ts'), [
      [10, 10],
      [40, 41],
    ]);
    assert.equal(blocks.has('new.ts'), false, 'a created file has no lines before the fix');
  });

  it('keeps a run of removals as one block, and does not stretch it over the insertion that replaces it', () => {
    const patch = ['--- a/x.py', '+++ b/x.py', '@@ -3,5 +3,4 @@', ' c', '-d', '-e', '+D', ' f', ' g', ''].join('\n');
    assert.deepEqual(editBlocks(patch).get('x.py'), [[4, 5]]);
  });

  it('gives no blocks for a patch it cannot parse, instead of failing the row', () => {
    assert.equal(editBlocks('--- a/x\n+++ b/x\n@@ -1,4 +1,5 @@\n a\n').size, 0);
    assert.equal(editBlocks('').size, 0);
  });

  it('scores ranges by hand-computed hits: first range, any range, edits covered, cited lines near edits', () => {
    const edits = new Map([['src/a.ts', [[50, 52] as [number, number], [200, 200] as [number, number]]]]);
    const [score] = scoreRanges(['src/a.ts', 'src/other.ts'], { 'src/a.ts': [[1, 10], [40, 46]] }, edits);
    // [40, 46] is within 5 lines of 50 (45..57): the second range hits, the first does not.
    assert.deepEqual(score, {
      path: 'src/a.ts',
      first_hit: false,
      any_hit: true,
      edit_recall: 0.5,
      line_precision: 2 / 17, // lines 45 and 46 of the 10 + 7 cited lines
      ranges: 2,
    });
  });

  it('scores a correct file cited without ranges as a miss, and leaves out files the fix does not edit', () => {
    const edits = new Map([['a.go', [[3, 3] as [number, number]]]]);
    const scores = scoreRanges(['a.go', 'b.go'], {}, edits);
    assert.equal(scores.length, 1);
    assert.equal(scores[0]!.any_hit, false);
    const summary = summarizeRanges([scores, undefined, [{ ...scores[0]!, first_hit: true, any_hit: true, edit_recall: 1, line_precision: 1, ranges: 1 }]]);
    assert.deepEqual(summary, { files: 2, with_ranges: 0.5, first_hit: 0.5, any_hit: 0.5, edit_recall: 0.5, line_precision: 0.5 });
    assert.equal(summarizeRanges([undefined, []]), undefined);
  });
});
