import { requestedName } from './featureRequest';

/**
 * Traceback frames the title names: "format_cursor_data crashes on BoundaryNorm" names the frame in `artist.py` that
 * runs `format_cursor_data`, even when the error is raised deeper (in `colors.py`, on purpose). A dispatch method
 * counts when one of its `_`-separated parts is the name ("Error pretty printing MatAdd" and `_print_MatAdd`).
 * Only frames that give both a path and a function can be named (Python's, JavaScript's, Java's; not Go's, whose
 * function lines and file lines are apart).
 */

/** A frame as the trace gives it: the path clue it became, and the function it runs. */
export interface FrameRecord {
  path: string;
  symbol: string;
  /** True for a frame inside an installed package (`node_modules/…`, `site-packages/…`). */
  installed?: boolean;
}

/** Shortest name that counts as a part of a frame's function (`MatAdd` in `_print_MatAdd`). */
const MIN_PART = 4;

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
const NAME = /`([^`]+)`|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\()?/g;
/** Shaped like a name in code, not a word: `snake_case` or an inner capital (`MatAdd`, `formatCursor`). */
const CODE_SHAPE = /_|[a-z0-9][A-Z]/;
/** Dotted parts that are file extensions (`setup.py`, `index.js`), not names. */
const EXTENSIONS = new Set(['py', 'js', 'ts', 'jsx', 'tsx', 'mjs', 'cjs', 'go', 'rs', 'java', 'rb', 'php', 'md', 'json', 'yaml', 'yml', 'toml', 'txt', 'html', 'css', 'cfg', 'ini']);

/**
 * The names a title writes as code: backticked (every identifier inside, so `` `foo()` `` and `` `Foo::bar` `` give
 * theirs), called (`cse()`), dotted (`QuerySet.defer`, each part but a file extension), or shaped like an identifier
 * (`snake_case`, `camelCase`, `MatAdd`). Plain words ("crashes", "pretty"), one-letter names and Python's dunders
 * (`__init__`, which every class has) are not names here.
 */
export function titleCodeNames(title: string): Set<string> {
  const names = new Set<string>();
  for (const match of title.matchAll(NAME)) {
    const [text, quoted, called] = match;
    const parts = quoted !== undefined ? [...quoted.matchAll(IDENTIFIER)].map((m) => m[0]) : text.replace(/\($/, '').split('.');
    const dotted = quoted === undefined && parts.length > 1;
    for (const part of parts) {
      if (part.length < 2 || /^__\w+__$/.test(part) || (dotted && EXTENSIONS.has(part.toLowerCase()))) continue;
      if (quoted !== undefined || called !== undefined || dotted || CODE_SHAPE.test(part)) names.add(part);
    }
  }
  return names;
}

/**
 * The path clues of the frames whose function the title names: the same name, or a part of a dispatch method that
 * is itself shaped like code (`MatAdd`), so a dotted word such as `text` in `django.utils.text` names no `render_text`.
 * A frame inside an installed package does not count: such a trace runs from the reporter's own code into the
 * library, so the function the title names there is the API they called ("sinon.spy(obj, symbol) throws…" and
 * `Sandbox.spy`), not where it fails (`wrapMethod`, deeper).
 */
export function namedFramePaths(frames: readonly FrameRecord[], title: string): string[] {
  const names = titleCodeNames(title);
  // "Add get_response_async for ASGIStaticFilesHandler" asks for the name where it is missing: the frames that run
  // a function of that name are where it already exists, not the class the request is for.
  const requested = requestedName(title);
  if (requested) names.delete(requested);
  const parts = new Set([...names].filter((name) => name.length >= MIN_PART && CODE_SHAPE.test(name)));
  const named = (symbol: string) => names.has(symbol) || symbol.split(/_+/).some((part) => parts.has(part));
  return [...new Set(frames.filter((frame) => !frame.installed && named(frame.symbol)).map((frame) => frame.path))];
}
