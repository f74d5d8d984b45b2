/**
 * JavaScript paths that name a file of another extension or folder. A reporter quotes the JavaScript
 * that ran: a TypeScript project's ESM imports end in `.js` (`./utils.js` is `utils.ts`), and a stack
 * trace through an installed or built copy names `lib/core/settle.js` or `dist/index.js`, whose source
 * is `src/core/settle.ts` or `src/index.ts`. Both follow the language's own conventions (TypeScript's
 * module resolution, `outDir` next to `src/`), not any repository's. A compiler error in an installed package
 * names the declaration file tsc emitted beside the JavaScript (`lib/types.d.ts`), whose source is the same
 * `src/types.ts`.
 */

import { TS_DECLARATION } from './pathKinds';

const SCRIPT_EXTENSION = new RegExp(`${TS_DECLARATION.source}|\\.(?:js|jsx|mjs|cjs)$`);
export const SCRIPT_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'];
/** The end of a JavaScript or TypeScript file's name, any of SCRIPT_EXTENSIONS. */
export const SCRIPT_FILE_EXTENSION = new RegExp(`\\.(?:${SCRIPT_EXTENSIONS.join('|')})$`);
/** Output folders of JavaScript builds (tsc's `outDir`, bundlers' module formats). */
export const BUILD_FOLDER = /^(?:dist|lib|build|out|cjs|esm|es|umd)\//;

/** True for a path with a JavaScript extension or a declaration file's, whose source may be TypeScript. */
export function isScriptPath(path: string): boolean {
  return SCRIPT_EXTENSION.test(path);
}

/**
 * The other paths a JavaScript path can stand for, most likely first: the same path with each other
 * script extension, then (when it starts in a build folder) the same file under `src/`. Empty for any
 * other path.
 */
export function scriptTwins(path: string): string[] {
  if (!isScriptPath(path)) return [];
  return twinStems(path).flatMap((stem) => SCRIPT_EXTENSIONS.map((ext) => `${stem}.${ext}`)).filter((twin) => twin !== path);
}

/** Glob alternatives (inside `**\/{…}`) for a path tail: itself, or for a script its twins by brace sets. */
export function scriptGlobs(tail: string): string[] {
  if (!isScriptPath(tail)) return [tail];
  const twins = twinStems(tail).map((stem) => `${stem}.{${SCRIPT_EXTENSIONS.join(',')}}`);
  // The extensions cover a JavaScript file's own name, not a declaration file's.
  return TS_DECLARATION.test(tail) ? [tail, ...twins] : twins;
}

/**
 * A script path without its extension, and (below build folders) the same under `src/` beside them:
 * `dist/index.js` is `src/index`, a sub-package's `hooks/dist/esm/x.js` is `hooks/src/x`. A bundle named after
 * its folder (`hooks/dist/hooks.js`, as microbundle names a sub-package's build) is also that folder's
 * `src/index`.
 */
function twinStems(path: string): string[] {
  const stem = path.replace(SCRIPT_EXTENSION, '');
  const run = lastBuildRun(stem);
  if (!run) return [stem];
  const stems = [stem, `${run.before}src/${run.after}`];
  const folder = run.before.slice(0, -1).split('/').pop();
  if (folder && run.after === folder) stems.push(`${run.before}src/index`);
  return stems;
}

/** The last run of build folders in a path's folders (`dist/`, `dist/esm/`), with what comes before and after it. */
function lastBuildRun(stem: string): { before: string; after: string } | undefined {
  const segments = stem.split('/');
  let end = segments.length - 1;
  while (end > 0 && !BUILD_FOLDER.test(`${segments[end - 1]}/`)) end--;
  if (end === 0) return undefined;
  let start = end - 1;
  while (start > 0 && BUILD_FOLDER.test(`${segments[start - 1]}/`)) start--;
  const before = segments.slice(0, start).join('/');
  return { before: before ? `${before}/` : '', after: segments.slice(end).join('/') };
}

/**
 * The tail of a path whose glob finds its source when the usual two segments cannot: a bundle named after its
 * folder (`hooks/dist/hooks.js` → `hooks/src/index.*`), where the two-segment `dist/hooks.js` only says
 * `src/hooks.*`, which a file of that name elsewhere would answer.
 */
export function bundleTail(path: string): string | undefined {
  const tail = path.split('/').slice(-3).join('/');
  return isScriptPath(tail) && twinStems(tail).some((stem) => stem.endsWith('/src/index')) ? tail : undefined;
}
