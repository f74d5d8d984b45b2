import type { CallView, RunView, TurnView } from '../../src/common/protocol';
import type { LineRange } from '../../src/common/result';
import { plural, turnLabel } from '../../src/common/wording';

export { plural } from '../../src/common/wording';

/** Patterns longer than this are clipped in the call line (the leader check greps for up to 300 words). */
const MAX_PATTERN_CHARS = 80;

/** Alternations of more plain words than this read as "any of N words: a, b, c, …". */
const WORD_LIST_MIN = 4;
/** Words named before the "…" of a word list. */
const WORDS_SHOWN = 5;

/** One line describing a tool call as the user reads it: `grep "pattern" in src (*.py)`; `full` keeps long patterns whole. */
export function describeCall(call: CallView['call'], full = false): string {
  switch (call.name) {
    case 'grep': {
      const a = call.args;
      const where = a.path ? ` in ${a.path}` : '';
      const glob = a.glob ? ` (${a.glob})` : '';
      const flags = a.case_insensitive ? ' · ignore case' : '';
      const names = full ? undefined : definitionNames(a.pattern);
      if (names) return `grep for the definitions of ${wordList(names, 'name')}${where}${glob}${flags}`;
      const parts = full ? undefined : definitionNameParts(a.pattern);
      if (parts) return `grep for definitions named with ${wordList(parts.map((p) => `${p}…`), 'word')}${where}${glob}${flags}`;
      if (!full && isReexportSearch(a.pattern)) return `grep for re-exports (export … from)${where}${glob}${flags}`;
      const imported = full ? undefined : importSearchNames(a.pattern);
      if (imported) return `grep for import lines naming ${wordList(imported, 'file')}${where}${glob}${flags}`;
      const word = full ? undefined : wholeWord(a.pattern);
      if (word) return `grep ${quote(word)} as a whole word${where}${glob}${flags}`;
      const option = full ? undefined : quotedOption(a.pattern);
      if (option) return `grep for where the option ${quote(option)} is declared${where}${glob}${flags}`;
      const phrases = full ? undefined : phraseAlternation(a.pattern);
      if (phrases) return `grep for ${plural(phrases.length, 'phrasing')}: ${phrases.slice(0, 2).map(quote).join(', ')}${phrases.length > 2 ? ', …' : ''}${where}${glob}${flags}`;
      const words = full ? undefined : wordAlternation(a.pattern);
      if (words) return `grep for any of ${wordList(words, 'word')}${where}${glob}${flags}`;
      const pattern = full || a.pattern.length <= MAX_PATTERN_CHARS ? a.pattern : `${a.pattern.slice(0, MAX_PATTERN_CHARS - 1)}…`;
      return `grep ${quote(pattern)}${where}${glob}${flags}`;
    }
    case 'glob':
      return `glob ${quote(call.args.pattern)}${call.args.path ? ` in ${call.args.path}` : ''}`;
    case 'read': {
      const a = call.args;
      const lines = a.start_line || a.end_line ? `:${a.start_line ?? 1}-${a.end_line ?? ''}` : '';
      return `read ${a.path}${lines}`;
    }
    case 'terminal': {
      const command = call.args.command;
      return `$ ${full || command.length <= MAX_PATTERN_CHARS ? command : `${command.slice(0, MAX_PATTERN_CHARS - 1)}…`}`;
    }
    default:
      return String((call as { name: unknown }).name);
  }
}

/** The result part of a call line: "12 hits", "3 files", "40 lines", "running…", or the error. */
export function describeOutcome(call: CallView): { text: string; error: boolean } {
  const s = call.summary;
  if (!s) return { text: 'running…', error: false };
  if (s.error) return { text: s.error.replace(/^error:\s*/i, ''), error: true };
  const unit = call.call.name === 'grep' ? 'hit' : call.call.name === 'glob' ? 'file' : 'line';
  return { text: `${plural(s.count, unit)}${s.truncated ? ' (truncated)' : ''}`, error: false };
}

