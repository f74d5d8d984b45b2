/**
 * Traceback frames the title names: "format_cursor_data crashes on BoundaryNorm" names the frame in `artist.py` that
 * runs `format_cursor_data`, even when the error is raised deeper (in `colors.py`, on purpose). A dispatch method
 * counts when one of its `_`-separated parts is the name ("Error pretty printing MatAdd" and `_print_MatAdd`).
 */

/** A frame as the trace gives it: the path clue it became, and the function it runs. */
export interface FrameRecord {
  path: string;
  symbol: string;
}

/** Shortest name that counts as a part of a frame's function (`MatAdd` in `_print_MatAdd`). */
const MIN_PART = 4;

const NAME = /`([^`\s]+)`|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\()?/g;

/**
 * The names a title writes as code: backticked, called (`cse()`), dotted (`QuerySet.defer`, each part), or shaped
 * like an identifier (`snake_case`, `camelCase`, `MatAdd`). Plain words ("crashes", "pretty") are not names here.
 */
export function titleCodeNames(title: string): Set<string> {
  const names = new Set<string>();
  for (const match of title.matchAll(NAME)) {
    const [text, quoted, called] = match;
    const written = quoted ?? text.replace(/\($/, '');
    const parts = written.split('.').filter((part) => /^[A-Za-z_$][\w$]*$/.test(part));
    for (const part of parts) {
      if (quoted !== undefined || called !== undefined || parts.length > 1 || /_|[a-z0-9][A-Z]|^[A-Z][a-z0-9]+[A-Z]/.test(part)) names.add(part);
    }
  }
  return names;
}

/** The path clues of the frames whose function the title names. */
export function namedFramePaths(frames: readonly FrameRecord[], title: string): string[] {
  const names = titleCodeNames(title);
  const named = (symbol: string) => names.has(symbol) || symbol.split(/_+/).some((part) => part.length >= MIN_PART && names.has(part));
  return [...new Set(frames.filter((frame) => named(frame.symbol)).map((frame) => frame.path))];
}
