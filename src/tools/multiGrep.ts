import * as path from 'node:path';
import type { GrepArgs, GrepPattern, ToolResult } from '../common/tools';
import { DEFAULT_LIMITS } from '../common/limits';
import { clampInt, finishGrep, grep, grepBaseFlags, GrepCollector, grepTargets, GREP_MAX_HITS, GREP_MAX_PATTERN_BYTES, isTrue, visibleFilter, type RgLine, type ToolContext } from './grep';
import { type RgOutcome } from './ripgrep';
import { runSortedRipgrep } from './splitWalk';
import { requiredLiterals, requiredPieces, type RequiredPiece } from './rgLiterals';
import { rgPatternToRegExp } from './rgRegex';
import { LineTests, viewLine, type LineView, type WalkPiece } from './lineTests';
import { errorResult, okResult } from './toolResult';
import type { Workspace } from './workspace';

/** Most searches one multi-pattern grep takes. */
export const MULTI_GREP_MAX_PATTERNS = 16;

/**
 * grep with `patterns`: several searches in one rg walk, each with its own hit budget, so that a
 * busy pattern cannot use up another's hits (the flaw of one merged regex with one shared cap).
 *
 * rg walks once looking for the searches' required literals (rgLiterals.ts) and reports every line
 * that holds one; each line is re-tested against each search's JavaScript twin (rgRegex.ts) and fed
 * to that search's own collector, with the same caps and early stop as a lone grep. Patterns without
 * an exact twin or without strong literals, and every pattern when rg fails before searching, are
 * searched alone, so each group equals what `grep` returns for that pattern by itself.
 */
export async function multiGrep(workspace: Workspace, args: GrepArgs, ctx: ToolContext): Promise<ToolResult> {
  const specs: unknown = args.patterns;
  if (!Array.isArray(specs) || specs.length === 0 || specs.length > MULTI_GREP_MAX_PATTERNS) {
    return errorResult(`grep \`patterns\` takes 1 to ${MULTI_GREP_MAX_PATTERNS} searches.`);
  }
  if (clampInt(args.context_lines, 0, 10, 0) > 0) return errorResult('grep `patterns` cannot be combined with `context_lines`.');
  const singles: GrepArgs[] = [];
  for (const spec of specs as unknown[]) {
    const pattern = (spec as GrepPattern | null)?.pattern;
    if (typeof pattern !== 'string' || pattern.length === 0) return errorResult('each of grep `patterns` needs a non-empty `pattern`.');
    const { case_insensitive, max_hits } = spec as GrepPattern;
    singles.push({ pattern, case_insensitive, max_hits, glob: args.glob, ...(args.paths !== undefined ? { paths: args.paths } : { path: args.path }) });
  }
  // A pattern too long for rg is left to grep alone, which says so.
  const twins = singles.map((single) => (Buffer.byteLength(single.pattern) > GREP_MAX_PATTERN_BYTES ? undefined : rgPatternToRegExp(single.pattern, isTrue(single.case_insensitive))));
  const groups: (Promise<ToolResult> | undefined)[] = singles.map(() => undefined);
  for (const joint of walkGroups(singles, twins)) {
    if (joint.length < 2) continue;
    const together = searchTogether(workspace, joint.map((i) => singles[i]), joint.map((i) => twins[i] as RegExp), ctx);
    // `undefined`: rg could not run the union (a pattern the Rust engine refuses); search each alone.
    const shared = together.then((results) => results ?? Promise.all(joint.map((i) => grep(workspace, singles[i], ctx))));
    joint.forEach((i, k) => (groups[i] = shared.then((results) => results[k])));
  }
  const results = await Promise.all(singles.map((single, i) => groups[i] ?? grep(workspace, single, ctx)));
  return combine(singles, results);
}

/** Shortest literal worth a shared walk: with `a` or `if` as the prefilter rg would report nearly every line. */
const MIN_LITERAL_CHARS = 3;

