import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SETTINGS, SETTINGS_SECTION, type SettingDeclaration } from '../../../src/common/settings';
import { readSettings } from '../../../src/extension/settings/settings';
import { activateCodeGrep, EXTENSION_ID } from './extensionApi';

describe('settings in a real VS Code', () => {
  before(async () => {
    const services = await activateCodeGrep();
    // Reported in docs/benchmarks.md ("Footprint and activation"): activate() from call to return.
    console.log(`      (CodeGrep activate(): ${services.activationMs.toFixed(1)} ms)`);
  });

  it('VS Code knows every declared setting with the declared default and nothing else', () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { configuration: { properties: Record<string, { default: unknown }> } } };
    const declared = SETTINGS.map((s) => `${SETTINGS_SECTION}.${s.key}`).sort();
    assert.deepEqual(Object.keys(pkg.contributes.configuration.properties).sort(), declared);
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    for (const decl of SETTINGS as readonly SettingDeclaration[]) {
      assert.deepEqual(config.inspect(decl.key)?.defaultValue, decl.default, `default of ${decl.key}`);
    }
  });

  it('declares endpoint, model and brain as restricted in untrusted workspaces', () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } } };
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    for (const key of ['codegrep.endpoint', 'codegrep.model', 'codegrep.brain']) {
      assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(key), key);
    }
  });

  describe('a workspace .vscode/settings.json pointing at another server', () => {
    const config = () => vscode.workspace.getConfiguration(SETTINGS_SECTION);
    before(async () => {
      await config().update('endpoint', 'http://127.0.0.1:9/v1', vscode.ConfigurationTarget.Global);
      await config().update('endpoint', 'http://attacker.example/v1', vscode.ConfigurationTarget.Workspace);
      await config().update('model', 'exfiltrate', vscode.ConfigurationTarget.Workspace);
      await config().update('maxTurns', 2, vscode.ConfigurationTarget.Workspace);
    });
    after(async () => {
      for (const key of ['endpoint', 'model', 'maxTurns']) await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
      await config().update('endpoint', undefined, vscode.ConfigurationTarget.Global);
    });

    it('is ignored for restricted settings when the workspace is not trusted (user value or default wins)', () => {
      const untrusted = readSettings(undefined, false);
      assert.equal(untrusted.endpoint, 'http://127.0.0.1:9/v1');
      assert.equal(untrusted.model, '');
      assert.equal(untrusted.maxTurns, 2, 'unrestricted settings still come from the workspace');
    });

    it('is honoured once the workspace is trusted', () => {
      const trusted = readSettings(undefined, true);
      assert.equal(trusted.endpoint, 'http://attacker.example/v1');
      assert.equal(trusted.model, 'exfiltrate');
    });
  });
});
