import { strict as assert } from 'node:assert';
import type { GrepArgs } from '../../../../src/common/tools';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { messageRetryForms, messageRetryPattern, retryClue, RETRY_WEIGHT_FACTOR } from '../../../../src/core/embedded/messageRetry';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

describe('message retry', () => {
  it('drops the log level, then the last, the first or both end words, where the printed values stood', () => {
    assert.deepEqual(messageRetryForms('WARNING: no number is assigned for table'), [
      'no number is assigned for table',
      'no number is assigned for',
      'number is assigned for table',
      'number is assigned for',
    ]);
    assert.deepEqual(messageRetryForms('expected a valid domain specification, got RR'), [
      'expected a valid domain specification, got',
      'a valid domain specification, got RR',
      'a valid domain specification, got',
    ]);
  });

  it('finds a message printed with a value at each end (axios: `${opt} is likely a misspelling of ${correctSpelling}`)', () => {
    const forms = messageRetryForms('baseUrl is likely a misspelling of baseURL');
    assert.deepEqual(forms, ['baseUrl is likely a misspelling of', 'is likely a misspelling of baseURL', 'is likely a misspelling of']);
    const re = new RegExp(messageRetryPattern(forms)!, 'i');
    assert.ok(re.test('    console.warn(`${opt} is likely a misspelling of ${correctSpelling}`);'));
    assert.deepEqual(messageRetryForms('x is not a y'), [], 'too short once both ends go');
  });

  it('keeps no form too short to be specific', () => {
    assert.deepEqual(messageRetryForms('not in index'), [], 'two words once one is dropped');
    assert.deepEqual(messageRetryForms('is not a list'), [], '"is not a" is in every program');
    assert.deepEqual(messageRetryForms('Invalid type: object'), [], '"Invalid type:" is short even with its colon');
  });

  it('keeps a three-word form that ends in the colon before the printed value', () => {
    assert.deepEqual(messageRetryForms('Unexpected data type: object'), ['Unexpected data type:']);
    const re = new RegExp(messageRetryPattern(messageRetryForms('Unexpected data type: object'))!, 'i');
    assert.ok(re.test('throw new Error(`Unexpected data type: ${typeof value}`);'));
    assert.ok(!re.test('// unexpected data type'), 'the colon is part of the pattern');
    assert.deepEqual(messageRetryForms('data type: object value'), [], 'a colon inside the form is no placeholder boundary');
    assert.equal(messageRetryPattern([]), undefined);
  });

  it('matches the source line whatever the whitespace, as one case-insensitive pattern', () => {
    const pattern = messageRetryPattern(messageRetryForms('WARNING: no number is assigned for table'))!;
    const re = new RegExp(pattern, 'i');
    assert.ok(re.test('logger.warning(__("no number is assigned for %s: %s"), figtype, labelid)'));
    assert.ok(re.test('msg = "No  number is\tassigned for"'));
    assert.ok(!re.test('no number was assigned to the table'));
    assert.ok(new RegExp(messageRetryPattern(['a (b) c.d e'])!).test('a (b) c.d e'), 'regex characters are literal');
  });

  it('searches each sentence of a longer message, which source writes one string apiece', () => {
    const forms = messageRetryForms('Using pytest.skip outside of a test is not allowed. To decorate a test function, use the decorators instead.');
    assert.deepEqual(forms.slice(0, 2), ['Using pytest.skip outside of a test is not allowed', 'To decorate a test function, use the decorators instead']);
    const re = new RegExp(messageRetryPattern(forms)!, 'i');
    assert.ok(re.test('                "Using pytest.skip outside of a test is not allowed. "'));
    assert.deepEqual(messageRetryForms('adapting config using caddyfile: wrong argument count or unexpected line ending').slice(0, 2), [
      'adapting config using caddyfile',
      'wrong argument count or unexpected line ending',
    ], "a wrapped error's context and its cause, apart");
    assert.ok(!messageRetryForms('Failed. Try again: now').some((form) => !form.includes(' ')), 'short sentences are no forms');
    assert.ok(!messageRetryForms('config.yaml is not valid YAML at all').includes('yaml is not valid YAML at all'), 'a dot inside a word splits nothing');
  });

  it('weighs a shortened form below the whole message', () => {
    const clue = { kind: 'message' as const, text: 'no number is assigned for table', source: 'title' as const, weight: 2 };
    assert.equal(retryClue(clue).weight, 2 * RETRY_WEIGHT_FACTOR);
    assert.equal(retryClue(clue).text, clue.text, 'the same message, so its files are counted together');
  });
});

