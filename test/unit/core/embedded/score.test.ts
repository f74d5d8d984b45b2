import { strict as assert } from 'node:assert';
import type { Clue } from '../../../../src/core/embedded/clues';
import { cachedDefinitionNames, declaresTypeOnly, definesName, definitionSearchPatterns } from '../../../../src/core/embedded/definitions';
import { EvidenceBoard, moduleMatchesClue, pathMatchesClue } from '../../../../src/core/embedded/evidence';
import { rangesFor, reasonFor } from '../../../../src/core/embedded/reasons';
import { isStringTable } from '../../../../src/core/embedded/pathKinds';
import { chooseAnswer, fileStem, isTitleName, messageFileCount, rankFiles, stem, stemmedPathWords, titlePathWords, type ScoreContext } from '../../../../src/core/embedded/score';

const titleClue: Clue = { kind: 'symbol', text: 'separability_matrix', source: 'title', weight: 3.9 };
const bodyClue: Clue = { kind: 'symbol', text: 'CompoundModel', source: 'body', weight: 2.1 };
const base: Pick<ScoreContext, 'mentionsTests' | 'mentionsDocs' | 'titleWords' | 'titleCompounds' | 'titleLocales' | 'localeTables' | 'bodyCompounds' | 'bodyWords' | 'qualifiers'> = {
  mentionsTests: false,
  mentionsDocs: false,
  titleWords: ['separability', 'matrix'],
  titleCompounds: [], titleLocales: [], localeTables: new Set<string>(),
  bodyCompounds: [],
  bodyWords: [],
  qualifiers: new Map(),
};

function board(): EvidenceBoard {
  const b = new EvidenceBoard();
  b.addSymbolHits(
    [
      { path: 'astropy/modeling/separable.py', line: 66, text: 'def separability_matrix(transform):' },
      { path: 'astropy/modeling/separable.py', line: 90, text: '    if isinstance(transform, CompoundModel):' },
      { path: 'astropy/modeling/tests/test_separable.py', line: 12, text: 'def test_separability_matrix():' },
      { path: 'astropy/modeling/tests/test_separable.py', line: 13, text: '    assert separability_matrix(m).all()' },
      { path: 'docs/modeling/models.rst', line: 40, text: '.. function:: separability_matrix' },
      { path: 'astropy/modeling/core.py', line: 3000, text: 'class CompoundModel(Model):' },
    ],
    [titleClue, bodyClue],
  );
  return b;
}

/** The hand ranking of the files in `hits`, each line a definition or a mention of `clue`. */
function rankHits(clue: Clue, hits: { path: string; line: number; text: string }[]) {
  const b = new EvidenceBoard();
  b.addSymbolHits(hits, [clue]);
  return rankFiles(b.all(), b.context(base));
}

