import { DEFAULT_LIMITS } from '../common/limits';
import type { GrepArgs, GrepHit, ToolResult } from '../common/tools';
import { listingHas } from './fileList';
import { MAX_RECORD_BYTES, RG_BASE_FLAGS, summarizeRgError, type LineVerdict, type RgOutcome } from './ripgrep';
import { runSortedRipgrep } from './splitWalk';
import { clipLine, errorResult, okResult, visibleText } from './toolResult';
import { policyRgFlags } from './visibility';
import type { ResolvedPath, Workspace } from './workspace';

/** Upper bound for `max_hits` (structured hits for the embedded brain). */
export const GREP_MAX_HITS = 2000;
/** Upper bound for `paths` (the embedded brain's leader check searches 5). */
export const GREP_MAX_PATHS = 8;
/** After the caps are full, matches are only counted, up to this many more, before rg is killed. */
const EXTRA_COUNT = 1000;
const MAX_CONTEXT = 10;
/** Longest pattern passed to rg: one argv string may not exceed 128 KiB on Linux (E2BIG), and no real search needs more. */
export const GREP_MAX_PATTERN_BYTES = 16 * 1024;

/** Per-call budgets and cancellation. */
export interface ToolContext {
  signal: AbortSignal;
  timeoutMs: number;
}

/** An rg JSON text field. */
export interface RgText {
  text?: string;
  bytes?: string;
}
/** One rg --json record, as far as grep reads it. */
export interface RgLine {
  type: 'begin' | 'match' | 'context' | 'end' | 'summary';
  data: { path?: RgText; lines?: RgText; line_number?: number; submatches?: { start: number; end: number }[] };
}

/**
 * grep: ripgrep over the workspace (or one path), sorted by path for deterministic
 * results, `path:line: text` for matches and `path-line- text` for context lines.
 */
export async function grep(workspace: Workspace, args: GrepArgs, ctx: ToolContext): Promise<ToolResult> {
  if (typeof args.pattern !== 'string' || args.pattern.length === 0) return errorResult('grep needs a non-empty `pattern`.');
  const patternBytes = Buffer.byteLength(args.pattern);
  if (patternBytes > GREP_MAX_PATTERN_BYTES) {
    return errorResult(`pattern too long (${patternBytes} bytes; at most ${GREP_MAX_PATTERN_BYTES}); search for a shorter distinctive part of it.`);
  }
  const searched = await grepTargets(workspace, args, ctx);
  if (!('targets' in searched)) return searched;
  const { targets, where, paths } = searched;
  const context = clampInt(args.context_lines, 0, MAX_CONTEXT, 0);
  const maxHits = clampInt(args.max_hits, 1, GREP_MAX_HITS, DEFAULT_LIMITS.grepMaxLines);
  const flags = grepFlags(args, context, targets.map((t) => t.abs), workspace.rgFilterFlags());
  // With several paths, `max_hits` applies to each file (rg --max-count), so one busy file cannot crowd out the rest.
  const collector = new GrepCollector(workspace, paths > 0 ? maxHits * paths : maxHits, context > 0, await visibleFilter(workspace, args, targets, ctx));
  const outcome = await runSortedRipgrep(flags, {
    cwd: targets[0].root.abs,
    signal: ctx.signal,
    timeoutMs: ctx.timeoutMs,
    onRecord: (record) => collector.add(record),
  }, { cuts: workspace.cuts });
  return finishGrep(workspace, collector, outcome, args, where, ctx.timeoutMs);
}

/** What a grep call searches, resolved and checked: its `path`, or each of its `paths` (`paths`: how many, else 0). */
export interface GrepTargets {
  targets: ResolvedPath[];
  /** The path or paths as the caller gave them, for messages. */
  where: string;
  paths: number;
}

/** The call's targets, or the error result that refuses them (outside the workspace, not a string, too many). */
export async function grepTargets(workspace: Workspace, args: GrepArgs, ctx: ToolContext): Promise<GrepTargets | ToolResult> {
  const several = args.paths !== undefined;
  const wheres: unknown[] = several ? (Array.isArray(args.paths) ? args.paths : [null]) : [args.path ?? ''];
  if (wheres.length === 0 || wheres.length > GREP_MAX_PATHS) return errorResult(`grep \`paths\` takes 1 to ${GREP_MAX_PATHS} paths.`);
  const targets: ResolvedPath[] = [];
  for (const where of wheres) {
    if (typeof where !== 'string') return errorResult(several ? 'grep `paths` must be a list of strings.' : 'grep `path` must be a string.');
    const resolved = await workspace.resolve(where, 'any');
    if ('error' in resolved) return errorResult(resolved.error);
    for (const target of resolved) {
      const refusal = await workspace.refusal(target, ctx);
      if (refusal) return errorResult(refusal.error);
    }
    targets.push(...resolved);
  }
  return { targets, where: wheres.join(', '), paths: several ? wheres.length : 0 };
}

