/**
 * JavaScript paths that name a file of another extension or folder. A reporter quotes the JavaScript
 * that ran: a TypeScript project's ESM imports end in `.js` (`./utils.js` is `utils.ts`), and a stack
 * trace through an installed or built copy names `lib/core/settle.js` or `dist/index.js`, whose source
 * is `src/core/settle.ts` or `src/index.ts`. Both follow the language's own conventions (TypeScript's
 * module resolution, `outDir` next to `src/`), not any repository's.
 */

const SCRIPT_EXTENSION = /\.(?:js|jsx|mjs|cjs)$/;
export const SCRIPT_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'];
/** The end of a JavaScript or TypeScript file's name, any of SCRIPT_EXTENSIONS. */
export const SCRIPT_FILE_EXTENSION = new RegExp(`\\.(?:${SCRIPT_EXTENSIONS.join('|')})$`);
/** Output folders of JavaScript builds (tsc's `outDir`, bundlers' module formats). */
export const BUILD_FOLDER = /^(?:dist|lib|build|out|cjs|esm|es|umd)\//;

/** True for a path with a JavaScript extension, whose source may be TypeScript. */
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
  return twinStems(tail).map((stem) => `${stem}.{${SCRIPT_EXTENSIONS.join(',')}}`);
}

/** A script path without its extension, and (in a build folder) the same under `src/`. */
function twinStems(path: string): string[] {
  const stem = path.replace(SCRIPT_EXTENSION, '');
  return BUILD_FOLDER.test(path) ? [stem, `src/${stem.replace(BUILD_FOLDER, '')}`] : [stem];
}
