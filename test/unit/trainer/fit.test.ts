import { strict as assert } from 'node:assert';
import { FEATURE_NAMES, SHARED_FEATURES, TWIN_LANGUAGES } from '../../../src/core/embedded/features';
import { probabilities } from '../../../src/core/embedded/ranker';
import { labelIssue, type TrainingIssue } from '../../../src/trainer/examples';
import { DEFAULT_FIT, ONE_FILE, SHARED_PRIOR, answerFor, chanceMostly, fitModel, mostlyOneFile, pickSettings, repositoryFolds, trainRanker } from '../../../src/trainer/fit';
import { trainingTable } from '../../../src/trainer/report';

const HAND_RATIO = FEATURE_NAMES.indexOf('hand_score_ratio');
const DEFINES = FEATURE_NAMES.indexOf('definition_of_title_clue');

/** A candidate's values as the brain builds them: the shared features, then each twin language's flag and copy. */
function withTwins(base: number[], path: string): number[] {
  return [...base, ...TWIN_LANGUAGES.flatMap(({ file }) => (file.test(path) ? [1, ...base] : [0, ...base.map(() => 0)]))];
}

/** Synthetic issues where the gold file is the one defining the title's name, whatever its hand rank. */
function issues(count: number): TrainingIssue[] {
  const out: TrainingIssue[] = [];
  for (let i = 0; i < count; i++) {
    const gold = i % 3;
    const candidates = [0, 1, 2].map((c) => {
      const values = new Array<number>(FEATURE_NAMES.length).fill(0);
      values[HAND_RATIO] = 1 - c * 0.1;
      values[DEFINES] = c === gold ? 1 : 0;
      return { path: `f${c}.py`, values };
    });
    out.push(labelIssue({ instance_id: `r${i % 5}__${i}`, repo: `o/r${i % 5}`, language: i % 2 ? 'go' : 'python', gold_files: [`f${gold}.py`] }, candidates));
  }
  return out;
}

