/**
 * One hop along a file's imports: the files an import line can name, by each language's own syntax and layout
 * (relative Python and JS/TS modules, same-project absolute Python modules, Rust `mod`/`use crate::`, C/C++
 * includes, Java imports), and the package-mates of a file in languages whose package is its folder (Go, Java).
 * Targets are globs relative to the workspace root: an exact path, `**` then `/suffix`, or `folder/*.ext`.
 */

/** A grep pattern (rg syntax) for the import lines of the languages below. */
export const IMPORT_LINE_PATTERN = String.raw`^\s*(?:from\s+\.*[\w.]*\s+import\b|import\b|export\b.*\bfrom\s|#\s*include\b|(?:pub(?:\([\w:]+\))?\s+)?(?:mod|use)\s)|\brequire\s*\(\s*['"]`;

const JS_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'];
const JS_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/;
const C_FILE = /\.(?:c|cc|cpp|cxx|h|hh|hpp|hxx|m|mm)$/;
const JAVA_FILE = /\.(?:java|kt|scala)$/;

/** The files an import line of `from` may name, as root-relative globs (none for external or unparsed imports). */
export function importTargets(from: string, line: string): string[] {
  if (from.endsWith('.py')) return pythonTargets(from, line);
  if (JS_FILE.test(from)) return jsTargets(from, line);
  if (from.endsWith('.rs')) return rustTargets(from, line);
  if (C_FILE.test(from)) return cTargets(line);
  if (JAVA_FILE.test(from)) return javaTargets(line);
  return [];
}

/**
 * The part of an import line that names what is imported (`a, b` in `from x import a, b`, `{ a }` in
 * `import { a } from './x'`, the class of a Java import), without the module path: an issue word there
 * means the importing file takes the issue's symbol from that module. Empty when the line names no symbol.
 */
