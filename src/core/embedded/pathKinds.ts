/**
 * What a file is for, by its folders and name (source, test, doc, example, vendored, data, generated), whatever
 * the issue: score.ts and the features weigh each kind, and issueKind there adjusts it for what an issue is about.
 */
import { memoized } from '../../common/memo';

/**
 * A C or C++ project's build files: CMake's, Meson's, make's, autotools' and Bazel's, and a pkg-config file's
 * template. Data or docs by their names (`CMakeLists.txt`), but where a build or install issue is fixed.
 */
export const BUILD_FILE = /^(?:CMakeLists\.txt|meson\.build|meson_options\.txt|meson\.options|(?:GNU)?[Mm]akefile(?:\.am|\.in)?|configure\.(?:ac|in)|BUILD(?:\.bazel)?|WORKSPACE)$|\.(?:cmake(?:\.in)?|mk|bzl|pc(?:\.in|\.cmake)?)$/;

/** A TypeScript declaration file: generated beside `.ts` sources, hand-written in a JavaScript package. */
export const TS_DECLARATION = /\.d\.[cm]?ts$/;

const GENERATED_NAME = /(?:\.pb(?:\.gw)?\.go|_pb2(?:_grpc)?\.pyi?|\.pb\.(?:h|cc|ts|js)|[._]gen\.go|\.generated\.\w+|\.g\.dart|_mock\.go)$|^zz_generated\.|^mock_\w+\.go$/;

/** A code file named by a language code, with or without a region (`en.go`, `ja.ts`, `pt_BR.js`, `zh-cn.py`). */
const LANGUAGE_TABLE = /^(?:en|ja|fr|de|zh|ko|ru|pt|nl|pl|sv|cs|fi|da|nb|el|hu|ro|vi|th)(?:[-_][a-z]{2,4})?\.(?:go|[cm]?[jt]sx?|py|rs|java|kt|rb|php)$/;

/** What a file is for, judged by its folders and name: only `source` is where most fixes go. */
export type PathKind = 'source' | 'test' | 'doc' | 'example' | 'tooling' | 'vendor' | 'data' | 'generated';

/**
 * A JavaScript or TypeScript project's top-level `scripts/`: its maintainers' tooling (build, release, code and
 * docs generation; what package.json's scripts run), not code its users run. A Python project's `scripts/` is often
 * the product itself (Open Library's importers), so only script-language files count.
 */
export const TOOLING_SCRIPT = /^scripts\/.+\.[cm]?[jt]sx?$/;

const TEST_FOLDER = /(?:^|\/)(?:tests?|testing|__tests__|__snapshots__|__mocks__|fixtures?|e2e|cypress|spec|specs|testdata|test_utils|benchmarks?|bench)\//;

const TEST_NAME = /^test_|_test\.\w+$|_tests\.\w+$|_unittests?\.(?:c|cc|cpp|cxx)$|\.(?:tests?|spec)\.\w+$|^conftest\.py$|^tests?\.(?:rs|py)$|\.snap$/;

/**
 * A test named in CamelCase, or a folder of them: JUnit's `FooTest.java`, muParser's `muParserTest.cpp`, Xcode's
 * `AppTests/`, Android's `src/androidTest/`. Only after a lower-case letter or digit: `Test.java` and `ABTest` may be
 * a framework's own names. Only code: Redux's `docs/recipes/WritingTests.md` is a page about tests.
 */
const CAMEL_TEST = /[a-z0-9]Tests?(?:\/|\.(?:[ch](?:c|pp|xx)?|mm?|swift|kt|java|cs|scala|go|rs|py|rb|php|[cm]?[jt]sx?)$)/;

/** A Python module in a package's `test/` or `testing/` folder, below the top level (`django/test/client.py`). */
const FRAMEWORK_TESTING = /^(?:src\/)?[a-z_]\w*\/(?:[a-z_]\w*\/)*(?:test|testing)\/(?:[\w-]+\/)*[\w-]+\.py$/;

