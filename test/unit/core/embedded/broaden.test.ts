import { strict as assert } from 'node:assert';
import { broadenedFiles, broadenPattern, needsBroadening } from '../../../../src/core/embedded/broaden';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { issueVocabulary } from '../../../../src/core/embedded/lexical';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

const ISSUE = {
  title: 'multi-line messages only prefixed on first line when output is not a TTY',
  body: 'When stderr is redirected to a file only the first line gets the date and namespace; the rest are bare.',
};

describe('broadening a run that found almost nothing', () => {
  it('happens when fewer than three source files were found', () => {
    assert.ok(needsBroadening(['README.md', 'docs/usage.md', 'src/a.js']));
    assert.ok(!needsBroadening(['src/a.js', 'src/b.js', 'lib/c.ts']));
  });

  it("keeps the source files holding the most of the issue's rare words, not tests or docs", () => {
    const vocabulary = issueVocabulary(`${ISSUE.title}\n${ISSUE.body}`);
    const pattern = new RegExp(broadenPattern(vocabulary)!, 'i');
    const lines: [string, string][] = [
      ['src/node.js', "const prefix = namespace + ' '; // stderr isatty"],
      ['src/node.js', "args[0] = prefix + args[0].split('\\n').join('\\n' + prefix)"],
      ['src/browser.js', 'const namespace = this.namespace'],
      ['test/node.test.js', 'stderr namespace prefix isatty redirected'],
      ['README.md', 'namespace prefix stderr redirected'],
    ];
    const hits = lines.filter(([, text]) => pattern.test(text)).map(([path, text], i) => ({ path, line: i + 1, text }));
    const found = broadenedFiles(hits, vocabulary);
    assert.deepEqual(found.map((f) => f.path), ['src/node.js', 'src/browser.js']);
    assert.equal(found[0]!.share, 1);
    assert.ok(found[1]!.share > 0 && found[1]!.share < 1);
  });
});

describe('an issue told in behaviour alone (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree({
      'README.md': '# debug\n\nPrints messages for a namespace.\n',
      'src/node.js': [
        "const tty = require('tty');",
        'function useColors() {',
        '  return tty.isatty(process.stderr.fd);',
        '}',
        'function formatArgs(args) {',
        '  const prefix = useColors() ? colored(this.namespace) : new Date().toISOString() + " " + this.namespace;',
        '  if (useColors()) args[0] = prefix + args[0].split("\\n").join("\\n" + prefix);',
        '  else args[0] = prefix + " " + args[0];',
        '}',
        '',
      ].join('\n'),
      'src/browser.js': 'function log(...args) {\n  return console.debug(...args);\n}\n',
      'src/common.js': 'function enable(namespaces) {\n  return namespaces.split(",");\n}\n',
    }, 'codegrep-broaden-');
  });

  after(() => removeTree(dir));

  it("searches the tree for the issue's rare words and answers the file that holds them", async () => {
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(ISSUE, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/node.js', JSON.stringify(result.candidates));
    const calls = result.trajectory.flatMap((turn) => turn.calls.map((c) => c.call.id));
    assert.ok(calls.includes('embedded_broaden'), calls.join(' '));
  });
});