export function importedNames(from: string, line: string): string {
  if (from.endsWith('.py')) return /^\s*from\s+\S+\s+import\s+(.*)$/.exec(line)?.[1] ?? '';
  if (JS_FILE.test(from)) return line.split(/['"]/)[0] ?? '';
  if (from.endsWith('.rs')) return /::([^:]*)$/.exec(line)?.[1] ?? '';
  if (JAVA_FILE.test(from)) return /\.(\w+)\s*;?\s*$/.exec(line)?.[1] ?? '';
  return '';
}

/** In Go and Java a package is a folder: the glob of `file`'s package-mates, or undefined in other languages. */
export function packageGlob(file: string): string | undefined {
  const ext = /\.(go|java)$/.exec(file)?.[1];
  if (!ext) return undefined;
  const dir = dirname(file);
  return dir ? `${dir}/*.${ext}` : `*.${ext}`;
}

/** True when a root-relative path matches a target made by importTargets or packageGlob. */
export function matchesTarget(path: string, target: string): boolean {
  if (target.startsWith('**/')) {
    const tail = target.slice(3);
    return path === tail || path.endsWith(`/${tail}`);
  }
  const star = target.lastIndexOf('/*.');
  if (target.startsWith('*.') || star >= 0) {
    const dir = target.startsWith('*.') ? '' : target.slice(0, star);
    return dirname(path) === dir && path.endsWith(target.slice(target.lastIndexOf('*') + 1));
  }
  return path === target;
}

function pythonTargets(from: string, line: string): string[] {
  const fromImport = /^\s*from\s+(\.*)([\w.]*)\s+import\s+\(?\s*([^#]*)/.exec(line);
  const plain = fromImport ? undefined : /^\s*import\s+([\w.]+(?:\s*,\s*[\w.]+)*)/.exec(line);
  const modules: string[] = [];
  if (fromImport) {
    const [, dots, module, names] = fromImport;
    const base = dots ? up(dirname(from), dots.length - 1) : absoluteBase(from, module!);
    if (base === undefined) return [];
    const modulePath = join(base, module!.replace(/\./g, '/'));
    if (module) modules.push(modulePath);
    // `from . import x, y`: the names are modules of the package.
    else for (const name of names!.split(',')) {
      const n = /^\s*(\w+)/.exec(name)?.[1];
      if (n) modules.push(join(modulePath, n));
    }
  } else if (plain) {
    for (const module of plain[1]!.split(',').map((m) => m.trim())) {
      const base = absoluteBase(from, module);
      if (base !== undefined) modules.push(join(base, module.replace(/\./g, '/')));
    }
  }
  return modules.flatMap((m) => [`${m}.py`, `${m}/__init__.py`]);
}

/** The folder an absolute module path starts from, when its top package is a folder on `from`'s own path (same project). */
function absoluteBase(from: string, module: string): string | undefined {
  const top = module.split('.')[0];
  const segments = dirname(from).split('/');
  const at = segments.indexOf(top!);
  return at < 0 ? undefined : segments.slice(0, at).join('/');
}

function jsTargets(from: string, line: string): string[] {
  const targets: string[] = [];
  for (const [, spec] of line.matchAll(/(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/g)) {
    const resolved = normalize(join(dirname(from), spec!));
    if (resolved === undefined) continue;
    const ext = /\.[cm]?[jt]sx?$/.exec(resolved)?.[0];
    const stem = ext ? resolved.slice(0, -ext.length) : resolved;
    // TypeScript sources import `./x.js` for `x.ts`; an extensionless import may be a folder's index.
    if (ext) targets.push(resolved, ...JS_EXTENSIONS.map((e) => stem + e));
    else targets.push(...JS_EXTENSIONS.map((e) => stem + e), ...JS_EXTENSIONS.map((e) => `${stem}/index${e}`));
  }
  return unique(targets);
}

function rustTargets(from: string, line: string): string[] {
  const mod = /^\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s+(\w+)\s*;/.exec(line);
  const dir = dirname(from);
  const stem = from.slice(dir ? dir.length + 1 : 0, -3);
  if (mod) {
    // `mod x;` in lib.rs/main.rs/mod.rs is beside it; in a.rs it is in a/.
    const base = ['lib', 'main', 'mod'].includes(stem) ? dir : join(dir, stem);
    return [`${join(base, mod[1]!)}.rs`, `${join(base, mod[1]!)}/mod.rs`];
  }
  const use = /^\s*(?:pub(?:\([\w:]+\))?\s+)?use\s+(crate|super|self)::([\w:]+)/.exec(line);
  if (!use) return [];
  const segments = dir.split('/');
  const srcAt = segments.lastIndexOf('src');
  const base = use[1] === 'crate' ? (srcAt < 0 ? undefined : segments.slice(0, srcAt + 1).join('/')) : use[1] === 'super' ? up(dir, 1) : dir;
  if (base === undefined) return [];
  const parts = use[2]!.split('::').filter(Boolean);
  const targets: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const module = join(base, parts.slice(0, i).join('/'));
    targets.push(`${module}.rs`, `${module}/mod.rs`);
  }
  return targets;
}

function cTargets(line: string): string[] {
  const include = /^\s*#\s*include\s*["<]([^">]+)[">]/.exec(line);
  return include ? [`**/${include[1]!.replace(/^(?:\.\.?\/)+/, '')}`] : [];
}

function javaTargets(line: string): string[] {
  const imported = /^\s*import\s+(?:static\s+)?([\w.]+)\s*;?/.exec(line)?.[1];
  if (!imported) return [];
  const parts = imported.split('.');
  // The class is the first capitalised part (`a.b.C.member` for static imports).
  const classAt = parts.findIndex((p) => /^[A-Z]/.test(p));
  if (classAt < 1) return [];
  const path = parts.slice(0, classAt + 1).join('/');
  return [`**/${path}.java`, `**/${path}.kt`];
}

function dirname(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

function up(dir: string, levels: number): string | undefined {
  const segments = dir ? dir.split('/') : [];
  return levels > segments.length ? undefined : segments.slice(0, segments.length - levels).join('/');
}

function join(a: string, b: string): string {
  return a && b ? `${a}/${b}` : a || b;
}

/** Resolves `.` and `..` segments; undefined when the path climbs above the root. */
function normalize(path: string): string | undefined {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
