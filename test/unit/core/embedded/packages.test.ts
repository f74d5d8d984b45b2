import { strict as assert } from 'node:assert';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { EvidenceBoard } from '../../../../src/core/embedded/evidence';
import { manifestFolder, packageDeclarationPattern, packageNames, packageSubpaths, subpathGlobs, subpathResolves } from '../../../../src/core/embedded/packages';

describe('npm packages an issue names (monorepo folders)', () => {
  it('takes scoped names and bare import specifiers, without subpaths, first seen first', () => {
    const text = [
      '[@babel/parser] wrong location; see https://www.npmjs.com/package/@babel/types',
      "import { ref } from '@vue/reactivity/dist/reactivity.esm-bundler.js';",
      "const lodash = require('lodash/fp');",
      "import('chalk');",
    "import 'core-js/stable';",
      "import x from './local.js'; import y from '/abs/path.js'; import fs from 'node:fs';",
      "import Button from '@/components/Button.vue';",
      'mail me at ada@example.com/x, or @octocat',
    ].join('\n');
    assert.deepEqual(packageNames(text), ['@babel/parser', '@vue/reactivity', 'lodash', 'chalk', 'core-js']);
  });

  it('keeps to npm-sized names and a dozen packages, however long the paste', () => {
    assert.deepEqual(packageNames(`@a/${'b'.repeat(300)} @c/d`), ['@c/d']);
    const many = Array.from({ length: 40 }, (_, i) => `@s/p${i}`).join(' ');
    assert.equal(packageNames(many).length, 12);
  });

  it('is part of what mining returns', () => {
    assert.deepEqual(mineIssue({ title: '@mini/core: crash', body: "from 'mini-cli'" }).packages, ['@mini/core', 'mini-cli']);
    assert.deepEqual(mineIssue({ title: 'Crash in parser', body: 'from x import y' }).packages, []);
  });

  it("declares a grep of the names' package.json lines, special characters escaped", () => {
    const re = new RegExp(packageDeclarationPattern(['@mini/core', 'a.b']));
    assert.ok(re.test('  "name": "@mini/core",'));
    assert.ok(!re.test('  "name": "@mini/core-legacy",'));
    assert.ok(re.test('\t"name" : "a.b"'));
    assert.ok(!re.test('  "name": "axb"'));
  });

  it("maps a package.json to its folder, not the workspace root's nor an installed one's", () => {
    assert.equal(manifestFolder('packages/babel-parser/package.json'), 'packages/babel-parser/');
    assert.equal(manifestFolder('package.json'), '');
    assert.equal(manifestFolder('node_modules/@babel/parser/package.json'), undefined);
    assert.equal(manifestFolder('packages/x/node_modules/y/package.json'), undefined);
    assert.equal(manifestFolder('packages/x/tsconfig.json'), undefined);
  });
});

describe("deep imports: modules inside a package (`import utc from 'dayjs/plugin/utc'`)", () => {
  it('takes the subpath of scoped and plain specifiers, without script extensions, and skips assets and aliases', () => {
    const text = [
      "import utc from 'dayjs/plugin/utc';",
      "import Button from '@mui/material/Button';",
      "const settle = require('axios/lib/core/settle.js');",
      "import 'dayjs/plugin/utc'; import x from 'dayjs';",
      "import 'pkg/dist/style.css'; import data from 'pkg/data.json'; import y from '@/lib/y'; import fs from 'node:fs/promises';",
    ].join('\n');
    assert.deepEqual(packageSubpaths(text), [
      { name: 'dayjs', subpath: 'plugin/utc' },
      { name: '@mui/material', subpath: 'Button' },
      { name: 'axios', subpath: 'lib/core/settle' },
    ]);
  });

  it("resolves the way Node and bundlers do, relative to the package's folder", () => {
    const yes: [string, string][] = [
      ['plugin/utc.js', 'plugin/utc'],
      ['src/plugin/utc/index.js', 'plugin/utc'],
      ['lib/core/settle.js', 'lib/core/settle'],
      ['src/core/settle.ts', 'lib/core/settle'],
      ['hooks/src/index.js', 'hooks'],
      ['src/Button/Button.tsx', 'Button'],
      ['src/Button/index.ts', 'Button'],
      ['lib/sync.js', 'sync'],
    ];
    for (const [path, subpath] of yes) assert.ok(subpathResolves(path, subpath), `${path} for ${subpath}`);
    const no: [string, string][] = [
      ['src/plugin/utc.d.ts', 'plugin/utc'],
      ['other/plugin/utc.js', 'plugin/utc'],
      ['src/Button/Button.css', 'Button'],
      ['src/Button/ButtonBase.tsx', 'Button'],
      ['docs/hooks/src/index.js', 'hooks'],
      ['lib/api/sync.js', 'sync'],
    ];
    for (const [path, subpath] of no) assert.ok(!subpathResolves(path, subpath), `not ${path} for ${subpath}`);
  });

  it('globs for every form it resolves, by the last two segments', () => {
    const globs = subpathGlobs('lib/core/settle');
    assert.ok(globs.includes('core/settle.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'), globs.join(' '));
    assert.ok(globs.includes('Button/Button.{ts,tsx,mts,cts,js,jsx,mjs,cjs}') === false);
    assert.ok(subpathGlobs('Button').includes('Button/Button.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'));
    assert.ok(subpathGlobs('hooks').includes('hooks/src/index.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'));
  });

  it('mines a deep import as a module clue of its package', () => {
    const clue = mineIssue({ title: 'utc() is off by an hour', body: "```js\nimport utc from 'dayjs/plugin/utc'\n```" }).clues.find((c) => c.kind === 'module');
    assert.deepEqual(clue && { text: clue.text, package: clue.package }, { text: 'plugin/utc', package: 'dayjs' });
  });
});

describe("EvidenceBoard: a deep import's module counts only inside its package's folder", () => {
  const clue = { kind: 'module' as const, text: 'client', source: 'code' as const, weight: 1.6, package: 'mini-dom' };
  const context = (board: EvidenceBoard) => board.context({ mentionsTests: false, mentionsDocs: false, titleWords: [], titleCompounds: [], titleLocales: [], bodyCompounds: [], bodyWords: [], qualifiers: new Map() });
  const manifest = (path: string, name: string) => ({ path, line: 2, text: `  "name": "${name}",` });

  it("matches in a monorepo package's folder, and not the reporter's own file of the same name", () => {
    const board = new EvidenceBoard();
    board.addPaths(['src/client.js', 'packages/mini-dom/src/client.js', 'packages/other/src/client.js'], [clue]);
    board.addPackageManifests([manifest('packages/mini-dom/package.json', 'mini-dom'), manifest('packages/other/package.json', 'other')]);
    const ctx = context(board);
    assert.deepEqual(board.all().filter((f) => f.moduleMatches.length > 0).map((f) => f.path), ['packages/mini-dom/src/client.js']);
    assert.equal(ctx.pathFiles.get('client'), 1);
  });

  it("matches from the root when the root's package.json declares it, yet no file is in a named package", () => {
    const board = new EvidenceBoard();
    board.addPaths(['src/client.js'], [clue]);
    board.addPackageManifests([manifest('package.json', 'mini-dom')]);
    const ctx = context(board);
    assert.deepEqual(board.get('src/client.js')?.moduleMatches, [clue]);
    assert.equal(ctx.packages.size, 0);
  });

  it('matches nothing when no package.json declares the package (an app importing a dependency)', () => {
    const board = new EvidenceBoard();
    board.addPaths(['src/client.js'], [clue]);
    context(board);
    assert.equal(board.get('src/client.js'), undefined);
  });
});
