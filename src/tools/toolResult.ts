import type { ToolResult } from '../common/tools';

/**
 * A tool result for bad input or a failure the model can react to; `text` and `error` carry the
 * same message, on one line with control characters made visible (it may quote a file name).
 */
export function errorResult(message: string): ToolResult {
  const text = `error: ${visibleText(message)}`;
  return { text, truncated: false, error: text, count: 0, bytes: Buffer.byteLength(text) };
}

/** A successful tool result; `bytes` is computed from `text`. */
export function okResult(text: string, fields: Omit<ToolResult, 'text' | 'bytes' | 'error'>): ToolResult {
  return { text, bytes: Buffer.byteLength(text), ...fields };
}

// C0 controls except tab, and DEL: NULs from binary files and terminal escapes have no place in model text or CLI output.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARS = /[\u0000-\u0008\u000A-\u001F\u007F]/g;

/** Replaces control characters (except tab) with U+FFFD. */
export function visibleText(text: string): string {
  return text.replace(CONTROL_CHARS, '\uFFFD');
}

/** Clips one line to `maxChars` (control characters made visible), saying how much was cut so the model knows the line goes on. */
export function clipLine(raw: string, maxChars: number): string {
  const line = visibleText(raw);
  if (line.length <= maxChars) return line;
  let cut = line.slice(0, maxChars);
  // Never split a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut} … [+${line.length - cut.length} chars]`;
}
