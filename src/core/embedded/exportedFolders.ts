/**
 * Folders a package exports to its users, from its package.json: code that only looks like examples. three.js keeps
 * its loaders, controls and exporters under `examples/jsm/`, and its package.json `exports` maps `./addons/*` and
 * `./examples/jsm/*` there, so users import them as `three/addons/loaders/GLTFLoader.js`. A folder an `exports`
 * target names is code users run, whatever it is called; the `files` list is not enough (packages also ship real
 * examples for reading).
 */

import type { ToolResult } from '../../common/tools';
import { numberedLines } from '../numberedLines';
import { pathKind } from './pathKinds';
import { SCRIPT_FILE_EXTENSION } from './scriptPaths';

/** The folder names pathKind calls examples; the manifest that can export one sits above it. */
const EXAMPLE_FOLDER = /(?:^|\/)(?:examples?|samples?|demos?|tutorials?|galleries?)\//i;

/**
 * The package.json to read for the first JavaScript or TypeScript example file among `paths` (the leading
 * candidates): the one in the folder that holds the example folder (`examples/jsm/x.js` → `package.json`,
 * `packages/a/examples/x.js` → `packages/a/package.json`). Undefined when no such path is an example, so runs in
 * other languages read nothing.
 */
export function exampleManifest(paths: readonly string[]): string | undefined {
  for (const path of paths) {
    if (!SCRIPT_FILE_EXTENSION.test(path) || pathKind(path) !== 'example') continue;
    const match = EXAMPLE_FOLDER.exec(path);
    if (match) return `${path.slice(0, match.index + (match[0].startsWith('/') ? 1 : 0))}package.json`;
  }
  return undefined;
}

/**
 * The folders (workspace-relative, with a trailing `/`) and files that the package.json at `manifestPath` exports,
 * from the read tool's result for it. Empty when the text is not a whole JSON object (a capped read) or exports
 * nothing. score.ts's isExported tells whether a path is among them.
 */
export function exportedFolders(manifestPath: string, read: ToolResult): string[] {
  const json = numberedLines(read)
    .map(([, text]) => text)
    .join('\n');
  let manifest: unknown;
  try {
    manifest = JSON.parse(json);
  } catch {
    return [];
  }
  if (typeof manifest !== 'object' || manifest === null) return [];
  const base = manifestPath.slice(0, manifestPath.lastIndexOf('/') + 1);
  const targets = new Set<string>();
  collectTargets((manifest as { exports?: unknown }).exports, targets);
  return [...targets].map((target) => `${base}${target}`);
}

/**
 * Every relative target of an `exports` value (a string, a list of fallbacks, or conditions and subpaths as
 * objects), as a folder when it has a wildcard (`./examples/jsm/*` → `examples/jsm/`) and as a file otherwise.
 */
function collectTargets(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 8) return;
  if (typeof value === 'string') {
    if (!value.startsWith('./')) return;
    const star = value.indexOf('*');
    const target = star < 0 ? value.slice(2) : value.slice(2, value.lastIndexOf('/', star) + 1);
    if (target && !target.startsWith('../') && !target.includes('/../')) into.add(target);
    return;
  }
  if (Array.isArray(value)) for (const item of value) collectTargets(item, into, depth + 1);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) collectTargets(item, into, depth + 1);
}
