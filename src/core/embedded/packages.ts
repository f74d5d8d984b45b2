/**
 * npm packages an issue names, and the folders of a monorepo that hold them. JavaScript users say
 * which package misbehaves (`@babel/parser`, `import { ref } from '@vue/reactivity'`), and a
 * workspace keeps each package in its own folder with a package.json that declares the name
 * (`packages/babel-parser/package.json`: `"name": "@babel/parser"`). The folder's name need not be
 * the package's, so only that declaration ties them.
 */

import { escapeRegex } from './definitions';
import { BUILD_FOLDER, SCRIPT_EXTENSIONS, SCRIPT_FILE_EXTENSION } from './scriptPaths';

const SCOPED_NAME = /(?<![\w@/.-])@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*/g;
/** `from 'x'`, `require('x')`, `import('x')`, `import 'x'`: bare specifiers only (no `./x`, `/x`, `node:x`). */
const SPECIFIER = /(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*|^[^\S\n]*import\s+)(["'])([a-z0-9@][\w@./-]*)\1/gm;
export const MAX_PACKAGES = 12;
const MAX_SUBPATHS = 8;
/** npm's own limit on a package name's length. */
const MAX_NAME_LENGTH = 214;

/** Package names the text names, scoped names and import specifiers, without subpaths, first seen first. */
export function packageNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(SCOPED_NAME)) names.add(m[0].replace(/[.-]+$/, ''));
  for (const specifier of bareSpecifiers(text)) names.add(splitSpecifier(specifier).name);
  return [...names].filter(isPackageName).slice(0, MAX_PACKAGES);
}

/** A module inside a package, as a deep import names it: `dayjs/plugin/utc` is `plugin/utc` of `dayjs`. */
export interface PackageSubpath {
  name: string;
  /** The path inside the package, without a script extension. */
  subpath: string;
}

/**
 * The deep imports of the text (`import utc from 'dayjs/plugin/utc'`, `from '@mui/material/Button'`,
 * `require('axios/lib/core/settle')`), first seen first. Stylesheets, JSON and other non-script files are
 * left out: they are assets, not the module that misbehaves.
 */
export function packageSubpaths(text: string): PackageSubpath[] {
  const out = new Map<string, PackageSubpath>();
  for (const specifier of bareSpecifiers(text)) {
    const { name, subpath } = splitSpecifier(specifier);
    const bare = subpath.replace(SCRIPT_FILE_EXTENSION, '');
    if (!isPackageName(name) || !bare || bare.endsWith('/') || /\.\w+$/.test(bare)) continue;
    out.set(`${name}/${bare}`, { name, subpath: bare });
  }
  return [...out.values()].slice(0, MAX_SUBPATHS);
}

/**
 * The files, relative to the package's folder, a deep import can resolve to by Node's and bundlers' conventions:
 * the module itself or its folder's index, under `src/` when the package publishes built files from sources
 * there (a leading build folder, `esm/` or `lib/`, then stands for `src/`), under `lib/` where a package's
 * `exports` map keeps its modules (`csv-parse/sync` is `./lib/sync.js`), a sub-package's own `src/index`, or a
 * component folder's file of the same name (`Button/Button.tsx` beside a re-exporting `Button/index.ts`).
 */
export function subpathResolves(relativePath: string, subpath: string): boolean {
  const withoutExt = relativePath.replace(SCRIPT_FILE_EXTENSION, '');
  if (withoutExt === relativePath || /\.d$/.test(withoutExt)) return false;
  const last = subpath.slice(subpath.lastIndexOf('/') + 1);
  const rest = subpath.replace(BUILD_FOLDER, '');
  const stems = new Set([subpath, `src/${subpath}`, `lib/${subpath}`, rest, `src/${rest}`]);
  return [...stems].some((stem) => [stem, `${stem}/index`, `${stem}/src/index`, `${stem}/${last}`].includes(withoutExt));
}

/** Glob alternatives (inside `**\/{…}`) finding every file subpathResolves could accept, by the subpath's last two segments. */
export function subpathGlobs(subpath: string): string[] {
  const tails = new Set([subpath, subpath.replace(BUILD_FOLDER, '')].filter(Boolean).map((s) => s.split('/').slice(-2).join('/')));
  const last = subpath.slice(subpath.lastIndexOf('/') + 1);
  const ext = `{${SCRIPT_EXTENSIONS.join(',')}}`;
  return [...tails].flatMap((tail) => [`${tail}.${ext}`, `${tail}/index.${ext}`, `${tail}/src/index.${ext}`, `${tail}/${last}.${ext}`]);
}

function bareSpecifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const specifier = m[2]!;
    // `node:fs` is built in; `@/components/x` is a path alias of the reporter's own app, not a package.
    if (!specifier.includes(':') && !specifier.startsWith('@/')) out.push(specifier);
  }
  return out;
}

function splitSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const nameParts = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, nameParts).join('/'), subpath: parts.slice(nameParts).join('/') };
}

function isPackageName(name: string): boolean {
  return !name.endsWith('/') && name.length > 1 && name.length <= MAX_NAME_LENGTH;
}

/** The grep pattern of package.json lines declaring one of the names. */
export function packageDeclarationPattern(names: string[]): string {
  return `^\\s*"name"\\s*:\\s*"(?:${names.map(escapeRegex).join('|')})"`;
}

/**
 * The folder (with a trailing `/`) of a package.json that can declare a named package: `''` for the workspace
 * root's, undefined for anything inside node_modules (an installed copy, not where a fix goes) and other files.
 */
export function manifestFolder(manifestPath: string): string | undefined {
  const slash = manifestPath.lastIndexOf('/');
  if (manifestPath.slice(slash + 1) !== 'package.json') return undefined;
  const folder = manifestPath.slice(0, slash + 1);
  return /(?:^|\/)node_modules\//.test(folder) ? undefined : folder;
}
