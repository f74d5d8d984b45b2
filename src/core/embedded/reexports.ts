import type { GrepHit } from '../../common/tools';
import { NAMED_VALUE } from './definitions';

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
 * Another module's value passed on under a name, on one line: fs-extra's `export const ensureDir = _mkdirs.ensureDir`,
 * `exports.parse = require('./parse')`, `module.exports.Agent = Agent`.
 */
const ALIAS = new RegExp(String.raw`^\s*(?:export\s+const\s+[\w$]+|(?:module\.)?exports\.[\w$]+)\s*=\s*(?:require\(\s*['"][^'"]+['"]\s*\)|${NAMED_VALUE})\s*;?\s*$`);
/**
 * CommonJS's barrel: `module.exports = {` and then one name a line, `  simplifyRange,` or `  parse: require('./parse'),`.
 * The `const simplifyRange = require('./ranges/simplify')` that brought an entry's name in only passes it on too.
 */
const OBJECT_OPEN = /^\s*module\.exports\s*=\s*\{\s*$/;
const OBJECT_ENTRY = /^\s*([\w$]+)\s*(?::\s*(?:require\(\s*['"][^'"]+['"]\s*\)|([\w$]+)(?:\.[\w$]+)*))?\s*,\s*$/;
const REQUIRE = /^\s*(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['"][^'"]+['"]\s*\)\s*;?\s*$/;

/** A grep pattern for a re-export on one line, for the first and last lines of an import or export list, and for CommonJS's. */
export const REEXPORT_PATTERN = [ONE_LINE, LIST_OPEN, LIST_CLOSE, ALIAS, OBJECT_OPEN, OBJECT_ENTRY, REQUIRE].map((re) => re.source).join('|');

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
    // The line a `module.exports = {` object has reached: its entries follow it one a line, with no gap.
    let objectAt = -1;
    const required = new Map<string, number>();
    const exported = new Set<string>();
    for (const hit of [...fileHits].sort((a, b) => a.line - b.line)) {
      const entry = objectAt >= 0 && hit.line === objectAt + 1 ? OBJECT_ENTRY.exec(hit.text) : null;
      const requires = REQUIRE.exec(hit.text);
      if (entry) {
        lines.add((objectAt = hit.line));
        exported.add(entry[2] ?? entry[1]!);
      } else if (requires) required.set(requires[1]!, hit.line);
      else if (OBJECT_OPEN.test(hit.text)) lines.add((objectAt = hit.line));
      else if (ONE_LINE.test(hit.text) || ALIAS.test(hit.text)) lines.add(hit.line);
      else if (LIST_OPEN.test(hit.text)) open = hit;
      else if (LIST_CLOSE.test(hit.text)) {
        // An import list's lines are the file's own imports; only an export list passes names on.
        if (open && EXPORT_OPEN.test(open.text)) for (let line = open.line; line <= hit.line; line++) lines.add(line);
        open = undefined;
      }
    }
    for (const [name, line] of required) if (exported.has(name)) lines.add(line);
    if (lines.size > 0) out.set(path, lines);
  }
  return out;
}
