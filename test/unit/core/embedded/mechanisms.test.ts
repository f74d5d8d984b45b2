import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import type { Clue } from '../../../../src/core/embedded/clues';
import { mineIssue, titleCompounds } from '../../../../src/core/embedded/clues';
import { definesName, definitionSearchPatterns } from '../../../../src/core/embedded/definitions';
import { EvidenceBoard, matchingPaths } from '../../../../src/core/embedded/evidence';
import { LeaderCheck } from '../../../../src/core/embedded/leaderCheck';
import { globForLocations } from '../../../../src/core/embedded/plan';
import { scriptTwins } from '../../../../src/core/embedded/scriptPaths';
import { retryClue } from '../../../../src/core/embedded/messageRetry';
import { rangesFor, reasonFor } from '../../../../src/core/embedded/reasons';
import { pathKind } from '../../../../src/core/embedded/pathKinds';
import { demotion, issueKind, rankFiles, type ScoreContext } from '../../../../src/core/embedded/score';
import { ripgrepPath } from '../../../../src/tools/ripgrep';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { FEATURE_NAMES, type CandidateFeatures } from '../../../../src/core/embedded/features';
import { Locator } from '../../../../src/core/locator';

const base: Pick<ScoreContext, 'mentionsTests' | 'mentionsDocs' | 'titleWords' | 'titleCompounds' | 'titleLocales' | 'localeTables' | 'bodyCompounds' | 'bodyWords' | 'qualifiers'> = {
  mentionsTests: false,
  mentionsDocs: false,
  titleWords: [],
  titleCompounds: [], titleLocales: [], localeTables: new Set<string>(),
  bodyCompounds: [],
  bodyWords: [],
  qualifiers: new Map(),
};

