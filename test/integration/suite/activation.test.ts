import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateCodeGrep, EXTENSION_ID, fixtureFolder } from './extensionApi';

describe('activation (in a real VS Code extension host)', () => {
  it('runs in VS Code 1.100 with the fixture repository open', () => {
    assert.match(vscode.version, /^1\.100\./);
    assert.equal(fixtureFolder().fsPath, process.env.CODEGREP_FIXTURE_WORKSPACE);
  });

  it('activates from source and returns its services', async () => {
    const services = await activateCodeGrep();
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    assert.equal(typeof services.runLocate, 'function');
    assert.ok(services.activationMs > 0, 'activation time is measured');
    assert.equal(services.context.extensionMode, vscode.ExtensionMode.Test, 'loaded as the extension under test, from source');
  });

  it('registers every command it contributes in package.json (the palette would show dead entries otherwise)', async () => {
    await activateCodeGrep();
    const registered = new Set(await vscode.commands.getCommands(true));
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: { command: string }[] } };
    const contributed = pkg.contributes.commands.map((c) => c.command);
    assert.ok(contributed.includes('codegrep.locate'));
    assert.deepEqual(contributed.filter((id) => !registered.has(id)), []);
  });
});