describe('embedded scoring', () => {
  it("counts a message's string tables as one file: a hundred translations do not make the line that prints it common", () => {
    const message: Clue = { kind: 'message', text: 'no number is assigned for', source: 'title', weight: 2 };
    const b = new EvidenceBoard();
    const tables = ['de', 'fr', 'ja', 'pt_BR'].map((lang) => ({ path: `sphinx/locale/${lang}/LC_MESSAGES/sphinx.po`, line: 10, text: 'msgid "no number is assigned for %s: %s"' }));
    b.addMessageHits([{ path: 'sphinx/domains/std.py', line: 855, text: 'logger.warning(__("no number is assigned for %s: %s"))' }, ...tables], message);
    const context = b.context(base);
    assert.equal(messageFileCount(context, message.text, 'sphinx/domains/std.py'), 2, 'the code file and the tables together');
    assert.equal(messageFileCount(context, message.text, 'sphinx/locale/de/LC_MESSAGES/sphinx.po'), 5, 'a copy is as common as every file');
    assert.ok(isStringTable('po/fr.po') && isStringTable('public/language/en-GB/error.json') && !isStringTable('src/error.js'));
    const [best] = rankFiles(b.all(), context);
    assert.equal(best?.path, 'sphinx/domains/std.py');
  });

  it('ranks the defining source file above its test, the docs and a file defining a weaker clue', () => {
    const b = board();
    const ranked = rankFiles(b.all(), b.context(base));
    assert.deepEqual(
      ranked.map((f) => f.path),
      ['astropy/modeling/separable.py', 'astropy/modeling/core.py', 'astropy/modeling/tests/test_separable.py', 'docs/modeling/models.rst'],
    );
    assert.ok(ranked[0]!.score > ranked[1]!.score);
  });

  it('credits a source file named after a rare title word (a command named in the title)', () => {
    // django-11039: "sqlmigrate wraps its output in BEGIN/COMMIT even if the database doesn't support transactional DDL"
    const atomic: Clue = { kind: 'symbol', text: 'atomic', source: 'code', weight: 0.8 };
    const b = new EvidenceBoard();
    b.addSymbolHits(
      [
        { path: 'django/db/transaction.py', line: 299, text: 'def atomic(using=None, savepoint=True, durable=False):' },
        { path: 'django/core/management/commands/sqlmigrate.py', line: 59, text: '        self.output_transaction = migration.atomic' },
      ],
      [atomic],
    );
    b.addBarePaths(['django/core/management/commands/sqlmigrate.py', 'tests/migrations/test_sqlmigrate.py']);
    const context = b.context({ ...base, titleWords: ['sqlmigrate', 'wraps', 'output', 'begin', 'commit'] });
    assert.equal(context.stemFiles.get('sqlmigrate'), 1, 'the test file does not dilute the name');
    const ranked = rankFiles(b.all(), context);
    assert.equal(ranked[0]!.path, 'django/core/management/commands/sqlmigrate.py');
    assert.match(reasonFor(ranked[0]!, { titleWords: ['sqlmigrate'], titleCompounds: [], titleLocales: [], localeTables: new Set<string>(), bodyCompounds: [] }), /^Named after "sqlmigrate" in the issue title/);
    // An inflected title word lists the file (plan.ts) but does not name it: "simplifies" is not `simplify.py`.
    assert.equal(isTitleName('fence', { titleWords: ['fenced'], titleCompounds: [] }), false);
    // A name written with separators is the title's identifier (`pathExists`), and a folder's index file goes by its folder.
    assert.equal(fileStem('lib/path-exists/index.js'), 'path-exists');
    assert.equal(fileStem('sympy/physics/units/__init__.py'), '__init__');
    assert.equal(fileStem('src/index.ts'), 'index', "a top-level folder's index is the package's entry");
    assert.equal(fileStem('index.js'), 'index');
    assert.ok(isTitleName(fileStem('lib/path-exists/index.js'), { titleWords: ['pathexists', 'path', 'exists'], titleCompounds: [] }));
    assert.ok(isTitleName('date_picker', { titleWords: ['date', 'picker'], titleCompounds: ['datepicker'] }));
    assert.ok(!isTitleName('_search', { titleWords: ['gridsearch', 'grid', 'search'], titleCompounds: [] }), 'a private module keeps its underscore');
    // The same word in several source file names is no longer a specific lead.
    b.addBarePaths(['django/core/management/sqlmigrate_utils.py', 'django/db/sqlmigrate.py']);
    const diluted = rankFiles(b.all(), b.context({ ...base, titleWords: ['sqlmigrate'] }));
    assert.equal(diluted[0]!.path, 'django/db/transaction.py');
  });

  it('answers few files: only the best unless a runner-up is close', () => {
    const b = board();
    const ranked = rankFiles(b.all(), b.context(base));
    assert.deepEqual(chooseAnswer(ranked).map((f) => f.path), ['astropy/modeling/separable.py']);
    const tie = [ranked[0]!, { ...ranked[0]!, path: 'astropy/modeling/separable2.py' }];
    assert.equal(chooseAnswer(tie).length, 2, 'an equally strong sibling is kept');
    assert.deepEqual(chooseAnswer([]), []);
  });

  it('builds a one-line reason and ranges from the evidence', () => {
    const b = board();
    const [best] = rankFiles(b.all(), b.context(base));
    assert.equal(reasonFor(best!, base), 'Defines `separability_matrix` (named in the issue title); uses `CompoundModel`');
    assert.deepEqual(rangesFor(best!), [[66, 86]], 'a definition with the start of its body');
    const test = rankFiles(b.all(), b.context(base)).find((f) => f.path.includes('tests/'))!;
    assert.match(reasonFor(test, base), /\(test file\)$/);
  });

  it('does not demote tests when the issue is about tests', () => {
    const b = board();
    const ranked = rankFiles(b.all(), b.context({ ...base, mentionsTests: true }));
    const testIndex = ranked.findIndex((f) => f.path.includes('tests/'));
    const docIndex = ranked.findIndex((f) => f.path.startsWith('docs/'));
    assert.ok(testIndex < docIndex);
  });

  it('weighs a path named in the issue by how many files it matches', () => {
    const b = new EvidenceBoard();
    const full: Clue = { kind: 'path', text: 'django/db/utils.py', source: 'trace', weight: 5 };
    const bare: Clue = { kind: 'path', text: 'utils.py', source: 'body', weight: 5 };
    b.addPaths(['django/db/utils.py', 'django/db/backends/utils.py', 'django/utils.py'], [full, bare]);
    const ranked = rankFiles(b.all(), b.context(base));
    assert.equal(ranked[0]?.path, 'django/db/utils.py');
    assert.ok(ranked[0]!.score > 2 * ranked[1]!.score);
  });

  it('weighs a definition that only declares a type at half: the implementation ranks above the interface', () => {
    const ranked = rankHits({ kind: 'symbol', text: 'FlagStore', source: 'title', weight: 3 }, [
      { path: 'internal/storage/storage.go', line: 3, text: 'type FlagStore interface {' },
      { path: 'internal/storage/sql/store.go', line: 5, text: 'type FlagStore struct {' },
    ]);
    assert.deepEqual(ranked.map((f) => f.path), ['internal/storage/sql/store.go', 'internal/storage/storage.go']);
    assert.ok(Math.abs(ranked[1]!.score / ranked[0]!.score - 0.5) < 1e-9, `${ranked[1]!.score} / ${ranked[0]!.score}`);
  });

  it('is deterministic: equal scores are ordered by path', () => {
    const first = rankHits({ kind: 'symbol', text: 'parse', source: 'body', weight: 1 }, [
      { path: 'b.go', line: 1, text: 'func parse() {' },
      { path: 'a.go', line: 1, text: 'func parse() {' },
    ]).map((f) => f.path);
    assert.deepEqual(first, ['a.go', 'b.go']);
  });

  it('stems words and matches path clues', () => {
    assert.equal(stem('printer'), stem('printing'));
    assert.ok(pathMatchesClue('lib/matplotlib/widgets.py', 'matplotlib/widgets.py'));
    assert.ok(!pathMatchesClue('lib/matplotlib/mywidgets.py', 'widgets.py'));
    assert.ok(moduleMatchesClue('sklearn/linear_model/ridge.py', 'linear_model/ridge'));
    assert.ok(moduleMatchesClue('django/db/models/fields/__init__.py', 'django/db/models/fields'));
  });

  it('meets issue words in paths by their Porter stems and inside compound names', () => {
    // Words of real titles: "QuerySet.Delete - inconsistent result", "Template filter `join` should not escape".
    assert.deepEqual(titlePathWords('django/db/models/deletion.py', ['delete']), [], 'the crude stem misses');
    assert.deepEqual(stemmedPathWords('django/db/models/deletion.py', ['delete', 'inconsistent']), ['delete']);
    assert.deepEqual(stemmedPathWords('django/core/validators.py', ['validation']), ['validation']);
    assert.deepEqual(stemmedPathWords('django/template/defaultfilters.py', ['template', 'filter', 'join']), ['template', 'filter']);
    // Short words are not looked for inside names: "join" is not in joints/, "port" not in report.py.
    assert.deepEqual(stemmedPathWords('src/geometry/joints/report.py', ['join', 'port']), []);
  });
});