/** The result of one search: its hits, or why there are none (timeout, rg error, no match). */
export function finishGrep(workspace: Workspace, collector: GrepCollector, outcome: RgOutcome, args: GrepArgs, where: string, timeoutMs: number): ToolResult {
  if (collector.total === 0 && outcome.skipped === 0) {
    if (outcome.timedOut) return errorResult(`grep timed out after ${timeoutMs / 1000}s; narrow the pattern or use glob/path.`);
    if (outcome.code === 2 && outcome.stderr.trim() !== '') return errorResult(workspace.hideRoots(summarizeRgError(outcome.stderr)));
    const inPath = where ? ` in ${where}` : '';
    const filter = args.glob ? ` (glob ${args.glob})` : '';
    return okResult(`No matches for /${args.pattern}/${inPath}${filter}.`, { truncated: false, count: 0, hits: [] });
  }
  return collector.result(outcome, timeoutMs);
}

/**
 * A caller's glob is an rg override, which beats .gitignore (`--glob=*` lists ignored files), and
 * exclude globs rg cannot apply itself are matched by us: in both cases the hits are kept only for
 * files in the workspace listing. Undefined when rg's own filtering is already exact.
 */
export async function visibleFilter(workspace: Workspace, args: GrepArgs, targets: ResolvedPath[], ctx: ToolContext): Promise<((display: string) => boolean) | undefined> {
  const callerGlob = typeof args.glob === 'string' && args.glob.trim() !== '';
  if (!callerGlob && workspace.excludes.empty) return undefined;
  const listing = await workspace.files.list(ctx.signal, ctx.timeoutMs).catch((error: unknown) => {
    if (ctx.signal.aborted) throw error;
    return undefined;
  });
  if (listing === undefined) return undefined;
  // An explicit file target already passed Workspace#refusal (a symlink is not listed under its own name).
  const explicit = new Set(targets.filter((t) => t.kind === 'file').map((t) => t.display));
  return (display) => explicit.has(display) || listingHas(listing, display, 'file');
}

/**
 * The rg command line for a grep call (exported so the benchmark runs the very same search raw).
 * `filters` (Workspace#rgFilterFlags) come after the caller's glob, because rg lets the last matching glob win.
 */
export function grepFlags(args: GrepArgs, context: number, paths: string[], filters: readonly string[] = policyRgFlags({}, [])): string[] {
  const flags = grepBaseFlags(args, context, 'auto', filters);
  if (isTrue(args.case_insensitive)) flags.push('--ignore-case');
  flags.push('--regexp', args.pattern, '--', ...paths);
  return flags;
}

/** Flags of a grep call other than its pattern, case and paths; the multi-pattern grep shares them. */
export function grepBaseFlags(args: GrepArgs, context: number, engine: 'auto' | 'default', filters: readonly string[], output: 'json' | 'plain' = 'json'): string[] {
  // Plain output (`path\0line:text`) is 3x cheaper for rg to write and for us to read than --json, for walks that print many lines.
  const format = output === 'json' ? ['--json'] : ['--no-heading', '--with-filename', '--null', '--line-number', '--color=never'];
  const flags: string[] = [...RG_BASE_FLAGS, ...format, '--sort=path', `--engine=${engine}`];
  if (context > 0) flags.push(`--context=${context}`);
  if (typeof args.glob === 'string' && args.glob.trim() !== '') flags.push(`--glob=${args.glob.trim()}`);
  flags.push(...filters);
  if (args.paths !== undefined) flags.push(`--max-count=${clampInt(args.max_hits, 1, GREP_MAX_HITS, DEFAULT_LIMITS.grepMaxLines)}`);
  return flags;
}

/** Turns rg --json records into capped text lines and structured hits; says when to stop rg. */
export class GrepCollector {
  total = 0;
  private readonly lines: string[] = [];
  private readonly hits: GrepHit[] = [];
  private textLines = 0;
  private shownMatches = 0;
  private lastPath = '';
  private lastLine = 0;
  /** The current file (rg's `begin` record) is one the filter drops. */
  private hiddenFile = false;

  constructor(
    private readonly workspace: Workspace,
    private readonly maxHits: number,
    private readonly separators: boolean,
    private readonly visible?: (display: string) => boolean,
  ) {}