/**
 * Code in a `doc` or `docs` folder below a source root is a module of that name, not documentation: ExcelJS keeps its
 * document model (workbook, worksheet, row, cell) in `lib/doc/`, Go its doc-comment parser in `src/go/doc/`.
 */
const DOC_MODULE = /(?:^|\/)(?:src|lib)\/(?:[^/]+\/)*docs?\/(?:[^/]+\/)*[^/]+\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|rb|php|c|cc|cpp|cxx|h|hh|hpp|cs|swift|scala)$/;

/** A C or C++ file's template, filled in at build time: `logging.h.in`, `version.hpp.in`. */
const CODE_TEMPLATE = /\.(?:h|hh|hpp|hxx|c|cc|cpp|cxx)\.in$/;

/** Classifies a path as source, test, doc, example, tooling, vendored, data or generated/built by its folders and name. */
export const pathKind = memoized(classifyPath);

function classifyPath(path: string): PathKind {
  const lower = path.toLowerCase();
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  // Type declarations beside sources (TypeScript's `.d.ts`, Python's `.pyi` stubs, Flow's `.js.flow`), built bundles
  // and generated man pages look like code but are not where behaviour changes.
  if (TS_DECLARATION.test(name) || /\.pyi$|\.js\.flow$/.test(name) || /(?:^|\/)(?:dist|build|out|bundle|coverage)\//.test(lower)) return 'generated';
  // Code generators' outputs by their tools' naming conventions: protoc (`.pb.go`, `_pb2.py`, `.pb.cc`), gRPC
  // gateways, oapi-codegen and `go generate` (`.gen.go`, `_gen.go`), Kubernetes' deepcopy (`zz_generated.*`),
  // mockgen (`_mock.go`, `mock_*.go`), `.generated.ts`, Dart's `.g.dart`. A fix edits the
  // schema or the generator; the output changes with it, but it is not where the change is decided.
  if (GENERATED_NAME.test(name)) return 'generated';
  // Man pages, also as a template or a prebuilt copy (`jq.1.prebuilt`, `tool.1.in`): they list every option.
  if (/\.[1-9](?:\.(?:in|prebuilt|gz))?$/.test(name) || /(?:^|\/)man\/[^/]+\.[1-9]\w*$/.test(lower)) return 'doc';
  // Release notes kept in a folder of their own (jackson's `release-notes/VERSION-2.x`, towncrier's
  // `newsfragments/`, changesets' `.changeset/`): whatever the file is called, it lists past fixes.
  if (/(?:^|\/)(?:release[-_]?notes|changelogs?|changelog\.d|changes\.d|newsfragments|\.changeset)\//.test(lower)) return 'doc';
  // Repository metadata (issue templates, workflows) and a top-level copy of other projects' code.
  if (/^\.github\//.test(lower)) return 'data';
  if (/^contrib\//.test(lower)) return 'vendor';
  // Snapshot tests' recorded outputs (Jest's and Vitest's `__snapshots__/*.snap`, Rust insta's `snapshots/*.snap`)
  // hold every message the program prints, beside the test that records them; Jest's `__mocks__`, test fixtures
  // and browser tests (`e2e/`, `cypress/`) are tests too. A test of the string tables (`tests/locales/de.test.ts`,
  // `tests/i18n/`) is a test, not a table.
  // A Python package's own `test/` or `testing/` module is a testing framework's source (Django's `django/test/`,
  // `numpy/testing/`, `sphinx/testing/`): its files are what users' tests import, and fixes go there. Only a test
  // file by its name is a test in it.
  if (FRAMEWORK_TESTING.test(lower) && !TEST_NAME.test(name) && !TEST_FOLDER.test(lower.replace(/\/(?:test|testing)\//, '/'))) return 'source';
  if (TEST_FOLDER.test(lower)) return 'test';
  // A folder named for a kind of test (`integration-tests/`, Maven's `src/integration-test/`, `js_tests/`,
  // `scripts/stress-test/`, .NET's `Foo.Tests/`); `jest-test-result/` and other names that go on are not.
  // Catch2 keeps its own tests in `SelfTest/` as `*.tests.cpp`; LLVM-style C++ projects in `unittests/` (plural:
  // Python's own `unittest/` is the framework's source).
  if (/(?:^|\/)(?:[\w.-]+[-_.]tests?|self[-_]?tests?|unit[-_]?tests)\//.test(lower)) return 'test';
  // `tests.py` (a Django app's) and `tests.rs` by their whole name: `unittest.py`, `doctest.py` and `pytest.py` are
  // pytest's own modules, `digest.rs` a hash. Chromium-style C++ projects (glog) name theirs `foo_unittest.cc`;
  // astroid's `brain_unittest.py` is source, so only C and C++ names.
  if (TEST_NAME.test(name)) return 'test';
  if (CAMEL_TEST.test(path)) return 'test';
  // Tests of a package's type declarations: tsd's `index.test-d.ts` and `test-d/`, DefinitelyTyped's and dtslint's
  // `types/tests.ts` or `types/foo-tests.ts` beside the `index.d.ts` they check.
  if (/\.test-d\.[cm]?tsx?$/.test(name) || /(?:^|\/)test-d\//.test(lower) || /(?:^|\/)(?:types|typings)\/(?:[^/]*[-_])?tests?\.[cm]?tsx?$/.test(lower)) return 'test';
  // String tables (translations/en.ts, locales/fr.json) hold every word of the UI: they match any issue.
  if (/(?:^|\/)(?:translations?|locales?|i18n|l10n)\//.test(lower) || /(?:^|\/)(?:lang|languages?)\/[a-z]{2}(?:[-_][a-z]{2,4})?(?:\/|\.\w+$)/.test(lower)) return 'data';
  // A code file named by a language (`cwe/en.go` beside `cwe/ja.go`, `messages/de_DE.js`) is a string table too. Codes
  // that also name programs or words (`tr`, `it`, `id`, `es`) are left out.
  if (LANGUAGE_TABLE.test(name)) return 'data';
  // Fuzzing harnesses feed the code random input (cargo-fuzz's `fuzz/fuzz_targets/`, OSS-Fuzz's `fuzz/`, go-fuzz's
  // `lexer_fuzz.go`, libFuzzer's `x_fuzzer.cc`): tests by another name.
  if (/(?:^|\/)(?:fuzz|fuzzing|fuzzers?)\//.test(lower) || /^fuzz_|_fuzz(?:er)?\.\w+$/.test(name)) return 'test';
  // Go keeps a package's documentation comment in `doc.go`.
  if ((/(?:^|\/)(?:docs?|documentation|doc_src)\//.test(lower) && !DOC_MODULE.test(lower)) || /\.(?:md|rst|txt|adoc)$/.test(name) || name === 'doc.go') return 'doc';
  // Release notes and credits under any extension (CHANGES.old, HISTORY, NEWS.txt, AUTHORS).
  // Also one per release line (libevent's `ChangeLog-2.0`, `CHANGES-1.x`, `NEWS-3.2.md`).
  if (/^(?:changes|changelog|history|news|release[-_]?notes|authors|contributors)(?:[-_]v?\d[\dx.]*)?(?:\.(?!(?:py|pyx|js|mjs|ts|go|rs|java|kt|c|cc|cpp|h|hpp|rb|php)$)\w+)?$/.test(name)) return 'doc';
  if (TOOLING_SCRIPT.test(lower)) return 'tooling';
  // Storybook's stories show a component; the component's own file is where it changes. Go keeps examples in
  // `_examples/` (the go tool skips folders starting with `_` or `.`), so those prefixes count too.
  if (/(?:^|\/)[_.]?(?:examples?|samples?|demos?|tutorials?|galleries?)\//.test(lower) || /\.stories\.(?:[cm]?[jt]sx?|mdx)$/.test(name)) return 'example';
  // Copies of other projects' code: `third_party/`, `external(s)/`, Python's `_vendor/` (pip, setuptools) and
  // `vendored/`, scikit-learn's old `sklearn/externals/`.
  if (/(?:^|\/)(?:_?vendor|_?vendored|third_party|thirdparty|externals?|node_modules|extern)\//.test(lower) || /(?:^|\/)singleheader\//.test(lower)) return 'vendor';
  // A Python package's own `packages/` folder holds copies too (requests' `requests/packages/urllib3/`); a root
  // `packages/`, or one under a container such as `python/` or `src/`, holds a monorepo's own packages.
  if (/\.pyi?$/.test(name) && /^(?!(?:src|lib|libs|python|py|packages|modules|var)\/)[^/]+\/packages\/./.test(lower)) return 'vendor';
  // GNU build machinery copied into a project by autotools and libtool: no behaviour of the project is decided there.
  if (/^(?:config\.(?:guess|sub)|ltmain\.sh|install-sh|depcomp|missing|compile|ar-lib|test-driver|ylwrap|mkinstalldirs|aclocal\.m4)$/.test(name)) return 'vendor';
  // Minified or version-stamped bundles (jquery-3.5.1.js, underscore.min.js) are copies of someone else's code.
  if (/\.min\.(?:js|css)$|[-.]v?\d+\.\d+(?:\.\d+)?(?:\.min)?\.(?:js|css)$/.test(name)) return 'vendor';
  // A code file kept as a template that the build fills in (glog's `logging.h.in`, gflags' `gflags.h.in`) is that
  // code; a configuration header's template (autoheader's `config.h.in`, `foo_config.h.in`) is not.
  if (CODE_TEMPLATE.test(name) && !/config|defs?\./.test(name)) return 'source';
  // An executable in a `bin/` folder needs no extension (Express's `bin/www`, `bin/lessc`, `bin/rails`): a script.
  if (!name.includes('.') && /(?:^|\/)bin\/[^/]+$/.test(lower)) return 'source';
  // Configuration, make fragments, templates filled in at build time (`config.h.in`) and patches are not code either.
  // IDE project files too (a debugger's `.natvis` view, Visual Studio's and Xcode's projects), and a tool's dotfile
  // (`.gitignore`, `.editorconfig`, `.pylintrc`, `.npmrc`).
  if (/\.(?:json|ya?ml|lock|cmd|bat|ps1|csv|tsv|svg|html?|xml|ini|cfg|conf|toml|txt|properties|gradle|mod|sum|mk|in|patch|diff|natvis|vcxproj|sln|pbxproj|plist)$/.test(name) || !name.includes('.') || /^\.[^.]+$/.test(name)) return 'data';
  return 'source';
}

/**
 * A database migration or upgrade script: numbered or timestamped in a migrations folder (Django's
 * `migrations/0011_update_proxy_permissions.py`, goose's `db/migration/20200608153717_x.go`, golang-migrate's
 * `000001_init.up.sql`, Rails' `db/migrate/`), or under a version folder (NodeBB's `upgrades/1.14.0/x.js`). Each
 * runs once on old data; the behaviour an issue is about lives in the code beside them. The migrations framework's
 * own modules (`django/db/migrations/autodetector.py`) are not scripts.
 */
export function isMigrationScript(path: string): boolean {
  return /(?:^|\/)(?:migrations?|upgrades?|migrate)\/(?:[a-z][\w-]*\/)?(?:v?\d+(?:\.\d+)+\/[^/]+|\d+[_-][^/]+)$/i.test(path);
}

/** Translation catalogs and other data files: they copy a program's messages (`locale/fr/LC_MESSAGES/x.po`). */
export function isStringTable(path: string): boolean {
  return pathKind(path) === 'data' || /\.pot?$/.test(path);
}
