import type { GrepHit } from '../../common/tools';
import { EXPORTED_ALIAS, NAMED_VALUE } from './definitions';

/**
 * The lines of a JavaScript or TypeScript file that only re-export names: `export { a, b } from './x'`,
 * `export * from './x'`, and every line of an export list spread over lines up to its `} from './x'`. A barrel
 * (`index.ts`, zod's `external.ts`) is made of them: it holds every public name and none of their behaviour,
 * and being short, it outscored the module that defines the named function on the words. A line of
 * such a list (`  prettifyError,`) looks like a destructuring or a call's argument on its own, so the list's
 * first and last lines are searched for and the lines between them are the list's.
 */

const ONE_LINE = /^\s*export\s+(?:type\s+)?(?:\*|\{[^}]*\}\s*from\b)/;
const EXPORT_OPEN = /^\s*export\s+(?:type\s+)?\{[^}]*$/;
const LIST_OPEN = /^\s*(?:import|export)\s+(?:type\s+)?\{[^}]*$/;
const LIST_CLOSE = /^\s*\}\s*from\s/;
/**
 * Another module's value passed on under a name, on one line: fs-extra's `export const ensureDir = _mkdirs.ensureDir`
 * (its type may be written out: EXPORTED_ALIAS), `exports.parse = require('./parse')`, `module.exports.Agent = Agent`.
 */
const ALIAS = new RegExp(String.raw`^\s*(?:${EXPORTED_ALIAS}|(?:module\.)?exports\.[\w$]+\s*=\s*(?:require\(\s*['"][^'"]+['"]\s*\)|${NAMED_VALUE})\s*;?\s*$)`);
/**
 * CommonJS's barrel: `module.exports = {` and then one name a line, `  simplifyRange,` or `  parse: require('./parse'),`.
 * The `const simplifyRange = require('./ranges/simplify')` that brought an entry's name in only passes it on too.
 */
const OBJECT_OPEN = /^\s*module\.exports\s*=\s*\{\s*$/;
/**
 * An object or list that may pass imported names on, one a line: chroma.js's `Object.assign(chroma, {` over its
 * `import average from './src/generator/average.js'` lines, or an `export {` list with no `from`. Unlike CommonJS's
 * export object, such a list also exports the module's own functions, so only its imported names are re-exports.
 */
const PASS_OPEN = /^\s*Object\.assign\(\s*[\w$]+(?:\.[\w$]+)*\s*,\s*\{\s*$/;
const OBJECT_ENTRY = /^\s*([\w$]+)\s*(?:as\s+[\w$]+|:\s*(?:require\(\s*['"][^'"]+['"]\s*\)|([\w$]+)(?:\.[\w$]+)*))?\s*,\s*$/;
const REQUIRE = /^\s*(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['"][^'"]+['"]\s*\)\s*;?\s*$/;
/** An ES module's import on one line, `import average from './average.js'` or `import { a, b as c } from './x'`. */
const IMPORT = /^\s*import\s+(?!type\b)((?:[\w$]+\s*,\s*)?\{[^}]*\}|[\w$]+)\s*from\s*['"][^'"]+['"]\s*;?\s*$/;
/** An export list with no `from` on one line, `export { average, mix as interpolate };`. */
const EXPORT_LOCAL = /^\s*export\s+\{([^}]*)\}\s*;?\s*$/;

/** The local names an import clause or export list binds or names: `a, { b, c as d }` gives a, b and d (as the local side). */
function clauseNames(clause: string, local: 'after' | 'before'): string[] {
  return clause
    .replace(/[{}]/g, ',')
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((words) => words[0])
    .map((words) => (local === 'after' ? words[words.length - 1]! : words[0]!));
}

/** A grep pattern for a re-export on one line, for the first and last lines of an import or export list, and for CommonJS's. */
export const REEXPORT_PATTERN = [ONE_LINE, LIST_OPEN, LIST_CLOSE, ALIAS, OBJECT_OPEN, PASS_OPEN, OBJECT_ENTRY, REQUIRE, IMPORT, EXPORT_LOCAL]
  .map((re) => re.source)
  .join('|');

/** Each file's re-export lines, from the pattern's hits (files without any are absent). */
export function reexportLines(hits: GrepHit[]): Map<string, Set<number>> {
  const byFile = new Map<string, GrepHit[]>();
  for (const hit of hits) {
    const list = byFile.get(hit.path);
    if (list) list.push(hit);
    else byFile.set(hit.path, [hit]);
  }
  const out = new Map<string, Set<number>>();
  for (const [path, fileHits] of byFile) {
    const lines = new Set<number>();
    let open: GrepHit | undefined;
    // The line an export object or list has reached: its entries follow it one a line, with no gap.
    let objectAt = -1;
    // Whether that object is CommonJS's export object, all of whose entries pass names on.
    let commonJs = false;
    // The names each import or require line brings in, the names passed on, and the lines that pass a name on
    // only if it was brought in.
    const imports = new Map<number, string[]>();
    const passed = new Set<string>();
    const passing: { line: number; names: string[] }[] = [];
    for (const hit of [...fileHits].sort((a, b) => a.line - b.line)) {
      const entry = objectAt >= 0 && hit.line === objectAt + 1 ? OBJECT_ENTRY.exec(hit.text) : null;
      const requires = REQUIRE.exec(hit.text);
      const imported = IMPORT.exec(hit.text);
      const local = EXPORT_LOCAL.exec(hit.text);
      const commonJsOpen = OBJECT_OPEN.test(hit.text);
      if (entry) {
        objectAt = hit.line;
        const name = entry[2] ?? entry[1]!;
        passed.add(name);
        if (commonJs) lines.add(hit.line);
        else passing.push({ line: hit.line, names: [name] });
      } else if (requires) imports.set(hit.line, [requires[1]!]);
      else if (imported) imports.set(hit.line, clauseNames(imported[1]!, 'after'));
      else if (local) {
        const names = clauseNames(local[1]!, 'before');
        for (const name of names) passed.add(name);
        passing.push({ line: hit.line, names });
      } else if (commonJsOpen || PASS_OPEN.test(hit.text)) {
        lines.add((objectAt = hit.line));
        commonJs = commonJsOpen;
      } else if (ONE_LINE.test(hit.text) || ALIAS.test(hit.text)) lines.add(hit.line);
      else if (LIST_OPEN.test(hit.text)) {
        open = hit;
        if (EXPORT_OPEN.test(hit.text)) [objectAt, commonJs] = [hit.line, false];
      } else if (LIST_CLOSE.test(hit.text)) {
        // An import list's lines are the file's own imports; only an export list passes names on.
        if (open && EXPORT_OPEN.test(open.text)) for (let line = open.line; line <= hit.line; line++) lines.add(line);
        open = undefined;
      }
    }
    const brought = new Set([...imports.values()].flat());
    for (const { line, names } of passing) if (names.every((name) => brought.has(name))) lines.add(line);
    for (const [line, names] of imports) if (names.every((name) => passed.has(name))) lines.add(line);
    if (lines.size > 0) out.set(path, lines);
  }
  return out;
}
