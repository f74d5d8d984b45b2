import { posix } from 'node:path';
import { SCRIPT_FILE_EXTENSION } from './scriptPaths';

/**
 * The name a JavaScript module's default export goes by. A CommonJS or ES module often exports one function
 * without a name of its own (`module.exports = (versions, range) => {`, `export default function (x) {`),
 * and the project knows it by the name its importer binds: `const simplifyRange = require('./ranges/simplify')`,
 * `import Foo from '../foo.js'`. A reporter writes that name, which nothing defines, and the importer (often a
 * barrel such as `index.js`) was the only file holding it. The binding says which file defines it.
 */

const BINDING = /^\s*(?:(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*(['"])(\.{1,2}\/[^'"]+)\2\s*\)|import\s+([\w$]+)\s+from\s+(['"])(\.{1,2}\/[^'"]+)\5)/;

/** A relative default import on `line`: the bound name and the module it names without its extension, from the root. */
export function defaultBinding(line: string, importer: string): { name: string; module: string } | undefined {
  const m = BINDING.exec(line);
  const name = m?.[1] ?? m?.[4];
  const specifier = m?.[3] ?? m?.[6];
  if (!name || !specifier) return undefined;
  const module = posix.normalize(posix.join(posix.dirname(importer), specifier)).replace(SCRIPT_FILE_EXTENSION, '');
  return module.startsWith('../') ? undefined : { name, module };
}

/** True when `path` is the script file a module resolves to: `ranges/simplify.js`, or `ranges/simplify/index.ts`. */
export function resolvesTo(path: string, module: string): boolean {
  if (!SCRIPT_FILE_EXTENSION.test(path)) return false;
  const withoutExt = path.replace(SCRIPT_FILE_EXTENSION, '');
  return withoutExt === module || withoutExt === `${module}/index`;
}
