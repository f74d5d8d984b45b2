import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Candidate } from '../../../../src/common/result';
import { CHAT_ATTACH_FILE, CHAT_OPEN, clipboardNotice, hasChatExtension, sendToChat, type ChatHost } from '../../../../src/extension/handoff/handoff';
import type { SendToChatArgs } from '../../../../src/extension/platform/services';
import { activateCodeGrep, fixtureFolder } from '../extensionApi';

/** A chat host that records what would reach the workbench. */
function recordingHost(
  commands: string[],
  failing: (command: string, args: unknown[]) => boolean = () => false,
  chatUi = true,
): ChatHost & { calls: { command: string; args: unknown[] }[]; copied: string[] } {
  const calls: { command: string; args: unknown[] }[] = [];
  const copied: string[] = [];
  return {
    calls,
    copied,
    hasChatUi: () => chatUi,
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
    assert.match(options.query, /`ratelimit\/bucket\.py:21-29`: consume\(\) rejects zero/);
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

  it('uses the clipboard when the chat commands exist but no chat extension gives them a UI', async () => {
    const headless = recordingHost([CHAT_OPEN, CHAT_ATTACH_FILE], () => false, false);
    assert.deepEqual(await sendToChat(handoffArgs(), headless), { method: 'clipboard', attached: 0 });
    assert.deepEqual(headless.calls, [], 'no chat command ran: they resolve without showing anything');
    assert.match(headless.copied[0], /@ratelimit\/bucket\.py/);
  });

  it('in this VS Code (chat commands registered, no Copilot) the command copies to the clipboard and says so', async () => {
    await activateCodeGrep();
    const available = await vscode.commands.getCommands(true);
    assert.ok(available.includes(CHAT_OPEN), 'code-server 1.100 registers the chat commands');
    assert.equal(hasChatExtension(), false, 'no chat extension is installed here');
    await vscode.env.clipboard.writeText('before');
    try {
      const outcome = await vscode.commands.executeCommand<{ method: string; attached: number }>('codegrep.sendToChat', handoffArgs());
      assert.equal(outcome.method, 'clipboard');
      const copied = await vscode.env.clipboard.readText();
      assert.match(copied, /@ratelimit\/bucket\.py\n@web\/src\/format\.ts/);
      assert.match(copied, /consume\(0\) raises/);
      assert.match(clipboardNotice(2), /no chat is available.*2 files were copied to the clipboard/);
      const text = await vscode.commands.executeCommand<string>('codegrep.copyForAgent', handoffArgs(), 'cline');
      assert.match(text, /^@\/ratelimit\/bucket\.py\n@\/web\/src\/format\.ts/);
      assert.equal(await vscode.env.clipboard.readText(), text);
    } finally {
      await vscode.env.clipboard.writeText('');
    }
  });

  it('tells the agent when the brain was unsure of the files, in the prompt and in the copied context', async () => {
    await activateCodeGrep();
    const host = recordingHost([CHAT_OPEN]);
    await sendToChat({ ...handoffArgs(), confidence: { level: 'low', probability: 0.2 } }, host);
    const query = (host.calls[0].args[0] as { query: string }).query;
    assert.match(query, /\n\nCodeGrep was not sure of these files \(low confidence, 0\.20\): check that they fit the issue/);
    assert.doesNotMatch(query, /Start with these files/);
    const sure = recordingHost([CHAT_OPEN]);
    await sendToChat({ ...handoffArgs(), confidence: { level: 'high', probability: 0.9 } }, sure);
    assert.match((sure.calls[0].args[0] as { query: string }).query, /Start with these files and the line ranges given\.$/);
    try {
      const unsure = { ...handoffArgs(), confidence: { level: 'low', probability: 0.2 } };
      assert.match(await vscode.commands.executeCommand<string>('codegrep.copyForAgent', unsure), /\n\n_CodeGrep was not sure of these files/);
      const junk = { ...handoffArgs(), confidence: { level: 'low', probability: 'x' } };
      assert.doesNotMatch(await vscode.commands.executeCommand<string>('codegrep.copyForAgent', junk), /not sure/, 'a malformed confidence is ignored');
    } finally {
      await vscode.env.clipboard.writeText('');
    }
  });

  it('rejects a malformed argument with a clear error', async () => {
    await activateCodeGrep();
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('codegrep.sendToChat', { nope: true })), /needs \{ issue, candidates, files \}/);
  });
});
