import { open } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { RG_COMMON_FLAGS, runRipgrep } from '../tools/ripgrep';

/** Extensions of programming-language source files (what a fix edits), across the languages we evaluate and more. */
const SOURCE_EXTENSIONS = new Set(
  (
    'py pyi pyx pxd js jsx mjs cjs ts tsx mts cts vue svelte go rs java kt kts scala groovy c h cc cpp cxx hh hpp hxx ipp inl ' +
    'cs fs rb php swift m mm dart lua pl pm r jl ex exs erl hrl hs ml mli clj cljs elm zig nim sol sh bash zsh ps1 sql proto'
  ).split(' '),
);

/** Skipped: generated bundles and data blobs that are not what an issue is about. */
const MAX_FILE_BYTES = 1024 * 1024;

/** True for a path whose extension marks a source file. */
export function isSourcePath(path: string): boolean {
  return SOURCE_EXTENSIONS.has(extname(path).slice(1).toLowerCase());
}

/** Workspace-relative source files that ripgrep would search (ignore files respected). */
export async function listSourceFiles(root: string, signal: AbortSignal): Promise<string[]> {
  const files: string[] = [];
  await runRipgrep(['--files', '-0', ...RG_COMMON_FLAGS], {
    cwd: root,
    signal,
    timeoutMs: 60_000,
    separator: '\0',
    onRecord: (record) => {
      const path = record.replace(/\\/g, '/').replace(/^\.\//, '');
      if (isSourcePath(path)) files.push(path);
      return 'more';
    },
  });
  return files.sort();
}

/** A file's text, or undefined when it is too big or looks binary (a NUL byte near the start). */
export async function readSourceText(root: string, path: string): Promise<string | undefined> {
  const handle = await open(join(root, path), 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const { size } = await handle.stat();
    if (size > MAX_FILE_BYTES) return undefined;
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (bytes.subarray(0, 8000).includes(0)) return undefined;
    return bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}
