/**
 * Names an issue writes in other shapes than code does: kebab-case names (`cache-control`, `hide-env`) and the
 * labels before a title (`[Autocomplete] Popup does not close`). clues.ts turns what these return into clues.
 */

/** A kebab-case name: words of letters and digits joined by hyphens, each starting with a letter (not `x-1`). */
export const KEBAB_RE = /(?<![\w$-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z][A-Za-z0-9]*)+(?![\w$-])/g;

/**
 * The spellings code gives a kebab-case name, which is a header, a CSS property, a command, a lint rule or a
 * config key: as written, in Title-Case (HTTP headers), or as the identifier a language makes of it: `hide_env`
 * (a Rust or Python module), `hideEnv` (a JavaScript property), `HideEnv` (a type). None when every word is
 * shorter than 3 letters (`a-b`).
 */
export function kebabSpellings(term: string): string[] {
  const parts = term.split('-');
  if (parts.every((part) => part.length < 3)) return [];
  const lower = parts.map((part) => part.toLowerCase());
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return [
    ...new Set([
      term,
      lower.map(capital).join('-'),
      lower.join('_'),
      lower[0] + lower.slice(1).map(capital).join(''),
      lower.map(capital).join(''),
    ]),
  ];
}

/** Labels before a title (`[material-ui][Autocomplete] …`) and the title after them. */
export function splitTitleLabels(title: string): { labels: string[]; rest: string } {
  const match = title.match(/^\s*((?:\[[^\]\n]{1,40}\]\s*[:-]?\s*)+)/);
  if (!match) return { labels: [], rest: title };
  const labels = [...match[1]!.matchAll(/\[([^\]\n]+)\]/g)].map((m) => m[1]!.trim());
  return { labels, rest: title.slice(match[0].length) };
}

/** Title labels that say what kind of issue it is, not where. */
const GENERIC_LABELS = new Set(
  'bug bugs feature features enhancement enh question proposal suggestion improvement request rfc regression breaking help wip draft docs doc typo security performance perf refactor chore test tests ci build release discussion idea support meta tracking umbrella epic todo fix hotfix critical urgent minor major'.split(' '),
);

/**
 * True for a label that names a component or module (`Autocomplete`, `DataGrid`, `useMediaQuery`): one word of
 * mixed case. Type labels (`[Bug]`, `[RFC]`, `[ENH]`), lower-case areas (`[docs]`, `[material-ui]`, matched against
 * paths as title words) and versions (`[version 2.20.0]`) are not names.
 */
export function isComponentLabel(label: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]*$/.test(label) && /[a-z]/.test(label) && /[A-Z]/.test(label) && !GENERIC_LABELS.has(label.toLowerCase());
}
