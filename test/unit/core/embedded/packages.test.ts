import { strict as assert } from 'node:assert';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { packageDeclarationPattern, packageFolder, packageNames } from '../../../../src/core/embedded/packages';

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
    assert.equal(packageFolder('packages/babel-parser/package.json'), 'packages/babel-parser/');
    assert.equal(packageFolder('package.json'), undefined);
    assert.equal(packageFolder('node_modules/@babel/parser/package.json'), undefined);
    assert.equal(packageFolder('packages/x/node_modules/y/package.json'), undefined);
    assert.equal(packageFolder('packages/x/tsconfig.json'), undefined);
  });
});
