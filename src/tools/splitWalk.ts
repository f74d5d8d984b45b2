import { availableParallelism } from 'node:os';
import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { runRipgrep, type RgOutcome, type RgRunOptions } from './ripgrep';

/**
 * A sorted rg walk on several cores. `--sort=path` keeps results and early stops deterministic, but
 * it makes rg walk with one thread: 1.6 s for a 100k-file tree on 2 cores. Here the tree is cut into
 * consecutive slices of its sorted order, one rg per slice (the other slices excluded by anchored
 * `!/path` globs, so .gitignore and every other filter apply as in one walk), run up to one per core.
 * Each slice's output is held until the slices before it are done, so the caller gets exactly the one
 * walk's records in the one walk's order, and a stop ends every slice.
 */

/** rg processes at once: one per core, at most 4 (more buys little and costs memory). */
const MAX_PARALLEL = 4;
/** Slices per process: smaller slices keep the cores busy when one part of the tree is much bigger. */
const SLICES_PER_PROCESS = 4;
/** Rounds of opening heavy folders, and folders read in all (40–90 ms on the 100k-file bench tree). */
const MAX_ROUNDS = 10;
const READ_BUDGET = 1000;
/** Files an unopened sub-folder is guessed to hold (a typical source folder's size). */
const FOLDER_GUESS = 10;
/** A piece heavier than 1/(slices × this) of the tree is opened, so no slice is one piece too big. */
const HEAVY_SHARE = 8;
/**
 * A tree guessed smaller than this is not split: at django's size (6.6k files, a guess of 6k) one rg
 * took 0.30 s a locate and eight slices 0.36 s on 2 cores (folder reads and rg starts cost more than
 * the second core gives back).
 */
const MIN_WEIGHT = 8000;

/** An entry of the tree as the slicer sees it: its path from the walk's root, and its entries once read. */
interface TreeNode {
  rel: string;
  dir: boolean;
  /** A guess of the entry's share of the walk's work: 1 for a file, 0 for a folder the walk skips. */
  weight: number;
  /** A folder's entries, once read. */
  entries?: TreeNode[];
  /** Its entries once the cut may fall between them (the folder is no longer one piece). */
  children?: TreeNode[];
}

/** How a walk may be split: rg processes at once (default: cores, at most 4) and the smallest tree split. */
export interface SplitOptions {
  parallel?: number;
  minWeight?: number;
  /** The walk resumes at this file (path components from the root, as bytes): earlier slices are not run. */
  resumeAt?: Buffer[];
  /** Where cuts of the tree are kept for reuse (Workspace#cuts); without it the tree is cut for this walk alone. */
  cuts?: CutCache;
}

/** One slice: the globs that exclude the rest of the tree, and its last entry (path components). */
export interface Slice {
  globs: string[];
  last: Buffer[];
}

/** Whether everything under `entry` comes before `file` in rg's sorted order (not when `entry` holds it). */
function before(entry: Buffer[], file: Buffer[]): boolean {
  for (let i = 0; i < entry.length; i++) {
    if (i >= file.length) return false;
    const order = Buffer.compare(entry[i], file[i]);
    if (order !== 0) return order < 0;
  }
  return false;
}