/**
 * Which searches share a walk (indices into `singles`): those with a twin and required literals of
 * at least MIN_LITERAL_CHARS, whatever their case (rg then searches escaped literals, the case-
 * insensitive ones inside `(?i:…)`, and keeps its literal prefilter). The others are searched alone,
 * with rg's own regex engine and early stop: a union of whole patterns instead of literals cost rg its
 * prefilter and made one walk slower than the searches alone (7.8 s against 1.1–1.6 s at 100k files).
 */
function walkGroups(singles: GrepArgs[], twins: (RegExp | undefined)[]): number[][] {
  const strong = (i: number) => requiredLiterals(singles[i].pattern)?.every((l) => Array.from(l).length >= MIN_LITERAL_CHARS) === true;
  return [singles.flatMap((_, i) => (twins[i] && strong(i) ? [i] : []))];
}

/**
 * Lines matched only by searches that are already done, after which rg is restarted without them.
 * Their lines would otherwise be printed, piped and parsed for the rest of the walk (a busy name's
 * lines can outnumber the useful ones 10 to 1); the restart re-walks the part already searched, but
 * prints nothing there, and it happens at most once per finished search.
 */
const RESTART_AFTER_WASTED_LINES = 20_000;

/** Where a walk stopped: the file (as rg orders files) and the last line handled in it. */
interface WalkPoint {
  key: Buffer[];
  line: number;
}

