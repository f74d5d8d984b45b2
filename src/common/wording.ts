/** Small helpers that keep user-facing text consistent across the panel, chat, toasts and logs. */

/** "1 file", "3 files". */
export function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** Clips text to `max` characters with an ellipsis, on one line (titles in toasts, history, logs). */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * An error message as VS Code shows it: opens with a capital letter, and without the CLI's flag
 * hints ("codegrep.endpoint (CLI: --endpoint)" reads "codegrep.endpoint" in the editor).
 */
export function editorMessage(message: string): string {
  const text = message
    .replace(/\s*\(CLI: --[\w-]+\)/g, '')
    .replace(/,\s*CLI: --[\w-]+\)/g, ')')
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "turn 2 of 3" for exploration turns, "answering" on the forced answer turn (the setting counts exploration turns only). */
export function turnLabel(turn: number, totalTurns: number): string {
  const exploration = Math.max(0, totalTurns - 1);
  if (turn > exploration) return 'answering';
  return `turn ${turn} of ${exploration}`;
}
