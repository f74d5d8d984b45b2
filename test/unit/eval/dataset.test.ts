import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBaseline, parseBaselineSpec } from '../../../src/eval/baselines';
import { loadDataset, parseDataset } from '../../../src/eval/dataset';

const good = { instance_id: 'o__r-1', repo: 'o/r', base_commit: 'ABCDEF1234567', problem_statement: 'it breaks', gold_files: ['a.py'] };
const line = (value: object) => JSON.stringify(value);

describe('eval dataset', () => {
  it('keeps valid rows with their line numbers and lower-cases the commit', () => {
    const { rows, errors } = parseDataset(`${line(good)}\n\n${line({ ...good, instance_id: 'o__r-2' })}\n`);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      rows.map((r) => [r.instance_id, r.line, r.base_commit]),
      [
        ['o__r-1', 1, 'abcdef1234567'],
        ['o__r-2', 3, 'abcdef1234567'],
      ],
    );
  });

  it('turns each bad line into a row error and keeps going', () => {
    const text = [
      '{"instance_id": "cut',
      line({ ...good, problem_statement: undefined }),
      line({ ...good, instance_id: 'blank', problem_statement: '  ' }),
      line({ ...good, instance_id: 'norepo', repo: 'just-a-name' }),
      line({ ...good, instance_id: 'badsha', base_commit: 'main' }),
      line({ ...good, instance_id: 'nogold', gold_files: [] }),
      '[1, 2]',
      line({ ...good, instance_id: 'fine' }),
      line({ ...good, instance_id: 'fine' }),
    ].join('\n');
    const { rows, errors } = parseDataset(text);
    assert.deepEqual(
      rows.map((r) => r.instance_id),
      ['fine'],
    );
    const byLine = new Map(errors.map((e) => [e.line, e]));
    assert.match(byLine.get(1)!.error, /malformed JSON on line 1/);
    assert.equal(byLine.get(1)!.instance_id, 'line 1');
    assert.match(byLine.get(2)!.error, /missing problem_statement/);
    assert.equal(byLine.get(2)!.instance_id, 'o__r-1');
    assert.match(byLine.get(3)!.error, /missing problem_statement/);
    assert.match(byLine.get(4)!.error, /owner\/name/);
    assert.match(byLine.get(5)!.error, /hex commit SHA/);
    assert.match(byLine.get(6)!.error, /gold_files/);
    assert.match(byLine.get(7)!.error, /not a JSON object/);
    assert.match(byLine.get(9)!.error, /duplicate instance_id fine/);
    assert.equal(errors.length, 8);
  });

  it('throws a bad-input error only when the file itself cannot be read', async () => {
    await assert.rejects(loadDataset('/definitely/not/here.jsonl'), (e: Error & { code?: string }) => e.code === 'bad-input' && /Cannot read dataset/.test(e.message));
  });
});

describe('eval baselines', () => {
  it('parses NAME=FILE and refuses anything else', () => {
    assert.deepEqual(parseBaselineSpec('locagent=../b/l.jsonl'), { name: 'locagent', file: '../b/l.jsonl' });
    assert.throws(() => parseBaselineSpec('justafile.jsonl'), /NAME=FILE/);
    assert.throws(() => parseBaselineSpec('=x.jsonl'), /NAME=FILE/);
  });

  it('loads ranked predictions and counts unreadable lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codegrep-baseline-'));
    try {
      const file = join(dir, 'b.jsonl');
      writeFileSync(file, `${line({ instance_id: 'a', predicted_files: ['x.py', 'y.py'] })}\nnot json\n${line({ instance_id: 'b' })}\n`);
      const baseline = await loadBaseline('pub', file);
      assert.deepEqual([...baseline.predictions], [['a', ['x.py', 'y.py']]]);
      assert.equal(baseline.skippedLines, 2);
      await assert.rejects(loadBaseline('pub', join(dir, 'missing.jsonl')), /Cannot read baseline pub/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a first line that starts with a UTF-8 byte-order mark', () => {
    const { rows, errors } = parseDataset(`\uFEFF${line(good)}\n`);
    assert.deepEqual(errors, []);
    assert.equal(rows[0]?.instance_id, 'o__r-1');
  });
});
