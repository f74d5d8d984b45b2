import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Candidate } from '../../../../src/common/result';
import { CHAT_ATTACH_FILE, CHAT_OPEN, sendToChat, type ChatHost } from '../../../../src/extension/handoff';
import type { SendToChatArgs } from '../../../../src/extension/services';
import { activateCodeGrep, fixtureFolder } from '../extensionApi';

/** A chat host that records what would reach the workbench. */
function recordingHost(version: string, commands: string[], failing: string[] = []): ChatHost & { calls: { command: string; args: unknown[] }[]; copied: string[] } {
  const calls: { command: string; args: unknown[] }[] = [];
  const copied: string[] = [];
  return {
    version,
    calls,
    copied,
    commands: async () => commands,
    execute: async (command, ...args) => {
      calls.push({ command, args });
      if (failing.includes(command)) throw new Error(`${command} failed`);
      return undefined;
    },
    copy: async (text) => {
      copied.push(text);
    },
  };
}

function handoffArgs(): SendToChatArgs {
  const candidates: Candidate[] = [
    { path: 'ratelimit/bucket.py', ranges: [[21, 29]], reason: 'consume() rejects zero' },
    { path: 'web/src/format.ts', reason: 'formats the retry hint' },
  ];
  return { issue: { title: 'consume(0) raises', body: '' }, candidates, files: candidates.map((c) => vscode.Uri.joinPath(fixtureFolder(), c.path)) };
}

describe('integrations: hand-off to chat (attach fallbacks)', () => {
  it('uses chat.open with attachFiles where the version takes it', async () => {
    const host = recordingHost('1.100.3', [CHAT_OPEN, CHAT_ATTACH_FILE]);
    const outcome = await sendToChat(handoffArgs(), host);
    assert.deepEqual(outcome, { method: 'open-with-files', attached: 2 });
    const options = host.calls[0].args[0] as { query: string; isPartialQuery: boolean; attachFiles: vscode.Uri[] };
    assert.equal(host.calls[0].command, CHAT_OPEN);
    assert.match(options.query, /^Fix this issue: consume\(0\) raises/);
    assert.match(options.query, /ratelimit\/bucket\.py:21-29: consume\(\) rejects zero/);
    assert.equal(options.isPartialQuery, true);
    assert.deepEqual(options.attachFiles.map((u) => u.toString()), handoffArgs().files.map((u) => u.toString()));
  });

  it('falls back to attachFile per file on older versions, or when attachFiles is refused', async () => {
    const old = recordingHost('1.95.0', [CHAT_OPEN, CHAT_ATTACH_FILE]);
    assert.deepEqual(await sendToChat(handoffArgs(), old), { method: 'attach-per-file', attached: 2 });
    assert.deepEqual(old.calls.map((c) => c.command), [CHAT_OPEN, CHAT_ATTACH_FILE, CHAT_ATTACH_FILE]);
    assert.ok(!('attachFiles' in (old.calls[0].args[0] as object)));
    assert.ok(old.calls[1].args[0] instanceof vscode.Uri);

    let first = true;
    const refusing = recordingHost('1.100.0', [CHAT_OPEN, CHAT_ATTACH_FILE]);
    const execute = refusing.execute;
    refusing.execute = async (command, ...args) => {
      if (command === CHAT_OPEN && first) {
        first = false;
        refusing.calls.push({ command, args });
        throw new Error('unknown option');
      }
      return execute(command, ...args);
    };
    assert.deepEqual(await sendToChat(handoffArgs(), refusing), { method: 'attach-per-file', attached: 2 });
  });

  it('opens with the prompt only when files cannot be attached, and copies when there is no chat', async () => {
    const promptOnly = recordingHost('1.95.0', [CHAT_OPEN]);
    assert.deepEqual(await sendToChat(handoffArgs(), promptOnly), { method: 'open-only', attached: 0 });
    const none = recordingHost('1.100.0', []);
    assert.deepEqual(await sendToChat(handoffArgs(), none), { method: 'clipboard', attached: 0 });
    assert.match(none.copied[0], /^@ratelimit\/bucket\.py\n@web\/src\/format\.ts\n\n## Files for: consume\(0\) raises/);
    const broken = recordingHost('1.100.0', [CHAT_OPEN], [CHAT_OPEN]);
    assert.equal((await sendToChat(handoffArgs(), broken)).method, 'clipboard');
  });

  it('the codegrep.sendToChat command reaches the workbench chat commands (recorded when this host has none)', async () => {
    await activateCodeGrep();
    const available = await vscode.commands.getCommands(true);
    const recorded: unknown[][] = [];
    const fakes = available.includes(CHAT_OPEN) ? [] : [vscode.commands.registerCommand(CHAT_OPEN, (...args: unknown[]) => recorded.push(args))];
    try {
      const outcome = await vscode.commands.executeCommand<{ method: string; attached: number }>('codegrep.sendToChat', handoffArgs());
      if (fakes.length) {
        assert.deepEqual(outcome, { method: 'open-with-files', attached: 2 });
        assert.equal((recorded[0][0] as { attachFiles: unknown[] }).attachFiles.length, 2);
      } else {
        assert.ok(['open-with-files', 'clipboard'].includes(outcome.method), `outcome: ${JSON.stringify(outcome)}`);
      }
      const text = await vscode.commands.executeCommand<string>('codegrep.copyForAgent', handoffArgs(), 'cline');
      assert.match(text, /^@\/ratelimit\/bucket\.py\n@\/web\/src\/format\.ts/);
      assert.equal(await vscode.env.clipboard.readText(), text);
    } finally {
      fakes.forEach((f) => f.dispose());
    }
  });

  it('rejects a malformed argument with a clear error', async () => {
    await activateCodeGrep();
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('codegrep.sendToChat', { nope: true })), /needs \{ issue, candidates, files \}/);
  });
});
