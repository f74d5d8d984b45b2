import { strict as assert } from 'node:assert';
import { mineIssue, type Clue } from '../../../../src/core/embedded/clues';
import { EvidenceBoard } from '../../../../src/core/embedded/evidence';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

/** A discord.js reporter's trace: the last frame is the project's own, the others its REST client's (a dependency). */
const TRACE = [
  '```',
  'DiscordAPIError[50035]: Invalid Form Body',
  '    at handleErrors (/app/node_modules/@chatlib/rest/dist/index.js:727:13)',
  '    at async SequentialHandler.runRequest (/app/node_modules/@chatlib/rest/dist/index.js:1128:23)',
  '    at async ClientUser.edit (/app/node_modules/chatlib/src/structures/ClientUser.js:75:18)',
  '```',
];

const pathClue = (text: string, npmPackage?: string): Clue => ({ kind: 'path', text, source: 'trace', weight: 5, depth: 0, ...(npmPackage ? { package: npmPackage } : {}) });

describe('frames of installed npm packages (clues.ts, EvidenceBoard.resolveFramePaths)', () => {
  it("tags each frame's path with its package and asks which of them the workspace declares", () => {
    const evidence = mineIssue({ title: 'setAvatar with an expired URL gives Invalid Form Body', body: TRACE.join('\n') });
    const paths = evidence.clues.filter((c) => c.kind === 'path');
    assert.equal(paths.find((c) => c.text === 'dist/index.js')?.package, '@chatlib/rest', JSON.stringify(paths));
    assert.equal(paths.find((c) => c.text === 'src/structures/ClientUser.js')?.package, 'chatlib', JSON.stringify(paths));
    assert.deepEqual(evidence.packages, ['@chatlib/rest', 'chatlib']);
  });

  it('keeps no package for a path also quoted outside node_modules', () => {
    const body = [...TRACE, '', 'The upload is built in dist/index.js of our own bundle.'].join('\n');
    const dist = mineIssue({ title: 'Invalid Form Body', body }).clues.find((c) => c.kind === 'path' && c.text === 'dist/index.js');
    assert.ok(dist, 'the path is a clue');
    assert.equal(dist.package, undefined);
  });

  it("matches a frame only inside the folder of the package.json that declares its package", () => {
    const listing = ['packages/rest/src/index.ts', 'packages/chatlib/src/index.ts', 'packages/chatlib/src/structures/ClientUser.ts'];
    const board = new EvidenceBoard();
    board.addPaths(listing, [pathClue('dist/index.js', '@chatlib/rest')]);
    board.addPackageManifests([
      { path: 'packages/rest/package.json', line: 2, text: '  "name": "@chatlib/rest",' },
      { path: 'packages/chatlib/package.json', line: 2, text: '  "name": "chatlib",' },
    ]);
    board.resolveFramePaths();
    assert.deepEqual(board.all().filter((f) => f.pathMatches.length > 0).map((f) => f.path), ['packages/rest/src/index.ts']);
  });

  it("drops a dependency's frames when the workspace declares another package, and keeps them when it declares none", () => {
    const listing = ['src/index.js', 'src/structures/ClientUser.js'];
    const clues = [pathClue('dist/index.js', '@chatlib/rest'), pathClue('src/structures/ClientUser.js', 'chatlib')];
    const declared = new EvidenceBoard();
    declared.addPaths(listing, clues);
    declared.addPackageManifests([{ path: 'package.json', line: 2, text: '  "name": "chatlib",' }]);
    declared.resolveFramePaths();
    assert.deepEqual(declared.all().filter((f) => f.pathMatches.length > 0).map((f) => f.path), ['src/structures/ClientUser.js']);
    const unknown = new EvidenceBoard();
    unknown.addPaths(listing, clues);
    unknown.resolveFramePaths();
    assert.deepEqual(unknown.all().filter((f) => f.pathMatches.length > 0).map((f) => f.path).sort(), listing);
  });
});

const TREE: Record<string, string> = {
  'package.json': '{\n  "name": "chatlib",\n  "version": "14.0.0",\n  "main": "src/index.js"\n}\n',
  'src/index.js': ["exports.Client = require('./client/Client');", "exports.ClientUser = require('./structures/ClientUser');", "exports.DataResolver = require('./util/DataResolver');"].join('\n'),
  'src/client/Client.js': 'class Client {\n  login(token) {\n    return this.rest.login(token);\n  }\n}\nmodule.exports = Client;\n',
  'src/structures/ClientUser.js': [
    "const DataResolver = require('../util/DataResolver');",
    '',
    'class ClientUser {',
    '  async edit(data) {',
    '    const avatar = await DataResolver.resolveImage(data.avatar);',
    "    return this.client.rest.patch('/users/@me', { body: { avatar } });",
    '  }',
    '',
    '  setAvatar(avatar) {',
    '    return this.edit({ avatar });',
    '  }',
    '}',
    'module.exports = ClientUser;',
  ].join('\n'),
  'src/util/DataResolver.js': [
    'async function resolveFile(resource) {',
    '  const res = await fetch(resource);',
    '  return Buffer.from(await res.arrayBuffer());',
    '}',
    '',
    'async function resolveImage(image) {',
    '  const file = await resolveFile(image);',
    "  return `data:image/png;base64,${file.toString('base64')}`;",
    '}',
    'module.exports = { resolveFile, resolveImage };',
  ].join('\n'),
};

describe("a trace through a dependency's installed bundle end to end (real git repo, real ripgrep, Locator)", () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(TREE, 'codegrep-installed-frames-');
  });

  after(() => removeTree(dir));

  it("does not credit the dependency's `dist/index.js` frames to the project's own `src/index.js`", async () => {
    const title = 'setAvatar with an expired URL gives a confusing Invalid Form Body error';
    const body = ['I set the bot avatar from a saved attachment URL that had expired:', '', ...TRACE].join('\n');
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain());
    const all = JSON.stringify([...result.candidates, ...(result.alsoConsidered ?? [])]);
    assert.ok(![...result.candidates, ...(result.alsoConsidered ?? [])].some((c) => c.reason.includes('dist/index.js')), all);
    assert.match(result.candidates.find((c) => c.path === 'src/structures/ClientUser.js')?.reason ?? '', /ClientUser\.js` is in the stack trace/, all);
  });
});
