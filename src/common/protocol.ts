/**
 * The typed message protocol between the extension host and the results webview. Each side
 * sends requests (with ids, answered by one response) and notifications (no reply). The maps
 * below are the only declaration of names and payloads; webview-ui imports them as types.
 */
import type { AnswerConfidence } from './confidence';
import { ERROR_ACTIONS, type ErrorAction, type ErrorInfo } from './errors';
import type { ToolResultSummary } from './events';
import type { Issue } from './issue';
import type { Candidate, LineRange, RejectedCitation, Usage } from './result';
import type { ToolCall } from './tools';

/** Where a run is. */
export type RunStatus = 'running' | 'done' | 'error' | 'cancelled';

/** One tool call as the panel shows it; `summary` arrives with the result. */
export interface CallView {
  id: string;
  call: ToolCall;
  summary?: ToolResultSummary;
}

/** One turn of the trajectory as the panel shows it. */
export interface TurnView {
  turn: number;
  final: boolean;
  calls: CallView[];
  thought?: string;
}

/** Everything the panel shows about one run; built on the host from LocateEvents. */
export interface RunView {
  runId: string;
  status: RunStatus;
  issue: Issue;
  brain: string;
  /** Workspace folder names searched (shown). */
  folders: string[];
  /** Their URIs, so Re-run works after a reload. */
  folderUris: string[];
  startedAt: number;
  totalTurns: number;
  currentTurn: number;
  maxParallelCalls: number;
  toolCalls: number;
  turns: TurnView[];
  candidates: Candidate[];
  /** The brain's runners-up (LocateResult.alsoConsidered), listed apart; they start unticked. */
  alsoConsidered?: Candidate[];
  /** How sure the brain is of its answer (LocateResult.confidence), when it knows. */
  confidence?: AnswerConfidence;
  rejected: RejectedCitation[];
  /** Paths ticked for hand-off; all candidates start ticked, runners-up unticked. */
  selected: string[];
  usage?: Usage;
  error?: ErrorInfo;
  /** The reference the user gave (URL, OWNER/REPO#N, #N) when fetching it failed: Retry and "Use the text" start from it. */
  source?: string;
}

/** One past run in the history list. */
export interface HistoryEntry {
  runId: string;
  title: string;
  startedAt: number;
  status: RunStatus;
  candidates: number;
}

/** The whole panel state the host posts; the webview renders it and nothing else. */
export interface PanelState {
  current?: RunView;
  history: HistoryEntry[];
}

/** What the webview reports about its rendered DOM (for in-host tests and diagnostics). */
export interface RenderedSnapshot {
  runId?: string;
  status: string;
  candidatePaths: string[];
  /** Text of each candidate's reason exactly as rendered. */
  reasons: string[];
  /** Elements that model text must never create (img, script, iframe) found in the rendered tree. */
  injectedElements: number;
  /** The confidence line's level and text, when one is shown. */
  confidence?: { level: string; text: string };
  /** Whether "Also considered" is unfolded; absent when the run has no runners-up. */
  runnersUpOpen?: boolean;
}

/** How a hand-off reached chat: with files attached, as a prompt only, or (no chat in this window) on the clipboard. */
export type HandoffMethod = 'open-with-files' | 'attach-per-file' | 'open-only' | 'clipboard';

/** What "Send to Copilot Chat" did, so the page says what really happened. */
export interface HandoffOutcome {
  method: HandoffMethod;
  /** Files named in the hand-off. */
  files: number;
}

/** Requests the webview sends to the host: name → [params, result]. */
export interface WebviewRequests {
  open: [{ path: string; range?: LineRange }, void];
  copyContext: [{ runId: string; paths: string[] }, { copied: number }];
  sendToChat: [{ runId: string; paths: string[] }, HandoffOutcome];
  /** The empty panel's button: starts "Locate files for issue". */
  locate: [Record<string, never>, void];
  /** A grep call of the trajectory: its hits in VS Code's Search view, one click from each. */
  showHits: [{ runId: string; callId: string }, void];
  rerun: [{ runId: string }, void];
  stop: [{ runId: string }, void];
  fixError: [{ action: ErrorAction }, void];
  showRun: [{ runId: string }, void];
}

