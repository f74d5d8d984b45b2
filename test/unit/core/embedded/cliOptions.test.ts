import { strict as assert } from 'node:assert';
import type { GrepArgs } from '../../../../src/common/tools';
import { cliOptions, declaresOption, isCliOption, optionPattern } from '../../../../src/core/embedded/cliOptions';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { EvidenceBoard } from '../../../../src/core/embedded/evidence';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { planFirstTurn } from '../../../../src/core/embedded/plan';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

describe('command-line options', () => {
  it('reads the options an issue names, once each', () => {
    assert.deepEqual(cliOptions('pytest --collect-only needs a shortcut; `pytest --fixtures` and --collect-only again'), ['--collect-only', '--fixtures']);
    assert.deepEqual(cliOptions('sphinx-build --keep-going -W, eslint --fix-type=problem'), ['--keep-going', '--fix-type']);
  });

  it('leaves out what every program takes, short names, and dashes inside paths, URLs, words and rules', () => {
    assert.deepEqual(cliOptions('python --version, pip install --upgrade --user x, pytest --help -v --verbose'), []);
    assert.deepEqual(cliOptions('--ab is short; see https://x.org/a--fixtures, foo--bar, a=--fixtures, ------ rule, --Fixtures'), []);
    assert.ok(isCliOption('--collect-only') && !isCliOption('-c') && !isCliOption('collect-only') && !isCliOption('no number is assigned'));
  });

  it('are searched as the string that declares them, with their case', () => {
    const evidence = mineIssue({ title: 'pytest --collect-only needs a one char shortcut command', body: 'It is long to type: "--collect-only" every time.' });
    assert.equal(evidence.clues.filter((c) => c.text === '--collect-only').length, 1, 'one clue for the option');
    const call = planFirstTurn(evidence, 8).find((p) => p.purpose === 'message' && p.clues[0].text === '--collect-only')?.call.args as GrepArgs;
    assert.deepEqual(call, { pattern: optionPattern('--collect-only'), max_hits: 200 });
    const re = new RegExp(call.pattern);
    for (const line of ['        "--collect-only",', `parser.add_argument('-c, --collect-only')`, `.option('--collect-only <when>')`, 'f("--collect-only=yes")']) assert.ok(re.test(line), line);
    for (const line of ['tw.line("to see them type: pytest --collect-only")', '"--collect-only-x"', 'self.collect_only = True']) assert.ok(!re.test(line), line);
  });

  it('are searched beside the two strongest messages, not instead of them', () => {
    const evidence = mineIssue({
      title: 'pytest --collect-only crashes with "cannot collect the module here at all"',
      body: 'It prints "the fixture was never requested by any test" and then --fixtures crashes too.',
    });
    const messages = planFirstTurn(evidence, 8).filter((p) => p.purpose === 'message').map((p) => p.clues[0].text);
    assert.deepEqual(messages, ['cannot collect the module here at all', 'the fixture was never requested by any test', '--collect-only']);
  });

  it("give way first when the turn's calls run out", () => {
    const evidence = mineIssue({
      title: 'pytest --collect-only crashes with "cannot collect the module here at all" in collect_module',
      body: [
        'Traceback (most recent call last):',
        '  File "src/_pytest/main.py", line 10, in perform_collect',
        'It prints "the fixture was never requested by any test" from `genitems`, `pytest_collection`, `matchnodes`,',
        '`_collectfile`, `isinitpath`, `_recurse`, `gethookproxy`, `_parsearg`, `_tryconvertpyarg`, `perform_collect`.',
      ].join('\n'),
    });
    const purposes = (maxCalls: number) => planFirstTurn(evidence, maxCalls).map((p) => (p.purpose === 'message' && p.clues[0].text.startsWith('--') ? 'option' : p.purpose));
    const full = purposes(20);
    assert.equal(full.length, 11, full.join(','));
    assert.equal(full.at(-2), 'option');
    assert.equal(full.at(-1), 'body-names', "the body's file names go before an option");
    assert.ok(purposes(8).includes('title-paths') && !purposes(8).includes('option'), purposes(8).join(','));
  });

  it("count as declared in code, not in a document's example", () => {
    const board = new EvidenceBoard();
    const clue = mineIssue({ title: 'Option declared as --port ends up as opts().P', body: '' }).clues.find((c) => c.text === '--port')!;
    board.addMessageHits([
      { path: 'lib/option.js', line: 4, text: "    .option('-p, --port <number>')" },
      { path: 'Readme.md', line: 90, text: "program.option('-p, --port <number>', 'port to listen on')" },
    ], clue);
    assert.equal(board.get('lib/option.js')?.messages.size, 1);
    assert.equal(board.get('Readme.md'), undefined);
  });

  it('are declared on their own line of a call, or in a call that makes options', () => {
    for (const line of ['        "--collect-only",', `    group.addoption("--co", "--collect-only", action="store_true")`, `@click.option("--dry-run", is_flag=True)`, `program.option('-f, --fix-type <type>')`, `@Option(names = {"--verbose"})`]) {
      assert.ok(declaresOption(line), line);
    }
    for (const line of ['        rec = self.inline_run("--collect-only", *args)', 'result = testdir.runpytest("--collect-only")']) assert.ok(!declaresOption(line), line);
  });
});

/** A project whose option is declared in one file, passed by a helper and used by its tests and docs. */
const FILES: Record<string, string> = {
  'src/tool/main.py': ['def pytest_addoption(parser):', '    group = parser.getgroup("collect")', '    group.addoption(', '        "--collect-only",', '        action="store_true",', '    )', ''].join('\n'),
  'src/tool/pytester.py': ['class Pytester:', '    def getitems(self, *args):', '        """The items a one char shortcut would collect."""', '        return self.inline_run("--collect-only", *args)', ''].join('\n'),
  'src/tool/terminal.py': 'def report_collect(shortcut):\n    return f"collected {shortcut} items"\n',
  'testing/test_collect.py': 'def test_collect_only(run):\n    run("--collect-only")\n',
  'testing/test_terminal.py': 'def test_shortcut(run):\n    run("--collect-only", "-q")\n',
  'doc/usage.rst': 'Use ``pytest --collect-only`` to list the tests.\n',
  // A README's example of declaring it is not where it is declared.
  'README.md': 'A plugin can add one: `group.addoption("--collect-only", action="store_true")`.\n',
};

describe('command-line options end to end (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(FILES, 'codegrep-options-');
  });

  after(() => removeTree(dir));

  it('answers the file that declares the option the title names', async () => {
    const issue = { title: 'pytest --collect-only needs a one char shortcut command', body: 'Typing it every time is long.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/tool/main.py', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /option `--collect-only` \(named in the issue title\)/);
    const declared = result.candidates.filter((c) => /option `--collect-only`/.test(c.reason)).map((c) => c.path);
    assert.deepEqual(declared, ['src/tool/main.py'], 'the helper that passes it, the tests that use it and the README do not declare it');
  });
});
