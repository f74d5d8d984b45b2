import { strict as assert } from 'node:assert';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { FEATURE_NAMES, SHARED_FEATURES, TWIN_LANGUAGES, twinsAt, type CandidateFeatures } from '../../../../src/core/embedded/features';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

/** A small JS package: the source, its built bundle, its type declarations and a changelog all name the class. */
const FILES: Record<string, string> = {
  'src/repoCard.js': [
    'export class RepoCard {',
    '  constructor(stats) {',
    '    this.stats = stats;',
    '  }',
    '',
    '  renderStars(count) {',
    '    return count.toLocaleString();',
    '  }',
    '}',
    '',
  ].join('\n'),
  'dist/index.js': 'class RepoCard{constructor(s){this.stats=s}renderStars(c){return c.toLocaleString()}}\nmodule.exports={RepoCard};\n',
  'types/repoCard.d.ts': 'export declare class RepoCard {\n  renderStars(count: number): string;\n}\n',
  'CHANGELOG.md': '# Changes\n\n* Add RepoCard renderStars locale support (#12)\n* Fix RepoCard renderStars rounding\n',
  'src/index.js': "export { RepoCard } from './repoCard.js';\n",
  'src/app.js': "import { RepoCard } from './repoCard.js';\n\nexport const card = new RepoCard({ stars: 3 });\n",
};

/** The candidates' features of one locate in `tree` (the embedded brain, no model). */
async function candidateRows(tree: string, title: string, body: string): Promise<CandidateFeatures[]> {
  let rows: CandidateFeatures[] = [];
  await new Locator(new NodeToolRunner({ roots: [tree] })).locate({ title, body }, createEmbeddedBrain({ model: null, observe: (f) => (rows = f) }));
  return rows;
}

