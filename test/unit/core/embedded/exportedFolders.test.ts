import { strict as assert } from 'node:assert';
import type { ToolResult } from '../../../../src/common/tools';
import { exampleManifest, exportedFolders } from '../../../../src/core/embedded/exportedFolders';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { issueKind } from '../../../../src/core/embedded/score';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

/** A package.json as the read tool numbers it. */
function numbered(json: unknown): string {
  return JSON.stringify(json, null, 2)
    .split('\n')
    .map((line, i) => `${String(i + 1).padStart(6)}\t${line}`)
    .join('\n');
}

/** A read tool result holding `text`. */
function readResult(text: string): ToolResult {
  return { text, truncated: false, count: text.split('\n').length, bytes: Buffer.byteLength(text) };
}

const noLocales = { titleLocales: [], localeTables: new Set<string>() };

describe('exportedFolders: folders a package.json exports are code, even under examples/', () => {
  it('reads every relative exports target: wildcards as folders, others as files, conditions and fallbacks included', () => {
    const manifest = {
      name: 'three',
      files: ['build', 'examples/jsm', 'src'],
      exports: {
        '.': { import: './build/three.module.js', require: './build/three.cjs' },
        './examples/jsm/*': './examples/jsm/*',
        './addons': './examples/jsm/Addons.js',
        './addons/*': ['./examples/jsm/*', './fallback/*'],
        './src/*': './src/*',
        './outside': '../elsewhere/x.js',
      },
    };
    assert.deepEqual(exportedFolders('package.json', readResult(numbered(manifest))).sort(), [
      'build/three.cjs',
      'build/three.module.js',
      'examples/jsm/',
      'examples/jsm/Addons.js',
      'fallback/',
      'src/',
    ]);
    assert.deepEqual(exportedFolders('packages/three/package.json', readResult(numbered({ exports: { './addons/*': './examples/jsm/*' } }))), ['packages/three/examples/jsm/']);
  });

  it('exports nothing for a files list alone, a text that is not whole JSON, or a package that exports everything', () => {
    assert.deepEqual(exportedFolders('package.json', readResult(numbered({ files: ['examples'] }))), [], 'shipped examples are still examples');
    const capped = numbered({ exports: { './x/*': './examples/x/*' } }).split('\n').slice(0, 2).join('\n');
    assert.deepEqual(exportedFolders('package.json', readResult(`${capped}\n... showing lines 1-2 of 5; call read with start_line=3 for more.`)), []);
    assert.deepEqual(exportedFolders('package.json', readResult(numbered({ exports: { './*': './*' } }))), []);
    assert.deepEqual(exportedFolders('package.json', readResult(numbered(['examples/']))), []);
  });

  it('names the package.json above the first leading example file', () => {
    assert.equal(exampleManifest(['src/core/Mesh.js', 'examples/jsm/loaders/OBJLoader.js']), 'package.json');
    assert.equal(exampleManifest(['packages/three/examples/jsm/math/Lut.js']), 'packages/three/package.json');
    assert.equal(exampleManifest(['src/a.js', 'test/examples/b.js']), undefined, 'a test, not an example');
    assert.equal(exampleManifest(['src/a.js', 'lib/b.py']), undefined);
    assert.equal(exampleManifest(['src/a.c', 'examples/server.c']), undefined, 'only JavaScript and TypeScript packages have one');
  });

  it('issueKind: an exported example folder is source; other examples stay examples', () => {
    const exported = ['examples/jsm/', 'examples/Addons.js'];
    assert.equal(issueKind('examples/jsm/loaders/OBJLoader.js', { ...noLocales, exported }), 'source');
    assert.equal(issueKind('examples/Addons.js', { ...noLocales, exported }), 'source');
    assert.equal(issueKind('examples/webgl_loader_obj.js', { ...noLocales, exported }), 'example');
    assert.equal(issueKind('examples/jsm/loaders/OBJLoader.js', noLocales), 'example');
    assert.equal(issueKind('test/examples/jsm/a.test.js', { ...noLocales, exported: ['test/'] }), 'test', 'only examples are re-read');
  });
});

describe('an addon under an exported examples/ folder (real tree, Locator)', () => {
  const loader = 'export class OBJLoader {\n  parse(text) {\n    const parts = text.split(" ");\n    return parts.map(Number);\n  }\n}\n';
  const files = {
    'src/core/BufferGeometry.js': 'export class BufferGeometry {\n  setAttribute(name, attribute) {\n    this.attributes[name] = attribute;\n  }\n}\n',
    'src/loaders/ObjectLoader.js': 'export class ObjectLoader {\n  parse(json) {\n    return json;\n  }\n}\n',
    'examples/jsm/loaders/OBJLoader.js': loader,
    'examples/webgl_loader_obj.js': 'import { OBJLoader } from "three/addons/loaders/OBJLoader.js";\nnew OBJLoader();\n',
  };
  const issue = {
    title: 'OBJLoader: line elements with tabs produce NaN vertices',
    body: 'Loading an OBJ file whose `l` lines use tabs gives NaN in the BufferGeometry position attribute.\n\n```js\nimport { OBJLoader } from "three/addons/loaders/OBJLoader.js";\n```',
  };
  let exported = '';
  let unexported = '';
  before(() => {
    const manifest = { name: 'three', exports: { '.': './build/three.module.js', './addons/*': './examples/jsm/*' } };
    exported = makeTree({ ...files, 'package.json': JSON.stringify(manifest, null, 2) }, 'codegrep-exported-');
    unexported = makeTree({ ...files, 'package.json': JSON.stringify({ name: 'three', main: './build/three.cjs' }, null, 2) }, 'codegrep-unexported-');
  });
  after(() => {
    removeTree(exported);
    removeTree(unexported);
  });

  it('reads the package.json with the leader check and answers the addon first', async () => {
    const result = await new Locator(new NodeToolRunner({ roots: [exported] })).locate(issue, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'examples/jsm/loaders/OBJLoader.js', JSON.stringify(result.candidates));
    const reads = result.trajectory.flatMap((t) => t.calls).filter((c) => c.call.name === 'read');
    assert.deepEqual(reads.map((c) => c.call.args), [{ path: 'package.json' }]);
  });

  it('keeps demoting the same file when the package does not export its folder', async () => {
    const result = await new Locator(new NodeToolRunner({ roots: [unexported] })).locate(issue, createEmbeddedBrain({ model: null, rankedFiles: 4 }));
    const paths = result.candidates.map((c) => c.path);
    assert.notEqual(paths[0], 'examples/jsm/loaders/OBJLoader.js', paths.join(', '));
  });
});
