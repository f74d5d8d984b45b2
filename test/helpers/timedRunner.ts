import type { ToolCall, ToolResult, ToolRunner, WorkspaceView } from '../../src/common/tools';

/** Start and end (performance.now) of one tool call, to prove calls overlap. */
export interface CallSpan {
  call: ToolCall;
  start: number;
  end: number;
}

/** Wraps a real ToolRunner and times each call; not a mock: every call runs for real. */
export class TimedRunner implements ToolRunner {
  readonly spans: CallSpan[] = [];
  constructor(private readonly inner: ToolRunner) {}

  async run(call: ToolCall, signal: AbortSignal): Promise<ToolResult> {
    const start = performance.now();
    try {
      return await this.inner.run(call, signal);
    } finally {
      this.spans.push({ call, start, end: performance.now() });
    }
  }

  resolveCitation(path: string): ReturnType<ToolRunner['resolveCitation']> {
    return this.inner.resolveCitation(path);
  }

  async describeWorkspace(signal: AbortSignal): Promise<WorkspaceView> {
    if (!this.inner.describeWorkspace) throw new Error('the wrapped runner cannot describe its workspace');
    return this.inner.describeWorkspace(signal);
  }
}
