import assert from 'node:assert/strict';
import { parseHostArgs } from '../../../scripts/code-server/testHost';
import { workbenchUrl } from '../../../scripts/code-server/payload';

// What @vscode/test-electron 2.5 passes to vscodeExecutablePath (runTest.js), plus our launchArgs.
const testElectronArgs = [
  '/tmp/fixture',
  '--user-data-dir=/tmp/p/user',
  '--extensions-dir=/tmp/p/ext',
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--disable-updates',
  '--skip-welcome',
  '--skip-release-notes',
  '--disable-workspace-trust',
  '--extensionTestsPath=/repo/.vscode-test/out/integration/index.js',
  '--extensionDevelopmentPath=/repo',
];

describe('code-server test host (the vscodeExecutablePath given to test-electron)', () => {
  it("accepts test-electron's arguments", () => {
    assert.deepEqual(parseHostArgs(testElectronArgs), {
      extensionDevelopmentPath: '/repo',
      extensionTestsPath: '/repo/.vscode-test/out/integration/index.js',
      userDataDir: '/tmp/p/user',
      extensionsDir: '/tmp/p/ext',
      folder: '/tmp/fixture',
      disableWorkspaceTrust: true,
    });
  });

  it('refuses what it cannot honour instead of ignoring it', () => {
    assert.throws(() => parseHostArgs([...testElectronArgs, '--locale=de']), /unsupported argument --locale=/);
    assert.throws(() => parseHostArgs([...testElectronArgs, '--verbose']), /unsupported argument --verbose/);
    assert.throws(() => parseHostArgs([...testElectronArgs, '/tmp/second']), /open one folder/);
    assert.throws(() => parseHostArgs(testElectronArgs.filter((a) => !a.startsWith('--extensionTestsPath'))), /--extensionTestsPath= is required/);
    assert.throws(() => parseHostArgs([...testElectronArgs, '--extensionDevelopmentPath=/other']), /given 2 times/);
  });

  it('requires the tests to lie inside the extension folder (the remote host serves only that)', () => {
    const outside = testElectronArgs.map((a) => (a.startsWith('--extensionTestsPath') ? '--extensionTestsPath=/elsewhere/index.js' : a));
    assert.throws(() => parseHostArgs(outside), /must lie inside extensionDevelopmentPath/);
    const sibling = testElectronArgs.map((a) => (a.startsWith('--extensionTestsPath') ? '--extensionTestsPath=/repo-other/index.js' : a));
    assert.throws(() => parseHostArgs(sibling), /must lie inside extensionDevelopmentPath/);
  });

  it('builds the payload URL with vscode-remote URIs on the server authority', () => {
    const url = new URL(workbenchUrl('http://127.0.0.1:4000', '127.0.0.1:4000', '/tmp/my fixture', { extensionDevelopmentPath: '/repo' }));
    assert.equal(url.searchParams.get('folder'), '/tmp/my fixture');
    assert.deepEqual(JSON.parse(url.searchParams.get('payload') ?? ''), [['extensionDevelopmentPath', 'vscode-remote://127.0.0.1:4000/repo']]);
  });
});
