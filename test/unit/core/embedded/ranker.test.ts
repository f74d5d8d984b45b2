import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodeGrepError } from '../../../../src/common/errors';
import { defaultRankerModel } from '../../../../src/core/embedded/defaultModel';
import { FEATURE_NAMES } from '../../../../src/core/embedded/features';
import { RANKER_FORMAT, RANKER_VERSION, answerLanguage, answerSettings, contributions, parseRankerModel, probabilities, unweighedGroups, type RankerModel } from '../../../../src/core/embedded/ranker';

function model(overrides: Partial<RankerModel> = {}): RankerModel {
  const n = FEATURE_NAMES.length;
  return {
    format: RANKER_FORMAT,
    version: RANKER_VERSION,
    features: [...FEATURE_NAMES],
    mean: new Array<number>(n).fill(0),
    scale: new Array<number>(n).fill(1),
    weights: new Array<number>(n).fill(0),
    bias: 0,
    candidates: 10,
    maxFiles: 3,
    missingGold: 0.5,
    ...overrides,
  };
}

describe('ranker model file', () => {
  it('the shipped model loads, has this build’s features and was trained on the training set', () => {
    const shipped = defaultRankerModel();
    assert.deepEqual(shipped.features, FEATURE_NAMES);
    assert.ok(shipped.candidates >= 1 && shipped.maxFiles >= 1 && shipped.missingGold >= 0);
    const raw = JSON.parse(readFileSync(join(__dirname, '../../../../src/core/embedded/rankerModel.json'), 'utf8')) as { trained: { source: string } };
    assert.match(raw.trained.source, /^train\.jsonl sha256:/, 'trained on ../shared/train, never on a dev set');
  });

  it('refuses another version, another feature list and malformed numbers, saying how to regenerate', () => {
    const refuse = (data: unknown, why: RegExp) =>
      assert.throws(() => parseRankerModel(data), (e: unknown) => e instanceof CodeGrepError && why.test(e.message) && /codegrep train/.test(e.message));
    refuse({ ...model(), version: RANKER_VERSION + 1 }, /version/);
    refuse({ ...model(), features: [...FEATURE_NAMES].reverse() }, /feature list/);
    refuse({ ...model(), weights: [1, 2] }, /"weights"/);
    refuse({ ...model(), bias: 'x' }, /"bias"/);
    refuse({ format: 'something-else' }, /not a codegrep-ranker/);
    refuse(null, /not a codegrep-ranker/);
    refuse({ ...model(), python: { maxFiles: 'one' } }, /"python"/);
    refuse({ ...model(), languages: { klingon: { maxFiles: 1, missingGold: 0 } } }, /"languages"/);
    refuse({ ...model(), languages: { rust: { maxFiles: 1 } } }, /"languages"/);
    refuse({ ...model(), setAside: { rust: ['title_file_name'] } }, /"setAside"/);
    refuse({ ...model(), setAside: { python: ['no_such_feature'] } }, /"setAside"/);
    refuse({ ...model(), setAside: { python: ['python_title_file_name'] } }, /"setAside"/);
    assert.equal(parseRankerModel(model()).maxFiles, 3);
    assert.deepEqual(parseRankerModel(model({ languages: { rust: { maxFiles: 1, missingGold: 0 } } })).languages, { rust: { maxFiles: 1, missingGold: 0 } });
  });

  it('answers runs led by a Python file with the Python settings, and every other run with the shared ones', () => {
    const m = model({ python: { maxFiles: 1, missingGold: 0 } });
    assert.deepEqual(answerSettings(m, 'django/db/models/query.py'), { maxFiles: 1, missingGold: 0 });
    assert.deepEqual(answerSettings(m, 'typings/query.pyi'), { maxFiles: 1, missingGold: 0 });
    assert.deepEqual(answerSettings(m, 'src/query.ts'), { maxFiles: 3, missingGold: 0.5 });
    assert.deepEqual(answerSettings(m, undefined), { maxFiles: 3, missingGold: 0.5 });
    assert.deepEqual(answerSettings(model(), 'a.py'), { maxFiles: 3, missingGold: 0.5 }, 'a model without them uses its shared settings');
  });

  it("answers runs led by another language's file with that language's settings, where the model has them", () => {
    const m = model({ python: { maxFiles: 2, missingGold: 0 }, languages: { rust: { maxFiles: 1, missingGold: 0 }, java: { maxFiles: 2, missingGold: 0 } } });
    assert.deepEqual(answerSettings(m, 'src/bytes_mut.rs'), { maxFiles: 1, missingGold: 0 });
    assert.deepEqual(answerSettings(m, 'src/main/java/x/XmlMapper.java'), { maxFiles: 2, missingGold: 0 });
    assert.deepEqual(answerSettings(m, 'core/logx/logs.go'), { maxFiles: 3, missingGold: 0.5 }, 'Go has none of its own');
    assert.deepEqual(answerSettings(m, 'a.py'), { maxFiles: 2, missingGold: 0 });
    assert.equal(answerLanguage('include/x/object-inl.hpp'), 'cpp');
    assert.equal(answerLanguage('py/objslice.c'), 'c');
    assert.equal(answerLanguage('include/simdjson/dom/element.h'), undefined, 'a header may be C, C++ or Objective-C');
    assert.equal(answerLanguage('src/cards/stats-card.js'), 'script');
    assert.equal(answerLanguage('README.md'), undefined);
  });

  it('probabilities are the logistic of the standardised weighted sum (hand-computed)', () => {
    const n = FEATURE_NAMES.length;
    const weights = new Array<number>(n).fill(0);
    weights[0] = 2;
    weights[1] = -1;
    const mean = new Array<number>(n).fill(0);
    mean[0] = 1;
    const scale = new Array<number>(n).fill(1);
    scale[0] = 2;
    const m = model({ weights, mean, scale, bias: 0.5 });
    const values = new Array<number>(n).fill(0);
    values[0] = 3; // (3 - 1) / 2 = 1 -> +2
    values[1] = 1; // -1
    const row = { path: 'a.py', values };
    assert.deepEqual(contributions(m, row).slice(0, 2), [2, -1]);
    const [p] = probabilities(m, [row]);
    assert.ok(Math.abs(p! - 1 / (1 + Math.exp(-1.5))) < 1e-12);
  });

  it("sets a feature aside on one language's files only: there it adds nothing, elsewhere it counts (hand-computed)", () => {
    const n = FEATURE_NAMES.length;
    const named = FEATURE_NAMES.indexOf('title_file_name');
    const weights = new Array<number>(n).fill(0);
    weights[named] = 2;
    const mean = new Array<number>(n).fill(0);
    mean[named] = 0.25;
    const m = parseRankerModel(model({ weights, mean, setAside: { python: ['title_file_name'] } }));
    const values = new Array<number>(n).fill(0);
    values[named] = 1;
    assert.equal(contributions(m, { path: 'sympy/printing/printer.py', values })[named], 0);
    assert.equal(contributions(m, { path: 'typings/printer.pyi', values })[named], 0);
    assert.equal(contributions(m, { path: 'core/printer.go', values })[named], 1.5, '2 × (1 − 0.25)');
    assert.equal(contributions(m, { path: 'src/printer.ts', values })[named], 1.5);
    const [onPython, onGo] = probabilities(m, [{ path: 'printer.py', values }, { path: 'printer.go', values }]);
    assert.equal(onPython, 0.5);
    assert.ok(Math.abs(onGo! - 1 / (1 + Math.exp(-1.5))) < 1e-12);
  });

  it("the shipped model sets the title's file name aside on Python files, so their reasons do not give it", () => {
    const shipped = defaultRankerModel();
    assert.deepEqual(shipped.setAside?.python, ['title_file_name']);
    assert.deepEqual([...unweighedGroups(shipped, 'sympy/printing/printer.py')], ['title-name']);
    assert.deepEqual([...unweighedGroups(shipped, 'src/printer.ts')], []);
    assert.ok(shipped.weights[shipped.features.indexOf('python_title_code_file_name')]! > 0, 'a name the title writes as code counts on Python files');
    assert.deepEqual([...unweighedGroups(model({ setAside: { python: ['title_file_name', 'definition_strength'] } }), 'a.py')], ['title-name'], 'a group with one of its features left counts');
  });
});