/** The summary line of a turn: "Turn 2 · 6 calls · 140 results", or "Turn 4 · answer" for the turn that answered. */
export function describeTurn(turn: TurnView, answered = false): string {
  if ((turn.final || answered) && turn.calls.length === 0) return `Turn ${turn.turn} · answer`;
  const results = turn.calls.reduce((sum, c) => sum + (c.summary?.count ?? 0), 0);
  const errors = turn.calls.filter((c) => c.summary?.error).length;
  return [`Turn ${turn.turn}`, plural(turn.calls.length, 'call'), plural(results, 'result'), errors ? plural(errors, 'error') : '']
    .filter(Boolean)
    .join(' · ');
}

/**
 * The words of a grep pattern that is only an alternation of plain words (`\b(?:save|load|…)\b`, as
 * the embedded brain writes them), else undefined; a regex with anything else stays a regex.
 */
export function wordAlternation(pattern: string): string[] | undefined {
  const inner = pattern.replace(/^(?:\\b)?\((?:\?:)?/, '').replace(/\)(?:\\b)?$/, '');
  const words = inner.split('|');
  return plainWords(words, WORD_LIST_MIN);
}

/**
 * The names of a definition search (the embedded brain's `(?:def |class |…)(?:save|load)\b|…`), else
 * undefined: the first group of plain names right before a `\b` or `\s*` in a pattern that spells `class`.
 */
export function definitionNames(pattern: string): string[] | undefined {
  // The embedded brain's two definition searches: keyword forms (`class X`...) and line-start forms (`x = ...`).
  if (!/\bclass\b/.test(pattern) && !pattern.startsWith('^\\s*(?:export')) return undefined;
  for (const group of pattern.matchAll(/\(\?:([^()]*)\)(?=\\b|\\s\*)/g)) {
    const names = plainWords(group[1].split('|'), 1);
    if (names && !names.includes('class')) return names;
  }
  return undefined;
}

/**
 * The word beginnings of a search for definitions whose names hold them (the embedded brain's leader check:
 * `(?:def|class|…)\s+…[\w$]*(?:technic|respons)`), else undefined.
 */
export function definitionNameParts(pattern: string): string[] | undefined {
  if (!/\bclass\b/.test(pattern)) return undefined;
  const group = /\[\\w\$\]\*\(\?:([^()]*)\)$/.exec(pattern);
  return group ? plainWords(group[1].split('|'), 1) : undefined;
}

/** True for the embedded brain's search for re-export lines and list ends (core/embedded/reexports.ts). */
export function isReexportSearch(pattern: string): boolean {
  return pattern.startsWith(String.raw`^\s*export\s+(?:type\s+)?(?:\*|`);
}

/**
 * The file names of a search for import lines that name them (the embedded brain's leader check:
 * `(?:^\s*(?:import|from|#\s*include|…)…).*\b(?:yaml|lookups)\b`), else undefined.
 */
export function importSearchNames(pattern: string): string[] | undefined {
  if (!pattern.startsWith(String.raw`(?:^\s*(?:import|from|#\s*include|`)) return undefined;
  const group = /\.\*\\b\(\?:([^()]*)\)\\b$/.exec(pattern);
  return group ? plainWords(group[1].split('|'), 1) : undefined;
}

/** The text of a search for one literal as a whole word (`\badmin\.E108\b`: a diagnostic code), else undefined. */
export function wholeWord(pattern: string): string | undefined {
  const inner = /^\\b(.+)\\b$/.exec(pattern)?.[1];
  return inner && isLiteral(inner) ? unescaped(inner) : undefined;
}

