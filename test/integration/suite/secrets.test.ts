import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { PanelState } from '../../../src/common/protocol';
import type { ExtensionServices } from '../../../src/extension/platform/services';
import { activateCodeGrep, fixtureFolder } from './extensionApi';
import { useOpenAIStub } from './openAIStub';
import { waitFor } from './poll';

/** The CodeGrep LogOutputChannel's file, somewhere under the extension host's log folder. */
function findLogFile(services: ExtensionServices): string | undefined {
  const root = dirname(services.context.logUri.fsPath);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /CodeGrep\.log$/.test(f));
  return files.map((f) => join(root, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

describe('API key (SecretStorage) in a real VS Code', () => {
  let services: ExtensionServices;
  let stub: Awaited<ReturnType<typeof useOpenAIStub>>;
  const config = () => vscode.workspace.getConfiguration('codegrep');

  before(async () => {
    services = await activateCodeGrep();
    stub = await useOpenAIStub('unauthorized');
  });
  after(async () => {
    await services.apiKey.set('');
    await stub.restore();
  });

  it('is sent to the server but never written to the log, and a rejected key shows a fix in place', async () => {
    const key = `sk-codegrep-test-${randomUUID()}`;
    await services.apiKey.set(key);
    assert.equal(await services.apiKey.get(), key);
    assert.equal(config().inspect('apiKey')?.defaultValue, undefined, 'there is no API key setting');

    const result = await vscode.commands.executeCommand('codegrep.locate', { issue: 'The token bucket never refills', folders: [fixtureFolder()] });
    assert.equal(result, undefined, 'the run failed');
    assert.ok(stub.requests.some((r) => r.authorization === `Bearer ${key}`), 'the key was used for the request');

    // A careless log line with the key in it is redacted too.
    const marker = `diagnostic-${randomUUID()}`;
    services.logger.info(`${marker} key=${key}`);
    services.logger.trace(`${marker} trace key=${key}`);
    const logFile = await waitFor(() => {
      const file = findLogFile(services);
      return file && readFileSync(file, 'utf8').includes(marker) ? file : undefined;
    }, 'the log file to contain the marker line');
    const log = readFileSync(logFile, 'utf8');
    assert.ok(!log.includes(key), 'the key is not in the log');
    assert.ok(!log.includes(key.slice(3)), 'no part of the key after the prefix is in the log');
    assert.match(log, new RegExp(`${marker} key=\\[REDACTED\\]`));

    const { state } = await vscode.commands.executeCommand<{ state: PanelState }>('codegrep.internal.panelSnapshot');
    const error = state.current?.error;
    assert.equal(state.current?.status, 'error');
    assert.equal(error?.code, 'auth-failed', JSON.stringify(error));
    assert.equal(error?.action, 'set-api-key');
    assert.ok(!JSON.stringify(state).includes(key), 'the key is not in what the page is sent');
  });
});
