import type { Workspace } from './workspace';

/**
 * Strips what models add around a cited path: quotes and backticks, `:10`, `:10-20`,
 * `#L10`, `#L10-L20`, `(lines 3-9)`, a leading `./`, and Windows backslashes.
 */
export function cleanCitation(raw: string): string {
  let text = raw.trim().replace(/^[`'"]+|[`'"]+$/g, '').trim();
  text = text.replace(/\s*\((?:lines?\s*)?\d+(?:\s*[-–]\s*\d+)?\)$/i, '');
  text = text.replace(/#L\d+(?:-L?\d+)?$/i, '');
  text = text.replace(/:\d+(?:[-–:]\d+)?$/, '');
  text = text.replace(/\\/g, '/');
  while (text.startsWith('./')) text = text.slice(2);
  return text.trim();
}

/**
 * Normalises a cited path to an existing regular file in the workspace. In a single-root
 * workspace a citation that starts with the root folder's own name (`django/django/db/x.py`)
 * is also tried without it.
 */
export async function resolveCitation(workspace: Workspace, raw: string): Promise<{ path: string } | { rejected: string }> {
  const cleaned = cleanCitation(raw);
  if (cleaned === '') return { rejected: 'empty path' };
  const resolved = await workspace.resolve(cleaned, 'file');
  if (!('error' in resolved)) return { path: resolved[0].display };
  if (resolved.reason === 'does not exist' && !workspace.multiRoot) {
    const rootName = workspace.roots[0].name;
    if (cleaned.startsWith(`${rootName}/`)) {
      const retry = await workspace.resolve(cleaned.slice(rootName.length + 1), 'file');
      if (!('error' in retry)) return { path: retry[0].display };
    }
  }
  return { rejected: resolved.reason };
}
