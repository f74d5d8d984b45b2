import * as vscode from 'vscode';
import { isAnswerConfidence } from '../../common/confidence';
import { CodeGrepError } from '../../common/errors';
import { formatChatPrompt, formatForAgent, type MentionStyle } from '../../common/handoffText';
import type { Issue } from '../../common/issue';
import { isRecord, type HandoffMethod } from '../../common/protocol';
import type { Candidate } from '../../common/result';
import { plural } from '../../common/wording';
import type { Contribution } from '../platform/contributions';
import type { SendToChatArgs } from '../platform/services';

/** Chat commands of the workbench (not public API: detected at run time, never assumed). */
export const CHAT_OPEN = 'workbench.action.chat.open';
export const CHAT_ATTACH_FILE = 'workbench.action.chat.attachFile';

export type { HandoffMethod } from '../../common/protocol';

/** Extensions that give VS Code its chat UI; `workbench.action.chat.open` resolves without one but shows nothing. */
const CHAT_EXTENSIONS = ['github.copilot-chat'];

/** What a hand-off needs from the host; the command passes VS Code's, tests pass recorders. */
export interface ChatHost {
  /** True when a chat UI can show the prompt (a chat extension with a default agent is installed). */
  hasChatUi(): boolean;
  commands(): Thenable<string[]>;
  execute(command: string, ...args: unknown[]): Thenable<unknown>;
  copy(text: string): Thenable<void>;
}

/** `codegrep.sendToChat` (open Copilot Chat with the files attached) and `codegrep.copyForAgent`. */
export const handoffContribution: Contribution = {
  id: 'handoff',
  create: (services) => [
    vscode.commands.registerCommand('codegrep.sendToChat', async (arg?: unknown) => {
      const args = sendToChatArgs(arg);
      const outcome = await sendToChat(args, vscodeChatHost());
      services.logger.info(`Hand-off of ${plural(args.files.length, 'file')}: ${outcome.method} (${outcome.attached} attached).`);
      if (outcome.method === 'clipboard') {
        void vscode.window.showInformationMessage(clipboardNotice(args.files.length));
      } else if (outcome.method === 'open-only' && args.files.length) {
        void vscode.window.showInformationMessage('CodeGrep: this VS Code cannot attach files to chat from an extension; the prompt names them instead.');
      }
      return outcome;
    }),
    vscode.commands.registerCommand('codegrep.copyForAgent', async (arg?: unknown, style?: unknown) => {
      const args = sendToChatArgs(arg);
      const text = formatForAgent(args.issue, args.candidates, style === 'cline' ? 'cline' : 'claude', args.confidence);
      await vscode.env.clipboard.writeText(text);
      void vscode.window.setStatusBarMessage(`CodeGrep: copied ${plural(args.candidates.length, 'file')} as context`, 3000);
      return text;
    }),
  ],
};

/** The host's real chat commands and clipboard. */
export function vscodeChatHost(): ChatHost {
  return {
    hasChatUi: hasChatExtension,
    commands: () => vscode.commands.getCommands(true),
    execute: (command, ...args) => vscode.commands.executeCommand(command, ...args),
    copy: (text) => vscode.env.clipboard.writeText(text),
  };
}

/**
 * Opens chat with a prefilled prompt and the files attached. Newer VS Code takes `attachFiles` in
 * the chat open options; VS Code 1.100 ignores that option but has `attachFile` (Add File to
 * Chat), so each file is also attached that way when the command exists (the chat dedupes
 * attachments by URI). Without chat at all, the prompt and `@path` mentions go to the clipboard.
 * Never throws for a missing feature.
 */
export async function sendToChat(args: SendToChatArgs, host: ChatHost, style: MentionStyle = 'claude'): Promise<{ method: HandoffMethod; attached: number }> {
  const prompt = formatChatPrompt(args.issue, args.candidates, args.confidence);
  const available = new Set(await host.commands());
  // Without a chat extension the chat commands are registered and resolve, but nothing opens.
  if (host.hasChatUi() && available.has(CHAT_OPEN)) {
    const opened =
      (await host.execute(CHAT_OPEN, { query: prompt, isPartialQuery: true, attachFiles: args.files }).then(() => true, () => false)) ||
      (await host.execute(CHAT_OPEN, { query: prompt, isPartialQuery: true }).then(() => 'without-files' as const, () => false));
    if (opened) {
      if (available.has(CHAT_ATTACH_FILE)) {
        let attached = 0;
        for (const file of args.files) attached += await host.execute(CHAT_ATTACH_FILE, file).then(() => 1, () => 0);
        return { method: attached ? 'attach-per-file' : 'open-only', attached };
      }
      return opened === true ? { method: 'open-with-files', attached: args.files.length } : { method: 'open-only', attached: 0 };
    }
    // Chat is registered but would not open (no chat provider): use the clipboard.
  }
  // The prompt already carries any note about the brain's confidence; the block need not repeat it.
  await host.copy(`${formatForAgent(args.issue, args.candidates, style)}\n\n${prompt}`);
  return { method: 'clipboard', attached: 0 };
}

/** True when an installed extension provides the chat UI: Copilot Chat, or any with a default chat participant. */
export function hasChatExtension(): boolean {
  return vscode.extensions.all.some((extension) => {
    if (CHAT_EXTENSIONS.includes(extension.id.toLowerCase())) return true;
    const participants: unknown = (extension.packageJSON as { contributes?: { chatParticipants?: unknown } })?.contributes?.chatParticipants;
    return Array.isArray(participants) && participants.some((p) => isRecord(p) && p.isDefault === true);
  });
}

/** What the user is told when the hand-off went to the clipboard instead of chat. */
export function clipboardNotice(files: number): string {
  return `CodeGrep: no chat is available in this window, so the prompt and ${plural(files, 'file')} were copied to the clipboard. Paste them into your agent.`;
}

/** Validates the command argument: an issue, candidates and their file URIs (same order). */
export function sendToChatArgs(arg: unknown): SendToChatArgs {
  if (!isRecord(arg) || !isRecord(arg.issue) || typeof arg.issue.title !== 'string' || !Array.isArray(arg.candidates)) {
    throw new CodeGrepError('bad-input', 'Send to chat needs { issue, candidates, files }: run CodeGrep first, then send its results.');
  }
  const candidates = arg.candidates.filter((c): c is Candidate => isRecord(c) && typeof c.path === 'string');
  const files = Array.isArray(arg.files) ? arg.files.filter((f): f is vscode.Uri => f instanceof vscode.Uri) : [];
  return { issue: arg.issue as unknown as Issue, candidates, files, ...(isAnswerConfidence(arg.confidence) ? { confidence: arg.confidence } : {}) };
}

