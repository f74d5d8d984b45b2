import { visibleText } from './toolResult';
import type { Workspace } from './workspace';

/**
 * Strips what models add around a cited path: quotes and backticks, `:10`, `:10-20`,
 * `#L10`, `#L10-L20`, `(lines 3-9)`, a leading `./`, and Windows backslashes.
 */
export function cleanCitation(raw: string): string {
  let text = raw.trim().replace(/^[`'"]+|[`'"]+$/g, '').trim();
  text = text.replace(/\s*\((?:lines?\s*)?\d+(?:\s*[-–]\s*\d+)?\)$/i, '');
  text = text.replace(/#L\d+(?:-L?\d+)?$/i, '');
  text = text.replace(/[,;:]+$/, '');
  text = text.replace(/:\d+(?:[-–:]\d+)?$/, '');
  text = text.replace(/\\/g, '/');
  while (text.startsWith('./')) text = text.slice(2);
  return text.trim();
}

/**
 * Normalises a cited path to an existing regular file in the workspace. In a single-root
 * workspace a citation that starts with the root folder's own name (`django/django/db/x.py`)
 * is also tried without it; in a multi-root one, a path missing its folder name is accepted
 * when exactly one folder has it.
 */
export async function resolveCitation(workspace: Workspace, raw: string): Promise<{ path: string } | { rejected: string }> {
  const cleaned = cleanCitation(raw);
  if (cleaned === '') return { rejected: 'empty path' };
  const resolved = await workspace.resolve(cleaned, 'file');
  if (!('error' in resolved)) return { path: resolved[0].display };
  if (resolved.reason === 'does not exist') {
    const retried = (await retryWithRoots(workspace, cleaned)) ?? (await withControlChars(workspace, cleaned));
    if (retried) return { path: retried };
  }
  return { rejected: resolved.reason };
}

/** A path the tools showed with U+FFFD for a newline or escape in its name: the one listed file it stands for. */
async function withControlChars(workspace: Workspace, cleaned: string): Promise<string | undefined> {
  if (!cleaned.includes('\uFFFD')) return undefined;
  const listing = await workspace.files.list(AbortSignal.timeout(10_000), 10_000).catch(() => [] as string[]);
  const found = listing.filter((file) => file.length === cleaned.length && visibleText(file) === cleaned);
  return found.length === 1 ? found[0] : undefined;
}

/** Single root: drop a leading root name. Multi-root: add the one root name under which the path exists. */
async function retryWithRoots(workspace: Workspace, cleaned: string): Promise<string | undefined> {
  if (!workspace.multiRoot) {
    const rootName = workspace.roots[0].name;
    if (!cleaned.startsWith(`${rootName}/`)) return undefined;
    const retry = await workspace.resolve(cleaned.slice(rootName.length + 1), 'file');
    return 'error' in retry ? undefined : retry[0].display;
  }
  const found: string[] = [];
  for (const root of workspace.roots) {
    const retry = await workspace.resolve(`${root.name}/${cleaned}`, 'file');
    if (!('error' in retry)) found.push(retry[0].display);
  }
  // Ambiguous when the path exists under several roots: better rejected than guessed.
  return found.length === 1 ? found[0] : undefined;
}
