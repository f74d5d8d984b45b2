import { isAbortError } from '../common/errors';
import { DEFAULT_LIMITS } from '../common/limits';
import type { ToolCall, ToolResult, ToolRunner, WorkspaceView } from '../common/tools';
import { resolveCitation } from './citation';
import { glob } from './glob';
import { ListingSnapshots } from './listingSnapshot';
import { grep, type ToolContext } from './grep';
import { multiGrep } from './multiGrep';
import { read } from './read';
import { runTerminal } from './terminal/terminal';
import { errorResult } from './toolResult';
import type { VisibilityPolicy } from './visibility';
import { Workspace } from './workspace';

/** Options for a NodeToolRunner. */
export interface NodeToolRunnerOptions {
  /** Workspace folders; the first one is the default for single-root paths. */
  roots: string[];
  /** Per-call wall-clock limit; defaults to DEFAULT_LIMITS.toolTimeoutMs. */
  timeoutMs?: number;
  /** Exclude globs and the opt-in for ignored files (default: ignore files obeyed, nothing excluded). */
  visibility?: VisibilityPolicy;
  /**
   * How long the file listing is reused (default FILE_LIST_TTL_MS, 5 s). Longer only for a host that
   * calls invalidateFileList whenever files are created or deleted (WATCHED_FILE_LIST_TTL_MS).
   */
  listTtlMs?: number;
  /**
   * A folder for on-disk copies of big listings (listingSnapshot.ts), so a new process does not list
   * a monorepo again; none by default (evals, training and tests list every tree themselves).
   */
  snapshotDir?: string;
}

/**
 * The Node implementation of ToolRunner: grep/glob/read confined to the workspace roots.
 * Bad arguments come back as error results; only cancellation rejects (code 'cancelled').
 */
export class NodeToolRunner implements ToolRunner {
  readonly workspace: Workspace;
  private readonly timeoutMs: number;

  constructor(options: NodeToolRunnerOptions) {
    const snapshots = options.snapshotDir === undefined ? undefined : new ListingSnapshots(options.snapshotDir);
    this.workspace = new Workspace(options.roots, options.visibility, { ttlMs: options.listTtlMs, snapshots });
    this.timeoutMs = options.timeoutMs ?? DEFAULT_LIMITS.toolTimeoutMs;
  }

  /** Runs one call; never throws on bad input. */
  async run(call: ToolCall, signal: AbortSignal): Promise<ToolResult> {
    const ctx: ToolContext = { signal, timeoutMs: this.timeoutMs };
    const args: unknown = call.args;
    if (typeof args !== 'object' || args === null) return errorResult(`${String(call.name)} needs an arguments object.`);
    try {
      switch (call.name) {
        case 'grep':
          return await (call.args.patterns !== undefined ? multiGrep(this.workspace, call.args, ctx) : grep(this.workspace, call.args, ctx));
        case 'glob':
          return await glob(this.workspace, this.workspace.files, call.args, ctx);
        case 'read':
          return await read(this.workspace, call.args, ctx);
        case 'terminal':
          return await runTerminal({ workspace: this.workspace, files: this.workspace.files, ctx }, call.args);
        default:
          return errorResult(`unknown tool ${JSON.stringify((call as { name: unknown }).name)}; use grep, glob or read.`);
      }
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw error;
      return errorResult(this.workspace.hideRoots(`${call.name} failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  /** Normalises a cited path to an existing workspace file with its line count, or says why not. */
  async resolveCitation(path: string): Promise<{ path: string; lines?: number } | { rejected: string }> {
    const resolved = await resolveCitation(this.workspace, path);
    if ('rejected' in resolved) return resolved;
    // A citation of an ignored or .git file is rejected like a missing one: it was never shown to the model.
    const target = await this.workspace.resolve(resolved.path, 'file');
    if (!('error' in target)) {
      const refusal = await this.workspace.refusal(target[0], { signal: AbortSignal.timeout(this.timeoutMs), timeoutMs: this.timeoutMs }).catch(() => undefined);
      if (refusal) return { rejected: refusal.reason };
    }
    // A one-line read counts the file's lines (files up to readMaxFileBytes) without loading it whole.
    const signal = AbortSignal.timeout(this.timeoutMs);
    const probe = await read(this.workspace, { path: resolved.path, start_line: 1, end_line: 1 }, { signal, timeoutMs: this.timeoutMs }).catch(() => undefined);
    const lines = probe?.read?.totalLines;
    return lines === undefined ? resolved : { ...resolved, lines };
  }

  /** The first root's absolute path and its top-level names (from the file list, so ignore rules apply). */
  async describeWorkspace(signal: AbortSignal): Promise<WorkspaceView> {
    const root = this.workspace.roots[0];
    const files = await this.workspace.files.list(signal, this.timeoutMs);
    const prefix = this.workspace.multiRoot ? `${root.name}/` : '';
    const dirs = new Set<string>();
    const plain = new Set<string>();
    for (const file of files) {
      if (!file.startsWith(prefix)) continue;
      const rest = file.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) plain.add(rest);
      else dirs.add(`${rest.slice(0, slash)}/`);
    }
    return { root: root.abs, entries: [...[...dirs].sort(), ...[...plain].sort()] };
  }

  /**
   * Starts listing the workspace files in the background so the first glob finds them ready
   * (about 150 ms on django). Errors are left for that glob to report. Returns the runner, so a
   * surface can create and warm it in one expression.
   */
  warmUp(): this {
    this.workspace.files.list(new AbortController().signal, this.timeoutMs).catch(() => undefined);
    return this;
  }

  /**
   * Writes the file listing's on-disk copy now, if one is due (snapshotDir), and copies no later
   * listing: for a process about to exit (FileListCache.flushCopy).
   */
  finishListingCopy(): boolean {
    return this.workspace.files.flushCopy(true);
  }

  /** Drops the cached file list (call after files change on disk). */
  invalidateFileList(): void {
    this.workspace.files.invalidate();
  }
}

/** A ToolRunner over the given workspace folders. */
export function createToolRunner(roots: string[], timeoutMs?: number): NodeToolRunner {
  return new NodeToolRunner({ roots, timeoutMs });
}
