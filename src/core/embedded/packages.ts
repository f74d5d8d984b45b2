/**
 * npm packages an issue names, and the folders of a monorepo that hold them. JavaScript users say
 * which package misbehaves (`@babel/parser`, `import { ref } from '@vue/reactivity'`), and a
 * workspace keeps each package in its own folder with a package.json that declares the name
 * (`packages/babel-parser/package.json`: `"name": "@babel/parser"`). The folder's name need not be
 * the package's, so only that declaration ties them.
 */

import { escapeRegex } from './definitions';

const SCOPED_NAME = /(?<![\w@/.-])@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*/g;
/** `from 'x'`, `require('x')`, `import('x')`, `import 'x'`: bare specifiers only (no `./x`, `/x`, `node:x`). */
const SPECIFIER = /(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*|^\s*import\s+)(["'])([a-z0-9@][\w@./-]*)\1/gm;
const MAX_PACKAGES = 12;
/** npm's own limit on a package name's length. */
const MAX_NAME_LENGTH = 214;

/** Package names the text names, scoped names and import specifiers, without subpaths, first seen first. */
export function packageNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(SCOPED_NAME)) names.add(m[0].replace(/[.-]+$/, ''));
  for (const m of text.matchAll(SPECIFIER)) {
    const specifier = m[2]!;
    // `node:fs` is built in; `@/components/x` is a path alias of the reporter's own app, not a package.
    if (specifier.includes(':') || specifier.startsWith('@/')) continue;
    const parts = specifier.split('/');
    names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return [...names].filter((name) => !name.endsWith('/') && name.length > 1 && name.length <= MAX_NAME_LENGTH).slice(0, MAX_PACKAGES);
}

/** The grep pattern of package.json lines declaring one of the names. */
export function packageDeclarationPattern(names: string[]): string {
  return `^\\s*"name"\\s*:\\s*"(?:${names.map(escapeRegex).join('|')})"`;
}

/**
 * The folder (with a trailing `/`) of a package.json that declares a named package, or undefined for the
 * workspace's root package.json and anything inside node_modules: those say nothing about where in
 * the tree the fix is.
 */
export function packageFolder(manifestPath: string): string | undefined {
  const slash = manifestPath.lastIndexOf('/');
  if (slash < 0 || manifestPath.slice(slash + 1) !== 'package.json') return undefined;
  const folder = manifestPath.slice(0, slash + 1);
  return /(?:^|\/)node_modules\//.test(folder) ? undefined : folder;
}
