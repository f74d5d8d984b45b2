import type { GrepHit } from '../../common/tools';

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

/** A grep pattern for a re-export on one line, and for the first and last lines of an import or export list. */
export const REEXPORT_PATTERN = [ONE_LINE, LIST_OPEN, LIST_CLOSE].map((re) => re.source).join('|');

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
    for (const hit of [...fileHits].sort((a, b) => a.line - b.line)) {
      if (ONE_LINE.test(hit.text)) lines.add(hit.line);
      else if (LIST_OPEN.test(hit.text)) open = hit;
      else if (LIST_CLOSE.test(hit.text)) {
        // An import list's lines are the file's own imports; only an export list passes names on.
        if (open && EXPORT_OPEN.test(open.text)) for (let line = open.line; line <= hit.line; line++) lines.add(line);
        open = undefined;
      }
    }
    if (lines.size > 0) out.set(path, lines);
  }
  return out;
}
