import { strict as assert } from 'node:assert';
import { isMigrationScript, pathKind } from '../../../../src/core/embedded/pathKinds';

describe('path kinds', () => {
  it('classifies paths by their folders and names', () => {
    assert.equal(pathKind('src/_pytest/main.py'), 'source');
    assert.equal(pathKind('testing/test_main.py'), 'test');
    assert.equal(pathKind('core/mapping/unmarshaler_test.go'), 'test');
    assert.equal(pathKind('src/cards/repo-card.test.js'), 'test');
    // Catch2's own tests, and C++ projects' `unittests/` folders.
    for (const path of ['projects/SelfTest/IntrospectiveTests/Tag.tests.cpp', 'tests/SelfTest/UsageTests/Generators.tests.cpp', 'llvm/unittests/Support/Path.cpp', 'src/self-test/runner.c']) {
      assert.equal(pathKind(path), 'test', path);
    }
    for (const path of ['include/internal/catch_test_case_info.cpp', 'src/selftester.c', 'lib/unit.js']) assert.equal(pathKind(path), 'source', path);
    // A Django app's `tests.py` and a Rust crate's `tests.rs` by their whole name; pytest's own modules are source.
    for (const path of ['polls/tests.py', 'src/tests.rs', 'src/parser/test.rs', 'testing/conftest.py']) assert.equal(pathKind(path), 'test', path);
    // CamelCase tests and their folders, and Chromium-style `_unittest.cc`; not a framework's `Test.java`, a
    // module named for A/B tests, astroid's brain for `unittest`, or Redis's memory test.
    for (const path of ['src/muParserTest.cpp', 'src/main/java/org/x/ParserTest.java', 'App/AppTests/ModelTest.swift', 'app/src/androidTest/java/Foo.kt', 'ui/src/setupTests.ts', 'src/logging_unittest.cc']) {
      assert.equal(pathKind(path), 'test', path);
    }
    for (const path of ['src/main/java/org/x/Test.java', 'lib/ABTest.ts', 'astroid/brain/brain_unittest.py', 'src/memtest.c', 'lib/latest.js']) assert.equal(pathKind(path), 'source', path);
    assert.equal(pathKind('docs/recipes/WritingTests.md'), 'doc', 'a page about tests');
    for (const path of ['src/_pytest/unittest.py', 'src/_pytest/doctest.py', 'src/pytest.py', 'src/digest.rs', 'app/latest.py']) assert.equal(pathKind(path), 'source', path);
    // A Python package's own testing framework is source; tests in it, and fixtures under it, are tests.
    for (const path of ['django/test/testcases.py', 'django/test/client.py', 'numpy/testing/_private/utils.py', 'sphinx/testing/util.py', 'src/pkg/testing/helpers.py']) assert.equal(pathKind(path), 'source', path);
    for (const path of ['django/test/test_foo.py', 'test/helpers.py', 'testing/python/collect.py', 'crates/ruff_linter/resources/test/fixtures/pyflakes/F523.py', 'pkg/tests/test/x.py', 'pkg/test/helpers.js']) assert.equal(pathKind(path), 'test', path);
    assert.equal(pathKind('docs/usage.rst'), 'doc');
    // A `doc` module among the sources is code (ExcelJS's document model, Go's doc-comment parser); its prose is not,
    // and neither is code in a top-level or a package's documentation folder.
    for (const path of ['lib/doc/cell.js', 'src/go/doc/reader.go', 'src/editor/docs/model.ts']) assert.equal(pathKind(path), 'source', path);
    for (const path of ['lib/doc/README.md', 'docs/conf.py', 'doc/examples/plot.py', 'packages/ui/docs/demo.tsx']) assert.equal(pathKind(path), 'doc', path);
    // Release notes are prose whatever their extension (sphinx keeps CHANGES.old at the top level).
    assert.equal(pathKind('CHANGES.old'), 'doc');
    assert.equal(pathKind('HISTORY'), 'doc');
    assert.equal(pathKind('sphinx/util/changes.py'), 'source', 'a module named changes is code');
    assert.equal(pathKind('examples/demo.py'), 'example');
    assert.equal(pathKind('_examples/simple/main.go'), 'example', "Go's examples, in a folder the go tool skips");
    assert.equal(pathKind('src/types/index.js.flow'), 'generated', "Flow's type declarations, like a .d.ts");
    assert.equal(pathKind('singleheader/simdjson.h'), 'vendor');
    assert.equal(pathKind('src/pip/_vendor/requests/models.py'), 'vendor');
    assert.equal(pathKind('botocore/vendored/six.py'), 'vendor');
    assert.equal(pathKind('sklearn/externals/joblib/parallel.py'), 'vendor');
    assert.equal(pathKind('requests/packages/urllib3/response.py'), 'vendor', "a package's own `packages/` holds copies");
    assert.equal(pathKind('packages/pytest-plugin/src/plugin.py'), 'source', "a root `packages/` is a monorepo's");
    assert.equal(pathKind('packages/insomnia/src/utils/importers/openapi.ts'), 'source');
    assert.equal(pathKind('tools/packages/cli/index.js'), 'source', 'only Python vendors into a nested `packages/`');
    assert.equal(pathKind('python/packages/autogen-core/src/autogen_core/_agent.py'), 'source', "a monorepo's Python packages");
    assert.equal(pathKind('var/spack/repos/builtin/packages/zlib/package.py'), 'source');
    assert.equal(pathKind('src/packages/foo.py'), 'source');
    assert.equal(pathKind('crates/red_knot_vendored/src/lib.rs'), 'source', "a crate named for what it holds is the project's");
    assert.equal(pathKind('sphinx/themes/basic/static/jquery-3.5.1.js'), 'vendor');
    assert.equal(pathKind('static/app.min.js'), 'vendor');
    assert.equal(pathKind('src/cards/stats-card.js'), 'source');
    assert.equal(pathKind('package.json'), 'data');
    // Snapshot tests' recorded outputs: Jest's and Vitest's, and Rust insta's.
    assert.equal(pathKind('src/components/__snapshots__/Button.test.tsx.snap'), 'test');
    assert.equal(pathKind('crates/ruff_linter/src/rules/pyflakes/snapshots/ruff_linter__rules__pyflakes__tests__F523_F523.py.snap'), 'test');
    assert.equal(pathKind('crates/ruff_linter/src/rules/pyflakes/rules/strings.rs'), 'source');
    for (const path of ['redis.conf', 'ports/unix/variants/mpconfigvariant_common.mk', 'config.h.in', 'MANIFEST.in', 'patches/fix-build.patch', '.editorconfig', 'lib/.gitignore', '.pylintrc']) {
      assert.equal(pathKind(path), 'data', path);
    }
    assert.equal(pathKind('src/server/main.in.ts'), 'source', 'only a name ending in .in is a template');
    // An executable script in a bin folder needs no extension; other names without one are data.
    for (const path of ['bin/www', 'bin/lessc', 'packages/cli/bin/create-app']) assert.equal(pathKind(path), 'source', path);
    for (const path of ['Makefile', 'LICENSE', 'src/Dockerfile', 'bin/.gitkeep']) assert.notEqual(pathKind(path), 'source', path);
    // The test folders of JavaScript projects, and Storybook's stories.
    for (const path of ['src/api/__mocks__/client.ts', 'packages/core/fixtures/issue.js', 'e2e/login.ts', 'cypress/integration/cart.js']) {
      assert.equal(pathKind(path), 'test', path);
    }
    assert.equal(pathKind('src/components/Button.stories.tsx'), 'example');
    assert.equal(pathKind('src/components/Button.tsx'), 'source');
    assert.equal(pathKind('lib/matplotlib/axes/_base.pyi'), 'generated', 'a stub declares what the .py beside it does');
    assert.equal(pathKind('lib/matplotlib/axes/_base.py'), 'source');
    // String tables named by their language, and Go's package documentation.
    for (const path of ['cwe/en.go', 'cwe/ja.go', 'src/messages/pt_BR.js', 'i18n_tables/zh-cn.py']) assert.equal(pathKind(path), 'data', path);
    for (const path of ['src/uu/tr/src/tr.rs', 'src/id.go', 'lib/es.js', 'src/entry.go']) assert.equal(pathKind(path), 'source', path);
    assert.equal(pathKind('internal/server/doc.go'), 'doc');
    for (const path of ['fuzz/fuzz_targets/fuzz_env.rs', 'caddyconfig/caddyfile/lexer_fuzz.go', 'fuzz/fuzz_dump.cpp', 'tests/fuzz/parse_fuzzer.cc']) {
      assert.equal(pathKind(path), 'test', path);
    }
    assert.equal(pathKind('src/fuzzy/matcher.ts'), 'source', 'fuzzy matching is not fuzzing');
    // Tests of a package's type declarations (tsd, DefinitelyTyped, dtslint), beside the index.d.ts they check.
    for (const path of ['index.test-d.ts', 'test-d/emitter.ts', 'types/tests.ts', 'typings/nock-tests.ts', 'src/types/index_tests.tsx']) {
      assert.equal(pathKind(path), 'test', path);
    }
    for (const path of ['types/index.d.ts', 'src/types/latest.ts', 'lib/test.js']) assert.notEqual(pathKind(path), 'test', path);
  });

  it("calls a JavaScript project's top-level scripts its tooling, and a Python project's its code", () => {
    for (const path of ['scripts/convert-ced-locale.js', 'scripts/release/publish.mjs', 'scripts/release.ts']) assert.equal(pathKind(path), 'tooling', path);
    for (const path of ['scripts/partner_batch_imports.py', 'src/scripts/run.js', 'packages/app/scripts/build.js']) assert.notEqual(pathKind(path), 'tooling', path);
  });

  it('knows migration scripts from a migrations framework', () => {
    // Migration scripts run once on old data; a migrations framework's own modules are code.
    for (const path of ['django/contrib/auth/migrations/0011_update_proxy_permissions.py', 'db/migration/20200608153717_referential_integrity.go', 'src/upgrades/1.14.0/fix_category_image_field.js', 'config/migrations/postgres/000012_rollouts.up.sql', 'db/migrate/20240101120000_add_users.rb']) {
      assert.ok(isMigrationScript(path), path);
    }
    for (const path of ['django/db/migrations/autodetector.py', 'django/contrib/auth/migrations/__init__.py', 'src/upgrade.js', 'internal/storage/sql/migrator.go']) {
      assert.ok(!isMigrationScript(path), path);
    }
  });
});
