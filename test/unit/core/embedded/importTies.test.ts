import { strict as assert } from 'node:assert';
import type { GrepHit } from '../../../../src/common/tools';
import { importName, importTies, importTiesPattern } from '../../../../src/core/embedded/importTies';
import { LeaderCheck } from '../../../../src/core/embedded/leaderCheck';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';
import { FAILED_GREP, rankedLeaders } from './leaders';

const hit = (path: string, text: string): GrepHit => ({ path, line: 1, text });

describe('leading files that import one another', () => {
  it('names a file as its importers do: by its name, by its folder for an index file or a Go package', () => {
    assert.equal(importName('django/db/models/lookups.py'), 'lookups');
    assert.equal(importName('src/lists/ListService.test.js'), 'ListService', 'every extension goes');
    assert.equal(importName('src/database/index.js'), 'database');
    assert.equal(importName('astroid/brain/__init__.py'), 'brain');
    assert.equal(importName('crates/nu-command/src/lib.rs'), 'src');
    assert.equal(importName('tsdb/head.go'), 'tsdb', 'Go imports the package folder');
    assert.equal(importName('include/yaml.h'), 'yaml');
    assert.equal(importName('src/io.c'), undefined, 'too short to tell from other words');
    assert.equal(importName('main.go'), undefined, 'a Go file at the root has no folder to import');
    assert.equal(importTiesPattern(['a/io.c', 'b/db.py']), undefined, 'no usable name: no search');
  });

  it('ties importer and imported both ways, only on import lines, and never a file to itself', () => {
    const paths = ['pkg/lookups.py', 'pkg/query.py', 'pkg/sql/query.py', 'pkg/where.py', 'src/api.ts', 'src/index.ts', 'src/types.ts'];
    const ties = importTies(
      [
        hit('pkg/lookups.py', 'from pkg.query import Query'),
        hit('pkg/where.py', '    lookups = []  # the lookups of the query'),
        hit('pkg/query.py', 'from .query import helper'),
        hit('src/api.ts', 'export function _mime(types: string[]) {'),
        hit('src/index.ts', "export { Mime } from './types';"),
      ],
      paths,
    );
    assert.deepEqual([...ties.get('pkg/lookups.py')!].sort(), ['pkg/query.py', 'pkg/sql/query.py'], 'two files share the name: both are tied');
    assert.deepEqual([...ties.get('pkg/query.py')!].sort(), ['pkg/lookups.py', 'pkg/sql/query.py']);
    assert.deepEqual([...ties.get('pkg/where.py')!], [], 'a line that is not an import ties nothing');
    assert.deepEqual([...ties.get('src/api.ts')!], [], 'an exported function with a parameter named like a file imports nothing');
    assert.deepEqual([...ties.get('src/index.ts')!], ['src/types.ts'], 'a re-export imports the file after its from');
  });

  describe('in the leader check, with real ripgrep', () => {
    let dir = '';
    const files: Record<string, string> = {
      'src/database/redis/list.js': "'use strict';\nconst helpers = require('./helpers');\nmodule.exports = function (module) {};\n",
      'src/database/redis/helpers.js': "'use strict';\nconst helpers = module.exports;\nhelpers.noop = () => {};\n",
      'src/topics/tools.ts': "import { listRemove } from '../database/redis/list';\nexport function purge() {}\n",
      'lib/yaml.c': '#include "yaml.h"\n#include <stdio.h>\nint yaml_parse(void) { return 0; }\n',
      'lib/yaml.h': 'int yaml_parse(void);\n',
      'cmd/server/main.go': 'package main\n\nimport (\n\t"fmt"\n\t"example.com/app/tsdb"\n)\n\nfunc main() { fmt.Println(tsdb.Open()) }\n',
      'tsdb/head.go': 'package tsdb\n\nfunc Open() int { return 1 }\n',
      'notes/guide.md': 'Lists live in ./list and use the helpers from ./helpers.\n',
    };

    before(() => {
      dir = makeTree(files, 'codegrep-import-ties-');
    });

    after(() => removeTree(dir));

    it('greps the leaders once for import lines naming another leader, in JavaScript, TypeScript, C and Go', async () => {
      const ranked = rankedLeaders(Object.keys(files), 10);
      const check = LeaderCheck.plan(ranked, new Map([['purge', 1]]))!;
      const calls = check.nextCalls(8);
      assert.equal(calls.length, 3, 'the words grep, the imports grep and the re-exports grep of the scripts');
      assert.match(check.thought(calls), /rarest words and for imports of one another and for re-exports/);
      const runner = new NodeToolRunner({ roots: [dir] });
      for (const call of calls) assert.equal(check.ingest(call, await runner.run(call, new AbortController().signal)), true);
      const ties = check.importTies()!;
      const tied = (path: string) => [...ties.get(path)!].sort();
      assert.deepEqual(tied('src/database/redis/list.js'), ['src/database/redis/helpers.js', 'src/topics/tools.ts'], 'a require and an ES import');
      assert.deepEqual(tied('lib/yaml.c'), ['lib/yaml.h'], 'a C source and the header it includes');
      assert.deepEqual(tied('tsdb/head.go'), ['cmd/server/main.go'], 'a Go file and the package that imports its folder');
      assert.deepEqual(tied('notes/guide.md'), [], 'prose naming files is no import');
    });

    it('gives no ties when the imports grep fails', () => {
      const ranked = rankedLeaders(['lib/yaml.c', 'lib/yaml.h'], 2);
      const check = LeaderCheck.plan(ranked, new Map([['yaml', 1]]))!;
      const imports = check.nextCalls(8).find((c) => c.id === 'embedded_check_imports')!;
      check.ingest(imports, FAILED_GREP);
      assert.equal(check.importTies(), undefined);
    });
  });
});
