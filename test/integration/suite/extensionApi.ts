/** Reaches the extension under test the way other extensions would: by id, through its exports. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionServices } from '../../../src/extension/platform/services';

/** publisher.name from package.json. */
export const EXTENSION_ID = 'codegrep.codegrep-vscode';

/** Activates CodeGrep (if it is not yet) and returns what activate() returned. */
export async function activateCodeGrep(): Promise<ExtensionServices> {
  const extension = vscode.extensions.getExtension<ExtensionServices>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
  return extension.activate();
}

/** The fixture repository's folder (the workspace the runner opened). */
export function fixtureFolder(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the runner opens the fixture repository as the workspace folder');
  return folder.uri;
}
