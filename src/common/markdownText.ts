/**
 * Escapes Markdown so model-written or server-written text (reasons, issue titles, error messages)
 * renders as text: no links, images, HTML or emphasis can be injected into the chat view.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

/** The chat participant's failure line; the message may quote a server, so it is escaped like any model text. */
export function chatFailureMarkdown(message: string): string {
  return `CodeGrep could not locate files: ${escapeMarkdown(message)}`;
}
