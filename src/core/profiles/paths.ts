import * as path from 'node:path';
import type { ProfileContext } from './types';

/** A workspace-relative path as an absolute one under the root the model was told. */
export function absoluteIn(ctx: ProfileContext, rel: string): string {
  const root = ctx.root.replace(/[\\/]+$/, '');
  return rel === '' ? root : `${root}/${rel.replace(/^\.\//, '')}`;
}

/**
 * A path the model wrote, as a workspace-relative path: absolute paths must lie under the root,
 * relative ones are taken from it (FastContext's tools resolve them against the working directory).
 * Undefined when it points outside; the sandbox still checks symlinks and existence.
 */
export function relativeIn(ctx: ProfileContext, written: string): string | undefined {
  const value = written.trim().replace(/\\/g, '/');
  const root = ctx.root.replace(/\\/g, '/').replace(/\/+$/, '');
  let rel: string;
  if (value.startsWith('/') || /^[A-Za-z]:\//.test(value)) {
    const normal = path.posix.normalize(value);
    if (normal === root || normal === `${root}/`) return '';
    if (!normal.startsWith(`${root}/`)) return undefined;
    rel = normal.slice(root.length + 1);
  } else {
    rel = path.posix.normalize(value);
  }
  rel = rel.replace(/\/+$/, '');
  if (rel === '.' ) return '';
  if (rel === '..' || rel.startsWith('../')) return undefined;
  return rel;
}

/** `platform.system()` as Python names it. */
export function systemOs(): string {
  return { linux: 'Linux', darwin: 'Darwin', win32: 'Windows' }[process.platform as string] ?? process.platform;
}

/** `$SHELL`, as FastContext's prompt reports it (`bash` when unset). */
export function systemShell(): string {
  return process.env.SHELL || 'bash';
}
