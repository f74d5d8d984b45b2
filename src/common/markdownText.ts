import { terminalSafe } from './terminalText';

/**
 * Escapes Markdown so model-written or server-written text (reasons, issue titles, error messages)
 * renders as text: no links, images, HTML or emphasis can be injected into the chat view. `:` too, or
 * GitHub-flavoured Markdown turns a bare `https://…` into a link; controls (escapes, bidi overrides) are
 * shown as U+FFFD.
 */
export function escapeMarkdown(text: string): string {
  return terminalSafe(text.replace(/\s+/g, ' ').trim()).replace(/[\\`*_{}[\]()#+\-.!|<>~:]/g, (c) => `\\${c}`);
}

/**
 * A file path as inline code: one line (a name may hold line breaks, which would end the span and let the rest
 * render as Markdown), no backticks, controls as U+FFFD.
 */
export function codeSpan(path: string): string {
  return `\`${terminalSafe(path.replace(/\s+/g, ' ')).replace(/`/g, '')}\``;
}

/** The chat participant's failure line; the message may quote a server, so it is escaped like any model text. */
export function chatFailureMarkdown(message: string): string {
  return `CodeGrep could not locate files: ${escapeMarkdown(message)}`;
}
