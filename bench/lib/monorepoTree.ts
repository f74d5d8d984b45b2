// A monorepo-sized workspace built from real trees without network: the shared repos' base trees
// side by side as packages (hard links, so 200k files cost no disk), plus a generated node_modules
// and build output that the tools must keep ignoring.
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CACHE, prepareTree } from './trees';

/** Packages in the order they are added; repeated (`django-2`...) when the size needs more files. */
export const MONOREPO_PACKAGES = [
  'django__django',
  'sympy__sympy',
  'NodeBB__NodeBB',
  'tutao__tutanota',
  'simdjson__simdjson',
  'matplotlib__matplotlib',
  'scikit-learn__scikit-learn',
  'sphinx-doc__sphinx',
  'pytest-dev__pytest',
  'zeromicro__go-zero',
];

/** What was built: where, and how many files are searchable and how many must stay ignored. */
export interface MonorepoTree {
  dir: string;
  packageFiles: number;
  ignoredFiles: number;
  packages: string[];
}

/** Every file under `dir`, relative, sorted (the `.complete` marker excluded). */
function filesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && child !== '.complete') out.push(child);
    }
  };
  walk('');
  return out.sort();
}

function link(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  linkSync(from, to);
}

/**
 * A workspace of `size` package files (the last package may be partial), reused once built. Ignored:
 * `node_modules/` (size/5 files, at the root and inside the first package) and `dist/` (size/10 files,
 * listed in the root .gitignore), both filled with real source files, so a leak would show in results.
 */
export function buildMonorepo(size: number): MonorepoTree {
  const dir = path.join(CACHE, 'monorepo', String(size));
  const marker = `${dir}.json`;
  if (existsSync(marker) && existsSync(dir)) return JSON.parse(readFileSync(marker, 'utf8')) as MonorepoTree;
  const staging = `${dir}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const sources = new Map<string, { root: string; files: string[] }>();
  const source = (repo: string) => {
    let entry = sources.get(repo);
    if (!entry) {
      const root = prepareTree(repo);
      entry = { root, files: filesOf(root) };
      sources.set(repo, entry);
    }
    return entry;
  };
  // The root .gitignore is a searchable file too.
  writeFileSync(path.join(staging, '.gitignore'), 'dist/\n');
  let placed = 1;
  const packages: string[] = [];
  for (let round = 1; placed < size; round++) {
    for (const repo of MONOREPO_PACKAGES) {
      if (placed >= size) break;
      const { root, files } = source(repo);
      const name = `${repo.split('__')[1]}${round > 1 ? `-${round}` : ''}`;
      packages.push(name);
      for (const file of files.slice(0, size - placed)) link(path.join(root, file), path.join(staging, 'packages', name, file));
      placed += Math.min(files.length, size - placed);
    }
  }
  // Ignored content, made of real source so that matches there would be noticed.
  const filler = source('django__django');
  let ignored = 0;
  const fill = (prefix: string, count: number, ext: string) => {
    for (let i = 0; i < count; i++, ignored++) {
      const from = filler.files[i % filler.files.length];
      link(path.join(filler.root, from), path.join(staging, prefix, `pkg-${Math.floor(i / 50)}`, `${path.basename(from)}-${i}${ext}`));
    }
  };
  fill('node_modules', Math.floor(size / 5) - 200, '.js');
  fill(`packages/${packages[0]}/node_modules`, 200, '.js');
  fill('dist', Math.floor(size / 10), '.js');
  const tree: MonorepoTree = { dir, packageFiles: placed, ignoredFiles: ignored, packages };
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  writeFileSync(marker, JSON.stringify(tree));
  return tree;
}
