import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolCall } from '../../../src/common/tools';
import { NodeToolRunner } from '../../../src/tools/runner';
import { makeTree, noSignal, removeTree } from './fixture';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, stdio: 'pipe' });

/** Runs one tool call and returns its text. */
async function call(runner: NodeToolRunner, name: ToolCall['name'], args: Record<string, unknown>): Promise<string> {
  const result = await runner.run({ id: 'v', name, args } as unknown as ToolCall, noSignal);
  return result.text;
}

describe('tools/visibility: .git, ignored files and credentials never reach the model', () => {
  let root: string;
  let runner: NodeToolRunner;

  before(() => {
    root = makeTree({
      '.gitignore': '.env\n*.log\nbuild/\n',
      '.env': 'API_KEY=sk-live-secret-value\n',
      'config/.env.production': 'API_KEY=prod-secret\n',
      'deploy/server.pem': '-----BEGIN PRIVATE KEY----- API_KEY\n',
      'debug.log': 'API_KEY in a log\n',
      'build/out.js': 'const API_KEY = 1;\n',
      'node_modules/dep/index.js': 'module.exports.API_KEY = 1;\n',
      'src/app.py': 'API_KEY = settings.get("API_KEY")\n',
      // Where npm, git, Postgres, Apache, TLS, SSH, AWS and Docker keep their secrets; not where a fix goes.
      '.npmrc': '//registry.npmjs.org/:_authToken=API_KEY\n',
      '.git-credentials': 'https://u:API_KEY@github.com\n',
      '.pgpass': 'db:5432:app:u:API_KEY\n',
      'web/.htpasswd': 'u:API_KEY\n',
      'deploy/server.key': 'API_KEY\n',
      '.ssh/id_ed25519_sk': 'API_KEY\n',
      '.ssh/config': 'Host x # API_KEY\n',
      '.aws/credentials': 'aws_secret_access_key = API_KEY\n',
      '.docker/config.json': '{"auths": {"x": {"auth": "API_KEY"}}}\n',
      'docker/config.json': '{"API_KEY": "a setting, not a login"}\n',
    });
    git(root, 'init', '-q');
    git(root, 'remote', 'add', 'origin', 'https://user:ghp_secretsecretsecretsecret@github.com/o/r.git');
    symlinkSync(path.join(root, '.git', 'config'), path.join(root, 'git-config-link'));
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => removeTree(root));

  it('grep with glob "*" (an rg override) finds only tracked-visible files, never .git/config, .env or node_modules', async () => {
    const text = await call(runner, 'grep', { pattern: 'url =|API_KEY', glob: '*' });
    assert.match(text, /^src\/app\.py:1: /m);
    for (const hidden of ['.git/config', '.env', '.env.production', 'server.pem', 'debug.log', 'build/out.js', 'node_modules/', 'ghp_']) {
      assert.ok(!text.includes(hidden), `${hidden} leaked:\n${text}`);
    }
  });

  it("keeps npm's, git's, Postgres's, Apache's, TLS, SSH, AWS and Docker's credential files out of grep, glob and read", async () => {
    const secrets = ['.npmrc', '.git-credentials', '.pgpass', 'web/.htpasswd', 'deploy/server.key', '.ssh/id_ed25519_sk', '.ssh/config', '.aws/credentials', '.docker/config.json'];
    const text = await call(runner, 'grep', { pattern: 'API_KEY', glob: '*' });
    const listed = await call(runner, 'glob', { pattern: '**/*' });
    for (const secret of secrets) {
      assert.ok(!text.includes(secret) && !listed.split('\n').includes(secret), `${secret} leaked:\n${text}\n${listed}`);
      assert.match(await call(runner, 'read', { path: secret }), /is a credentials file/, secret);
    }
    assert.match(text, /^docker\/config\.json:1: /m, 'a docker/ folder of the project is searched');
  });

  it('grep given an ignored path explicitly refuses it and says why', async () => {
    assert.match(await call(runner, 'grep', { pattern: 'url', path: '.git' }), /^error: \.git is inside \.git\/, which CodeGrep never searches/);
    assert.match(await call(runner, 'grep', { pattern: 'API', path: 'build' }), /^error: build holds no searchable file: it is empty or ignored \(\.gitignore/);
    assert.match(await call(runner, 'grep', { pattern: 'API', path: 'node_modules/dep/index.js' }), /inside node_modules\//);
    assert.match(await call(runner, 'grep', { pattern: 'API', paths: ['src/app.py', '.env'] }), /^error: \.env is a credentials file/);
  });

  it('read refuses .git files, credentials, ignored files and node_modules, each with its reason', async () => {
    assert.match(await call(runner, 'read', { path: '.git/config' }), /^error: \.git\/config is inside \.git\//);
    assert.match(await call(runner, 'read', { path: '.env' }), /^error: \.env is a credentials file/);
    assert.match(await call(runner, 'read', { path: 'debug.log' }), /^error: debug\.log is ignored \(\.gitignore, \.ignore or \.rgignore\).*codegrep\.searchIgnoredFiles/);
    assert.match(await call(runner, 'read', { path: 'node_modules/dep/index.js' }), /inside node_modules\//);
    // A symlink inside the workspace is judged by what it points at.
    assert.match(await call(runner, 'read', { path: 'git-config-link' }), /^error: .*\.git\//);
    assert.match(await call(runner, 'read', { path: 'src/app.py' }), /API_KEY/);
  });

  it('glob lists none of them, even when asked by name', async () => {
    const all = await call(runner, 'glob', { pattern: '**' });
    assert.deepEqual(all.split('\n').sort(), ['.gitignore', 'docker/config.json', 'src/app.py']);
    assert.match(await call(runner, 'glob', { pattern: '.git/**' }), /^No files match/);
    assert.match(await call(runner, 'glob', { pattern: '*', path: '.git' }), /^error: \.git is inside \.git\//);
    assert.match(await call(runner, 'glob', { pattern: '*', path: 'node_modules' }), /^error: node_modules is inside node_modules\//);
  });

  it('rejects such files as answer citations', async () => {
    for (const cited of ['.git/config', '.env', 'debug.log', 'node_modules/dep/index.js']) {
      assert.deepEqual(await runner.resolveCitation(cited), { rejected: 'ignored' }, cited);
    }
    assert.deepEqual(await runner.resolveCitation('src/app.py'), { path: 'src/app.py', lines: 1 });
  });

  it('searchIgnoredFiles opts in to ignored files and node_modules, but never .git or credentials', async () => {
    const open = new NodeToolRunner({ roots: [root], visibility: { includeIgnored: true } });
    const text = await call(open, 'grep', { pattern: 'API_KEY', glob: '*' });
    assert.match(text, /^debug\.log:1:/m);
    assert.match(text, /^build\/out\.js:1:/m);
    assert.match(text, /^node_modules\/dep\/index\.js:1:/m);
    assert.ok(!text.includes('.env') && !text.includes('.git/') && !text.includes('.pem'), text);
    assert.match(await call(open, 'read', { path: 'debug.log' }), /API_KEY in a log/);
    assert.match(await call(open, 'read', { path: '.git/config' }), /^error: /);
    assert.match(await call(open, 'read', { path: 'config/.env.production' }), /^error: .*credentials/);
  });
});

describe('tools/visibility: big-repo ignore conventions', () => {
  it('obeys nested .gitignore files, .ignore and .rgignore at any depth', async () => {
    const root = makeTree({
      '.gitignore': 'coverage/\n',
      '.ignore': 'generated/\n',
      'packages/a/.gitignore': 'dist/\n*.tmp\n',
      'packages/a/src/index.ts': 'export const needle = 1;\n',
      'packages/a/dist/index.js': 'exports.needle = 1;\n',
      'packages/a/scratch.tmp': 'needle\n',
      'packages/b/.rgignore': '*.snap\n',
      'packages/b/src/view.ts': 'const needle = 2;\n',
      'packages/b/src/__snapshots__/view.snap': 'needle\n',
      'packages/b/coverage/lcov.info': 'needle\n',
      'generated/api.ts': 'needle\n',
    });
    try {
      git(root, 'init', '-q');
      const runner = new NodeToolRunner({ roots: [root] });
      const hits = await call(runner, 'grep', { pattern: 'needle', glob: '*' });
      assert.deepEqual(hits.split('\n').map((line) => line.split(':')[0]), ['packages/a/src/index.ts', 'packages/b/src/view.ts']);
      const listed = await call(runner, 'glob', { pattern: '**/*' });
      assert.ok(!/dist|\.tmp|\.snap|coverage|generated/.test(listed), listed);
      assert.match(await call(runner, 'read', { path: 'packages/a/dist/index.js' }), /^error: .*ignored/);
      assert.match(await call(runner, 'read', { path: 'packages/b/src/__snapshots__/view.snap' }), /^error: .*ignored/);
    } finally {
      removeTree(root);
    }
  });

  it('sees only the folders a sparse checkout has on disk', async () => {
    const origin = makeTree({ 'core/engine.py': 'def needle(): pass\n', 'plugins/extra.py': 'needle()\n', 'README.md': 'needle docs\n' }, 'codegrep-sparse-origin-');
    const clone = makeTree({}, 'codegrep-sparse-');
    try {
      git(origin, 'init', '-q');
      git(origin, 'add', '.');
      git(origin, 'commit', '-qm', 'init');
      git(clone, 'clone', '-q', '--sparse', origin, 'repo');
      const repo = path.join(clone, 'repo');
      git(repo, 'sparse-checkout', 'set', 'core');
      const runner = new NodeToolRunner({ roots: [repo] });
      const hits = await call(runner, 'grep', { pattern: 'needle' });
      assert.deepEqual(hits.split('\n').map((line) => line.split(':')[0]), ['README.md', 'core/engine.py']);
      assert.deepEqual(await runner.resolveCitation('plugins/extra.py'), { rejected: 'does not exist' });
    } finally {
      removeTree(origin);
      removeTree(clone);
    }
  });

  it('applies exclude globs the way VS Code search does: rg-pruned **/ globs, root-relative globs and sibling clauses', async () => {
    const root = makeTree({
      'dist/bundle.js': 'needle\n',
      'web/dist/app.js': 'needle\n',
      'build/top.py': 'needle\n',
      'src/build/nested.py': 'needle\n',
      'src/util.ts': 'export const needle = 1;\n',
      'src/util.js': 'exports.needle = 1;\n',
      'src/plain.js': 'needle\n',
    });
    try {
      const exclude = [{ glob: '**/dist' }, { glob: 'build' }, { glob: '**/*.js', when: '$(basename).ts' }];
      const runner = new NodeToolRunner({ roots: [root], visibility: { exclude } });
      const expected = ['src/build/nested.py', 'src/plain.js', 'src/util.ts'];
      for (const args of [{ pattern: 'needle' }, { pattern: 'needle', glob: '*' }]) {
        const hits = await call(runner, 'grep', args);
        assert.deepEqual(hits.split('\n').map((line) => line.split(':')[0]), expected, JSON.stringify(args));
      }
      assert.deepEqual((await call(runner, 'glob', { pattern: '**' })).split('\n'), expected);
      assert.match(await call(runner, 'read', { path: 'build/top.py' }), /^error: build\/top\.py matches the exclude pattern build \(codegrep\.exclude, files\.exclude or search\.exclude\)/);
      assert.match(await call(runner, 'read', { path: 'src/util.js' }), /matches the exclude pattern \*\*\/\*\.js/);
      assert.deepEqual(await runner.resolveCitation('web/dist/app.js'), { rejected: 'ignored' });
    } finally {
      removeTree(root);
    }
  });

  it('serves a 10-folder multi-root workspace with each folder’s own ignore files and folder-scoped excludes', async () => {
    const roots = Array.from({ length: 10 }, (_, i) =>
      makeTree({ '.gitignore': 'secret.txt\n', [`pkg${i}/mod.py`]: `needle_${i} = 1\n`, 'secret.txt': 'needle hidden\n', 'gen/out.py': 'needle gen\n' }, `codegrep-root${i}-`),
    );
    try {
      for (const dir of roots) git(dir, 'init', '-q');
      // Folder 0 excludes its gen/ through a folder-level setting; the other folders keep theirs.
      const runner = new NodeToolRunner({ roots, visibility: { exclude: [{ glob: 'gen', root: roots[0] }] } });
      const names = runner.workspace.roots.map((r) => r.name);
      const hits = (await call(runner, 'grep', { pattern: 'needle', glob: '*.py' })).split('\n');
      const expected = names.flatMap((name, i) => [...(i === 0 ? [] : [`${name}/gen/out.py`]), `${name}/pkg${i}/mod.py`]).sort();
      assert.deepEqual(hits.map((line) => line.split(':')[0]).sort(), expected);
      assert.ok(!hits.some((line) => line.includes('secret.txt')));
      assert.match(await call(runner, 'read', { path: `${names[3]}/secret.txt` }), /^error: .*ignored/);
      assert.match(await call(runner, 'read', { path: `${names[0]}/gen/out.py` }), /^error: .*exclude pattern gen/);
      assert.match(await call(runner, 'read', { path: `${names[9]}/pkg9/mod.py` }), /needle_9/);
      assert.equal((await call(runner, 'glob', { pattern: 'mod.py' })).split('\n').length, 10);
    } finally {
      for (const dir of roots) removeTree(dir);
    }
  });
});