describe('candidate features (real files, real ripgrep)', function () {
  let dir = '';
  let seen: CandidateFeatures[] = [];

  before(async () => {
    dir = makeTree(FILES, 'codegrep-features-');
    const issue = { title: 'RepoCard renderStars ignores the locale', body: 'Calling `renderStars(1234)` on a `RepoCard` prints 1234.' };
    await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain({ model: null, observe: (f) => (seen = f) }));
  });

  after(() => removeTree(dir));

  const feature = (file: string, name: string) => {
    const row = seen.find((c) => c.path === file);
    assert.ok(row, `${file} is a candidate: ${seen.map((c) => c.path).join(', ')}`);
    return row.values[FEATURE_NAMES.indexOf(name)];
  };

  it('names every value, one per feature', () => {
    assert.ok(seen.length >= 3);
    for (const row of seen) assert.equal(row.values.length, FEATURE_NAMES.length);
  });

  it('marks the source that defines the title names', () => {
    assert.equal(feature('src/repoCard.js', 'definition_of_title_clue'), 1);
    assert.equal(feature('src/repoCard.js', 'role_generated'), 0);
    assert.equal(feature('src/repoCard.js', 'demotion'), 1);
    assert.ok(feature('src/repoCard.js', 'title_path_words') >= 1, 'repoCard matches "RepoCard" in the title');
  });

  it('marks the file the title names as code (`RepoCard`), and only a source file', () => {
    assert.ok(feature('src/repoCard.js', 'title_code_file_name') > 0);
    assert.equal(feature('src/repoCard.js', 'title_code_file_name'), feature('src/repoCard.js', 'title_file_name'));
    assert.equal(feature('types/repoCard.d.ts', 'title_code_file_name'), 0, 'generated declarations');
    assert.equal(feature('src/app.js', 'title_code_file_name'), 0);
  });

  it('classifies the bundle and the declarations as generated, the changelog as a doc', () => {
    assert.equal(feature('types/repoCard.d.ts', 'role_generated'), 1);
    assert.ok(feature('types/repoCard.d.ts', 'demotion') < 1);
    if (seen.some((c) => c.path === 'dist/index.js')) assert.equal(feature('dist/index.js', 'role_generated'), 1);
    if (seen.some((c) => c.path === 'CHANGELOG.md')) assert.equal(feature('CHANGELOG.md', 'role_doc'), 1);
  });

  it('records the leader check: the checked leaders have lexical scores', () => {
    const checked = seen.filter((c) => c.values[FEATURE_NAMES.indexOf('lexical_checked')] === 1);
    assert.ok(checked.length >= 2);
    assert.ok(checked.some((c) => c.values[FEATURE_NAMES.indexOf('lexical_share')] === 1), 'one leader holds the best lexical score');
  });

  it("scores the leaders for the title's words alone, against the best of them", () => {
    const checked = seen.filter((c) => c.values[FEATURE_NAMES.indexOf('lexical_checked')] === 1);
    const best = Math.max(...checked.map((c) => c.values[FEATURE_NAMES.indexOf('title_lexical_share')]!));
    assert.equal(best, 1, 'one leader holds the best title score');
    assert.ok(feature('src/repoCard.js', 'title_lexical_share') > 0, 'it holds "renderStars" and "RepoCard"');
    assert.equal(feature('src/repoCard.js', 'title_words_held'), 1, 'no leader holds more of the title words');
    for (const row of seen.filter((c) => !checked.includes(c))) assert.equal(row.values[FEATURE_NAMES.indexOf('title_words_held')], 0, 'only checked leaders');
  });

  it("records the leaders' definitions named with the title's words", () => {
    // `class RepoCard` holds "repo" and "card"; a re-export defines nothing.
    assert.equal(feature('src/repoCard.js', 'defined_title_words_share'), 1);
    assert.ok(feature('src/repoCard.js', 'defined_title_words_rank_inverse') > 0);
    if (seen.some((c) => c.path === 'src/index.js')) assert.equal(feature('src/index.js', 'defined_title_words_share'), 0);
  });

  it('marks the leaders tied to the first by an import, and only those', () => {
    assert.equal(seen[0]?.path, 'src/repoCard.js');
    assert.equal(feature('src/app.js', 'import_tie_to_first'), 1, "`import { RepoCard } from './repoCard.js'`");
    assert.equal(feature('src/repoCard.js', 'import_tie_to_first'), 0, 'the first is not tied to itself');
    assert.equal(feature('CHANGELOG.md', 'import_tie_to_first'), 0);
    assert.equal(feature('dist/index.js', 'import_tie_to_first'), 0, 'the bundle imports nothing');
  });

  it('drops a barrel whose only hits re-export the names (reexports.ts)', () => {
    assert.ok(!seen.some((c) => c.path === 'src/index.js'), seen.map((c) => c.path).join(', '));
  });

  it('the shipped model answers the source first, not its look-alikes', async () => {
    const issue = { title: 'RepoCard renderStars ignores the locale', body: 'Calling `renderStars(1234)` on a `RepoCard` prints 1234.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/repoCard.js', JSON.stringify(result.candidates));
    const score = result.candidates[0]?.score ?? -1;
    assert.ok(score > 0 && score < 1, 'the score is the model probability');
  });

  it("gives Python and Go files their own copy of every feature, and every other file zeros there", async () => {
    const files = {
      'pkg/repo_card.py': 'class RepoCard:\n    def render_stars(self, count):\n        return str(count)\n',
      'card/stars.go': 'package card\n\nfunc RenderStars(count int) string { return "" }\n',
      ...FILES,
    };
    const tree = makeTree(files, 'codegrep-features-twins-');
    try {
      let rows: CandidateFeatures[] = [];
      const issue = { title: 'RepoCard renderStars ignores the locale', body: 'Calling `renderStars(1234)` on a `RepoCard` prints 1234; `RenderStars` in Go too.' };
      await new Locator(new NodeToolRunner({ roots: [tree] })).locate(issue, createEmbeddedBrain({ model: null, observe: (f) => (rows = f) }));
      const base = SHARED_FEATURES;
      assert.equal(FEATURE_NAMES.length, base + TWIN_LANGUAGES.length * (base + 1));
      TWIN_LANGUAGES.forEach(({ name, file }, index) => {
        const at = twinsAt(index);
        assert.equal(FEATURE_NAMES[at], `${name}_file`);
        for (const row of rows) {
          const on = file.test(row.path) ? 1 : 0;
          assert.equal(row.values[at], on, row.path);
          for (let i = 0; i < base; i++) assert.equal(row.values[at + 1 + i], row.values[i]! * on, `${row.path} ${FEATURE_NAMES[at + 1 + i]}`);
        }
      });
      for (const path of ['pkg/repo_card.py', 'card/stars.go']) assert.ok(rows.some((r) => r.path === path), `${path} in ${rows.map((r) => r.path)}`);
      assert.ok(rows.some((r) => !/\.(?:py|go)$/.test(r.path)));
    } finally {
      removeTree(tree);
    }
  });
});