describe('embedded definitions', () => {
  const cases: [string, string, boolean][] = [
    ['def separability_matrix(transform):', 'separability_matrix', true],
    ['class FilePathField(Field):', 'FilePathField', true],
    ['    def get_prep_value(self, value):', 'get_prep_value', true],
    ['func (u *Unmarshaler) Unmarshal(m map[string]any, v any) error {', 'Unmarshal', true],
    ['func NewServer(c RpcServerConf) (*RpcServer, error) {', 'NewServer', true],
    ['pub fn put_slice(&mut self, src: &[u8]) {', 'put_slice', true],
    ['impl<T: Serialize> Serialize for Saturating<T> {', 'Saturating', true],
    ['export const renderRepoCard = (repo, options = {}) => {', 'renderRepoCard', true],
    ['const renderStatsCard = (stats = {}, options = {}) => {', 'renderStatsCard', true],
    ['  async fetchStats(username) {', 'fetchStats', true],
    ['simdjson_inline simdjson_result<value> document::at_pointer(std::string_view json_pointer) noexcept {', 'at_pointer', true],
    ['  inline error_code get_string(std::string_view &s) const noexcept;', 'get_string', false],
    ['    public JsonToken nextToken() throws IOException {', 'nextToken', true],
    ['FOO_LIMIT = 10', 'FOO_LIMIT', true],
    ['    return separability_matrix(x)', 'separability_matrix', false],
    ['    self.callable = path', 'callable', false],
    ['    foo(bar,', 'foo', false],
    ['  } else if (renderRepoCard(x)) {', 'renderRepoCard', false],
    ['export type RequestBody = { name: string };', 'RequestBody', true],
    ['type Handler struct {', 'Handler', true],
    // TypeScript's inline type imports name a type defined elsewhere, on one line or in a list over several.
    ["import { type RequestBody, send } from './request';", 'RequestBody', false],
    ["export { type RequestBody } from './request';", 'RequestBody', false],
    ['  type RequestBody,', 'RequestBody', false],
    // CommonJS imports a module by assigning what `require` returns (undici's `const MockAgent = require('./mock-agent')`).
    ["const MockAgent = require('./mock-agent')", 'MockAgent', false],
    ["var user = require('../user').user;", 'user', false],
    ["const db = await import('../database');", 'db', false],
    ['const MockAgent = class extends Dispatcher {', 'MockAgent', true],
    ['const requireAll = requireFrom(dir);', 'requireAll', true],
    // Another module's value exported under a name (fs-extra's `esm.mjs`) defines nothing; a constant does.
    ['export const ensureDir = _mkdirs.ensureDir', 'ensureDir', false],
    // Also with its type written out, as Effect's public modules pass on their implementations; the type's `=>`
    // is not the assignment, and a value that is computed is a definition.
    ['export const withConsoleLog: <M, O>(self: Logger<M, O>) => Logger<M, void> = fiberRuntime.loggerWithConsoleLog', 'withConsoleLog', false],
    ['export const defaultLogger: Logger<unknown, void> = internal.defaultLogger;', 'defaultLogger', false],
    ['export const split: Fn = (a) => a.b', 'split', true],
    ['export const make: Maker = makeWith(defaults)', 'make', true],
    ['export const MAX_DEPTH = 100;', 'MAX_DEPTH', true],
    ['export const strict = true', 'strict', true],
    ["import simplifyRange from './ranges/simplify.js';", 'simplifyRange', false],
    // C names a struct's type with its keyword wherever it is used; only a body defines it.
    ['struct redisCommand {', 'redisCommand', true],
    ['typedef struct client {', 'client', true],
    ['pub struct Bytes;', 'Bytes', true],
    ['pub struct Iter<T> where T: Send {', 'Iter', true],
    ['public enum Feature implements FormatFeature {', 'Feature', true],
    ['void call(client *c, struct redisCommand *cmd) {', 'redisCommand', false],
    ['    struct redisCommand cmd;', 'redisCommand', false],
    ['    size_t n = sizeof(struct redisCommand);', 'redisCommand', false],
    ['    enum color c = RED;', 'color', false],
    // GNU and BSD style C: the return type on the line above, the name at the line's start with typed parameters.
    ['args_string_percentage(const char *value, long long minval, long long maxval,', 'args_string_percentage', true],
    ['cmdq_next(struct client *c)', 'cmdq_next', true],
    ['server_loop(void)', 'server_loop', true],
    // An export macro around the return type (cJSON.c, libgit2), in the definition and in the header's prototype.
    ['CJSON_PUBLIC(cJSON *) cJSON_DetachItemViaPointer(cJSON *parent, cJSON * const item)', 'cJSON_DetachItemViaPointer', true],
    ['GIT_EXTERN(int) git_clone(', 'git_clone', true],
    ['CJSON_PUBLIC(cJSON *) cJSON_Parse(const char *value);', 'cJSON_Parse', false],
    ['    TEST_ASSERT(x) cJSON_Parse(value)', 'cJSON_Parse', false],
    ['static const char * const *cJSON_names(void)', 'cJSON_names', true],
    ['std::vector<int*> parse_all(const char *s)', 'parse_all', true],
    ['char * *argv_parse(int argc)', 'argv_parse', true],
    // A banner of stars before a name: each star could start a type word or end a separator, which V8 tried in
    // every combination (seconds for 28 stars, doubling with each more); this one returns at once.
    [` ${'*'.repeat(60)} cJSON_Parse x`, 'cJSON_Parse', false],
    // Likewise a run of export macros, where each capital inside `CJSON_PUBLIC` could have started one.
    [`${'CJSON_PUBLIC(x) '.repeat(40)}cJSON_Parse x`, 'cJSON_Parse', false],
    ["describe('parser', () => {", 'describe', false],
    ['TAILQ_HEAD(tailq, entry);', 'TAILQ_HEAD', false],
    // A JavaScript name's `$`, which the clue drops (Lexical's `$insertList`, AngularJS, jQuery plugins).
    ['export function $insertList(listType: ListType): void {', 'insertList', true],
    ['function $createListOrMerge(node: ElementNode, listType: ListType): ListNode {', 'createListOrMerge', true],
    ['export const $getListDepth = (node) => {', 'getListDepth', true],
    ['$.fn.$tooltip = function (options) {', 'tooltip', true],
    ['    $insertList(listType);', 'insertList', false],
    ['  const depth = $getListDepth(node);', 'getListDepth', false],
    // A prototype in GNU style ends with `);`: it declares (expat's header); the definition opens a body.
    ['XML_StopParser(XML_Parser parser, XML_Bool resumable);', 'XML_StopParser', false],
    ['XML_StopParser(XML_Parser parser, XML_Bool resumable) {', 'XML_StopParser', true],
    ['pub enum Value {', 'Value', true],
    // CommonJS's export of a value, as TypeScript compiles `export const Show = {` (fp-ts's `lib/number.js`); its
    // declarations of the exports, a `require` and another binding passed on define nothing.
    ['exports.Show = {', 'Show', true],
    ['module.exports.MAX_DEPTH = 10;', 'MAX_DEPTH', true],
    ['exports.Show = (0, internal_1.make)(1);', 'Show', true],
    ['exports.Field = exports.Show = exports.Eq = void 0;', 'Show', false],
    ['exports.Show = void 0;', 'Show', false],
    ["exports.Show = require('./Show');", 'Show', false],
    ['exports.Show = internal_1.Show;', 'Show', false],
    ['exports.print = print;', 'print', false],
  ];
  for (const [line, name, expected] of cases) {
    it(`${expected ? 'defines' : 'uses'} ${name}: ${line.trim().slice(0, 50)}`, () => assert.equal(definesName(line, name), expected));
  }

  it("reads a Rust crate's docs and a Python doctest as examples of the API, not its definitions", () => {
    // serde_json's crate docs, and a doctest in a SymPy docstring.
    assert.equal(definesName('//! enum Value {', 'Value', 'src/lib.rs'), false);
    assert.equal(definesName('    /// fn main() -> Result<()> {', 'main', 'src/de.rs'), false);
    assert.equal(definesName('    >>> class Foo(Basic):', 'Foo', 'sympy/core/basic.py'), false);
    assert.equal(definesName('    ... def f(x):', 'f', 'sympy/core/basic.py'), false);
    assert.equal(definesName('pub enum Value {', 'Value', 'src/value/mod.rs'), true, 'the code itself');
    assert.equal(definesName('class Foo(Basic):', 'Foo', 'sympy/core/basic.py'), true);
    // The same comment styles in other languages are left alone (Doxygen's `///` in C++).
    assert.equal(definesName('/// class Widget {', 'Widget', 'include/widget.hpp'), true);
  });

  it("reads a JSDoc line written as code as an example of the API, and keeps a JSDoc line's prose", () => {
    // Effect's `src/Effect.ts` documents `firstSuccessOf` with an example that declares `interface Config {`.
    const examples: [string, string][] = [
      [' * interface Config {', 'Config'],
      [' *   const program = Effect.gen(function* () {', 'program'],
      [' * export function parse(input: string) {', 'parse'],
      [' * async function main() {', 'main'],
      [' * type User = { name: string }', 'User'],
      [' * class Counter {', 'Counter'],
    ];
    for (const [line, name] of examples) assert.equal(definesName(line, name, 'src/Effect.ts'), false, line);
    assert.equal(definesName('export interface Config<out A> {', 'Config', 'src/Config.ts'), true, 'the code itself');
    assert.equal(definesName('export const boolean = (name?: string): Config<boolean> => {', 'boolean', 'src/internal/config.ts'), true);
    // A Java or C++ comment in the same style is left alone, and so is a JSDoc sentence about a function.
    assert.equal(definesName(' * interface Config {', 'Config', 'src/main/java/Config.java'), true);
    assert.equal(definesName(' * The function parseDate converts a string', 'parseDate', 'src/date.ts'), true);
  });

  it('tells a type-only declaration from a definition with behaviour', () => {
    // Declarations of real repositories: Lombok's annotation types, Flipt's Go store interface, TypeScript types.
    const declarations: [string, string][] = [
      ['public @interface SuperBuilder {', 'SuperBuilder'],
      ['public interface ObjectReader<T> {', 'ObjectReader'],
      ['type Store interface {', 'Store'],
      ['export interface Segment {', 'Segment'],
      ['export type RequestBody = { name: string };', 'RequestBody'],
      ['type Options<T> = Partial<T>;', 'Options'],
      ['declare function marked(src: string): string;', 'marked'],
      // C prototypes in a public header (libuv's uv.h), spread over lines.
      ['UV_EXTERN int uv_timer_start(uv_timer_t* handle,', 'uv_timer_start'],
      ['extern int jv_parse_sized(const char* string,', 'jv_parse_sized'],
      // A prototype names its parameters' types only (tmux.h), which a definition cannot.
      ['long long\t args_string_percentage(const char *, long long, long long,', 'args_string_percentage'],
      ['int\t\t uv_tcp_nodelay(uv_tcp_t *,', 'uv_tcp_nodelay'],
    ];
    for (const [line, name] of declarations) {
      assert.ok(definesName(line, name), `defines: ${line}`);
      assert.ok(declaresTypeOnly(line, name), `type only: ${line}`);
    }
    const definitions: [string, string][] = [
      ['public class HandleSuperBuilder extends JavacAnnotationHandler<SuperBuilder> {', 'HandleSuperBuilder'],
      ['type Store struct {', 'Store'],
      ['func (s *Store) GetFlag(ctx context.Context, key string) (*flipt.Flag, error) {', 'GetFlag'],
      ['export class SegmentForm implements Segment {', 'SegmentForm'],
      ['class Interface:', 'Interface'],
      ['export const parse = (src: string): Node => {', 'parse'],
      ['  renderStars(count) {', 'renderStars'],
      ['  async fetchStats(username: string): Promise<Stats> {', 'fetchStats'],
      ['LUA_API int lua_gettop (lua_State *L) {', 'lua_gettop'],
      ['int uv_timer_start(uv_timer_t* handle,', 'uv_timer_start'],
      ['    def add(self, other):', 'add'],
      ['func (s *Store) Get(ctx context.Context, key *string,', 'Get'],
    ];
    for (const [line, name] of definitions) assert.ok(!declaresTypeOnly(line, name), `behaviour: ${line}`);
  });

  it('keeps a bounded number of compiled name patterns, so a long-lived host does not grow per issue', () => {
    for (let i = 0; i < 2000; i++) definesName(`def name_${i}(x):`, `name_${i}`);
    assert.ok(cachedDefinitionNames() <= 256, `${cachedDefinitionNames()} names cached`);
    assert.equal(definesName('def name_1999(x):', 'name_1999'), true);
    assert.equal(definesName('def name_0(x):', 'name_0'), true, 'an evicted name compiles again');
  });

  it('builds two ripgrep patterns for many names that ripgrep and JavaScript both accept', () => {
    const [keywords, lineStart] = definitionSearchPatterns(['Foo', 'bar_baz', 'a.b']).map((p) => new RegExp(p));
    assert.ok(keywords!.test('class Foo:'));
    assert.ok(keywords!.test('pub fn bar_baz() {}'));
    assert.ok(lineStart!.test('bar_baz = 3'));
    assert.ok(!keywords!.test('x = a_b') && !lineStart!.test('x = a_b'));
    // A definition of the name with a `$` before it (the clue has none), and not a call of it.
    const defined = ['export function $bar_baz(x) {', '  $bar_baz(x) {', '$.fn.$bar_baz = function () {'];
    assert.deepEqual(defined.map((line) => keywords!.test(line) || lineStart!.test(line)), [true, true, true]);
    assert.deepEqual(['  $bar_baz(x);', '  y = $bar_baz(x);'].map((line) => keywords!.test(line) || lineStart!.test(line)), [false, false]);
  });

  it('bounds the names as groups, so 40 names cost no more word boundaries than two', () => {
    const boundaries = (names: string[]) => definitionSearchPatterns(names).map((p) => p.split('\\b').length - 1);
    const many = Array.from({ length: 40 }, (_, i) => `name_${i}`);
    assert.deepEqual(boundaries(many), boundaries(['Foo', 'bar']));
    // A name that starts with `$` gets no `\b` before it, and still only whole names match.
    const [keywords, lineStart] = definitionSearchPatterns(['Foo', '$scope', 'save']).map((p) => new RegExp(p));
    assert.ok(lineStart!.test('$scope = {}') && lineStart!.test('  save(x) {') && keywords!.test('class Foo {'));
    assert.ok(!keywords!.test('class FooBar {') && !lineStart!.test('$scopes = {}') && !lineStart!.test('saved = 1'));
  });
});
