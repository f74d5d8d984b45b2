import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { CodeGrepError } from '../common/errors';
import { ExcludeMatcher } from './excludes';
import { FileListCache } from './fileList';
import type { ListingSnapshots } from './listingSnapshot';
import type { CutCache } from './splitWalk';
import type { ToolContext } from './grep';
import { ignoredRefusal, policyRgFlags, refusalByName, type VisibilityPolicy } from './visibility';

/** One workspace folder: its absolute path, its real path, and the name that prefixes its paths in a multi-root workspace. */
export interface WorkspaceRoot {
  abs: string;
  real: string;
  name: string;
}

/** A path argument that passed the sandbox: where it is on disk and how tools show it. */
export interface ResolvedPath {
  /** Lexical absolute path (inside `root.abs`); what rg is given, so its output maps back by prefix. */
  abs: string;
  /** Workspace-relative POSIX path ('' for a whole single root). */
  display: string;
  root: WorkspaceRoot;
  kind: 'file' | 'dir';
  /** Size in bytes when the stat was taken (files). */
  size: number;
}

/** What a caller accepts: a regular file, a directory, or either. */
export type PathKind = 'file' | 'dir' | 'any';

/** A refusal, phrased for a model to read and act on. */
export interface PathRefusal {
  error: string;
  /** Short reason used for rejected citations. */
  reason: 'does not exist' | 'outside the workspace' | 'not a regular file' | 'is a directory' | 'invalid path' | 'ignored';
}

/**
 * The sandbox: the only place that turns a tool's path argument into a real path.
 *
 * Path convention: with one root, paths are relative to it (`src/a.py`). With several roots,
 * paths start with the root folder's name (`backend/src/a.py`); duplicate folder names get
 * `-2`, `-3`... An absolute path is accepted when it lies inside a root. Results always use
 * these workspace-relative POSIX paths. Symlinks are followed only when their target stays inside a root.
 *
 * It also decides what is visible (see visibility.ts): `.git/` and credential files never,
 * ignored files and node_modules/ only when the policy opts in, exclude globs never. `resolve`
 * is lexical; `refusal` applies those rules to a resolved path.
 */
export class Workspace {
  readonly roots: readonly WorkspaceRoot[];
  readonly policy: VisibilityPolicy;
  readonly excludes: ExcludeMatcher;
  /** The listing of every visible file, shared by glob and the visibility checks. */
  readonly files: FileListCache;
  /** Recent cuts of the tree for sorted walks on several cores (splitWalk.ts), kept with this workspace's listing. */
  readonly cuts: CutCache = new Map();

  constructor(roots: readonly string[], policy: VisibilityPolicy = {}, listing: { ttlMs?: number; snapshots?: ListingSnapshots } = {}) {
    this.policy = policy;
    this.excludes = new ExcludeMatcher(policy.exclude);
    this.files = new FileListCache(this, listing.ttlMs, listing.snapshots);
    if (roots.length === 0) throw new CodeGrepError('bad-input', 'No workspace folder: open a folder or pass --repo DIR.');
    const used = new Map<string, number>();
    this.roots = roots.map((root) => {
      const abs = path.resolve(root);
      let real: string;
      try {
        real = realpathSync(abs);
      } catch {
        throw new CodeGrepError('bad-input', `Workspace folder ${abs} does not exist.`);
      }
      const base = path.basename(abs) || 'root';
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      return { abs, real, name: seen === 0 ? base : `${base}-${seen + 1}` };
    });
  }

  /** rg flags for this workspace's visibility rules; put them after any caller glob (the last matching glob wins). */
  rgFilterFlags(): string[] {
    return policyRgFlags(this.policy, this.excludes.rgFlags());
  }

  /** The part of a display path below its root folder ('' for the root itself). */
  relativeToRoot(display: string): string {
    if (!this.multiRoot) return display;
    const slash = display.indexOf('/');
    return slash === -1 ? '' : display.slice(slash + 1);
  }

  /** The root a display path lies in (multi-root paths start with its name). */
  rootOf(display: string): WorkspaceRoot | undefined {
    if (!this.multiRoot) return this.roots[0];
    const name = display.split('/', 1)[0];
    return this.roots.find((r) => r.name === name);
  }

  /**
   * Why tools may not see a resolved path (`.git/`, credentials, node_modules/, an exclude glob,
   * an ignore file), or undefined when they may. A symlink counts as visible when its target is.
   * When the listing cannot be made (timeout), only the name rules apply.
   */
  async refusal(target: ResolvedPath, ctx: ToolContext): Promise<PathRefusal | undefined> {
    const exists = (display: string) => this.files.peek(display, 'file') === true;
    const byName = refusalByName(this, target, exists);
    if (byName) return byName;
    if (target.display === this.withRoot(target.root, '')) return undefined;
    const changed = await stat(target.abs).then((info) => info.ctimeMs, () => Infinity);
    const listed = await this.files.has(target.display, target.kind, ctx.signal, ctx.timeoutMs, changed);
    if (listed !== false) return undefined;
    const real = await realpath(target.abs).catch(() => target.abs);
    const realDisplay = real === target.abs ? undefined : this.display(real);
    if (realDisplay !== undefined && realDisplay !== target.display) {
      const root = this.rootOf(realDisplay) ?? target.root;
      const viaLink = refusalByName(this, { display: realDisplay, root }, exists);
      if (viaLink) return viaLink;
      if ((await this.files.has(realDisplay, target.kind, ctx.signal, ctx.timeoutMs, changed)) !== false) return undefined;
    }
    return ignoredRefusal(target.display, target.kind);
  }

