import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PanelState } from '../../../src/common/protocol';
import { issueFromText } from '../../../src/common/issue';
import { activateCodeGrep, fixtureFolder } from './extensionApi';
import { useOpenAIStub } from './openAIStub';
import { waitFor } from './poll';

describe('cancellation in a real VS Code', () => {
  let stub: Awaited<ReturnType<typeof useOpenAIStub>>;

  before(async () => {
    await activateCodeGrep();
    stub = await useOpenAIStub('hang');
  });
  after(async () => {
    await stub.restore();
  });

  it('"CodeGrep: Stop" aborts the in-flight model request and the run ends as cancelled', async () => {
    const run = vscode.commands.executeCommand('codegrep.locate', { issue: 'The token bucket never refills', folders: [fixtureFolder()] });
    await waitFor(() => stub.requests.length > 0, 'the model request to arrive');
    const stopped = await vscode.commands.executeCommand<number>('codegrep.stop');
    assert.equal(stopped, 1, 'one run was running');
    assert.equal(await run, undefined, 'the command resolves once stopped');
    await Promise.race([stub.aborted, new Promise((_, reject) => setTimeout(() => reject(new Error('the HTTP request was not aborted')), 5000))]);
    const { state } = await vscode.commands.executeCommand<{ state: PanelState }>('codegrep.internal.panelSnapshot');
    assert.equal(state.current?.status, 'cancelled');
    assert.equal(state.current?.error?.code, 'cancelled');
    assert.equal(state.history[0]?.status, 'cancelled', 'the stopped run is kept in the history');
    await waitFor(async () => {
      const s = await vscode.commands.executeCommand<{ posted?: PanelState }>('codegrep.internal.panelSnapshot');
      return s.posted?.current?.status === 'cancelled';
    }, 'the page to be told the run was cancelled');
  });

  it('an AbortSignal stops runLocate between tool calls (embedded brain, real ripgrep)', async () => {
    const services = await activateCodeGrep();
    const abort = new AbortController();
    let toolCalls = 0;
    await assert.rejects(
      services.runLocate(
        { issue: issueFromText('TokenBucket.consume retry_after refill'), folders: [fixtureFolder()], brain: 'embedded' },
        {
          signal: abort.signal,
          onEvent: (event) => {
            if (event.type === 'tool-call' && ++toolCalls === 1) abort.abort();
          },
        },
      ),
      (error: unknown) => error instanceof Error && /cancelled/.test(error.message),
    );
    assert.ok(toolCalls >= 1);
  });
});
