import assert from 'node:assert/strict';
import type { Checkout, GitWorktrees, Workspaces } from '../../../src/eval/worktrees';

/** Records each checkout dir, so a test can prove it was removed when its session ended. */
export class TrackedWorktrees implements Workspaces {
  readonly dirs: string[] = [];
  readonly method: string;
  constructor(private readonly inner: GitWorktrees) {
    this.method = inner.method;
  }
  async checkout(repo: string, sha: string, label: string): Promise<Checkout> {
    const checkout = await this.inner.checkout(repo, sha, label);
    this.dirs.push(checkout.dir);
    return checkout;
  }
  closeAll(): Promise<void> {
    return this.inner.closeAll();
  }
}

/** Polls until `check` holds (the server cleans up after the client has gone). */
export async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