/** Notifications the webview sends to the host. */
export interface WebviewNotifications {
  /** Sent once the webview listens; the host posts nothing before it. */
  ready: Record<string, never>;
  selection: { runId: string; paths: string[] };
}

/** Requests the host sends to the webview. */
export interface HostRequests {
  snapshot: [Record<string, never>, RenderedSnapshot];
}

/** Notifications the host sends to the webview. */
export interface HostNotifications {
  state: { state: PanelState };
}

/** A request envelope for a method of map M. */
export type RequestMessage<M extends { [K in keyof M]: [unknown, unknown] }> = {
  [K in keyof M & string]: { kind: 'request'; id: number; method: K; params: M[K][0] };
}[keyof M & string];

/** A notification envelope for a method of map N. */
export type NotificationMessage<N> = {
  [K in keyof N & string]: { kind: 'notification'; method: K; params: N[K] };
}[keyof N & string];

/** The answer to a request, matched by id; exactly one of result / error. */
export interface ResponseMessage {
  kind: 'response';
  id: number;
  result?: unknown;
  error?: ErrorInfo;
}

/** Anything the webview posts to the host. */
export type WebviewToHostMessage = RequestMessage<WebviewRequests> | NotificationMessage<WebviewNotifications> | ResponseMessage;

/** Anything the host posts to the webview. */
export type HostToWebviewMessage = RequestMessage<HostRequests> | NotificationMessage<HostNotifications> | ResponseMessage;

const WEBVIEW_REQUESTS: Record<keyof WebviewRequests, true> = {
  open: true,
  copyContext: true,
  sendToChat: true,
  locate: true,
  showHits: true,
  rerun: true,
  stop: true,
  fixError: true,
  showRun: true,
};
const WEBVIEW_NOTIFICATIONS: Record<keyof WebviewNotifications, true> = { ready: true, selection: true };

/**
 * Checks the envelope of a message that came from the webview (untrusted input: the page runs
 * model-influenced content) before the host dispatches on it. Payload fields are checked by each handler.
 */
export function parseWebviewMessage(raw: unknown): WebviewToHostMessage | undefined {
  if (!isRecord(raw)) return undefined;
  if (raw.kind === 'response') {
    return typeof raw.id === 'number' ? (raw as unknown as ResponseMessage) : undefined;
  }
  if (typeof raw.method !== 'string' || !isRecord(raw.params)) return undefined;
  if (raw.kind === 'request' && typeof raw.id === 'number' && Object.hasOwn(WEBVIEW_REQUESTS, raw.method)) {
    return raw as unknown as WebviewToHostMessage;
  }
  if (raw.kind === 'notification' && Object.hasOwn(WEBVIEW_NOTIFICATIONS, raw.method)) {
    return raw as unknown as WebviewToHostMessage;
  }
  return undefined;
}

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the params of a webview request before its handler runs (the page is untrusted input). */
export function validRequestParams<K extends keyof WebviewRequests>(method: K, params: unknown): params is WebviewRequests[K][0] {
  if (!isRecord(params)) return false;
  switch (method) {
    case 'open':
      return typeof params.path === 'string' && (params.range === undefined || isLineRange(params.range));
    case 'copyContext':
    case 'sendToChat':
      return typeof params.runId === 'string' && isStringArray(params.paths);
    case 'locate':
      return true;
    case 'showHits':
      return typeof params.runId === 'string' && typeof params.callId === 'string';
    case 'rerun':
    case 'stop':
    case 'showRun':
      return typeof params.runId === 'string';
    case 'fixError':
      return typeof params.action === 'string' && (ERROR_ACTIONS as readonly string[]).includes(params.action);
    default:
      return false;
  }
}

function isLineRange(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n) && n >= 1);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}
