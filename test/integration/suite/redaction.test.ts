import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { PanelState } from '../../../src/common/protocol';
import type { ExtensionServices } from '../../../src/extension/platform/services';
import { activateCodeGrep, fixtureFolder } from './extensionApi';
import { useOpenAIStub } from './openAIStub';

describe('an API key echoed back by the server, in a real VS Code', () => {
  let services: ExtensionServices;
  let stub: Awaited<ReturnType<typeof useOpenAIStub>>;

  before(async () => {
    services = await activateCodeGrep();
    stub = await useOpenAIStub('echo-key');
  });
  after(async () => {
    await services.apiKey.set('');
    await stub.restore();
  });

  it('is redacted in the run shown in the panel and kept in the run history', async () => {
    // No `sk-` shape: only the configured value itself can hide it.
    const key = `plainkey${randomUUID().replace(/-/g, '')}`;
    await services.apiKey.set(key);
    const result = await vscode.commands.executeCommand('codegrep.locate', { issue: 'The token bucket never refills', folders: [fixtureFolder()] });
    assert.equal(result, undefined, 'the run failed');
    assert.ok(stub.requests.some((r) => r.authorization === `Bearer ${key}`), 'the server got the key and echoed it');
    const { state } = await vscode.commands.executeCommand<{ state: PanelState }>('codegrep.internal.panelSnapshot');
    assert.equal(state.current?.error?.code, 'auth-failed', JSON.stringify(state.current?.error));
    assert.match(state.current?.error?.message ?? '', /invalid credentials: Authorization: Bearer \[REDACTED\]/);
    assert.ok(!JSON.stringify(state).includes(key), 'the key is not in the panel state or the history');
  });
});