describe('traceback frame feature (real files, real ripgrep)', () => {
  /** Locates `issue` in a tree of `files` and returns each candidate's `trace_frame` value. */
  async function traceFrameValues(files: Record<string, string>, issue: { title: string; body: string }): Promise<(path: string) => number | undefined> {
    const tree = makeTree(files, 'codegrep-features-trace-');
    try {
      let rows: CandidateFeatures[] = [];
      await new Locator(new NodeToolRunner({ roots: [tree] })).locate(issue, createEmbeddedBrain({ model: null, observe: (f) => (rows = f) }));
      return (path) => rows.find((r) => r.path === path)?.values[FEATURE_NAMES.indexOf('trace_frame')];
    } finally {
      removeTree(tree);
    }
  }

  it("counts frames from the innermost one in the workspace, not from a standard library's", async () => {
    const files = {
      'app/forms/fields.py': 'class URLField:\n    def clean(self, value):\n        return self.run_validators(value)\n\n    def run_validators(self, value):\n        return validate(value)\n',
      'app/core/validators.py': 'from urllib.parse import urlsplit\n\n\ndef validate(value):\n    return urlsplit(value)\n',
    };
    const body = [
      'Traceback (most recent call last):',
      '  File "app/forms/fields.py", line 3, in clean',
      '  File "app/core/validators.py", line 5, in validate',
      // As the reporter's fuzzer printed it: a relative path the workspace does not have.
      '  File "urllib/parse.py", line 440, in urlsplit',
      'ValueError: Invalid IPv6 URL',
    ].join('\n');
    const frame = await traceFrameValues(files, { title: 'URLField throws ValueError on clean', body });
    assert.equal(frame('app/core/validators.py'), 1, 'the innermost frame of the project');
    assert.equal(frame('app/forms/fields.py'), 0.5);
  });

  it("counts from the project's own innermost frame when the trace goes on into a vendored copy of a package", async () => {
    const files = {
      'requests/models.py': 'class Response:\n    @property\n    def content(self):\n        return b"".join(self.iter_content())\n\n    def iter_content(self):\n        return self.raw.stream()\n',
      'requests/packages/urllib3/response.py': 'class HTTPResponse:\n    def stream(self, amt=None):\n        return self.read(amt)\n\n    def read(self, amt=None):\n        return self._fp.read(amt)\n',
    };
    const site = '/home/me/.venv/lib/python2.7/site-packages/requests';
    const body = [
      'Traceback (most recent call last):',
      `  File "${site}/models.py", line 4, in content`,
      `  File "${site}/models.py", line 7, in iter_content`,
      `  File "${site}/packages/urllib3/response.py", line 3, in stream`,
      `  File "${site}/packages/urllib3/response.py", line 6, in read`,
      '  File "/usr/lib/python2.7/socket.py", line 380, in read',
      'socket.error: [Errno 104] Connection reset by peer',
    ].join('\n');
    const frame = await traceFrameValues(files, { title: 'socket.error not wrapped in a requests exception', body });
    assert.equal(frame('requests/models.py'), 1, "the project's own innermost frame");
    assert.equal(frame('requests/packages/urllib3/response.py'), 1, 'the vendored frames keep their own place');
  });

  it("counts a bundle's frames by the functions the workspace defines, and a frame's class qualifies its method", async () => {
    const tree = makeTree(
      {
        'src/event/EventHandler.ts': 'export class EventHandler {\n  emitEvent(message) {\n    this.invokeCallbacks(message);\n  }\n\n  private invokeCallbacks(message) {\n    this.callbacks.forEach((cb) => cb(message));\n  }\n}\n',
        'src/app/Dispatcher.ts': 'export class Dispatcher {\n  invokeCallbacks(message) {\n    return message;\n  }\n}\n',
      },
      'codegrep-features-bundle-',
    );
    try {
      let rows: CandidateFeatures[] = [];
      const body = [
        'One throwing listener stops the others:',
        '```',
        "Uncaught TypeError: Cannot read properties of undefined (reading 'push')",
        // The reporter's own callback, in their bundle: no file of the workspace defines it.
        '    at analyticsCallback (main.8c1f2e.js:1:48211)',
        '    at EventHandler.invokeCallbacks (vendor.4b7d91.js:2:301877)',
        '    at Map.forEach (<anonymous>)',
        '    at EventHandler.emitEvent (vendor.4b7d91.js:2:301402)',
        '```',
      ].join('\n');
      await new Locator(new NodeToolRunner({ roots: [tree] })).locate({ title: 'Exception in one event callback breaks the others', body }, createEmbeddedBrain({ model: null, observe: (f) => (rows = f) }));
      const value = (path: string, name: string) => rows.find((r) => r.path === path)?.values[FEATURE_NAMES.indexOf(name)];
      assert.equal(value('src/event/EventHandler.ts', 'trace_frame'), 1, 'the innermost frame the workspace defines');
      assert.equal(value('src/event/EventHandler.ts', 'definition_qualified'), 1, '`EventHandler.invokeCallbacks` names the file');
      assert.equal(value('src/app/Dispatcher.ts', 'definition_qualified'), 0, 'a homonym in another class');
    } finally {
      removeTree(tree);
    }
  });
});

