import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import type { LoadedListing } from './listingSnapshot';

/**
 * Lists one changed folder again: its own files, and the whole of each sub-folder not in `known`
 * (rg prunes those that ignore rules hide, which it does not do for a folder it is handed). Display
 * paths; rejects when rg fails.
 */
export type FolderLister = (dir: string, known: readonly string[]) => Promise<string[]>;

/**
 * A copied listing brought up to date for the folders whose time changed (listingSnapshot.ts): an
 * editor's save through a temporary file, a file or folder created, renamed or deleted. Each changed
 * folder's own files are listed again, a sub-folder the copy did not know is listed whole, and a
 * known one that is gone drops its files; the rest of the copy stands. `displayOf` maps a folder
 * to its display path ('' for a single root). Sorted, without duplicates.
 */
export async function patchListing(copy: LoadedListing, displayOf: (dir: string) => string, listFolder: FolderLister): Promise<string[]> {
  const known = new Map<string, Set<string>>();
  for (const dir of copy.dirs) {
    const parent = path.dirname(dir);
    if (parent === dir) continue;
    const names = known.get(parent) ?? new Set<string>();
    names.add(path.basename(dir));
    known.set(parent, names);
  }
  const gone: string[] = [];
  const relisted = new Set<string>();
  const listings: Promise<string[]>[] = [];
  for (const dir of copy.changedDirs) {
    const shown = displayOf(dir);
    let present: Set<string>;
    try {
      present = new Set(readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name));
    } catch {
      gone.push(folderPrefix(shown));
      continue;
    }
    const children = [...(known.get(dir) ?? [])];
    for (const name of children) if (!present.has(name)) gone.push(folderPrefix(joinDisplay(shown, name)));
    relisted.add(shown);
    listings.push(listFolder(dir, children.filter((name) => present.has(name))));
  }
  const added = (await Promise.all(listings)).flat();
  const dropped = outermost(gone);
  const kept = copy.files.filter((file) => !relisted.has(parentOf(file)) && !dropped.some((prefix) => file.startsWith(prefix)));
  return [...new Set([...kept, ...added])].sort();
}

/** The prefixes no other one contains (a deleted package reports every folder in it). */
function outermost(prefixes: string[]): string[] {
  const out: string[] = [];
  for (const prefix of [...new Set(prefixes)].sort()) if (!out.some((outer) => prefix.startsWith(outer))) out.push(prefix);
  return out;
}

function folderPrefix(shown: string): string {
  return shown === '' ? '' : `${shown}/`;
}

function joinDisplay(shown: string, name: string): string {
  return shown === '' ? name : `${shown}/${name}`;
}

/** The display folder of a listed file ('' for a file at a single root's top). */
function parentOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}
