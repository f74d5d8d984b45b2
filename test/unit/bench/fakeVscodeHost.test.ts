import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createFakeVscode, fakeContext, loggedLines, vscodeApiNames } from '../../../bench/lib/fakeVscodeHost';

interface FakeApi {
  version: string;
  window: { createOutputChannel(name: string, options: unknown): { info(text: string): void }; showErrorMessage(text: string): PromiseLike<unknown> };
  commands: { registerCommand(id: string, fn: () => void): unknown };
  EventEmitter: new () => { event: unknown };
}

describe('bench fake vscode host', () => {
  it('takes the top-level API names from the vscode type declarations', () => {
    const names = vscodeApiNames(readFileSync('node_modules/@types/vscode/index.d.ts', 'utf8'));
    for (const name of ['window', 'commands', 'workspace', 'chat', 'lm', 'Uri', 'EventEmitter', 'version']) assert.ok(names.includes(name), name);
    assert.ok(!names.includes('TextDocument'), 'interfaces are types only, not values');
  });

  it('lets activation code register, construct, await and log without a VS Code process', async () => {
    const api = createFakeVscode(['commands', 'EventEmitter']) as unknown as FakeApi;
    assert.equal(api.version, '1.100.0');
    assert.deepEqual(Object.keys(api).sort(), ['EventEmitter', 'commands', 'version', 'window']);
    const channel = api.window.createOutputChannel('Test', { log: true });
    channel.info('activated in 1.5 ms');
    assert.ok(loggedLines.includes('activated in 1.5 ms'));
    assert.ok(api.commands.registerCommand('x', () => undefined));
    assert.ok(new api.EventEmitter().event);
    assert.equal(await api.window.showErrorMessage('boom'), undefined);
    const context = fakeContext('/ext') as unknown as { subscriptions: unknown[]; workspaceState: { get(k: string, d: number): number; update(k: string, v: number): Promise<void> } };
    context.subscriptions.push(1);
    await context.workspaceState.update('k', 7);
    assert.equal(context.workspaceState.get('k', 0), 7);
    assert.equal(context.workspaceState.get('missing', 3), 3);
  });
});