describe('embedded brain mechanisms (issue 12 fixes)', () => {
  it('classifies look-alikes of source as non-source: declarations, bundles, man pages, .github, contrib', () => {
    assert.equal(pathKind('types/database/zset.d.ts'), 'generated');
    assert.equal(pathKind('dist/index.js'), 'generated');
    assert.equal(pathKind('packages/ui/build/app.js'), 'generated');
    assert.equal(pathKind('doc/jq.1'), 'doc');
    assert.equal(pathKind('jq.1.prebuilt'), 'doc', 'a prebuilt man page');
    assert.equal(pathKind('doc/tool.1.in'), 'doc', 'a man page template');
    assert.equal(pathKind('release-notes/VERSION-2.x'), 'doc', 'release notes in their own folder, any name');
    assert.equal(pathKind('ChangeLog-2.0'), 'doc', 'a change log per release line');
    assert.equal(pathKind('CHANGES-1.x'), 'doc');
    assert.equal(pathKind('NEWS-3.2.md'), 'doc');
    assert.equal(pathKind('lib/news-api.js'), 'source');
    assert.equal(pathKind('.changeset/brave-cats-sing.md'), 'doc');
    assert.equal(pathKind('changelog.d/1234.bugfix'), 'doc');
    assert.equal(pathKind('src/release/notes.ts'), 'source');
    assert.equal(pathKind('lib/v1.2.js'), 'source', 'a numbered code file is no man page');
    assert.equal(pathKind('etc/config.guess'), 'vendor', "autotools' copied scripts");
    assert.equal(pathKind('build-aux/ltmain.sh'), 'vendor');
    assert.equal(pathKind('src/contrib/yaml-cpp.natvis'), 'data', "a debugger's view of the types");
    assert.equal(pathKind('scripts/compile.sh'), 'source');
    assert.equal(pathKind('.github/ISSUE_TEMPLATE/bug.md'), 'data');
    assert.equal(pathKind('.github/workflows/ci.yml'), 'data');
    assert.equal(pathKind('contrib/zlib/inflate.c'), 'vendor');
    assert.equal(pathKind('src/glog/logging.h.in'), 'source', "a header's template that the build fills in is that header");
    assert.equal(pathKind('include/version.hpp.in'), 'source');
    assert.equal(pathKind('config.h.in'), 'data', "autoheader's configuration template");
    assert.equal(pathKind('include/jemalloc/jemalloc_defs.h.in'), 'data');
    assert.equal(pathKind('src/foo_config.h.in'), 'data');
    assert.equal(pathKind('cmake/tinyxml2.pc.in'), 'data');
    assert.equal(pathKind('single_include/nlohmann/json.hpp'), 'source', 'amalgamated headers are the real fix site');
    assert.equal(pathKind('scripts/stress-test/knex-stress-test.js'), 'test', 'a folder named for a kind of test');
    assert.equal(pathKind('jib-maven-plugin/src/integration-test/java/App.java'), 'test');
    assert.equal(pathKind('js_tests/qunit/qunit.js'), 'test');
    assert.equal(pathKind('src/Foo.Tests/FooTests.cs'), 'test');
    assert.equal(pathKind('packages/jest-test-result/src/index.ts'), 'source', 'a name that goes on after "test"');
    assert.equal(pathKind('lib/unittest/case.py'), 'source', 'no separator before "test"');
    assert.equal(pathKind('src/lib/contrib.ts'), 'source');
    assert.equal(pathKind('src/translations/en.ts'), 'data', 'a string table matches every issue');
    assert.equal(pathKind('public/language/en-GB/admin/settings/email.json'), 'data');
    assert.equal(pathKind('public/lang/fr.json'), 'data');
    assert.equal(pathKind('src/language/parser.ts'), 'source', 'a folder about languages is code');
    assert.equal(pathKind('src/v4/core/tests/locales/be.test.ts'), 'test', 'a test of the string tables is a test');
    assert.equal(pathKind('tests/i18n/sampleproject/manage.py'), 'test');
    assert.equal(pathKind('cwe/en_test.go'), 'test', "a language-named file's test is a test");
    assert.ok(demotion('dist/index.js', base) < 1);
  });

  it('counts a .d.ts as source only when the issue is about the typings', () => {
    const typings = (title: string, body = '') => mineIssue({ title, body }).mentionsTypings;
    assert.ok(typings('TS: NodeErrorOptions is missing `start` / `end`'));
    assert.ok(typings('TypeScript: `errorsArray` missing from CustomHelpers'));
    assert.ok(typings('Wrong typings for Query#lean()'));
    assert.ok(typings('Cannot pass a Buffer to compile()', 'index.d.ts says `input: string`'));
    assert.ok(typings('Build fails after upgrading', 'error TS2339: Property `start` does not exist on type `NodeErrorOptions`.'));
    assert.ok(!typings('Crash when parsing a comment', 'Node 20, TypeScript 5.4, macOS'), 'the TypeScript version the reporter runs says nothing');
    assert.ok(!typings('Tests fail on Windows'));
    const context = { ...base, mentionsTypings: true };
    assert.equal(issueKind('lib/node.d.ts', context), 'source');
    assert.equal(demotion('lib/node.d.ts', context), 1);
    assert.equal(issueKind('lib/node.d.ts', base), 'generated');
    assert.ok(demotion('lib/node.d.ts', base) < 1);
    assert.equal(issueKind('dist/node.js', context), 'generated', 'only the declarations, not the build output');
  });

  it('counts build files as source only when the title is about building or installing', () => {
    const build = (title: string) => mineIssue({ title, body: '' }).mentionsBuild;
    assert.ok(build('Generated tinyxml2.pc is broken when CMAKE_INSTALL_LIBDIR is an absolute path'));
    assert.ok(build('Using tinyxml2 via add_subdirectory/FetchContent adds CTest dashboard targets'));
    assert.ok(build('pkg-config reports version 0.0.0 for re2'));
    assert.ok(build('Plain make install copies the test program into bindir'));
    assert.ok(build('Meson debugoptimized build aborts'));
    assert.ok(!build('Crash when parsing a nested document'));
    assert.ok(!build('makeInstaller() returns null'), 'a name that only starts like a build word');
    const context = { ...base, mentionsBuild: true };
    for (const path of ['CMakeLists.txt', 'src/CMakeLists.txt', 'cmake/tinyxml2.pc.in', 'cmake/utils.cmake', 'meson.build', 'Makefile', 'Makefile.am', 'configure.ac', 'BUILD.bazel', 're2.pc']) {
      assert.equal(issueKind(path, context), 'source', path);
    }
    assert.equal(issueKind('CMakeLists.txt', base), 'doc', 'a .txt otherwise');
    assert.equal(issueKind('Makefile', base), 'data');
    assert.equal(issueKind('docs/build.md', context), 'doc', 'the build docs stay docs');
    // A JavaScript project's tooling scripts are demoted as examples are, unless the issue is about the build.
    assert.equal(issueKind('scripts/mangleErrors.js', context), 'source');
    assert.equal(issueKind('scripts/mangleErrors.js', base), 'tooling');
    assert.equal(demotion('scripts/mangleErrors.js', base), demotion('examples/counter/index.js', base));
    assert.ok(demotion('scripts/mangleErrors.js', base) < 1);
  });

  it("classifies code generators' outputs by their tools' names as generated, and hand-written look-alikes as source", () => {
    for (const path of ['rpc/flipt/flipt.pb.go', 'rpc/flipt/flipt.pb.gw.go', 'rpc/flipt/flipt_grpc.pb.go', 'api/v1/service_pb2.py', 'api/v1/service_pb2_grpc.py', 'src/proto/msg.pb.cc', 'sdk/go/sdk.gen.go', 'internal/ent/client_gen.go', 'apis/v1/zz_generated.deepcopy.go', 'internal/store/store_mock.go', 'internal/store/mock_store.go', 'src/api/schema.generated.ts', 'lib/models/user.g.dart']) {
      assert.equal(pathKind(path), 'generated', path);
    }
    for (const path of ['internal/codegen/generate.go', 'src/gen/index.ts', 'pkg/protobuf/decode.go', 'internal/mockserver/server.go', 'src/strings/to_string.go']) {
      assert.equal(pathKind(path), 'source', path);
    }
  });

  it('the leader check bonus respects the demotion: a word-rich changelog does not win on words', () => {
    const file = (path: string, score: number) => ({ path, score, evidence: { path } as never });
    const ranked = [file('src/locale.c', 10), file('ChangeLog', 9.9)];
    const check = LeaderCheck.plan(ranked, new Map([['locale', 1], ['strftime', 1]]))!;
    const [call] = check.nextCalls(8);
    const hits = [
      { path: 'src/locale.c', line: 10, text: 'setlocale(locale)' },
      ...Array.from({ length: 30 }, (_, i) => ({ path: 'ChangeLog', line: i + 1, text: '* Add locale strftime support (locale)' })),
    ];
    check.ingest(call!, { text: '', truncated: false, count: hits.length, bytes: 0, hits });
    assert.deepEqual(check.apply(ranked, base).map((f) => f.path), ['src/locale.c', 'ChangeLog']);
  });

  it('orders a file’s ranges by evidence strength, the best first, without nested duplicates', () => {
    const strong: Clue = { kind: 'symbol', text: '_legacy_decode', source: 'title', weight: 4 };
    const weak: Clue = { kind: 'symbol', text: 'key_salt', source: 'body', weight: 1 };
    const b = new EvidenceBoard();
    b.addSymbolHits(
      [
        { path: 'django/contrib/sessions/backends/base.py', line: 76, text: '    def key_salt(self):' },
        { path: 'django/contrib/sessions/backends/base.py', line: 119, text: '    def _legacy_decode(self, session_data):' },
        { path: 'django/contrib/sessions/backends/base.py', line: 125, text: '    def _legacy_decode(self, data2):' },
      ],
      [weak, strong],
    );
    const [file] = rankFiles(b.all(), b.context(base));
    assert.deepEqual(rangesFor(file!), [[119, 139], [76, 96]], 'the title name first (the line-125 definition starts inside the first range)');
  });

  it('puts first the lines where the issue’s rare words meet, and keeps the named definition next', () => {
    const path = 'django/contrib/sessions/backends/base.py';
    const b = new EvidenceBoard();
    b.addSymbolHits([{ path, line: 119, text: '    def _legacy_decode(self, session_data):' }], [{ kind: 'symbol', text: '_legacy_decode', source: 'title', weight: 4 }]);
    const [file] = rankFiles(b.all(), b.context(base));
    const check = LeaderCheck.plan([file!, { path: 'other.py', score: 1, evidence: { path: 'other.py' } as never }], new Map([['signing', 1], ['badsignature', 1], ['salt', 1]]))!;
    const [call] = check.nextCalls(8);
    const hits = [
      { path, line: 30, text: 'from django.core import signing' },
      { path, line: 160, text: '        except signing.BadSignature:' },
      { path, line: 162, text: '            # ValueError, unpickling exceptions: salt mismatch' },
    ];
    check.ingest(call!, { text: '', truncated: false, count: hits.length, bytes: 0, hits });
    const words = check.wordLines(path);
    assert.deepEqual(words.map((w) => w.line), [30, 160, 162]);
    assert.ok(words[1]!.weight > words[0]!.weight, 'a line with two of the words weighs more than a line with one');
    const ranges = rangesFor(file!, words);
    // The window of line 162 starts inside line 160's, so it is not listed again; the lone import line comes last.
    assert.deepEqual(ranges, [[154, 166], [119, 139], [24, 36]], 'the words’ window (lines 160 and 162) first, then the definition');
    assert.deepEqual(rangesFor(file!), [[119, 139]], 'without the check, the definition alone');
    // A definition named with the title's words at line 150 holds the same words as the window: shown from its start.
    assert.deepEqual(rangesFor(file!, words, [150]), [[150, 170], [119, 139], [24, 36]]);
    assert.deepEqual(rangesFor(file!, [], [150]), [[119, 139], [150, 170]], 'without words to hold, it comes after the named definition');
  });

  it('the reason names first the evidence that raised the file most in the learned model (shared words last)', () => {
    const name: Clue = { kind: 'symbol', text: 'renderStars', source: 'title', weight: 3 };
    const b = new EvidenceBoard();
    b.addSymbolHits([{ path: 'src/card.js', line: 4, text: '  renderStars(count) {' }, { path: 'src/card.js', line: 9, text: '    this.renderStars(1);' }], [name]);
    const file = { ...rankFiles(b.all(), b.context(base))[0]!, sharedWords: ['locale'] };
    assert.match(reasonFor(file, base), /^Defines `renderStars` \(named in the issue title\); uses `renderStars`$/, 'fixed order without weights');
    const weights = new Map([['mention', 1.5], ['definition', 0.4], ['words', 3]] as const);
    assert.match(reasonFor(file, base, new Map(weights)), /^Uses `renderStars`; defines `renderStars`/, 'the heavier evidence first');
    const wordsOnly = { ...file, evidence: { ...file.evidence, definitions: new Map(), mentions: new Map() } };
    assert.match(reasonFor(wordsOnly, base, new Map(weights)), /^Shares the issue's words "locale"$/, 'shared words when nothing more concrete exists');

    const named = new Map([...weights, ['defined-words', 2]] as const);
    assert.match(reasonFor(file, base, new Map(named), { definedName: 'drawStarRating' }), /^Defines `drawStarRating`, named with the title's words; uses `renderStars`$/, 'a definition named with the title words, when the model weighs it most');
    assert.doesNotMatch(reasonFor(file, base, undefined, { definedName: 'drawStarRating' }), /drawStarRating/, 'the hand ranking did not weigh it, so does not name it');
    assert.doesNotMatch(reasonFor(file, base, new Map(named), { definedName: 'renderStars' }), /named with the title's words/, 'a name the issue spelled is said once');

    const byName = { ...rankFiles(b.all(), b.context({ ...base, titleWords: ['card'] }))[0]!, sharedWords: [] };
    const nameFirst = new Map([...weights, ['title-name', 5]] as const);
    assert.match(reasonFor(byName, { ...base, titleWords: ['card'] }, nameFirst), /^Named after "card" in the issue title; uses `renderStars`$/);
    assert.match(reasonFor(byName, { ...base, titleWords: ['card'] }, nameFirst, { unweighed: new Set(['title-name'] as const) }), /^Uses `renderStars`; defines `renderStars`/, 'evidence the model sets aside on the file is not given');
    // Written as code in the title (`CARD`), the name is its own evidence, given where the plain word's is set aside.
    const asCode = { ...base, titleWords: ['card'], titleCodeNames: ['card'] };
    const codeFirst = new Map([...weights, ['title-code-name', 1], ['title-name', 4]] as const);
    const unweighed = { unweighed: new Set(['title-name'] as const) };
    assert.match(reasonFor(byName, asCode, codeFirst, unweighed), /^Named after "card" in the issue title; uses `renderStars`$/, 'ranked by both title-name weights');

    const tied = new Map([...weights, ['import', 2]] as const);
    assert.match(reasonFor(file, base, tied, { importedWith: 'src/stars.js' }), /^Imports or is imported by `src\/stars.js`; uses `renderStars`$/, 'an import tie to the first file, when the model weighs it most');
    assert.doesNotMatch(reasonFor(file, base, undefined, { importedWith: 'src/stars.js' }), /stars\.js/, 'the hand ranking does not weigh ties');
  });

  it('the reason says which check a file makes, and when it prints a message only in a shorter form', () => {
    const code: Clue = { kind: 'message', text: 'admin.E108', source: 'title', weight: 9 };
    const printed: Clue = { kind: 'message', text: 'WARNING: no number is assigned for table', source: 'title', weight: 6 };
    const b = new EvidenceBoard();
    b.addMessageHits([{ path: 'admin/checks.py', line: 900, text: '    id="admin.E108",' }], code);
    b.addMessageHits([{ path: 'domains/std.py', line: 855, text: 'logger.warning(__("no number is assigned for %s: %s"))' }], retryClue(printed));
    const reasons = new Map(rankFiles(b.all(), b.context(base)).map((f) => [f.path, reasonFor(f, base)]));
    assert.equal(reasons.get('admin/checks.py'), 'Makes the check `admin.E108` (named in the issue title)');
    assert.equal(reasons.get('domains/std.py'), 'Contains a shorter form of the error message "WARNING: no number is assigned for table"');
  });

  it('matches a path quoted from the reporter’s machine by its longest tail that exists', () => {
    const paths = ['requests/models.py', 'requests/adapters.py', 'docs/models.py'];
    assert.deepEqual(matchingPaths(paths, 'requests/models.py'), ['requests/models.py']);
    assert.deepEqual(matchingPaths(paths, 'dev/proj/requests/models.py'), ['requests/models.py']);
    assert.deepEqual(matchingPaths(paths, 'elsewhere/models.py'), [], 'one shared segment is not enough');
    const mined = mineIssue({ title: 'Crash in models', body: 'See ~/dev/myproj/requests/models.py line 3' });
    const clue = mined.clues.find((c) => c.kind === 'path');
    assert.ok(clue && matchingPaths(paths, clue.text).includes('requests/models.py'), JSON.stringify(clue));
  });

  it('matches a JavaScript path no file has by its TypeScript or source twin, the exact file first', () => {
    const paths = ['src/core/settle.ts', 'src/index.ts', 'lib/adapters/xhr.js', 'test/core/settle.test.ts'];
    assert.deepEqual(matchingPaths(paths, 'lib/core/settle.js'), ['src/core/settle.ts'], 'a built path names its source');
    assert.deepEqual(matchingPaths(paths, 'dist/index.js'), ['src/index.ts'], 'a build folder maps to src/');
    assert.deepEqual(matchingPaths(paths, 'lib/adapters/xhr.js'), ['lib/adapters/xhr.js'], 'a file that exists is itself');
    assert.deepEqual(matchingPaths([...paths, 'src/core/settle.js'], 'core/settle.js'), ['src/core/settle.js'], 'the same extension before a twin');
    assert.deepEqual(matchingPaths(paths, 'core/settle.py'), [], 'only script extensions have twins');
    assert.deepEqual(matchingPaths(['dist/index.js', 'src/index.ts'], 'dist/index.js'), ['dist/index.js', 'src/index.ts'], 'a committed bundle and its source');
    const preact = ['src/index.js', 'hooks/src/index.js', 'compat/src/hooks.js', 'compat/src/index.js', 'debug/src/debug.js'];
    assert.deepEqual(matchingPaths(preact, 'node_modules/preact/hooks/dist/hooks.js'), ['hooks/src/index.js'], "a sub-package's bundle is its own src/index");
    assert.deepEqual(matchingPaths(preact, 'node_modules/preact/debug/dist/debug.js'), ['debug/src/debug.js'], 'a build folder inside the path maps to src/ beside it');
    assert.deepEqual(matchingPaths(['packages/core/src/api.ts', 'packages/web/src/api.ts'], 'packages/core/dist/esm/api.js'), ['packages/core/src/api.ts'], 'a run of build folders');
    assert.equal(globForLocations([{ kind: 'path', text: 'node_modules/preact/hooks/dist/hooks.js', source: 'trace', weight: 1 }]).includes('hooks/src/index.{ts,'), true);
    assert.deepEqual(scriptTwins('util/format.js').slice(0, 2), ['util/format.ts', 'util/format.tsx']);
    assert.deepEqual(scriptTwins('README.md'), []);
    const zod = ['src/types.ts', 'src/index.ts', 'src/v4/classic/schemas.ts', 'types/index.d.ts'];
    assert.deepEqual(matchingPaths(zod, 'node_modules/zod/lib/types.d.ts'), ['src/types.ts'], "tsc's declaration file names its source");
    assert.deepEqual(matchingPaths(zod, 'zod/v4/classic/schemas.d.cts'), ['src/v4/classic/schemas.ts'], 'a CommonJS declaration too');
    assert.deepEqual(matchingPaths(zod, 'types/index.d.ts'), ['types/index.d.ts'], 'hand-written typings are themselves');
    assert.equal(globForLocations([{ kind: 'path', text: 'lib/types.d.ts', source: 'code', weight: 1 }]), '**/{lib/types.d.ts,lib/types.{ts,tsx,mts,cts,js,jsx,mjs,cjs},src/types.{ts,tsx,mts,cts,js,jsx,mjs,cjs}}');
    assert.equal(globForLocations([{ kind: 'path', text: 'lib/core/settle.js', source: 'trace', weight: 1 }]), '**/core/settle.{ts,tsx,mts,cts,js,jsx,mjs,cjs}');
    assert.equal(globForLocations([{ kind: 'path', text: 'dist/index.js', source: 'trace', weight: 1 }]), '**/{dist/index.{ts,tsx,mts,cts,js,jsx,mjs,cjs},src/index.{ts,tsx,mts,cts,js,jsx,mjs,cjs}}');
  });

  it('mines the exception that ends a traceback whatever its class is called', () => {
    const body = ['Traceback (most recent call last):', '  File "app/views.py", line 3, in get', '    raise Http404("No Poll matches the given query")', 'Http404: No Poll matches the given query', ''].join('\n');
    const mined = mineIssue({ title: 'Page crashes', body });
    assert.ok(mined.clues.some((c) => c.kind === 'symbol' && c.text === 'Http404'), JSON.stringify(mined.clues));
    assert.ok(mined.clues.some((c) => c.kind === 'message' && c.text.startsWith('No Poll matches the given query')));
  });

  it('the definitions search skips bare call statements and keeps assignments, members and bodies', () => {
    const lines = ['    raises(ValueError)', 'raises = make_raiser()', '  render(props) {', '  render: function () {', 'def raises(x):', '    render(x)'];
    const found = new Set<string>();
    for (const pattern of definitionSearchPatterns(['raises', 'render'])) {
      const run = execFileSync(ripgrepPath(), ['--no-config', '-e', pattern, '-'], { input: lines.join('\n'), encoding: 'utf8' });
      for (const line of run.trim().split('\n')) found.add(line);
    }
    const out = lines.filter((l) => found.has(l));
    assert.deepEqual(out, ['raises = make_raiser()', '  render(props) {', '  render: function () {', 'def raises(x):']);
  });

  it("finds JavaScript's member-function, async and generic method and function-field definitions, and leaves attribute assignments as mentions", () => {
    const lines = [
      '\tPosts.getPostData = async function (pid) {',
      'Axios.prototype.request = function request(config) {',
      '  exports.getPostData = (pid) => db.get(pid);',
      '  async getPostData(pid) {',
      '  request<T>(config: Config): Promise<T> {',
      '  private readonly getPostData = async (pid: string): Promise<Post> => {',
      '    self.getPostData = getPostData',
      '  Posts.getPostData(pid);',
      'const data = await Posts.getPostData(pid);',
    ];
    const found = new Set<string>();
    for (const pattern of definitionSearchPatterns(['getPostData', 'request'])) {
      const run = execFileSync(ripgrepPath(), ['--no-config', '-e', pattern, '-'], { input: lines.join('\n'), encoding: 'utf8' });
      for (const line of run.replace(/\n$/, '').split('\n')) found.add(line);
    }
    assert.deepEqual(lines.filter((l) => found.has(l)), lines.slice(0, 6));
    assert.deepEqual(lines.map((l) => definesName(l, 'getPostData') || definesName(l, 'request')), [true, true, true, true, true, true, false, false, false]);
  });

  describe('case-insensitive title-word file search (real tree)', () => {
    let dir = '';
    before(() => (dir = makeTree({ 'src/components/RepoCard.tsx': 'export const RepoCard = 1;\n', 'src/repo-card.js': 'x\n' }, 'codegrep-glob-case-')));
    after(() => removeTree(dir));

    it('finds CamelCase file names for lower-case title words', async () => {
      const runner = new NodeToolRunner({ roots: [dir] });
      const result = await runner.run({ id: 'g', name: 'glob', args: { pattern: '**/*repocard*', case_insensitive: true } }, new AbortController().signal);
      assert.deepEqual(result.paths, ['src/components/RepoCard.tsx']);
      const strict = await runner.run({ id: 'g', name: 'glob', args: { pattern: '**/*repocard*' } }, new AbortController().signal);
      assert.deepEqual(strict.paths ?? [], []);
    });
  });
});

describe('a file named by a rare title word, among hundreds named by common ones (real tree, Locator)', () => {
  // sqlfluff's layout: "L027: outer-level table not found in WHERE clause sub-select". `table` and `select` name
  // hundreds of files that sort before `rules/`, and the title words' wide glob lists 200 paths.
  let dir = '';
  before(() => {
    const files: Record<string, string> = { 'src/lint/rules/L027.py': 'class Rule_L027:\n    def _eval(self, context):\n        return None\n' };
    for (let i = 0; i < 260; i++) files[`src/lint/core/select_table_${i}.py`] = `def helper_${i}():\n    return ${i}\n`;
    dir = makeTree(files, 'codegrep-title-stem-');
  });
  after(() => removeTree(dir));

  it('is a candidate: the exact-name glob finds it', async () => {
    let rows: CandidateFeatures[] = [];
    const issue = { title: 'L027: outer-level table not found in WHERE clause sub-select', body: 'The rule misses a table referenced in a sub-select.' };
    await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain({ model: null, observe: (f) => (rows = f) }));
    const row = rows.find((r) => r.path === 'src/lint/rules/L027.py');
    assert.ok(row, rows.map((r) => r.path).join(', '));
    assert.equal(row.values[FEATURE_NAMES.indexOf('title_file_name')], 1);
  });
});

describe('a file named by two title words written as one (real tree, Locator)', () => {
  // Sphinx's layout: "Generate man page section directories" is about `builders/manpage.py`.
  let dir = '';
  before(() => {
    dir = makeTree(
      {
        'sphinx/builders/manpage.py': 'class ManualPageBuilder:\n    def write(self):\n        return None\n',
        'sphinx/builders/html.py': 'class StandaloneHTMLBuilder:\n    def write(self):\n        return None\n',
        'sphinx/util/section.py': 'def section_directories():\n    return []\n',
      },
      'codegrep-title-compound-',
    );
  });
  after(() => removeTree(dir));

  it('joins adjacent title words, leaving out function words and anything not a plain word', () => {
    assert.deepEqual(titleCompounds('Generate man page section directories'), ['generateman', 'manpage', 'pagesection', 'sectiondirectories']);
    assert.deepEqual(titleCompounds('The date picker does not open'), ['datepicker']);
    assert.deepEqual(titleCompounds('Add dark-mode toggle'), ['adddark', 'darkmode', 'modetoggle']);
    assert.deepEqual(titleCompounds('Migration auth.0011_update_proxy_permissions fails'), []);
  });

  it('makes the file a candidate named by the title, and says so', async () => {
    let rows: CandidateFeatures[] = [];
    const issue = { title: 'Generate man page section directories', body: 'The builder writes every page into one folder.' };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain({ model: null, observe: (f) => (rows = f) }));
    const row = rows.find((r) => r.path === 'sphinx/builders/manpage.py');
    assert.ok(row, rows.map((r) => r.path).join(', '));
    assert.equal(row.values[FEATURE_NAMES.indexOf('title_file_name')], 1);
    assert.equal(result.candidates[0]?.path, 'sphinx/builders/manpage.py', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /Named after "man page" in the issue title/);
  });
});

describe('EvidenceBoard: definitions at the top level', () => {
  const clue = { kind: 'symbol' as const, text: 'getPostData', source: 'title' as const, weight: 1 };

  it("counts a CommonJS wrapper's member functions as the module's own, but not an indented method or local", () => {
    const board = new EvidenceBoard();
    board.addSymbolHits(
      [
        { path: 'src/posts/data.js', line: 12, text: '\tPosts.getPostData = async function (pid) {' },
        { path: 'src/posts/cache.js', line: 3, text: '  async getPostData(pid) {' },
        { path: 'src/posts/other.js', line: 1, text: 'function getPostData(pid) {' },
      ],
      [clue],
    );
    assert.equal(board.get('src/posts/data.js')?.definitions.get('getPostData')?.topLevel, true);
    assert.equal(board.get('src/posts/cache.js')?.definitions.get('getPostData')?.topLevel, undefined);
    assert.equal(board.get('src/posts/other.js')?.definitions.get('getPostData')?.topLevel, true);
  });
});

describe("a compiler error in an installed package's declaration file (real tree, Locator)", () => {
  // tsc prints the `.d.ts` it emitted into the package's build; the repository holds the `.ts` it came from.
  let dir = '';
  before(() => {
    dir = makeTree(
      {
        'package.json': '{ "name": "zod", "main": "lib/index.js", "types": "lib/index.d.ts" }\n',
        'src/index.ts': "export * from './types';\nexport * from './errors';\n",
        'src/types.ts': 'export class ZodEnum<T> {\n  options: T;\n}\n',
        'src/errors.ts': 'export class ZodIssue {\n  path: string[] = [];\n}\n',
      },
      'codegrep-declaration-',
    );
  });
  after(() => removeTree(dir));

  it('answers the source the declaration was emitted from, and says which path named it', async () => {
    const body = ['After upgrading, tsc fails:', '', '```', 'node_modules/zod/lib/types.d.ts:2:3 - error TS2344: Type X does not satisfy Y.', '```'].join('\n');
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title: 'Build breaks after upgrade', body }, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/types.ts', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]!.reason, /lib\/types\.d\.ts/);
  });
});
