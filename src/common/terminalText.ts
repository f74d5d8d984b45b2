// C0 controls (but tab, and newline when kept), DEL, C1 controls (0x9B is a one-byte CSI on some terminals) and
// the bidirectional overrides that reorder what a reader sees ("Trojan Source").
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above, newline included.
const UNSAFE_LINE = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text from a model, a server, an issue or a file name, made safe to print on a terminal: escape
 * sequences (ESC[2J, OSC titles) and other controls become U+FFFD. `keepNewlines` keeps `\n` for
 * multi-line messages; otherwise one string stays one line.
 */
export function terminalSafe(text: string, keepNewlines = false): string {
  return text.replace(keepNewlines ? UNSAFE : UNSAFE_LINE, '\uFFFD');
}
