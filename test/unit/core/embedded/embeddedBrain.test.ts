import { strict as assert } from 'node:assert';
import type { Issue } from '../../../../src/common/issue';
import type { GrepArgs } from '../../../../src/common/tools';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { defaultRankerModel } from '../../../../src/core/embedded/defaultModel';
import type { CandidateFeatures } from '../../../../src/core/embedded/features';
import { probabilities } from '../../../../src/core/embedded/ranker';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

/** A small real project: the fix belongs in the parser; a test, a doc and a caller mention the same names. */
const FILES: Record<string, string> = {
  'src/config/parser.py': [
    'import re',
    '',
    '',
    'class ConfigError(Exception):',
    '    pass',
    '',
    '',
    'def parse_duration(text):',
    '    match = re.fullmatch(r"(\\d+)([smh])", text)',
    '    if not match:',
    '        raise ConfigError("invalid duration string, expected a number and a unit")',
    '    return int(match.group(1))',
    '',
  ].join('\n'),
  'src/config/loader.py': [
    'from .parser import parse_duration',
    '',
    '',
    'def load(settings):',
    '    return {"timeout": parse_duration(settings["timeout"])}',
    '',
  ].join('\n'),
  'tests/test_parser.py': [
    'from src.config.parser import parse_duration, ConfigError',
    '',
    '',
    'def test_parse_duration():',
    '    assert parse_duration("5s") == 5',
    '',
    '',
    'def parse_duration_cases():',
    '    return ["5s", "1h"]',
    '',
  ].join('\n'),
  'docs/config.md': '# Config\n\n`parse_duration` reads values like `5s`: "invalid duration string, expected a number and a unit" otherwise.\n',
  'README.md': 'A tiny config library.\n',
};

const ISSUE: Issue = {
  title: 'parse_duration ignores the unit',
  body: [
    'Calling `parse_duration("2h")` returns 2 instead of 7200.',
    '',
    '```',
    'Traceback (most recent call last):',
    '  File "/home/me/app.py", line 3, in <module>',
    '    load({"timeout": "2x"})',
    '  File "/home/me/venv/lib/python3.11/site-packages/src/config/loader.py", line 5, in load',
    '    return {"timeout": parse_duration(settings["timeout"])}',
    '  File "/home/me/venv/lib/python3.11/site-packages/src/config/parser.py", line 11, in parse_duration',
    '    raise ConfigError("invalid duration string, expected a number and a unit")',
    'src.config.parser.ConfigError: invalid duration string, expected a number and a unit',
    '```',
  ].join('\n'),
};

