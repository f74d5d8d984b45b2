import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Candidate } from '../../../../src/common/result';
import { CHAT_ATTACH_FILE, CHAT_OPEN, sendToChat, type ChatHost } from '../../../../src/extension/handoff/handoff';
import type { SendToChatArgs } from '../../../../src/extension/platform/services';
import { activateCodeGrep, fixtureFolder } from '../extensionApi';

/** A chat host that records what would reach the workbench. */
function recordingHost(commands: string[], failing: (command: string, args: unknown[]) => boolean = () => false): ChatHost & { calls: { command: string; args: unknown[] }[]; copied: string[] } {
  const calls: { command: string; args: unknown[] }[] = [];
  const copied: string[] = [];
  return {
    calls,
    copied,
    commands: async () => commands,
    execute: async (command, ...args) => {
      calls.push({ command, args });
      if (failing(command, args)) throw new Error(`${command} failed`);
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
  it('passes attachFiles to chat.open where attachFile is gone (newer VS Code)', async () => {
    const host = recordingHost([CHAT_OPEN]);
    assert.deepEqual(await sendToChat(handoffArgs(), host), { method: 'open-with-files', attached: 2 });
    const options = host.calls[0].args[0] as { query: string; isPartialQuery: boolean; attachFiles: vscode.Uri[] };
    assert.equal(host.calls[0].command, CHAT_OPEN);
    assert.match(options.query, /^Fix this issue: consume\(0\) raises/);
    assert.match(options.query, /ratelimit\/bucket\.py:21-29: consume\(\) rejects zero/);
    assert.equal(options.isPartialQuery, true);
    assert.deepEqual(options.attachFiles.map((u) => u.toString()), handoffArgs().files.map((u) => u.toString()));
  });

  it('also attaches file by file where attachFile exists (VS Code 1.100 ignores attachFiles)', async () => {
    const host = recordingHost([CHAT_OPEN, CHAT_ATTACH_FILE]);
    assert.deepEqual(await sendToChat(handoffArgs(), host), { method: 'attach-per-file', attached: 2 });
    assert.deepEqual(host.calls.map((c) => c.command), [CHAT_OPEN, CHAT_ATTACH_FILE, CHAT_ATTACH_FILE]);
    assert.ok(host.calls[1].args[0] instanceof vscode.Uri);
    assert.equal((host.calls[2].args[0] as vscode.Uri).toString(), handoffArgs().files[1].toString());
  });

  it('retries chat.open without attachFiles when the option is refused', async () => {
    const refusing = recordingHost([CHAT_OPEN, CHAT_ATTACH_FILE], (command, args) => command === CHAT_OPEN && 'attachFiles' in (args[0] as object));
    assert.deepEqual(await sendToChat(handoffArgs(), refusing), { method: 'attach-per-file', attached: 2 });
    assert.deepEqual(refusing.calls.map((c) => c.command), [CHAT_OPEN, CHAT_OPEN, CHAT_ATTACH_FILE, CHAT_ATTACH_FILE]);
    const promptOnly = recordingHost([CHAT_OPEN], (command, args) => command === CHAT_OPEN && 'attachFiles' in (args[0] as object));
    assert.deepEqual(await sendToChat(handoffArgs(), promptOnly), { method: 'open-only', attached: 0 });
  });

  it('copies the prompt and @mentions when there is no chat, or chat will not open', async () => {
    const none = recordingHost([]);
    assert.deepEqual(await sendToChat(handoffArgs(), none), { method: 'clipboard', attached: 0 });
    assert.match(none.copied[0], /^@ratelimit\/bucket\.py\n@web\/src\/format\.ts\n\n## Files for: consume\(0\) raises/);
    const broken = recordingHost([CHAT_OPEN], (command) => command === CHAT_OPEN);
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
        assert.equal((recorded[0][0] as { attachFiles: unknown[] }).attachFiles.length, 2);
        assert.equal(outcome.method, available.includes(CHAT_ATTACH_FILE) ? 'attach-per-file' : 'open-with-files');
      } else {
        // This host's own chat commands ran (code-server 1.100 has both, without a chat provider).
        assert.ok(['attach-per-file', 'open-with-files', 'open-only', 'clipboard'].includes(outcome.method), `outcome: ${JSON.stringify(outcome)}`);
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