/** One rg walk for all of `singles`; `undefined` when rg rejected the union before searching. */
async function searchTogether(workspace: Workspace, singles: GrepArgs[], twins: RegExp[], ctx: ToolContext): Promise<ToolResult[] | undefined> {
  const searched = await grepTargets(workspace, singles[0], ctx);
  if (!('targets' in searched)) return singles.map(() => searched);
  const { targets: resolved, where, paths } = searched;
  const targets = resolved.map((r) => r.abs);
  // Hits in files the listing hides (a caller glob beat .gitignore, or an exclude rg cannot express) are dropped, as grep does.
  const visible = await visibleFilter(workspace, singles[0], resolved, ctx);
  const maxHits = singles.map((single) => clampInt(single.max_hits, 1, GREP_MAX_HITS, DEFAULT_LIMITS.grepMaxLines));
  // With `paths`, a lone grep caps each file at `max_hits` (rg --max-count) and the whole at that times the paths;
  // rg's own cap would count every search's lines together, so here each search counts its own per file.
  const collectors = singles.map((_, i) => new GrepCollector(workspace, paths > 0 ? maxHits[i] * paths : maxHits[i], false));
  const perFile = singles.map(() => 0);
  const literals = singles.map((single) => requiredPieces(single.pattern));
  const tests = new LineTests(singles.map((single, i) => ({ pattern: single.pattern, ci: isTrue(single.case_insensitive), twin: twins[i] })));
  const done = singles.map(() => false);
  // Separate greps ran in parallel, each with this wall-clock limit; the shared walk gets the same one,
  // so a locate never waits longer than before.
  const budgetMs = ctx.timeoutMs;
  const deadline = Date.now() + budgetMs;
  let resume: WalkPoint | undefined;
  let failed = false;
  let last: RgOutcome | undefined;
  for (let walk = 0; ; walk++) {
    const open = singles.flatMap((_, i) => (done[i] ? [] : [i]));
    // The Rust engine only: with --engine=auto one PCRE2-only pattern would move the whole union to PCRE2,
    // whose syntax differs; rg then fails instead, and the patterns are searched alone.
    const flags = grepBaseFlags({ ...singles[0], paths: undefined }, 0, 'default', workspace.rgFilterFlags(), 'plain');
    const pieces = walkPieces(open, singles, literals);
    const searched = walkPatterns(pieces);
    flags.push(...searched);
    tests.startWalk(pieces);
    flags.push('--', ...targets);
    const skipTo = resume;
    let skipping = skipTo !== undefined;
    let skipFile = false;
    let hiddenFile = false;
    let currentFile = '';
    let pending: string | undefined;
    /** The file being read and its last line handled; its place in the walk (walkKey) is worked out only when needed. */
    let here = { file: '', line: 0 };
    let records = 0;
    let wasted = 0;
    let restart = false;
    const outcome = await runSortedRipgrep(flags, {
      cwd: resolved[0].root.abs,
      signal: ctx.signal,
      timeoutMs: Math.max(1, deadline - Date.now()),
      onRecord: (piece) => {
        records++;
        // A file name holding a newline arrives split across records; its first part has no NUL yet.
        const record = pending === undefined ? piece : `${pending}\n${piece}`;
        pending = undefined;
        // Plain output is `path\0line:text`; nothing is allocated for a line until some search matches it.
        const nul = record.indexOf('\0');
        const colon = nul < 0 ? -1 : record.indexOf(':', nul + 1);
        const lineNumber = colon < 0 ? Number.NaN : Number(record.slice(nul + 1, colon));
        if (!Number.isInteger(lineNumber)) {
          if (nul < 0) pending = record;
          return 'more';
        }
        if (nul !== currentFile.length || !record.startsWith(currentFile)) {
          currentFile = record.slice(0, nul);
          here = { file: currentFile, line: 0 };
          perFile.fill(0);
          hiddenFile = visible !== undefined && !visible(workspace.display(currentFile) ?? currentFile);
          if (skipping && skipTo) {
            const order = compareKeys(walkKey(targets, currentFile), skipTo.key);
            skipFile = order < 0;
            if (order > 0) skipping = false;
          }
        }
        if (skipFile || hiddenFile) return 'more';
        if (skipping && skipTo && lineNumber <= skipTo.line) return 'more';
        here.line = lineNumber;
        const line = record.slice(colon + 1);
        let used = false;
        let parsed: RgLine | undefined;
        let view: LineView | undefined;
        for (const i of open) {
          if (done[i] || (paths > 0 && perFile[i] >= maxHits[i])) continue;
          const match = tests.exec(i, (view ??= viewLine(line)));
          if (!match) continue;
          perFile[i]++;
          used = true;
          parsed ??= { type: 'match', data: { path: { text: currentFile }, lines: { text: line }, line_number: lineNumber } };
          const matchByte = Buffer.byteLength(line.slice(0, match.index));
          if (collectors[i].addParsed(parsed, matchByte) === 'stop') done[i] = true;
        }
        if (open.every((i) => done[i])) return 'stop';
        // Only a search finished during this walk can waste lines; without one a restart would change nothing. A few
        // named files are not worth one, and the per-file counts would not survive it.
        if (!used && paths === 0 && ++wasted >= RESTART_AFTER_WASTED_LINES && open.some((i) => done[i])) {
          // Worth it only when rg would then search for less (a finished search's literals are no one else's).
          const next = walkPatterns(walkPieces(open.filter((i) => !done[i]), singles, literals));
          if (next.join('\0') !== searched.join('\0')) {
            restart = true;
            return 'stop';
          }
          // Not yet: look again after as many more wasted lines (another search may finish meanwhile).
          wasted = 0;
        }
        return 'more';
      },
    }, { resumeAt: skipTo?.key.slice(1), cuts: workspace.cuts });
    if (walk === 0 && outcome.code === 2 && records === 0) return undefined;
    failed ||= outcome.code === 2;
    last = outcome;
    if (!restart) break;
    resume = { key: walkKey(targets, here.file), line: here.line };
  }
  const shared: RgOutcome = { ...last, code: failed ? 2 : last.code };
  return singles.map((single, i) => finishGrep(workspace, collectors[i], aloneOutcome(shared, collectors[i].total, done[i]), single, where, budgetMs));
}

/**
 * What rg searches for in a shared walk: every open search's required literals (one literal prefilter,
 * whatever the patterns). A literal the search only matches as a whole word (`\b(?:join|field)\b`)
 * is asked for as one, so lines holding only `joined` or `CharField` are never printed: on a 100k-file
 * tree that halves to thirds what rg prints and Node parses. Without such words, and with one case mode,
 * rg gets fixed strings; otherwise escaped literals, the case-insensitive ones inside `(?i:…)`. rg
 * reports a superset of each search's lines; the twins decide.
 */
