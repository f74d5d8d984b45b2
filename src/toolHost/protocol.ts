import type { ErrorInfo } from '../common/errors';
import type { ToolCall, ToolResult } from '../common/tools';
import type { VisibilityPolicy } from '../tools/visibility';

/** Which tool runner a request is for: the workspace folders, what they may show, and the per-call timeout. */
export interface RunnerKey {
  roots: string[];
  visibility?: VisibilityPolicy;
  timeoutMs?: number;
  /** The host sends `files-changed` for these folders, so their listing is kept between runs. */
  watched?: boolean;
  /** Folder for on-disk copies of big listings, read when the helper (re)starts (listingSnapshot.ts). */
  snapshotDir?: string;
}

/** Host → helper. */
export type HostMessage =
  | { type: 'run'; id: number; runner: RunnerKey; call: ToolCall }
  | { type: 'citation'; id: number; runner: RunnerKey; path: string }
  | { type: 'cancel'; id: number }
  | { type: 'warm-up'; runner: RunnerKey }
  | { type: 'invalidate'; runner: RunnerKey }
  /** Files were created, deleted or renamed (or an ignore file edited) under these folders. */
  | { type: 'files-changed'; roots: string[] };

/** Helper → host: the answer to one `run` or `citation` request. */
export type HelperMessage =
  | { type: 'result'; id: number; result: ToolResult }
  | { type: 'citation'; id: number; resolved: { path: string; lines?: number } | { rejected: string } }
  | { type: 'error'; id: number; error: ErrorInfo };
