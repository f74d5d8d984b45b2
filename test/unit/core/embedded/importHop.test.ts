import { strict as assert } from 'node:assert';
import { HOP_LIMITS, ImportHop } from '../../../../src/core/embedded/importHop';
import { importTargets, importedNames, matchesTarget, packageGlob } from '../../../../src/core/embedded/imports';
import { FEATURE_NAMES, candidateFeatures, modelWindow } from '../../../../src/core/embedded/features';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { issueVocabulary } from '../../../../src/core/embedded/lexical';
import type { ScoredFile } from '../../../../src/core/embedded/score';
import type { ToolCall } from '../../../../src/common/tools';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

const signal = new AbortController().signal;

function scored(path: string, score: number): ScoredFile {
  return { path, score, evidence: { path, pathMatches: [], moduleMatches: [], definitions: new Map(), mentions: new Map(), messages: new Map() } };
}

describe('one hop along imports (imports.ts, importHop.ts)', () => {
  it('resolves each language’s import lines by its own syntax and layout', () => {
    assert.deepEqual(importTargets('django/db/models/query.py', 'from .sql import Query'), ['django/db/models/sql.py', 'django/db/models/sql/__init__.py']);
    assert.deepEqual(importTargets('django/db/models/query.py', 'from ..utils import x'), ['django/db/utils.py', 'django/db/utils/__init__.py']);
    assert.deepEqual(importTargets('src/flask/app.py', 'from . import cli, json'), ['src/flask/cli.py', 'src/flask/cli/__init__.py', 'src/flask/json.py', 'src/flask/json/__init__.py']);
    assert.deepEqual(importTargets('src/flask/app.py', 'from flask.helpers import get_root'), ['src/flask/helpers.py', 'src/flask/helpers/__init__.py']);
    assert.deepEqual(importTargets('src/flask/app.py', 'import os.path'), [], 'a package not on the file’s path is external');
    assert.ok(importTargets('lib/router/index.js', "var Route = require('./route');").includes('lib/router/route.js'));
    assert.ok(importTargets('src/a/b.ts', "import { x } from '../c.js';").includes('src/c.ts'), 'TypeScript imports ./x.js for x.ts');
    assert.ok(importTargets('src/a/b.ts', "export * from './util';").includes('src/a/util/index.ts'));
    assert.deepEqual(importTargets('src/a/b.ts', "import React from 'react';"), [], 'bare specifiers are packages');
    assert.deepEqual(importTargets('crates/x/src/lib.rs', 'pub mod parser;'), ['crates/x/src/parser.rs', 'crates/x/src/parser/mod.rs']);
    assert.ok(importTargets('crates/x/src/a/b.rs', 'use crate::rules::fixes;').includes('crates/x/src/rules/fixes.rs'));
    assert.deepEqual(importTargets('src/main.c', '#include "lib/util.h"'), ['**/lib/util.h']);
    assert.deepEqual(importTargets('A.java', 'import static org.x.Util.join;'), ['**/org/x/Util.java', '**/org/x/Util.kt']);
    assert.equal(importedNames('a/b.py', 'from .x import retry_budget, run'), 'retry_budget, run');
    assert.equal(importedNames('a/b.ts', "import { parseDate } from './dates';").trim(), 'import { parseDate } from');
    assert.equal(importedNames('A.java', 'import org.x.Util;'), 'Util');
    assert.equal(packageGlob('core/rest/server.go'), 'core/rest/*.go');
    assert.equal(packageGlob('src/app.py'), undefined, 'a Python package is not its folder');
    assert.ok(matchesTarget('core/rest/router.go', 'core/rest/*.go'));
    assert.ok(!matchesTarget('core/rest/sub/router.go', 'core/rest/*.go'), 'a subfolder is another package');
    assert.ok(matchesTarget('include/lib/util.h', '**/lib/util.h'));
    assert.ok(!matchesTarget('include/xlib/util.h', '**/lib/util.h'));
  });

  describe('on a real tree with the real tools', () => {
    let dir = '';
    before(() =>
      (dir = makeTree(
        {
          'pkg/api.py': 'from .engine import run, retry_budget\nfrom . import helpers\n\ndef handle(request):\n    return run(request)\n',
          'pkg/engine.py': 'def run(request):\n    # the retry budget is spent here\n    return retry_budget(request)\n',
          'pkg/helpers.py': 'def noop():\n    pass\n',
          'pkg/other.py': 'retry_budget = 3\n',
          'svc/server.go': 'package svc\n\nfunc Serve() { route() }\n',
          'svc/route.go': 'package svc\n\nfunc route() { retryBudget() }\n',
          'svc/sub/deep.go': 'package sub\n\nfunc retryBudget() {}\n',
        },
        'codegrep-hop-',
      )));
    after(() => removeTree(dir));

    async function runCall(runner: NodeToolRunner, call: ToolCall) {
      return runner.run(call, signal);
    }

    it('reads the leaders’ imports beside the check, then scores the imported files for the issue’s words', async () => {
      const runner = new NodeToolRunner({ roots: [dir] });
      const vocabulary = issueVocabulary('handle() fails: retry_budget is never reset');
      const hop = new ImportHop(['pkg/api.py', 'pkg/other.py'], vocabulary);
      const scan = hop.scanCall();
      assert.ok(hop.ingest(scan, await runCall(runner, scan)));
      const ranked = [scored('pkg/api.py', 5), scored('pkg/other.py', 4)];
      const call = hop.hopCall(ranked)!;
      assert.ok(call, 'the leader imports project modules');
      assert.ok(hop.ingest(call, await runCall(runner, call)));
      const evidence = hop.evidence();
      assert.ok(evidence.lexical('pkg/engine.py') > 0, 'the imported engine holds the issue’s words');
      assert.equal(evidence.lexical('pkg/helpers.py'), 0, 'an import without the words scores nothing');
      assert.ok(evidence.linkedFrom('pkg/engine.py', 0));
      assert.ok(evidence.linkedFrom('pkg/helpers.py', 0), '`from . import helpers` names a module');
      assert.ok(!evidence.linkedFrom('pkg/other.py', 0));
      assert.ok(evidence.namedImport('pkg/engine.py'), 'the leader imports the issue’s `retry_budget` from the engine');
      assert.ok(!evidence.namedImport('pkg/helpers.py'));

      // Widening: the engine, never found by turn 1, enters the ranker's window after the first `keep` files.
      const widened = hop.widen(ranked, 1);
      assert.deepEqual(widened.ranked.map((f) => f.path), ['pkg/api.py', 'pkg/engine.py', 'pkg/other.py']);
      assert.deepEqual([...widened.added], ['pkg/engine.py']);
      assert.ok(widened.added.size <= HOP_LIMITS.added);
      const issue = mineIssue({ title: 'handle() fails', body: 'retry_budget is never reset' });
      const context = { mentionsTests: false, mentionsDocs: false, titleWords: [], bodyWords: [], qualifiers: new Map(), definitionFiles: new Map(), mentionFiles: new Map(), messageFiles: new Map(), pathFiles: new Map(), stemFiles: new Map() };
      const lexical = new Map([['pkg/api.py', { score: 2, words: [] }], ['pkg/other.py', { score: 1, words: [] }]]);
      const rows = candidateFeatures({ ranked: widened.ranked, context, issue, lexical, hop: evidence, added: widened.added }, 10);
      const at = (name: string, row: number) => rows[row]!.values[FEATURE_NAMES.indexOf(name)];
      assert.equal(at('hop_added', 1), 1);
      assert.equal(at('hop_imported_by_first', 1), 1);
      assert.ok(at('hop_lexical_share', 1)! > 0);
      assert.equal(at('hop_added', 2), 0);
      assert.deepEqual(modelWindow(rows, 1).map((r) => r.path), ['pkg/api.py', 'pkg/engine.py'], 'the window keeps the added file');
    });

    it('in Go, searches the leader’s package-mates (same folder, not subfolders)', async () => {
      const runner = new NodeToolRunner({ roots: [dir] });
      const hop = new ImportHop(['svc/server.go', 'pkg/other.py'], issueVocabulary('Serve never calls retryBudget'));
      const scan = hop.scanCall();
      hop.ingest(scan, await runCall(runner, scan));
      const call = hop.hopCall([scored('svc/server.go', 3), scored('pkg/other.py', 1)])!;
      hop.ingest(call, await runCall(runner, call));
      const evidence = hop.evidence();
      assert.ok(evidence.samePackage('svc/route.go'));
      assert.ok(evidence.lexical('svc/route.go') > 0);
      assert.equal(evidence.lexical('svc/sub/deep.go'), 0, 'another package');
    });
  });
});