/** A project whose warning is printed with a value in it, and whose translations copy the message. */
const FILES: Record<string, string> = {
  'app/domains/std.py': [
    'from app.locale import __',
    '',
    '',
    'def get_fignumber(builder, figtype, labelid):',
    '    if labelid not in builder.fignumbers:',
    '        logger.warning(__("no number is assigned for %s: %s"), figtype, labelid)',
    '        return None',
    '',
  ].join('\n'),
  'app/python.py': [
    'def importtestmodule(path):',
    '    if is_skipped(path):',
    '        raise CollectError(',
    '            "Using pytest.skip outside of a test is not allowed. "',
    '            "To decorate a test function, use the @pytest.mark.skip "',
    '            "or @pytest.mark.skipif decorators instead."',
    '        )',
    '',
  ].join('\n'),
  'app/outcomes.py': 'def skip(msg="", allow_module_level=False):\n    raise Skipped(msg=msg, allow_module_level=allow_module_level)\n',
  'app/application.py': 'class Application:\n    def build(self, tables):\n        return [table.caption for table in tables]\n',
  'app/writers/html.py': 'def visit_table(self, node):\n    self.body.append("<table>")\n',
  ...Object.fromEntries(['de', 'fr', 'ja'].map((lang) => [`app/locale/${lang}/LC_MESSAGES/app.po`, 'msgid "no number is assigned for %s: %s"\nmsgstr ""\n'])),
};

describe('message retry end to end (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(FILES, 'codegrep-retry-');
  });

  after(() => removeTree(dir));

  it('finds where a message printed with its value comes from, in a turn of its own before the leader check', async () => {
    const issue = { title: 'Upgrade started generating "WARNING: no number is assigned for table" warnings', body: 'Our builds print it for every table.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'app/domains/std.py', JSON.stringify(result.candidates));
    const retry = result.trajectory[1]!.calls.map((c) => c.call.args as GrepArgs);
    assert.equal(retry.length, 1, 'one grep for the one message found nowhere');
    assert.ok(retry[0]!.case_insensitive && retry[0]!.pattern.includes('no\\s+number\\s+is\\s+assigned\\s+for'), retry[0]!.pattern);
    assert.equal(result.trajectory.length, 4, 'search, retry, leader check, answer');
  });

  it('finds a message the issue quotes in Markdown, one sentence at a time', async () => {
    const body = [
      'A naive user will try to skip the module with `skip(msg="Requires Python >= 3.8")`. This issues this error:',
      '',
      '>Using pytest.skip outside of a test is not allowed. To decorate a test function, use the @pytest.mark.skip or @pytest.mark.skipif decorators instead.',
      '',
      'The correct solution, to use skip as a function, is discouraged by the error message.',
    ].join('\n');
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title: 'Improve handling of skip for module level', body }, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'app/python.py', JSON.stringify(result.candidates));
    const retried = result.trajectory[1]!.calls.map((c) => c.call.args as GrepArgs);
    assert.ok(retried.some((a) => a.pattern.includes('Using\\s+pytest\\.skip')), JSON.stringify(retried));
  });

  it('does not search again when the message was found as written', async () => {
    const issue = { title: 'Warning "no number is assigned for %s" is unclear', body: 'It should say which table.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    const searched = result.trajectory[0]!.calls.map((c) => c.call.args as GrepArgs).filter((a) => a.case_insensitive && a.pattern === 'no number is assigned for');
    assert.equal(searched.length, 1, 'turn 1 searched the message');
    const retried = result.trajectory.some((turn) => turn.calls.some((c) => c.call.id.startsWith('embedded_retry')));
    assert.ok(!retried, JSON.stringify(result.trajectory.map((t) => t.calls.map((c) => c.call.args))));
  });
});