/** runRipgrep, split across cores when `args` is one sorted walk of the whole workspace root. */
export async function runSortedRipgrep(args: readonly string[], options: RgRunOptions, split: SplitOptions = {}): Promise<RgOutcome> {
  const { parallel = defaultParallel(), minWeight = MIN_WEIGHT } = split;
  const dash = args.lastIndexOf('--');
  const targets = dash < 0 ? [] : args.slice(dash + 1);
  const splittable = parallel > 1 && process.platform !== 'win32' && args.includes('--sort=path') && targets.length === 1 && path.resolve(targets[0]) === path.resolve(options.cwd);
  // Unsplittable, or cancelled already: runRipgrep then rejects with 'cancelled' at once.
  if (!splittable || options.signal.aborted) return runRipgrep(args, options);
  const cut = sharedSlices(split.cuts ?? new Map(), targets[0], parallel * SLICES_PER_PROCESS, args.slice(0, dash), minWeight);
  // The whole walk starts at once, its output held until the cut is known: most trees are too small to split,
  // and rg would otherwise wait for their folders to be read (30-55 ms on django, in every CLI call).
  const whole = new AbortController();
  const abortWhole = () => whole.abort();
  options.signal.addEventListener('abort', abortWhole, { once: true });
  const walk = runRipgrep(args, { ...options, signal: whole.signal, heldUntil: cut.then(noop, noop) });
  // Cancelled while the tree is still being cut, the walk rejects before anything awaits it: handled here, or Node
  // ends the process (a locate's Ctrl-C, an env client's disconnect). The caller still gets the rejection below.
  walk.catch(noop);
  const slices = await cut;
  // Unsplit, or cancelled while the tree was cut: then the walk rejects with 'cancelled'.
  if (!slices || options.signal.aborted) return walk.finally(() => options.signal.removeEventListener('abort', abortWhole));
  // Split after all: the whole walk is stopped before its held output reaches the caller.
  whole.abort();
  await walk.catch(noop);
  options.signal.removeEventListener('abort', abortWhole);
  // A walk that resumes at a file has nothing to do in the slices wholly before it.
  const resume = split.resumeAt;
  const wanted = resume ? slices.filter((slice) => !before(slice.last, resume)) : slices;
  return runSlices(args.slice(0, dash), targets, wanted.map((slice) => slice.globs), options, parallel);
}

/**
 * Cuts made in the last second, by root: a turn's greps start together and share one cut. Each workspace keeps its
 * own, so a new tool runner (one CLI call, one bench locate) cuts its tree afresh.
 */
export type CutCache = Map<string, { at: number; slices: Promise<Slice[] | undefined> }>;
const CUT_REUSE_MS = 1000;

function sharedSlices(recentCuts: CutCache, root: string, count: number, flags: readonly string[], minWeight: number): Promise<Slice[] | undefined> {
  const key = `${root}\0${count}\0${minWeight}\0${flags.filter((flag) => flag.startsWith('--glob=!')).join('\0')}`;
  const now = Date.now();
  for (const [k, cut] of recentCuts) if (now - cut.at > CUT_REUSE_MS) recentCuts.delete(k);
  const seen = recentCuts.get(key);
  if (seen) return seen.slices;
  const slices = sliceTree(root, count, flags, minWeight).catch(() => undefined);
  recentCuts.set(key, { at: now, slices });
  return slices;
}

function defaultParallel(): number {
  return Math.min(MAX_PARALLEL, availableParallelism());
}

/**
 * Runs the slices in order, at most `parallel` rg processes at once and at most twice as many slices
 * whose output is not yet handed over (each holds up to HELD_BYTES); each slice is released to the
 * caller when the one before it is done. A slice that has exited frees its core for the next one even
 * while its output waits, so one big slice does not stall the rest.
 */
