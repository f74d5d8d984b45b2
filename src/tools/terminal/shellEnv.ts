import * as path from 'node:path';
import type { FileListCache } from '../fileList';
import type { ToolContext } from '../grep';
import { compileWildcard, type PathMatcher } from '../wildcard';
import type { Workspace } from '../workspace';
import type { Word } from './commandLine';

/** What the interpreter's commands run on: the sandboxed workspace, its file list, and the call's budget. */
export interface ShellEnv {
  workspace: Workspace;
  files: FileListCache;
  ctx: ToolContext;
}

/** What one command (or a whole pipeline) produced, as a shell would show it. */
export interface Output {
  lines: string[];
  /** `cmd: message` lines a shell would print on stderr; shown after the output. */
  stderr: string[];
  exit: number;
  /** Our own notes (truncation); shown last, in brackets. */
  notes: string[];
  /** Set when the interpreter refused to run something (a write, an exec, an unknown command). */
  refused?: boolean;
}

/** An output of lines with exit status 0 (1 when `lines` is empty and `emptyFails`). */
export function output(lines: string[], emptyFails = false, notes: string[] = []): Output {
  return { lines, stderr: [], exit: emptyFails && lines.length === 0 ? 1 : 0, notes };
}

/** A failed command: its stderr line and exit status (2, like GNU tools on bad usage). */
export function failure(message: string, exit = 2): Output {
  return { lines: [], stderr: [message], exit, notes: [] };
}

/** A refused command: like a failure, and marked so the call is reported as refused. */
export function refusal(message: string): Output {
  return { ...failure(message), refused: true };
}

/** A command's path argument as a workspace-relative path ('' for the root), or undefined when it is outside. */
export function relativeArg(env: ShellEnv, arg: string): string | undefined {
  const cleaned = arg.trim().replace(/\\/g, '/');
  if (cleaned.startsWith('/')) {
    const root = env.workspace.roots[0].abs.replace(/\\/g, '/').replace(/\/+$/, '');
    if (cleaned === root || cleaned === `${root}/`) return '';
    const inside = env.workspace.display(path.resolve(arg));
    return inside;
  }
  const normal = path.posix.normalize(cleaned).replace(/\/+$/, '');
  if (normal === '..' || normal.startsWith('../')) return undefined;
  return normal === '.' ? '' : normal;
}

/**
 * How a tool shows a path it found under the argument the model gave: `./src/a.py` under `.`,
 * `/abs/root/src/a.py` under an absolute path, `src/a.py` under `src` (as rg, grep and find do).
 */
export function shownPath(env: ShellEnv, arg: string | undefined, rel: string): string {
  if (arg === undefined) return rel;
  const cleaned = arg.trim().replace(/\\/g, '/');
  if (cleaned.startsWith('/')) return `${env.workspace.roots[0].abs.replace(/\\/g, '/').replace(/\/+$/, '')}/${rel}`;
  if (cleaned === '.' || cleaned === './' || cleaned.startsWith('./')) return `./${rel}`;
  return rel;
}

/**
 * A shell-style wildcard (`*`, `?`, `[...]`); `*` crosses `/` only when `crossSlash` (find -path). Matched
 * without a backtracking regex (wildcard.ts): `find -name '*a*a*a…*b'` cannot freeze the host.
 */
export function wildcardMatcher(pattern: string, options: { crossSlash: boolean; ignoreCase?: boolean }): PathMatcher {
  return compileWildcard(pattern, { crossSlash: options.crossSlash, nocase: options.ignoreCase });
}

/**
 * Path words after shell wildcard expansion over the workspace file list (no match keeps the word,
 * as bash does, so the command reports it missing). Words come back as the model wrote them.
 */
export async function expandPaths(env: ShellEnv, words: readonly Word[]): Promise<string[]> {
  const out: string[] = [];
  for (const word of words) {
    if (!word.glob) {
      out.push(word.text);
      continue;
    }
    const rel = relativeArg(env, word.text);
    if (rel === undefined) {
      out.push(word.text);
      continue;
    }
    const matcher = wildcardMatcher(rel, { crossSlash: false });
    const all = await env.files.list(env.ctx.signal, env.ctx.timeoutMs);
    const candidates = new Set<string>();
    const depth = rel.split('/').length;
    for (const file of all) {
      const parts = file.split('/');
      // A pattern names files or folders at its own depth.
      if (parts.length >= depth) candidates.add(parts.slice(0, depth).join('/'));
    }
    const matches = [...candidates].filter((c) => matcher.test(c)).sort();
    if (matches.length === 0) out.push(word.text);
    else out.push(...matches.map((m) => shownPath(env, word.text.startsWith('/') || word.text.startsWith('./') ? word.text : undefined, m)));
  }
  return out;
}
