import assert from 'node:assert/strict';
import { rowLanguage } from '../../../src/eval/languages';
import { ZERO_SCORE, scoreInstance, summarize } from '../../../src/eval/metrics';
import { languageTable, type InstanceReport, type SystemReport } from '../../../src/eval/report';

describe('per-language reports', () => {
  it("takes the dataset's language, else the one most gold files are written in", () => {
    assert.equal(rowLanguage({ language: 'cpp', gold_files: ['include/simdjson/dom/element.h'] }), 'cpp', "the dataset's word wins over a header's extension");
    assert.equal(rowLanguage({ gold_files: ['django/db/models/query.py'] }), 'python');
    assert.equal(rowLanguage({ language: 'unknown', gold_files: ['src/clock.rs', 'Cargo.toml'] }), 'rust', 'data files do not count');
    assert.equal(rowLanguage({ gold_files: ['src/a.ts', 'src/b.ts', 'lib/c.js', 'README.md'] }), 'typescript');
    assert.equal(rowLanguage({ gold_files: ['api/index.js', 'src/cards/types.d.ts'] }), 'javascript', 'a tie goes to the first file');
    assert.equal(rowLanguage({ gold_files: ['include/x.h', 'src/x.cpp'] }), 'cpp', 'a header decides nothing beside a source file');
    assert.equal(rowLanguage({ gold_files: ['src/jv.h', 'ChangeLog'] }), 'c', 'headers alone are taken for C');
    assert.equal(rowLanguage({ gold_files: ['README.md', 'Makefile', 'docs/usage.rst'] }), 'unknown');
    assert.equal(rowLanguage({ gold_files: [] }), 'unknown');
  });

  const row = (instance_id: string, language: string | undefined, predicted: string[], gold: string[]): InstanceReport => ({
    instance_id,
    ...(language ? { language } : {}),
    predicted_files: predicted,
    gold_files: gold,
    ...(predicted.length ? scoreInstance(predicted, gold) : ZERO_SCORE),
  });
  const system = (name: string, kind: 'brain' | 'baseline', instances: InstanceReport[]): SystemReport => ({ name, kind, summary: summarize(instances), instances });

  it('scores each language apart, the language with the most rows first, for every system', () => {
    const brain = system('embedded', 'brain', [
      row('go-1', 'go', ['a.go'], ['a.go']),
      row('py-1', 'python', ['x.py'], ['y.py']),
      row('go-2', 'go', ['b.go', 'c.go'], ['b.go']),
      row('bad', undefined, [], []),
    ]);
    const published = system('locagent', 'baseline', [row('go-1', 'go', [], ['a.go']), row('py-1', 'python', ['y.py'], ['y.py'])]);
    // go-2 answers two files, one right: F0.5 (1 + 5/9) / 2.
    const lines = languageTable([brain, published]).split('\n');
    assert.deepEqual(lines.slice(0, 2), ['| system | language | n | precision | recall | F0.5 | acc@1 |', '|---|---|---:|---:|---:|---:|---:|']);
    assert.deepEqual(lines.slice(2), [
      '| embedded | go | 2 | 0.750 | 1.000 | 0.778 | 1.000 |',
      '| embedded | python | 1 | 0.000 | 0.000 | 0.000 | 0.000 |',
      '| locagent (published) | go | 1 | 0.000 | 0.000 | 0.000 | 0.000 |',
      '| locagent (published) | python | 1 | 1.000 | 1.000 | 1.000 | 1.000 |',
    ]);
  });

  it("keeps a dataset's language and a baseline's name from reaching the terminal or the table as markup", () => {
    const brain = system('embedded', 'brain', [row('a', 'java|script\x1b[41m<script>', ['a.js'], ['a.js']), row('b', 'type\x1b]0;pwned\x07script', [], ['b.ts'])]);
    const published = system('ev|il\x1b[5m', 'baseline', [row('a', 'java|script\x1b[41m<script>', [], ['a.js'])]);
    const table = languageTable([brain, published]);
    assert.ok(![...table].some((c) => (c < ' ' && c !== '\n') || c === '\x7f'), 'no control character');
    const lines = table.split('\n').slice(2);
    assert.ok(lines.every((line) => line.split(/(?<!\\)\|/).length === 9), `every row keeps its 7 cells: ${table}`);
    assert.match(table, /java\\\|script\uFFFD\[41m\\<script\\>/);
    assert.match(table, /\| ev\\\|il\uFFFD\[5m \(published\) \|/);
  });

  it('prints nothing for a dataset of one language', () => {
    const brain = system('bm25', 'brain', [row('py-1', 'python', ['x.py'], ['x.py']), row('py-2', 'python', [], ['y.py']), row('bad', undefined, [], [])]);
    assert.equal(languageTable([brain]), '');
    assert.equal(languageTable([]), '');
    const withDocs = system('bm25', 'brain', [row('py-1', 'python', ['x.py'], ['x.py']), row('doc-1', 'unknown', [], ['README.md'])]);
    assert.equal(languageTable([withDocs]), '', "rows of no known language do not make a second one");
  });

  it('takes the languages from the system with the most rows (a brain interrupted early may have fewer)', () => {
    const interrupted = system('embedded', 'brain', [row('go-1', 'go', ['a.go'], ['a.go'])]);
    const published = system('locagent', 'baseline', [row('go-1', 'go', ['a.go'], ['a.go']), row('py-1', 'python', [], ['y.py'])]);
    assert.deepEqual(languageTable([interrupted, published]).split('\n').slice(2).map((line) => line.split(' | ').slice(0, 3).join(' | ')), [
      '| embedded | go | 1',
      '| locagent (published) | go | 1',
      '| locagent (published) | python | 1',
    ]);
  });
});