describe('EmbeddedBrain end to end (real git repo, real ripgrep, Locator)', function () {
  let dir = '';

  before(() => {
    dir = makeGitTree(FILES, 'codegrep-embedded-');
  });

  after(() => removeTree(dir));

  it('finds the defining file first, above the test, the doc and the caller, with reasons and ranges', async () => {
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(ISSUE, createEmbeddedBrain());
    const [best] = result.candidates;
    assert.equal(best?.path, 'src/config/parser.py', JSON.stringify(result.candidates));
    assert.match(best.reason, /parse_duration|invalid duration string|parser\.py/);
    assert.ok(best.ranges && best.ranges.some(([a, b]) => a <= 8 && b >= 8), 'the range covers the definition');
    assert.ok(!result.candidates.some((c) => c.path.startsWith('tests/') || c.path.startsWith('docs/')), 'tests and docs are not answered');
    assert.ok(result.usage.turns >= 2 && result.usage.turns <= 4);
    assert.ok(result.usage.toolCalls > 0);
    for (const turn of result.trajectory) assert.ok(turn.calls.length <= 8);
  });

  /** A run on the fixture, with the model's window of candidates, their probabilities and the answered paths. */
  async function locateWithProbabilities() {
    let seen: CandidateFeatures[] = [];
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(ISSUE, createEmbeddedBrain({ observe: (f) => (seen = f) }));
    const model = defaultRankerModel();
    const window = seen.slice(0, model.candidates);
    return { result, window, p: probabilities(model, window), answered: new Set(result.candidates.map((c) => c.path)) };
  }

  it('lists the files it ranked next apart from its answer: probable enough, each with a reason', async () => {
    const { result, window, p, answered } = await locateWithProbabilities();
    const expected = window.filter((c, i) => !answered.has(c.path) && p[i]! >= 0.1).map((c) => c.path);
    assert.ok(expected.length > 0, `the fixture has a runner-up: ${JSON.stringify(window.map((c, i) => [c.path, p[i]]))}`);
    assert.deepEqual(result.alsoConsidered?.map((c) => c.path).sort(), expected.sort());
    for (const c of result.alsoConsidered ?? []) {
      assert.ok(c.reason.length > 0, c.path);
      assert.ok((c.score ?? 1) <= Math.min(...result.candidates.map((a) => a.score ?? 1)), 'ranked below every answered file');
    }
    const hand = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(ISSUE, createEmbeddedBrain({ model: null }));
    assert.equal(hand.alsoConsidered, undefined, 'the hand ranking has no probabilities to show runners-up by');
    assert.equal(hand.confidence, undefined, 'nor a confidence');
  });

  it('gives its answer the model\'s probability of its best answered file as the confidence', async () => {
    const { result, window, p, answered } = await locateWithProbabilities();
    const best = Math.max(...window.flatMap((c, i) => (answered.has(c.path) ? [p[i]!] : [])));
    assert.ok(result.confidence, 'the learned model gives one');
    assert.ok(Math.abs(result.confidence.probability - best) < 0.001, `${result.confidence.probability} against ${best}`);
    assert.equal(result.confidence.level, best >= 0.75 ? 'high' : best >= 0.45 ? 'medium' : 'low');
  });

  it("does not give a Python file's name as its reason: the model sets that evidence aside there", async () => {
    const issue = { title: 'The config parser ignores the unit', body: 'Durations like "2h" come back as 2, and `parse_duration` drops the "h".' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    const parser = [...result.candidates, ...(result.alsoConsidered ?? [])].find((c) => c.path === 'src/config/parser.py');
    assert.ok(parser, JSON.stringify(result.candidates));
    assert.doesNotMatch(parser.reason, /named after/i);
    assert.match(parser.reason, /parse_duration/);
    const hand = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain({ model: null }));
    assert.match(hand.candidates.find((c) => c.path === 'src/config/parser.py')?.reason ?? '', /named after "parser"/i, 'the hand ranking still counts it');
  });

  it('ranks the defining file first without a traceback too', async () => {
    const issue = { title: 'parse_duration should accept minutes', body: '`parse_duration("3m")` raises.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/config/parser.py', JSON.stringify(result.candidates));
  });

  it('is deterministic: the same issue and tree give the same answer', async () => {
    const run = () => new Locator(new NodeToolRunner({ roots: [dir] })).locate(ISSUE, createEmbeddedBrain());
    const [a, b] = [await run(), await run()];
    assert.deepEqual(a.candidates, b.candidates);
    assert.deepEqual(
      a.trajectory.map((t) => t.calls.map((c) => c.call)),
      b.trajectory.map((t) => t.calls.map((c) => c.call)),
    );
  });

  it('finds a file by an error message alone, matched case-insensitively as a literal', async () => {
    const issue = { title: 'Saving fails', body: 'It stops with "INVALID DURATION STRING, expected a number" and nothing else.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/config/parser.py', JSON.stringify(result.candidates));
    // Turn 1's greps are separate calls in the trajectory; the Locator runs them as one walk (locator.test.ts).
    const greps = result.trajectory[0].calls.filter((c) => c.call.name === 'grep').map((c) => c.call.args as GrepArgs);
    assert.ok(greps.length >= 2 && greps.every((g) => g.patterns === undefined));
    assert.equal(greps.filter((g) => g.case_insensitive && g.pattern.startsWith('INVALID DURATION STRING')).length, 1, 'one literal grep for the message');
  });

  it('answers with no files (and no error) when nothing in the tree matches', async () => {
    const issue = { title: 'Qwzx frobnicator misbehaves', body: 'Nothing here names real code.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.deepEqual(result.candidates, []);
  });

  it('returns ranked lists when asked for a fixed number of files', async () => {
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(ISSUE, createEmbeddedBrain({ rankedFiles: 3 }));
    assert.equal(result.candidates.length, 3);
    assert.equal(result.candidates[0]?.path, 'src/config/parser.py');
  });
});
