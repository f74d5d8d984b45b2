import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { toErrorInfo } from '../../common/errors';
import type { Logger } from '../../common/logger';
import {
  parseWebviewMessage,
  validRequestParams,
  type HostToWebviewMessage,
  type PanelState,
  type RenderedSnapshot,
  type WebviewRequests,
} from '../../common/protocol';
import { buildWebviewHtml } from '../../common/webviewHtml';

/** What the panel asks of its owner. */
export interface PanelOwner {
  /** The state to show now. */
  state(): PanelState;
  /** Answers a validated webview request. */
  handle<K extends keyof WebviewRequests>(method: K, params: WebviewRequests[K][0]): Promise<WebviewRequests[K][1]>;
  /** The user ticked or unticked candidates. */
  select(runId: string, paths: string[]): void;
}

/** The results panel's view type (also used by the serializer that restores it after a reload). */
export const RESULTS_VIEW_TYPE = 'codegrep.results';
/** Posts while a run streams are coalesced to at most one per this many ms. */
const POST_INTERVAL_MS = 50;

/**
 * The host side of the results webview: creates or restores the panel with a strict CSP, posts
 * the owner's state only after the page said "ready", and routes the page's requests by id.
 */
export class ResultsPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  private lastPosted: PanelState | undefined;
  private postTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly owner: PanelOwner,
    private readonly logger: Logger,
  ) {}

  /** Shows the panel, creating it beside the active editor if needed. */
  show(preserveFocus = false): void {
    if (this.panel) {
      this.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      RESULTS_VIEW_TYPE,
      'CodeGrep',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus },
      webviewOptions(this.extensionUri),
    );
    this.attach(panel);
  }

  /** Takes over a panel (new, or restored by the serializer after a reload). */
  attach(panel: vscode.WebviewPanel): void {
    this.panel?.dispose();
    this.panel = panel;
    this.ready = false;
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'codegrep.svg');
    panel.webview.options = webviewOptions(this.extensionUri);
    panel.webview.html = this.html(panel.webview);
    const subs = [
      panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidDispose(() => {
        if (this.panel !== panel) return;
        this.panel = undefined;
        this.ready = false;
        this.rejectPending('The results panel was closed.');
        subs.forEach((d) => d.dispose());
      }),
    ];
  }

  /** True while the panel exists. */
  get visible(): boolean {
    return !!this.panel;
  }

  /** True once the page said "ready" (and until it reloads or closes). */
  get isReady(): boolean {
    return !!this.panel && this.ready;
  }

  /** The view column the panel sits in (to open files beside it). */
  get viewColumn(): vscode.ViewColumn | undefined {
    return this.panel?.viewColumn;
  }

  /** Schedules a post of the owner's current state (coalesced while a run streams). */
  update(): void {
    if (!this.panel || !this.ready || this.postTimer) return;
    this.postTimer = setTimeout(() => {
      this.postTimer = undefined;
      this.postState();
    }, POST_INTERVAL_MS);
  }

  /** The last state actually posted to the page (what the user sees; read by in-host tests). */
  lastPostedState(): PanelState | undefined {
    return this.lastPosted;
  }

  /** Asks the page what it rendered (in-host tests use this to check model text stays text). */
  snapshot(timeoutMs = 5000): Promise<RenderedSnapshot> {
    return this.request('snapshot', {}, timeoutMs) as Promise<RenderedSnapshot>;
  }

  dispose(): void {
    clearTimeout(this.postTimer);
    this.panel?.dispose();
  }

  private postState(): void {
    if (!this.panel || !this.ready) return;
    const state = this.owner.state();
    this.lastPosted = state;
    void this.post({ kind: 'notification', method: 'state', params: { state } });
  }

  private post(message: HostToWebviewMessage): Thenable<boolean> {
    return this.panel ? this.panel.webview.postMessage(message) : Promise.resolve(false);
  }

  private request(method: 'snapshot', params: Record<string, never>, timeoutMs: number): Promise<unknown> {
    if (!this.panel || !this.ready) return Promise.reject(new Error('The results panel is not open.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`The results panel did not answer "${method}" within ${timeoutMs} ms.`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      void this.post({ kind: 'request', id, method, params });
    });
  }

  private async receive(raw: unknown): Promise<void> {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.logger.warn('Ignored a malformed message from the results panel.');
      return;
    }
    if (message.kind === 'response') {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
      return;
    }
    if (message.kind === 'notification') {
      if (message.method === 'ready') {
        this.ready = true;
        this.postState();
      } else if (message.method === 'selection' && Array.isArray(message.params.paths)) {
        this.owner.select(String(message.params.runId), message.params.paths.filter((p): p is string => typeof p === 'string'));
      }
      return;
    }
    const { id, method, params } = message;
    if (!validRequestParams(method, params)) {
      void this.post({ kind: 'response', id, error: { code: 'bad-input', message: `Bad parameters for "${method}".` } });
      return;
    }
    try {
      const result = await this.owner.handle(method, params as never);
      void this.post({ kind: 'response', id, result: result ?? null });
    } catch (error) {
      this.logger.warn(`Panel request "${method}" failed: ${error instanceof Error ? error.message : String(error)}`);
      void this.post({ kind: 'response', id, error: toErrorInfo(error) });
    }
  }

  private rejectPending(reason: string): void {
    for (const waiter of this.pending.values()) waiter.reject(new Error(reason));
    this.pending.clear();
  }

  private html(webview: vscode.Webview): string {
    const root = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    return buildWebviewHtml({
      cspSource: webview.cspSource,
      nonce: randomBytes(18).toString('base64'),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'main.js')).toString(),
      codiconCssUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'codicon.css')).toString(),
      title: 'CodeGrep results',
    });
  }
}

/** Scripts on; resources only from the built UI and media; no command links. */
function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableFindWidget: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}