async function runSlices(flags: readonly string[], targets: readonly string[], slices: string[][], options: RgRunOptions, parallel: number): Promise<RgOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  const controllers = slices.map(() => new AbortController());
  const abortFrom = (first: number) => controllers.slice(first).forEach((c) => c.abort());
  const onAbort = () => abortFrom(0);
  options.signal.addEventListener('abort', onAbort, { once: true });
  let stopped = false;
  let running = 0;
  let unreleased = 0;
  const waiting: (() => void)[] = [];
  const wake = () => {
    while (waiting.length > 0 && running < parallel && unreleased < parallel * 2) {
      running++;
      unreleased++;
      waiting.shift()?.();
    }
  };
  const runs: Promise<RgOutcome | undefined>[] = [];
  let previous: Promise<unknown> = Promise.resolve();
  for (const [i, globs] of slices.entries()) {
    const heldUntil = i === 0 ? undefined : previous.then(noop, noop);
    const run = (async () => {
      // Slices are woken in order, so the slice a held one waits for has always started.
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        wake();
      });
      let exited = false;
      const exit = () => {
        if (!exited) running--;
        exited = true;
        wake();
      };
      try {
        if (stopped || options.signal.aborted) return undefined;
        return await runRipgrep([...flags, ...globs, '--', ...targets], {
          ...options,
          signal: controllers[i].signal,
          timeoutMs: Math.max(1, deadline - Date.now()),
          heldUntil,
          onExit: exit,
          onRecord: (record, stripped) => {
            // Nothing reaches the caller after it said stop, whichever slice the record came from.
            if (stopped) return 'stop';
            const verdict = options.onRecord(record, stripped);
            if (verdict === 'stop') {
              stopped = true;
              abortFrom(i + 1);
            }
            return verdict;
          },
        });
      } catch (error) {
        // A later slice cancelled because the caller had enough is not a failure.
        if (stopped && !options.signal.aborted) return undefined;
        throw error;
      } finally {
        exit();
        unreleased--;
        wake();
      }
    })();
    runs.push(run);
    previous = run;
  }
  try {
    const settled = await Promise.allSettled(runs);
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure) throw failure.reason;
    // Cancelled before any slice started: reject as one rg would.
    if (options.signal.aborted) return await runRipgrep([...flags, '--', ...targets], options);
    const outcomes = settled.flatMap((s) => (s.status === 'fulfilled' && s.value ? [s.value] : []));
    return mergeOutcomes(outcomes, stopped);
  } finally {
    options.signal.removeEventListener('abort', onAbort);
  }
}

/** One outcome for the whole walk, as one rg would have reported it. */
function mergeOutcomes(outcomes: RgOutcome[], stopped: boolean): RgOutcome {
  const timedOut = outcomes.some((o) => o.timedOut);
  const stderr = [...new Set(outcomes.map((o) => o.stderr).filter(Boolean))].join('').slice(0, 4096);
  const skipped = outcomes.reduce((sum, o) => sum + o.skipped, 0);
  const codes = outcomes.map((o) => o.code);
  const code = stopped || timedOut ? null : codes.includes(2) ? 2 : codes.includes(0) ? 0 : 1;
  return { code, stderr, stopped, timedOut, skipped };
}

/**
 * The tree's slices in walk order (each one's exclusion globs and last entry), or `undefined` when it is too small to
 * split or holds a name a glob cannot spell exactly (then one rg walks it). `flags` are the walk's
 * own, read only to guess which folders it skips: the cut is balanced by a guess of each entry's
 * work, while rg still applies every real rule in every slice, so a wrong guess costs balance only.
 */
