import type { ToolCall, ToolResult, ToolRunner, WorkspaceView } from '../common/tools';

/**
 * A ToolRunner that knows which calls are still running. The Locator settles an aborted turn at
 * once, while an aborted rg is still being killed; closing an episode waits for `settle` so no rg
 * outlives it and the worktree is removed only once nothing reads it.
 */
export class TrackedTools implements ToolRunner {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly inner: ToolRunner) {}

  run(call: ToolCall, signal: AbortSignal): Promise<ToolResult> {
    return this.track(this.inner.run(call, signal));
  }

  resolveCitation(path: string): Promise<{ path: string; lines?: number } | { rejected: string }> {
    return this.track(this.inner.resolveCitation(path));
  }

  /** The inner runner's view of the workspace (root and top level); undefined when it cannot give one. */
  async workspaceView(signal: AbortSignal): Promise<WorkspaceView | undefined> {
    return this.inner.describeWorkspace ? this.track(this.inner.describeWorkspace(signal)) : undefined;
  }

  /** Resolves once every call started so far has finished (each settles soon after an abort). */
  async settle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    const done = () => this.running.delete(promise);
    promise.then(done, done);
    return promise;
  }
}
