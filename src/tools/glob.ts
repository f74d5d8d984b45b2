import { DEFAULT_LIMITS } from '../common/limits';
import type { GlobArgs, ToolResult } from '../common/tools';
import type { FileListCache } from './fileList';
import type { ToolContext } from './grep';
import { errorResult, okResult, visibleText } from './toolResult';
import { compileGlob } from './wildcard';
import type { Workspace } from './workspace';

/**
 * glob: minimatch over the workspace file list. Patterns are relative to `path` (or the
 * workspace); a pattern without `/` matches a file name at any depth (`*.py`, `models.py`),
 * like .gitignore. Dot files match. A trailing `/` means everything below that folder.
 */
export async function glob(workspace: Workspace, files: FileListCache, args: GlobArgs, ctx: ToolContext): Promise<ToolResult> {
  if (typeof args.pattern !== 'string' || args.pattern.trim() === '') return errorResult('glob needs a non-empty `pattern`, e.g. **/*.py.');
  const pattern = normalizePattern(workspace, args.pattern);
  if (pattern === undefined) return errorResult(`${args.pattern} is outside the workspace; use a pattern relative to the workspace root.`);
  const where: unknown = args.path ?? '';
  if (typeof where !== 'string') return errorResult('glob `path` must be a string.');
  const bases = await workspace.resolve(where, 'dir');
  if ('error' in bases) return errorResult(bases.error);
  for (const base of bases) {
    const refusal = await workspace.refusal(base, ctx);
    if (refusal) return errorResult(refusal.error);
  }
  const prefixes = bases.map((b) => (b.display === '' ? '' : `${b.display}/`));

  let all: string[];
  try {
    all = await files.list(ctx.signal, ctx.timeoutMs);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return errorResult(`${error instanceof Error ? error.message : String(error)}; try again or use a narrower path.`);
  }
  const matches = matchFiles(all, prefixes, pattern, workspace.multiRoot && where === '', args.case_insensitive === true);
  if ('error' in matches) return errorResult(`${args.pattern} cannot be used as a glob: ${matches.error}.`);
  if (matches.length === 0) {
    const under = where ? ` under ${where}` : '';
    const hint = pattern.includes('/') && !pattern.startsWith('**/') ? ` Patterns with / start at the search folder; try **/${pattern}.` : '';
    return okResult(`No files match ${args.pattern}${under}.${hint}`, { truncated: false, count: 0, paths: [] });
  }
  const shown = matches.slice(0, DEFAULT_LIMITS.globMaxPaths);
  const hidden = matches.length - shown.length;
  const note = hidden > 0 ? [`... ${hidden} more paths not shown; narrow the pattern or use path.`] : [];
  // File names may hold newlines or escapes; the text shows them as U+FFFD, `paths` keeps them exact.
  return okResult([...shown.map(visibleText), ...note].join('\n'), { truncated: hidden > 0, count: matches.length, paths: shown });
}

/**
 * Files under one of `prefixes` whose path below it matches `pattern` (its basename when the
 * pattern has no `/`), or why the pattern cannot be used (wildcard.ts: invalid, or too costly).
 */
function matchFiles(files: string[], prefixes: string[], pattern: string, stripRoot: boolean, nocase: boolean): string[] | { error: string } {
  const matcher = compileGlob(pattern, { nocase });
  if ('error' in matcher) return matcher;
  const byName = !pattern.includes('/');
  const test = (rel: string) => matcher.test(byName ? rel.slice(rel.lastIndexOf('/') + 1) : rel);
  return files.filter((file) => {
    const prefix = prefixes.length === 1 ? (file.startsWith(prefixes[0]) ? prefixes[0] : undefined) : prefixes.find((p) => file.startsWith(p));
    if (prefix === undefined) return false;
    const rel = file.slice(prefix.length);
    // In a multi-root workspace, `src/**` may omit the root folder name.
    return test(rel) || (stripRoot && test(rel.slice(rel.indexOf('/') + 1)));
  });
}

/** Accepts `./x`, backslashes, absolute paths inside a root and `dir/`; undefined for absolute paths outside. */
function normalizePattern(workspace: Workspace, raw: string): string | undefined {
  let pattern = raw.trim().replace(/\\/g, '/');
  if (pattern.startsWith('/')) {
    const inside = workspace.display(pattern);
    if (inside === undefined) return undefined;
    pattern = inside;
  }
  while (pattern.startsWith('./')) pattern = pattern.slice(2);
  if (pattern.endsWith('/')) pattern += '**';
  return pattern === '' ? '**' : pattern;
}