  /**
   * Text (an rg or file-system error) with each root's absolute path replaced by its workspace
   * path, so errors tell the model where, without revealing the local folder layout.
   */
  hideRoots(text: string): string {
    let out = text;
    const roots = [...this.roots].sort((a, b) => b.abs.length - a.abs.length);
    for (const root of roots) {
      const shown = this.withRoot(root, '');
      // A filesystem root as a workspace folder has no prefix worth hiding (and replacing "/" would garble the text).
      for (const base of new Set([root.abs, root.real].filter((p) => path.dirname(p) !== p))) {
        out = out.split(`${base}${path.sep}`).join(shown === '' ? '' : `${shown}/`).split(base).join(shown === '' ? '.' : shown);
      }
    }
    return out;
  }

  /** True when paths carry a root-name prefix. */
  get multiRoot(): boolean {
    return this.roots.length > 1;
  }

  /** Workspace-relative POSIX path for an absolute path inside a root (as rg prints it), or undefined. */
  display(abs: string): string | undefined {
    // Fast path for rg output, which starts with the root path we passed it.
    for (const root of this.roots) {
      if (abs.length > root.abs.length && abs.startsWith(root.abs) && abs[root.abs.length] === path.sep && !DOT_DOT_SEGMENT.test(abs)) {
        const rel = abs.slice(root.abs.length + 1);
        return this.withRoot(root, path.sep === '/' ? rel : rel.split(path.sep).join('/'));
      }
    }
    for (const root of this.roots) {
      const rel = relativeInside(root.abs, abs) ?? relativeInside(root.real, abs);
      if (rel !== undefined) return this.withRoot(root, rel);
    }
    return undefined;
  }

  /**
   * Resolves a path argument; an empty path or `.` means every root (only when `kind` allows dirs).
   * Returns one ResolvedPath per root it covers, or a refusal.
   */
  async resolve(input: string, kind: PathKind): Promise<ResolvedPath[] | PathRefusal> {
    const raw = input.trim();
    if (raw.includes('\0')) return refuse('invalid path', 'path contains a NUL byte.');
    const cleaned = raw.replace(/\\/g, '/');
    if (cleaned === '' || cleaned === '.' || cleaned === './') {
      if (kind === 'file') return refuse('invalid path', 'a file path is required.');
      return this.roots.map((root) => ({ abs: root.abs, display: this.withRoot(root, ''), root, kind: 'dir' as const, size: 0 }));
    }
    const located = this.locate(raw, cleaned);
    if ('error' in located) return located;
    return this.check(located.root, located.rel, raw, kind);
  }

  private locate(raw: string, cleaned: string): { root: WorkspaceRoot; rel: string } | PathRefusal {
    if (path.isAbsolute(raw) || path.posix.isAbsolute(cleaned)) {
      const abs = path.resolve(raw);
      for (const root of this.roots) {
        const rel = relativeInside(root.abs, abs) ?? relativeInside(root.real, abs);
        if (rel !== undefined) return { root, rel };
      }
      return refuse('outside the workspace', `${raw} is outside the workspace; use a path relative to the workspace root.`);
    }
    const rel = path.posix.normalize(cleaned).replace(/\/+$/, '');
    if (rel === '..' || rel.startsWith('../')) {
      return refuse('outside the workspace', `${raw} is outside the workspace; use a path relative to the workspace root.`);
    }
    if (!this.multiRoot) return { root: this.roots[0], rel: rel === '.' ? '' : rel };
    const [first, ...rest] = rel.split('/');
    const root = this.roots.find((r) => r.name === first);
    if (!root) {
      const names = this.roots.map((r) => r.name).join(', ');
      return refuse('does not exist', `${raw} does not exist; in this multi-root workspace paths start with a folder name: ${names}.`);
    }
    return { root, rel: rest.join('/') };
  }

  private async check(root: WorkspaceRoot, rel: string, raw: string, kind: PathKind): Promise<ResolvedPath[] | PathRefusal> {
    const abs = rel === '' ? root.abs : path.join(root.abs, ...rel.split('/'));
    let real: string;
    try {
      real = await realpath(abs);
    } catch {
      return refuse('does not exist', `${raw} does not exist; use glob to find the right path.`);
    }
    if (!this.roots.some((r) => relativeInside(r.real, real) !== undefined)) {
      return refuse('outside the workspace', `${raw} is a symlink that points outside the workspace; it cannot be read.`);
    }
    // Gone since realpath (a build or a checkout running while the tools search): as missing, not a failed run.
    const info = await stat(real).catch(() => undefined);
    if (!info) return refuse('does not exist', `${raw} does not exist; use glob to find the right path.`);
    const display = this.withRoot(root, rel);
    if (info.isDirectory()) {
      if (kind === 'file') return refuse('is a directory', `${raw} is a directory; use glob to list its files.`);
      return [{ abs, display, root, kind: 'dir', size: info.size }];
    }
    if (!info.isFile()) return refuse('not a regular file', `${raw} is not a regular file (device, FIFO or socket); it cannot be read.`);
    if (kind === 'dir') return refuse('not a regular file', `${raw} is a file, not a folder.`);
    return [{ abs, display, root, kind: 'file', size: info.size }];
  }

  private withRoot(root: WorkspaceRoot, rel: string): string {
    if (!this.multiRoot) return rel;
    return rel === '' ? root.name : `${root.name}/${rel}`;
  }
}

const DOT_DOT_SEGMENT = /(^|[\\/])\.\.([\\/]|$)/;

/** POSIX path of `target` relative to `base` when it lies inside it ('' for base itself), else undefined. */
function relativeInside(base: string, target: string): string | undefined {
  const rel = path.relative(base, target);
  if (rel === '') return '';
  if (rel.startsWith('..') && (rel === '..' || rel.startsWith(`..${path.sep}`))) return undefined;
  if (path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

function refuse(reason: PathRefusal['reason'], error: string): PathRefusal {
  return { error, reason };
}