describe('ranker training', () => {
  it('labels candidates by the gold files', () => {
    const issue = labelIssue({ instance_id: 'x', repo: 'o/r', gold_files: ['./a.py', 'b.py'] }, [{ path: 'a.py', values: [] }, { path: 'c.py', values: [] }]);
    assert.deepEqual(issue.candidates.map((c) => c.gold), [true, false]);
    assert.equal(issue.language, 'unknown');
  });

  it('folds group whole repositories', () => {
    const folds = repositoryFolds(issues(40), 3);
    const seen = new Map<string, number>();
    folds.forEach((fold, f) => fold.forEach((issue) => {
      assert.ok(!seen.has(issue.repo) || seen.get(issue.repo) === f, `${issue.repo} in two folds`);
      seen.set(issue.repo, f);
    }));
    assert.equal(folds.flat().length, 40);
  });

  it('learns the evidence that marks the gold file and answers it (cross-validated on held-out repositories)', () => {
    const { model, crossValidation } = trainRanker(issues(40), { ...DEFAULT_FIT, folds: 5 });
    assert.ok(model.weights[DEFINES]! > 0);
    assert.ok(crossValidation.overall.acc_at_1 > 0.9, JSON.stringify(crossValidation.overall));
    assert.ok(crossValidation.handByLanguage.all!.acc_at_1 < 0.5, 'the hand ranking alone gets these wrong');
    assert.deepEqual(answerFor(model, issues(3)[2]!), ['f2.py']);
    assert.deepEqual(trainRanker(issues(40)).model, model, 'same data, same model');
  });

  it('groups the out-of-fold answers by the confidence they would come with, every run in one level', () => {
    const rows = issues(40);
    const { crossValidation } = trainRanker(rows, { ...DEFAULT_FIT, folds: 5 });
    const levels = Object.values(crossValidation.byConfidence);
    assert.equal(levels.reduce((n, s) => n + s.n, 0), rows.length);
    const table = trainingTable(crossValidation);
    assert.match(table, /Out of fold, by the confidence the answer would come with:\n\n\| confidence \| n \| P \| F0\.5 \| acc@1 \|/);
    for (const [level, s] of Object.entries(crossValidation.byConfidence)) assert.match(table, new RegExp(`\\| ${level} \\| ${s.n} \\| ${s.precision.toFixed(3)} \\|`));
  });

  it("fits each language's twins on its own files alone: every other file keeps the shared model's probability", () => {
    // Python: the gold file is the hand leader. Go: the last of the three. Rust: the definer of the title's name.
    const mixed: TrainingIssue[] = [];
    for (let i = 0; i < 90; i++) {
      const ext = ['py', 'go', 'rs'][i % 3]!;
      const definer = Math.floor(i / 3) % 3;
      const gold = ext === 'py' ? 0 : ext === 'go' ? 2 : definer;
      const candidates = [0, 1, 2].map((c) => {
        const base = new Array<number>(SHARED_FEATURES).fill(0);
        base[HAND_RATIO] = 1 - c * 0.1;
        base[DEFINES] = c === (ext === 'rs' ? definer : ext === 'py' ? 2 : 0) ? 1 : 0;
        return { path: `f${c}.${ext}`, values: withTwins(base, `f${c}.${ext}`) };
      });
      mixed.push(labelIssue({ instance_id: `r${i % 6}__${i}`, repo: `o/r${i % 6}`, language: { py: 'python', go: 'go', rs: 'rust' }[ext], gold_files: [`f${gold}.${ext}`] }, candidates));
    }
    const withTwinsModel = fitModel(mixed, DEFAULT_FIT, 1, 0);
    const shared = fitModel(mixed, DEFAULT_FIT, 1, 0, false);
    assert.equal(withTwinsModel.features.length, FEATURE_NAMES.length);
    assert.ok(withTwinsModel.mean.slice(SHARED_FEATURES).every((m) => m === 0), 'twins are not centred, so 0 stays 0');
    for (const issue of mixed.filter((i) => i.language === 'rust')) {
      assert.deepEqual(probabilities(withTwinsModel, issue.candidates), probabilities(shared, issue.candidates));
    }
    // On Python the twins learn that the leader, not the definer, is the fix; on Go, that the last one is.
    const python = mixed.find((i) => i.language === 'python')!;
    const [leader, , definer] = probabilities(withTwinsModel, python.candidates);
    const [sharedLeader, , sharedDefiner] = probabilities(shared, python.candidates);
    assert.ok(leader! - definer! > sharedLeader! - sharedDefiner!, `${leader} ${definer} vs ${sharedLeader} ${sharedDefiner}`);
    assert.deepEqual(answerFor(withTwinsModel, python), ['f0.py']);
    const go = mixed.find((i) => i.language === 'go')!;
    const [goFirst, , goLast] = probabilities(withTwinsModel, go.candidates);
    const [sharedFirst, , sharedLast] = probabilities(shared, go.candidates);
    assert.ok(goLast! - goFirst! > sharedLast! - sharedFirst!, `${goLast} ${goFirst} vs ${sharedLast} ${sharedFirst}`);
    assert.deepEqual(answerFor(withTwinsModel, go), ['f2.go']);
  });

  it("sets a feature aside on one language's files: its twins get no weight and its evidence moves no probability there", () => {
    // Python and Go alike: the gold file is the one that defines the title's name, which the hand ranking puts last.
    const rows: TrainingIssue[] = [];
    for (let i = 0; i < 60; i++) {
      const ext = i % 2 ? 'go' : 'py';
      const candidates = [0, 1, 2].map((c) => {
        const base = new Array<number>(SHARED_FEATURES).fill(0);
        base[HAND_RATIO] = 1 - c * 0.1;
        base[DEFINES] = c === 2 ? 1 : 0;
        return { path: `f${c}.${ext}`, values: withTwins(base, `f${c}.${ext}`) };
      });
      rows.push(labelIssue({ instance_id: `r${i % 6}__${i}`, repo: `o/r${i % 6}`, language: ext === 'go' ? 'go' : 'python', gold_files: [`f2.${ext}`] }, candidates));
    }
    const options = { ...DEFAULT_FIT, setAside: { python: ['definition_of_title_clue'] } };
    const m = fitModel(rows, options, 1, 0);
    assert.deepEqual(m.setAside, { python: ['definition_of_title_clue'] });
    assert.ok(m.weights[DEFINES]! > 0, 'the shared weight is learned on every file');
    assert.equal(m.weights[FEATURE_NAMES.indexOf('python_definition_of_title_clue')], 0);
    // The same candidates with the definition moved to the first file: Go's probabilities follow it, Python's do not.
    const moved = (issue: TrainingIssue) => issue.candidates.map((c, k) => {
      const base = c.values.slice(0, SHARED_FEATURES);
      base[DEFINES] = k === 0 ? 1 : 0;
      return { ...c, values: withTwins(base, c.path) };
    });
    const python = rows.find((r) => r.language === 'python')!;
    const go = rows.find((r) => r.language === 'go')!;
    assert.deepEqual(probabilities(m, moved(python)), probabilities(m, python.candidates));
    assert.notDeepEqual(probabilities(m, moved(go)), probabilities(m, go.candidates));
    assert.deepEqual(answerFor(m, go), ['f2.go']);
    const without = fitModel(rows, { ...DEFAULT_FIT, setAside: {} }, 1, 0);
    assert.equal(without.setAside, undefined, 'nothing set aside: no field');
    assert.notDeepEqual(probabilities(without, moved(python)), probabilities(without, python.candidates));
  });

  it("gives another language's runs settings of their own only when they win on repositories held out of the choice", () => {
    // Go issues: all three candidates are gold. Rust issues (one in four, over six repositories): only the leader
    // among the candidates, and a second file outside them, so Rust fixes are not mostly one-file ones.
    const rows: TrainingIssue[] = [];
    for (let i = 0; i < 80; i++) {
      const rs = i % 4 === 0;
      const ext = rs ? 'rs' : 'go';
      const candidates = [0, 1, 2].map((c) => {
        const base = new Array<number>(SHARED_FEATURES).fill(0);
        base[HAND_RATIO] = 1 - c * 0.1;
        return { path: `f${c}.${ext}`, values: withTwins(base, `f${c}.${ext}`) };
      });
      const gold = rs ? ['f0.rs', 'lib.rs'] : ['f0.go', 'f1.go', 'f2.go'];
      rows.push(labelIssue({ instance_id: `r${i % 6}__${i}`, repo: `o/r${i % 6}`, language: rs ? 'rust' : 'go', gold_files: gold }, candidates));
    }
    const { model, crossValidation } = trainRanker(rows, { ...DEFAULT_FIT, folds: 3 });
    assert.deepEqual(crossValidation.languages.rust, { maxFiles: 1, missingGold: 0 }, JSON.stringify(crossValidation.languages));
    assert.equal(crossValidation.languages.go, undefined, 'Go runs are the shared settings’ own');
    // Every size from 3 files answers the Go runs' three gold candidates alike: the prior stays.
    assert.deepEqual({ maxFiles: model.maxFiles, missingGold: model.missingGold }, SHARED_PRIOR);
    assert.deepEqual(model.languages, crossValidation.languages);
    assert.deepEqual(answerFor(model, rows[0]!), ['f0.rs']);
    assert.ok(answerFor(model, rows[1]!).length >= 2, 'a Go run still answers several files');
    assert.equal(crossValidation.byLanguage.rust!.precision, 1);

    // The same Rust runs in one repository: no fold has Rust runs outside it to choose on, so no settings of their own.
    const oneRepo = rows.map((row) => (row.language === 'rust' ? { ...row, repo: 'o/rust-only' } : row));
    assert.equal(trainRanker(oneRepo, { ...DEFAULT_FIT, folds: 3 }).crossValidation.languages.rust, undefined);
    // Unless Rust fixes mostly change one file: one file is then where the language starts, and the shared settings
    // would have to answer its runs better to replace it.
    const oneFile = oneRepo.map((row) => (row.language === 'rust' ? { ...row, gold_files: ['f0.rs'] } : row));
    assert.deepEqual(trainRanker(oneFile, { ...DEFAULT_FIT, folds: 3 }).crossValidation.languages.rust, ONE_FILE);
  });

  it('starts a language from one file only when its fixes mostly change one file, with 90% confidence (hand-computed)', () => {
    // P(Binomial(n + 1, 1/2) <= k): 16 of 19 C fixes, 1 - (C(20,17) + C(20,18) + C(20,19) + 1) / 2^20.
    assert.ok(Math.abs(chanceMostly(16, 19) - (1 - 1351 / 2 ** 20)) < 1e-12);
    assert.equal(chanceMostly(1, 1), 0.75);
    assert.equal(chanceMostly(0, 0), 0.5);
    assert.ok(Math.abs(chanceMostly(14, 24) - 0.787821888923645) < 1e-9, 'Rust: 14 of 24');
    assert.ok(Math.abs(chanceMostly(520, 1000) - 0.8969463445835234) < 1e-9, 'a thousand rows do not underflow');
    const fix = (language: string, files: number, i: number) =>
      labelIssue({ instance_id: `x${language}${i}`, repo: 'o/x', language, gold_files: Array.from({ length: files }, (_, f) => `f${f}`) }, []);
    const c = Array.from({ length: 19 }, (_, i) => fix('c', i < 16 ? 1 : 3, i));
    assert.equal(mostlyOneFile(c, 'c'), true);
    assert.equal(mostlyOneFile(c, 'cpp'), false, 'no C++ rows');
    assert.equal(mostlyOneFile([fix('cpp', 1, 0)], 'cpp'), false, 'one row of one file is not enough (0.75)');
    assert.equal(mostlyOneFile([0, 1, 2, 3, 4].map((i) => fix(i % 2 ? 'typescript' : 'javascript', 1, i)), 'script'), true, 'JS and TS rows are both script');
  });

  it('keeps the smaller answer size unless a larger one wins by one run\'s worth of F0.5 (hand-computed)', () => {
    const tried = [
      { maxFiles: 1, missingGold: 0, f05: 0.587 },
      { maxFiles: 2, missingGold: 0.75, f05: 0.5883 },
      { maxFiles: 3, missingGold: 1.5, f05: 0.58 },
    ];
    // 366 runs: one run's worth is 1/366 = 0.0027; 2 files win by 0.0013, less than that.
    assert.deepEqual(pickSettings(tried, 366), { maxFiles: 1, missingGold: 0 });
    // 100 runs (0.01 a run): 2 files must score 0.597 to win.
    assert.deepEqual(pickSettings([tried[0]!, { ...tried[1]!, f05: 0.596 }], 100), { maxFiles: 1, missingGold: 0 });
    assert.deepEqual(pickSettings([tried[0]!, { ...tried[1]!, f05: 0.598 }], 100), { maxFiles: 2, missingGold: 0.75 });
    // Each later setting is measured against the best so far, not against the first.
    const steps = [0.5, 0.52, 0.53, 0.545].map((f05, i) => ({ maxFiles: i + 1, missingGold: 0, f05 }));
    assert.deepEqual(pickSettings(steps, 50), { maxFiles: 4, missingGold: 0 }, '0.52 beats 0.5 by 0.02; 0.545 beats 0.52 by 0.025');
    assert.deepEqual(pickSettings([], 10), { maxFiles: 1, missingGold: 0 });
  });

  it('keeps the shared prior size unless the grid\'s best beats it by one run\'s worth (hand-computed)', () => {
    // The forty-sixth session's grid on 327 runs no Python file leads: one run's worth is 1/327 = 0.00306.
    const prior = { ...SHARED_PRIOR, f05: 0.4308 };
    assert.deepEqual(pickSettings([prior, { maxFiles: 2, missingGold: 0, f05: 0.4295 }], 327), SHARED_PRIOR, 'a worse challenger');
    assert.deepEqual(pickSettings([prior, { maxFiles: 3, missingGold: 1.5, f05: 0.4317 }], 327), SHARED_PRIOR, '+0.0009 is noise');
    assert.deepEqual(pickSettings([prior, { maxFiles: 2, missingGold: 0, f05: 0.4345 }], 327), { maxFiles: 2, missingGold: 0 }, '+0.0037 wins');
    assert.deepEqual(pickSettings([prior, { maxFiles: 1, missingGold: 0, f05: 0.45 }], 10), SHARED_PRIOR, 'on 10 runs a run is worth 0.1');
  });

  it('chooses the answer size of Python-led runs apart: one file where Python fixes change one, several elsewhere', () => {
    // Python issues: one gold file, the leader. Go issues (three in four): all three candidates are gold.
    const rows: TrainingIssue[] = [];
    for (let i = 0; i < 60; i++) {
      const py = i % 4 === 0;
      const candidates = [0, 1, 2].map((c) => {
        const base = new Array<number>(SHARED_FEATURES).fill(0);
        base[HAND_RATIO] = 1 - c * 0.1;
        return { path: `f${c}.${py ? 'py' : 'go'}`, values: withTwins(base, `f${c}.${py ? 'py' : 'go'}`) };
      });
      const gold = py ? ['f0.py'] : ['f0.go', 'f1.go', 'f2.go'];
      rows.push(labelIssue({ instance_id: `r${i % 6}__${i}`, repo: `o/r${i % 6}`, language: py ? 'python' : 'go', gold_files: gold }, candidates));
    }
    const { model, crossValidation } = trainRanker(rows, { ...DEFAULT_FIT, folds: 3 });
    assert.equal(crossValidation.python.maxFiles, 1, JSON.stringify(crossValidation.python));
    assert.deepEqual(model.python, crossValidation.python);
    assert.ok(model.maxFiles >= 2, `Go answers several files (${model.maxFiles})`);
    assert.deepEqual(answerFor(model, rows[0]!), ['f0.py']);
    assert.ok(answerFor(model, rows[1]!).length >= 2, 'a Go run answers more than its first file');
    assert.ok(crossValidation.byLanguage.go!.recall > 0.6, 'Go runs get their several files');
    assert.equal(crossValidation.byLanguage.python!.precision, 1);
  });
});