export async function sliceTree(root: string, count: number, flags: readonly string[] = [], minWeight = MIN_WEIGHT): Promise<Slice[] | undefined> {
  const skipped = new Set(flags.flatMap((flag) => /^--glob=!([^/*?[{\\]+)$/.exec(flag)?.[1] ?? []));
  const top: TreeNode = { rel: '', dir: true, weight: 1 };
  // Folders are opened heaviest first (a folder weighs its files plus FOLDER_GUESS per unread sub-folder),
  // so a deep `src/` is cut finer than a row of small test folders; the budget bounds the reads.
  let fresh = [top];
  let reads = 0;
  for (let round = 0; round < MAX_ROUNDS && fresh.length > 0; round++) {
    const read = await Promise.all(fresh.map((node) => readEntries(root, node, skipped)));
    if (read.some((entries) => entries === undefined)) return undefined;
    reads += fresh.length;
    if (round === 0) top.children = top.entries;
    const leaves = leafList(top);
    const total = leaves.reduce((sum, leaf) => sum + leaf.weight, 0);
    const unread = (node: TreeNode) => (node.children ?? []).filter((child) => child.dir && child.weight > 0 && !child.entries);
    fresh = round === 0 ? unread(top) : [];
    // Heaviest first, while the budget lasts.
    for (const node of leaves.filter((leaf) => leaf.entries && leaf.weight > total / (count * HEAVY_SHARE)).sort((a, b) => b.weight - a.weight)) {
      const next = (node.entries ?? []).filter((child) => child.dir && child.weight > 0);
      if (reads + fresh.length + next.length > READ_BUDGET) break;
      node.children = node.entries;
      fresh.push(...next);
    }
  }
  const ordered = leafList(top);
  const total = ordered.reduce((sum, leaf) => sum + leaf.weight, 0);
  // A tree whose folders all fit in the read budget and that looks django-sized walks faster whole.
  if ((total < minWeight && reads < READ_BUDGET) || ordered.length < count) return undefined;
  // Consecutive slices of about equal weight; each gets at least one leaf.
  const slices: Set<TreeNode>[] = [];
  let current = new Set<TreeNode>();
  let sum = 0;
  for (const [i, leaf] of ordered.entries()) {
    current.add(leaf);
    sum += leaf.weight;
    const left = ordered.length - i - 1;
    const due = sum >= (total * (slices.length + 1)) / count;
    if (slices.length < count - 1 && left > 0 && (due || left <= count - slices.length - 1)) {
      slices.push(current);
      current = new Set();
    }
  }
  slices.push(current);
  return slices.map((inside) => ({
    globs: excluded(top, inside).map((rel) => `--glob=!/${escapeGlob(rel)}`),
    last: ([...inside].pop()?.rel ?? '').split('/').map((part) => Buffer.from(part)),
  }));
}

/** Names an ignore file of a folder excludes outright (`dist/`, `/build`): its other rules are left to rg. */
const IGNORE_FILES = ['.gitignore', '.ignore', '.rgignore'];

/**
 * Reads a folder's entries in rg's sorted order, weighing each (a file 1, a folder the walk will
 * probably skip 0); `undefined` for a name no glob can match exactly.
 */
async function readEntries(root: string, node: TreeNode, skipped: Set<string>): Promise<TreeNode[] | undefined> {
  const entries = await readdir(path.join(root, node.rel), { withFileTypes: true, encoding: 'buffer' });
  const names = entries.map((entry) => entry.name.toString('utf8'));
  if (entries.some((entry, i) => !Buffer.from(names[i], 'utf8').equals(entry.name) || /[\n\r]/.test(names[i]))) return undefined;
  const ignored = new Set(skipped);
  for (const file of IGNORE_FILES.filter((f) => names.includes(f))) {
    const text = await readFile(path.join(root, node.rel, file), 'utf8').catch(() => '');
    for (const line of text.split(/\r?\n/)) {
      const name = /^\/?([^/*?[{!#\\\s][^/*?[{\\]*)\/?$/.exec(line.trim())?.[1];
      if (name) ignored.add(name);
    }
  }
  const order = entries.map((entry, i) => ({ entry, name: names[i] })).sort((a, b) => Buffer.compare(a.entry.name, b.entry.name));
  // rg follows no symlinks, so a linked folder is one entry, like a file.
  // Until it is read, a sub-folder is guessed to hold FOLDER_GUESS files.
  node.entries = order.map(({ entry, name }) => {
    const dir = entry.isDirectory();
    return { rel: node.rel ? `${node.rel}/${name}` : name, dir, weight: ignored.has(name) ? 0 : dir ? FOLDER_GUESS : 1 };
  });
  node.weight = Math.max(1, node.entries.reduce((sum, child) => sum + child.weight, 0));
  return node.entries;
}

function leafList(node: TreeNode): TreeNode[] {
  return node.children ? node.children.flatMap(leafList) : [node];
}

/** The fewest paths whose exclusion leaves exactly the leaves `inside` (whole folders where possible). */
function excluded(node: TreeNode, inside: Set<TreeNode>): string[] {
  const leaves = leafList(node);
  const kept = leaves.filter((leaf) => inside.has(leaf)).length;
  if (kept === leaves.length) return [];
  if (kept === 0 && node.rel !== '') return [node.rel];
  return (node.children ?? []).flatMap((child) => excluded(child, inside));
}

/** A path as a glob that matches only itself (rg's globs take backslash escapes on Unix). */
export function escapeGlob(rel: string): string {
  return rel.replace(/[\\*?[\]{}!]/g, '\\$&');
}

function noop(): void {}