/** The option of a search for the string that declares it (the embedded brain's optionPattern), else undefined. */
export function quotedOption(pattern: string): string | undefined {
  const inner = /^\["'`\]\(\?:-\[A-Za-z\], \?\)\?(--.+?)\(\?:\[ =\]\[\^"'`\]\*\)\?\["'`\]$/.exec(pattern)?.[1];
  return inner && isLiteral(inner) ? unescaped(inner) : undefined;
}

/**
 * The phrases of a search for words apart by any whitespace (`no\s+number\s+is|…`: the embedded brain's second
 * look for a message, in shorter forms), else undefined.
 */
export function phraseAlternation(pattern: string): string[] | undefined {
  if (!pattern.includes('\\s+')) return undefined;
  const phrases = pattern.split('|').map((phrase) => phrase.split('\\s+'));
  if (phrases.some((words) => words.length < 2 || !words.every(isLiteral))) return undefined;
  return phrases.map((words) => words.map(unescaped).join(' '));
}

/** True when a piece of a pattern is literal text: escaped characters allowed, no other regex syntax. */
function isLiteral(piece: string): boolean {
  return piece.length > 0 && !/[()[\]{}*+?^$.|\\]/.test(piece.replace(/\\[^\w\s]/g, ''));
}

/** The literal text of a pattern piece (`admin\.E108` → `admin.E108`). */
function unescaped(piece: string): string {
  return piece.replace(/\\([^\w\s])/g, '$1');
}

/** The words unescaped when each is a plain identifier-like word and there are at least `min`, else undefined. */
function plainWords(parts: string[], min: number): string[] | undefined {
  // Each name may carry its own `\b`s (the definition searches bound names one by one).
  const words = parts.map((w) => w.replace(/^\\b|\\b$/g, '').replace(/\\([.$-])/g, '$1'));
  return words.length >= min && words.every((w) => /^[\w$.-]+$/.test(w)) ? words : undefined;
}

/** "3 words: a, b, c" or "12 words: a, b, c, d, e, …". */
function wordList(words: string[], unit: string): string {
  const shown = words.slice(0, WORDS_SHOWN).join(', ');
  return `${plural(words.length, unit)}: ${shown}${words.length > WORDS_SHOWN ? ', …' : ''}`;
}

/** The status line: what the run is doing or how it ended. */
export function describeStatus(run: RunView): string {
  const brain = run.brain || 'starting';
  const progress = run.totalTurns ? `${turnLabel(run.currentTurn, run.totalTurns)} · ${plural(run.toolCalls, 'call')}` : 'starting';
  switch (run.status) {
    case 'running':
      return `Searching · ${brain} · ${progress}`;
    case 'done':
      return `Done in ${formatMs(run.usage?.ms ?? 0)} · ${brain} · ${plural(run.usage?.turns ?? run.currentTurn, 'turn')} · ${plural(run.toolCalls, 'call')} · ${plural(run.candidates.length, 'file')}`;
    case 'cancelled':
      return `Stopped · ${progress}`;
    case 'error':
      return run.brain ? `Failed · ${run.brain}` : 'Failed';
  }
}

/**
 * Splits a reason at Markdown code spans (`name`) so they can be shown as code. Only the span
 * boundaries are interpreted; every part is still rendered as text.
 */
export function reasonParts(text: string): { text: string; code: boolean }[] {
  return text
    .split(/(`[^`\n]+`)/)
    .filter(Boolean)
    .map((part) => (/^`[^`\n]+`$/.test(part) ? { text: part.slice(1, -1), code: true } : { text: part, code: false }));
}

/** "10–40" labels for range chips. */
export function rangeLabel([a, b]: LineRange): string {
  return a === b ? `L${a}` : `L${a}–${b}`;
}

/** Splits a path into directory (with trailing slash) and file name, for two-tone display. */
export function splitPath(path: string): { dir: string; name: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { dir: '', name: path } : { dir: path.slice(0, slash + 1), name: path.slice(slash + 1) };
}

/** The first paragraph of an issue body, cut to about `max` characters. */
export function excerpt(body: string, max = 280): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** "0.8 s", "42 ms", "1 min 3 s". */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function quote(text: string): string {
  return `"${text}"`;
}

/** The URL as a link target only when it is http(s): a `javascript:` or `data:` issue URL must never become a live link. */
export function linkTarget(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