describe('type-only declarations and migration scripts (real files, real ripgrep)', () => {
  // A Go service in the layout of Flipt and Navidrome: an interface, its SQL implementation, goose migrations.
  const files = {
    'internal/storage/storage.go': 'package storage\n\ntype FlagStore interface {\n\tGetFlag(key string) (*Flag, error)\n}\n',
    'internal/storage/sql/flags.go': 'package sql\n\ntype FlagStore struct{ db *DB }\n\nfunc (s *FlagStore) GetFlag(key string) (*Flag, error) {\n\treturn s.db.get(key)\n}\n',
    'db/migration/20200608153717_add_flags.go': 'package migration\n\nfunc upAddFlags(tx *Tx) error {\n\treturn tx.Exec("create table flags (key text)")\n}\n',
  };
  let tree = '';
  before(() => (tree = makeTree(files, 'codegrep-features-decl-')));
  after(() => removeTree(tree));

  const rowsFor = async (title: string, body: string) => {
    const rows = await candidateRows(tree, title, body);
    return (path: string, name: string) => {
      const row = rows.find((r) => r.path === path);
      assert.ok(row, `${path} is a candidate: ${rows.map((r) => r.path).join(', ')}`);
      return row.values[FEATURE_NAMES.indexOf(name)];
    };
  };

  it('marks the file that only declares the named type, not the one that implements it', async () => {
    const feature = await rowsFor('FlagStore returns deleted flags', 'The `FlagStore` returns flags that were deleted.');
    assert.equal(feature('internal/storage/storage.go', 'definition_declaration_only'), 1);
    assert.equal(feature('internal/storage/sql/flags.go', 'definition_declaration_only'), 0);
  });

  it('marks a migration script, unless the title names it', async () => {
    const unnamed = await rowsFor('Deleted flags come back after a restart', 'The flags table keeps deleted flags; `upAddFlags` created it.');
    assert.equal(unnamed('db/migration/20200608153717_add_flags.go', 'role_migration'), 1);
    const named = await rowsFor('Migration 20200608153717_add_flags fails on MySQL', 'Running `upAddFlags` fails: the flags table exists.');
    assert.equal(named('db/migration/20200608153717_add_flags.go', 'role_migration'), 0);
  });
});

