import { strict as assert } from 'node:assert';
import { FEATURE_NAMES, SHARED_FEATURES, TWIN_LANGUAGES } from '../../../src/core/embedded/features';
import { ablate, ablationGroups, TWINS_GROUP, withoutFeatures } from '../../../src/trainer/ablation';
import { labelIssue, type TrainingIssue } from '../../../src/trainer/examples';
import { DEFAULT_FIT } from '../../../src/trainer/fit';

const HAND_RATIO = FEATURE_NAMES.indexOf('hand_score_ratio');
const DEFINES = FEATURE_NAMES.indexOf('definition_of_title_clue');
const PYTHON_DEFINES = FEATURE_NAMES.indexOf('python_definition_of_title_clue');
const GO_DEFINES = FEATURE_NAMES.indexOf('go_definition_of_title_clue');

/** Synthetic issues where only the definition of the title's name marks the gold file (the hand ranking does not). */
function issues(count: number, extension: string): TrainingIssue[] {
  return Array.from({ length: count }, (_, i) => {
    const gold = i % 3;
    const candidates = [0, 1, 2].map((c) => {
      const values = new Array<number>(FEATURE_NAMES.length).fill(0);
      values[HAND_RATIO] = 1 - c * 0.1;
      values[DEFINES] = c === gold ? 1 : 0;
      return { path: `f${c}.${extension}`, values };
    });
    return labelIssue({ instance_id: `r${i % 5}__${i}`, repo: `o/r${i % 5}`, language: 'rust', gold_files: [`f${gold}.${extension}`] }, candidates);
  });
}

describe('ranker feature ablation', () => {
  it('puts every shared feature in exactly one group', () => {
    const grouped = [...ablationGroups().values()].flat();
    assert.equal(grouped.length, SHARED_FEATURES);
    assert.deepEqual(new Set(grouped), new Set(FEATURE_NAMES.slice(0, SHARED_FEATURES)));
    assert.deepEqual(ablationGroups().get('leader check: import ties'), ['import_tie_to_first']);
  });

  it("clears a feature and each language's twin of it, and nothing else, without touching the input", () => {
    const values = FEATURE_NAMES.map((_, i) => i + 1);
    const input = [labelIssue({ instance_id: 'x', repo: 'o/r', gold_files: ['a.py'] }, [{ path: 'a.py', values }])];
    const [out] = withoutFeatures(input, ['definition_of_title_clue']);
    const cleared = out!.candidates[0]!.values.flatMap((v, i) => (v === 0 ? [i] : []));
    assert.deepEqual(cleared, [DEFINES, PYTHON_DEFINES, GO_DEFINES]);
    assert.deepEqual(input[0]!.candidates[0]!.values, values, 'input unchanged');
    assert.equal(TWIN_LANGUAGES.length, 2, 'a third twin language needs its twin cleared above too');
  });

  it("clears a feature only on the files given, leaving other languages' candidates whole", () => {
    const values = FEATURE_NAMES.map((_, i) => i + 1);
    const input = [labelIssue({ instance_id: 'x', repo: 'o/r', gold_files: [] }, [{ path: 'a.py', values }, { path: 'b.go', values }])];
    const [out] = withoutFeatures(input, ['definition_of_title_clue'], TWIN_LANGUAGES[0].file);
    assert.deepEqual(out!.candidates[0]!.values.flatMap((v, i) => (v === 0 ? [i] : [])), [DEFINES, PYTHON_DEFINES, GO_DEFINES]);
    assert.deepEqual(out!.candidates[1]!.values, values, 'the Go file keeps every feature');
  });

  it('clears every twin and language flag for the twins row, and no shared feature', () => {
    const values = FEATURE_NAMES.map(() => 1);
    const [out] = withoutFeatures([labelIssue({ instance_id: 'x', repo: 'o/r', gold_files: [] }, [{ path: 'a.go', values }])], TWINS_GROUP);
    const row = out!.candidates[0]!.values;
    assert.ok(row.slice(0, SHARED_FEATURES).every((v) => v === 1));
    assert.ok(row.slice(SHARED_FEATURES).every((v) => v === 0));
  });

  it('scores the model without each group: leaving out the only telling evidence loses the gold file', () => {
    const rows = ablate(issues(40, 'rs'), { dev: issues(12, 'rs') }, DEFAULT_FIT);
    const row = (group: string) => rows.find((r) => r.group === group)!;
    assert.equal(rows.length, ablationGroups().size + 2);
    assert.ok(row('(every feature)').fixedSize.all!.acc_at_1 > 0.9);
    assert.ok(row('(every feature)').heldOut.dev!.precision > 0.9);
    assert.ok(row('definitions of named symbols').fixedSize.all!.acc_at_1 < 0.5, 'without the definitions only the hand order is left');
    assert.ok(row('definitions of named symbols').heldOut.dev!.precision < 0.5);
    assert.ok(row('mentions and messages').heldOut.dev!.precision > 0.9, 'an unused group changes nothing');
  });

  it("leaves a group out of one language's files only", () => {
    const rows = ablate(issues(40, 'rs'), { dev: issues(12, 'rs') }, DEFAULT_FIT, TWIN_LANGUAGES[0].file);
    const definitions = rows.find((r) => r.group === 'definitions of named symbols')!;
    assert.ok(definitions.heldOut.dev!.precision > 0.9, 'Rust files keep their definitions when Python files lose them');
    const onPython = ablate(issues(40, 'py'), { dev: issues(12, 'py') }, DEFAULT_FIT, TWIN_LANGUAGES[0].file);
    assert.ok(onPython.find((r) => r.group === 'definitions of named symbols')!.heldOut.dev!.precision < 0.5);
  });
});