function walkPatterns(pieces: WalkPiece[]): string[] {
  if (new Set(pieces.map((piece) => piece.ci)).size === 1 && !pieces.some(wordBounded)) {
    const unique = pieces.map((piece) => piece.text).sort();
    return ['--fixed-strings', ...(pieces[0]?.ci ? ['--ignore-case'] : []), ...unique.flatMap((literal) => ['--regexp', literal])];
  }
  const regexes = pieces.map((piece) => (piece.ci ? `(?i:${rustPiece(piece)})` : rustPiece(piece)));
  return regexes.sort().flatMap((regex) => ['--regexp', regex]);
}

/** The open searches' required literals, one entry per literal and case mode, bounded only on the sides every search bounds it. */
function walkPieces(open: number[], singles: GrepArgs[], literals: (RequiredPiece[] | undefined)[]): WalkPiece[] {
  const ci = (i: number) => isTrue(singles[i].case_insensitive);
  const merged = new Map<string, WalkPiece>();
  for (const piece of open.flatMap((i) => (literals[i] ?? []).map((p) => ({ ...p, ci: ci(i) })))) {
    const key = `${piece.ci}\0${piece.text}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, boundedBefore: seen.boundedBefore && piece.boundedBefore, boundedAfter: seen.boundedAfter && piece.boundedAfter } : piece);
  }
  return [...merged.values()];
}

/** An ASCII word character, the only kind for which rg's Unicode `\b` implies its cheaper ASCII `\b`. */
const ASCII_WORD = /^[A-Za-z0-9_]$/;

function wordBounded(piece: RequiredPiece): boolean {
  return boundBefore(piece) || boundAfter(piece);
}

function boundBefore(piece: RequiredPiece): boolean {
  return piece.boundedBefore && ASCII_WORD.test(piece.text[0] ?? '');
}

function boundAfter(piece: RequiredPiece): boolean {
  return piece.boundedAfter && ASCII_WORD.test(piece.text[piece.text.length - 1] ?? '');
}

/**
 * A literal as an rg regex, with ASCII word boundaries where the search has boundaries: those keep
 * rg's fast DFA (a Unicode `\b` does not), and at an ASCII word character every Unicode boundary is
 * an ASCII one too, so the prefilter still passes every line the search matches.
 */
function rustPiece(piece: RequiredPiece): string {
  return `${boundBefore(piece) ? '(?-u:\\b)' : ''}${escapeRust(piece.text)}${boundAfter(piece) ? '(?-u:\\b)' : ''}`;
}

/** A literal as a Rust regex (regex_syntax::escape's set of meta characters). */
function escapeRust(literal: string): string {
  return literal.replace(/[\\.+*?()|[\]{}^$#&\-~]/g, '\\$&');
}

/** A file's place in rg's --sort=path order: which target, then each path component, compared as bytes. */
function walkKey(targets: string[], abs: string): Buffer[] {
  const index = targets.findIndex((t) => abs === t || abs.startsWith(t.endsWith(path.sep) ? t : t + path.sep));
  const rest = index < 0 ? abs : abs.slice(targets[index].length);
  return [Buffer.from([Math.max(0, index)]), ...rest.split(path.sep).filter(Boolean).map((part) => Buffer.from(part))];
}

function compareKeys(a: Buffer[], b: Buffer[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = Buffer.compare(a[i], b[i]);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** The outcome a pattern's own rg would have had, from the shared one. */
function aloneOutcome(shared: RgOutcome, total: number, done: boolean): RgOutcome {
  // rg exits 2 on file errors whatever matched; otherwise 0 with a match and 1 without.
  const code = done ? null : shared.code === 2 ? 2 : total > 0 ? 0 : 1;
  return { code, stderr: shared.stderr, stopped: done, timedOut: shared.timedOut && !done, skipped: shared.skipped };
}

function combine(singles: GrepArgs[], groups: ToolResult[]): ToolResult {
  const text = groups.map((group, i) => `## /${singles[i].pattern}/\n${group.text}`).join('\n\n');
  const count = groups.reduce((sum, group) => sum + group.count, 0);
  return okResult(text, { truncated: groups.some((group) => group.truncated), count, groups });
}