  /** Takes one raw rg --json record. */
  add(record: string): LineVerdict {
    if (this.visible && record.startsWith('{"type":"begin"')) {
      const abs = decode((JSON.parse(record) as RgLine).data.path);
      this.hiddenFile = !this.visible(this.workspace.display(abs) ?? abs);
      return 'more';
    }
    if (this.hiddenFile) return 'more';
    if (this.full()) {
      // Cheap path: only count further matches, without parsing them.
      if (record.startsWith('{"type":"match"')) this.total++;
      return this.afterFull();
    }
    if (!record.startsWith('{"type":"match"') && !record.startsWith('{"type":"context"')) return 'more';
    const parsed = JSON.parse(record) as RgLine;
    return this.addParsed(parsed, parsed.data.submatches?.[0]?.start);
  }

  /**
   * Takes one parsed match or context record of a visible file (the caller applies the visibility
   * filter); `matchByte` is where its first match starts in the line.
   */
  addParsed({ type, data }: RgLine, matchByte: number | undefined): LineVerdict {
    if (this.full()) {
      if (type === 'match') this.total++;
      return this.afterFull();
    }
    const abs = decode(data.path);
    const display = this.workspace.display(abs) ?? abs;
    const raw = decode(data.lines).replace(/\r?\n$/, '');
    const line = data.line_number ?? 0;
    const isMatch = type === 'match';
    const maxChars = DEFAULT_LIMITS.grepMaxLineChars;
    const text = isMatch ? windowed(data.lines, raw, matchByte, maxChars) : clipLine(raw, maxChars);
    if (isMatch) {
      this.total++;
      if (this.hits.length < this.maxHits) this.hits.push({ path: display, line, text });
    }
    if (this.textLines < DEFAULT_LIMITS.grepMaxLines) {
      if (this.separators && this.lastPath !== '' && (display !== this.lastPath || line > this.lastLine + 1)) this.lines.push('--');
      // A file name may hold a newline or an escape: shown as U+FFFD, it stays one line (citations still resolve it).
      const shown = visibleText(display);
      this.lines.push(isMatch ? `${shown}:${line}: ${text}` : `${shown}-${line}- ${text}`);
      this.textLines++;
      if (isMatch) this.shownMatches++;
      this.lastPath = display;
      this.lastLine = line;
    }
    return 'more';
  }

  private full(): boolean {
    return this.textLines >= DEFAULT_LIMITS.grepMaxLines && this.hits.length >= this.maxHits;
  }

  /** Once the caps are full, rg runs on only to count up to EXTRA_COUNT more matches. */
  private afterFull(): LineVerdict {
    return this.total >= Math.max(this.maxHits, this.shownMatches) + EXTRA_COUNT ? 'stop' : 'more';
  }

  result(outcome: RgOutcome, timeoutMs: number): ToolResult {
    const hidden = this.total - this.shownMatches;
    const notes: string[] = [];
    if (hidden > 0) {
      const amount = outcome.stopped ? `more than ${hidden}` : `${hidden}`;
      notes.push(`... ${amount} more matches not shown; narrow the pattern or use glob/path.`);
    }
    if (outcome.skipped > 0) notes.push(`... ${outcome.skipped} result lines longer than ${MAX_RECORD_BYTES >> 20} MB were not shown.`);
    if (outcome.timedOut) notes.push(`... grep timed out after ${timeoutMs / 1000}s; results are partial; narrow the pattern or use glob/path.`);
    const text = [...this.lines, ...notes].join('\n');
    return okResult(text, { truncated: notes.length > 0, count: this.total, hits: this.hits });
  }
}

/** The text of an rg JSON text field (`text`, or base64 `bytes` for invalid UTF-8). */
export function decode(value: RgText | undefined): string {
  if (!value) return '';
  if (value.text !== undefined) return value.text;
  return value.bytes ? Buffer.from(value.bytes, 'base64').toString('utf8') : '';
}

/** Clips a long matched line to a window that still shows the (first) match. */
function windowed(source: RgText | undefined, line: string, matchByte: number | undefined, maxChars: number): string {
  if (line.length <= maxChars || !matchByte) return clipLine(line, maxChars);
  const bytes = source?.text !== undefined ? Buffer.from(source.text, 'utf8') : Buffer.from(source?.bytes ?? '', 'base64');
  const matchChar = bytes.subarray(0, matchByte).toString('utf8').length;
  if (matchChar < maxChars * 0.75) return clipLine(line, maxChars);
  const start = Math.max(0, matchChar - Math.floor(maxChars / 4));
  return `[${start} chars] … ${clipLine(line.slice(start), maxChars)}`;
}

/** Integer in [min, max], or the fallback when not a finite number. */
export function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  // Models sometimes send numbers as strings ("3").
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/** True for `true` and the string "true" (models sometimes quote booleans). */
export function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}