describe('a traceback frame the title names (real files, real ripgrep)', () => {
  // A plotting library in matplotlib's layout: the frame the title names calls a function that raises on purpose.
  const files = {
    'lib/plot/artist.py': [
      'class Artist:',
      '    def format_cursor_data(self, data):',
      '        neighbors = self.norm.inverse(data)',
      '        return "[%s]" % neighbors',
      '',
      '    def get_cursor_data(self, event):',
      '        return None',
      '',
    ].join('\n'),
    'lib/plot/colors.py': [
      'class BoundaryNorm:',
      '    def inverse(self, value):',
      '        raise ValueError("BoundaryNorm is not invertible")',
      '',
    ].join('\n'),
    'lib/plot/printing/pretty.py': [
      'class PrettyPrinter:',
      '    def _print_MatAdd(self, expr):',
      '        return self._print_seq(expr.args)',
      '',
      '    def _print_seq(self, args):',
      '        return " + ".join(sympify(a) for a in args)',
      '',
    ].join('\n'),
    'lib/plot/sympify.py': 'def sympify(a):\n    raise SympifyError(a)\n',
  };
  let tree = '';
  before(() => (tree = makeTree(files, 'codegrep-features-frames-')));
  after(() => removeTree(tree));

  const featureOf = async (title: string, body: string, name: string) => {
    const rows = await candidateRows(tree, title, body);
    return (path: string) => {
      const row = rows.find((r) => r.path === path);
      assert.ok(row, `${path} is a candidate: ${rows.map((r) => r.path).join(', ')}`);
      return row.values[FEATURE_NAMES.indexOf(name)];
    };
  };
  const trace = (frames: [file: string, line: number, fn: string][], error: string) =>
    ['Traceback (most recent call last):', ...frames.map(([file, line, fn]) => `  File "/home/me/venv/src/${file}", line ${line}, in ${fn}`), error].join('\n');

  it('marks the file of the frame whose function the title names, not the innermost frame that raised', async () => {
    const body = trace([['lib/plot/artist.py', 3, 'format_cursor_data'], ['lib/plot/colors.py', 3, 'inverse']], 'ValueError: BoundaryNorm is not invertible');
    const feature = await featureOf('format_cursor_data crashes on BoundaryNorm', body, 'trace_frame_named_by_title');
    assert.equal(feature('lib/plot/artist.py'), 1);
    assert.equal(feature('lib/plot/colors.py'), 0);
  });

  it("counts a dispatch method whose name holds the title's name", async () => {
    const frames: [string, number, string][] = [['lib/plot/printing/pretty.py', 3, '_print_MatAdd'], ['lib/plot/printing/pretty.py', 6, '_print_seq'], ['lib/plot/sympify.py', 2, 'sympify']];
    const feature = await featureOf('Error pretty printing MatAdd', trace(frames, 'SympifyError: a'), 'trace_frame_named_by_title');
    assert.equal(feature('lib/plot/printing/pretty.py'), 1);
    assert.equal(feature('lib/plot/sympify.py'), 0);
  });

  it('marks nothing when the title names no frame', async () => {
    const body = trace([['lib/plot/artist.py', 3, 'format_cursor_data'], ['lib/plot/colors.py', 3, 'inverse']], 'ValueError: BoundaryNorm is not invertible');
    const feature = await featureOf('Hovering over an image with a BoundaryNorm crashes', body, 'trace_frame_named_by_title');
    assert.equal(feature('lib/plot/artist.py'), 0);
    assert.equal(feature('lib/plot/colors.py'), 0);
  });
});

describe("module matches and a package's own file (real files, real ripgrep)", () => {
  // A units package in SymPy's layout: the package's `__init__.py` re-exports what its modules define.
  const files = {
    'solar/units/__init__.py': 'from solar.units.prefixes import milli, kilo\nfrom solar.units.quantities import Quantity\n',
    'solar/units/prefixes.py': 'class Prefix:\n    def __mul__(self, other):\n        return other\n\nmilli = Prefix()\nkilo = Prefix()\n',
    'solar/units/quantities.py': 'class Quantity:\n    def scale(self, factor):\n        return factor\n',
    'solar/tracking.py': 'class SingleAxisTracker:\n    def get_irradiance(self, ghi):\n        return ghi\n',
  };
  let tree = '';
  before(() => (tree = makeTree(files, 'codegrep-features-modules-')));
  after(() => removeTree(tree));

  const moduleMatch = async (title: string, body: string) => {
    const rows = await candidateRows(tree, title, body);
    return (path: string) => rows.find((r) => r.path === path)?.values[FEATURE_NAMES.indexOf('module_match')] ?? 0;
  };

  it("matches a class's module that the prose names with it (`solar.tracking.SingleAxisTracker`)", async () => {
    const feature = await moduleMatch('Tracker fails on a tuple of weather', 'The error stems from `solar.tracking.SingleAxisTracker.get_irradiance`.');
    assert.ok(feature('solar/tracking.py') > 0);
  });

  it("gives no module match to a package's own file that a module clue names", async () => {
    const feature = await moduleMatch('Bug with milli prefix', '```python\nfrom solar.units import milli\nfrom solar.units.quantities import Quantity\nmilli * Quantity()\n```');
    assert.equal(feature('solar/units/__init__.py'), 0);
    assert.ok(feature('solar/units/quantities.py') > 0, 'a module file keeps its match');
  });
});
