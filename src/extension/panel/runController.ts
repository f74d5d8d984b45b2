import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { CodeGrepError, toErrorInfo } from '../../common/errors';
import { formatForAgent } from '../../common/handoffText';
import type { PanelState, RunView, WebviewRequests } from '../../common/protocol';
import { RunHistory } from '../../common/runHistory';
import { applyEvent, failRunView, progressLabel, runViewFromResult, startRunView, withSelection } from '../../common/runView';
import type { LocateResult } from '../../common/result';
import { candidateUri, FileOpener } from './fileOpener';
import { ResultsPanel, type PanelOwner } from './resultsPanel';
import type { ExtensionServices, LocateRequest, SendToChatArgs } from '../platform/services';
import { openSetting } from '../settings/settings';

/**
 * Runs locates for the panel: one AbortController per run (Stop, the notification's Cancel and a
 * newer run all abort it), folds events into the shown RunView, keeps history, and answers the
 * panel's requests (open, copy, send to chat, re-run, fixes).
 */
export class RunController implements PanelOwner, vscode.Disposable {
  readonly panel: ResultsPanel;
  private current: RunView | undefined;
  private readonly history: RunHistory;
  private readonly active = new Map<string, AbortController>();
  private readonly opener = new FileOpener();

  constructor(private readonly services: ExtensionServices) {
    this.history = new RunHistory(services.context.workspaceState);
    this.current = this.history.list()[0];
    this.panel = new ResultsPanel(services.context.extensionUri, this, services.logger);
  }

  /** What the panel shows. */
  state(): PanelState {
    return { current: this.current, history: this.history.entries() };
  }

  /** Starts a run shown live in the panel and a cancellable notification; resolves to undefined when it fails or is stopped. */
  async locate(request: Omit<LocateRequest, 'runId'>): Promise<LocateResult | undefined> {
    for (const controller of this.active.values()) controller.abort();
    const runId = randomUUID();
    const abort = new AbortController();
    this.active.set(runId, abort);
    void vscode.commands.executeCommand('setContext', 'codegrep.running', true);
    const folders = request.folders.map((uri) => ({ name: folderName(uri), uri: uri.toString() }));
    this.current = startRunView(runId, request.issue, folders);
    this.panel.show(true);
    this.panel.update();
    try {
      return await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CodeGrep: ${truncate(request.issue.title, 60)}`, cancellable: true },
        async (progress, token) => {
          const cancel = token.onCancellationRequested(() => abort.abort());
          try {
            return await this.services.runLocate({ ...request, runId }, {
              signal: abort.signal,
              onEvent: (event) => {
                if (this.current?.runId !== runId) return;
                this.current = applyEvent(this.current, event);
                if (event.type === 'turn-started' || event.type === 'tool-call') progress.report({ message: progressLabel(this.current) });
                this.panel.update();
              },
            });
          } finally {
            cancel.dispose();
          }
        },
      );
    } catch (error) {
      const info = abort.signal.aborted ? { code: 'cancelled' as const, message: 'The run was stopped.' } : toErrorInfo(error);
      if (info.code !== 'cancelled') this.services.logger.error(`Run failed: ${info.message}`);
      if (this.current?.runId === runId) this.current = failRunView(this.current, info);
      return undefined;
    } finally {
      this.active.delete(runId);
      if (!this.active.size) void vscode.commands.executeCommand('setContext', 'codegrep.running', false);
      const finished = this.current?.runId === runId ? this.current : undefined;
      if (finished) {
        await this.history.put(finished);
        this.panel.update();
      }
    }
  }

  /** Shows a result that was produced elsewhere (chat participant, LM tool). */
  async showResult(result: LocateResult, folders: readonly vscode.Uri[]): Promise<void> {
    const view = runViewFromResult(randomUUID(), result, folders.map((uri) => ({ name: folderName(uri), uri: uri.toString() })));
    this.current = view;
    await this.history.put(view);
    this.panel.show();
    this.panel.update();
  }

  /** Aborts a run; true when it was running. */
  stop(runId: string): boolean {
    const controller = this.active.get(runId);
    controller?.abort();
    return !!controller;
  }

  /** Aborts every running run ("CodeGrep: Stop"); returns how many were running. */
  stopAll(): number {
    for (const controller of this.active.values()) controller.abort();
    return this.active.size;
  }

  /** The user ticked candidates in the panel. */
  select(runId: string, paths: string[]): void {
    if (this.current?.runId !== runId) return;
    this.current = withSelection(this.current, paths);
    void this.history.put(this.current);
  }

  /** Answers the panel's requests. */
  async handle<K extends keyof WebviewRequests>(method: K, params: WebviewRequests[K][0]): Promise<WebviewRequests[K][1]> {
    const p = params as Record<string, unknown>;
    switch (method) {
      case 'open':
        return (await this.open(String(p.path), p.range as [number, number] | undefined)) as WebviewRequests[K][1];
      case 'copyContext':
        return (await this.copyContext(String(p.runId), p.paths as string[])) as WebviewRequests[K][1];
      case 'sendToChat':
        return (await this.sendToChat(String(p.runId), p.paths as string[])) as WebviewRequests[K][1];
      case 'stop':
        this.stop(String(p.runId));
        return undefined as WebviewRequests[K][1];
      case 'rerun':
        void this.rerun(String(p.runId));
        return undefined as WebviewRequests[K][1];
      case 'showRun':
        this.showRun(String(p.runId));
        return undefined as WebviewRequests[K][1];
      case 'fixError':
        return (await this.fix(String(p.action))) as WebviewRequests[K][1];
    }
    throw new CodeGrepError('bad-input', `Unknown panel request ${String(method)}.`);
  }

  dispose(): void {
    for (const controller of this.active.values()) controller.abort();
    this.panel.dispose();
    this.opener.dispose();
  }

  private async open(path: string, range: [number, number] | undefined): Promise<void> {
    const run = this.requireCurrent();
    const candidate = run.candidates.find((c) => c.path === path);
    if (!candidate) throw new CodeGrepError('not-found', `${path} is not a candidate of this run.`);
    const uri = await candidateUri(run.folderUris.map((u) => vscode.Uri.parse(u)), path);
    const column = this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
    await this.opener.open(uri, range, candidate.ranges ?? [], column);
  }

  private async copyContext(runId: string, paths: string[]): Promise<{ copied: number }> {
    const run = this.requireRun(runId);
    const chosen = run.candidates.filter((c) => paths.includes(c.path));
    await vscode.env.clipboard.writeText(formatForAgent(run.issue, chosen));
    return { copied: chosen.length };
  }

  private async sendToChat(runId: string, paths: string[]): Promise<void> {
    const run = this.requireRun(runId);
    const candidates = run.candidates.filter((c) => paths.includes(c.path));
    const folders = run.folderUris.map((u) => vscode.Uri.parse(u));
    const files = await Promise.all(candidates.map((c) => candidateUri(folders, c.path)));
    const args: SendToChatArgs = { issue: run.issue, candidates, files };
    const commands = await vscode.commands.getCommands(true);
    if (!commands.includes('codegrep.sendToChat')) {
      throw new CodeGrepError('internal', 'Send to Copilot Chat is not available in this window. Use Copy as context instead.');
    }
    await vscode.commands.executeCommand('codegrep.sendToChat', args);
  }

  private async rerun(runId: string): Promise<void> {
    const run = this.requireRun(runId);
    await this.locate({ issue: run.issue, folders: run.folderUris.map((u) => vscode.Uri.parse(u)) });
  }

  private showRun(runId: string): void {
    this.current = this.requireRun(runId);
    this.panel.update();
  }

  private async fix(action: string): Promise<void> {
    switch (action) {
      case 'set-endpoint':
        return openSetting('endpoint');
      case 'set-model':
        return openSetting('model');
      case 'set-api-key':
        await vscode.commands.executeCommand('codegrep.setApiKey');
        return;
      case 'retry':
        if (this.current) await this.rerun(this.current.runId);
        return;
      default:
        this.services.logger.channel.show(true);
    }
  }

  private requireCurrent(): RunView {
    if (!this.current) throw new CodeGrepError('not-found', 'No run is shown.');
    return this.current;
  }

  private requireRun(runId: string): RunView {
    const run = this.current?.runId === runId ? this.current : this.history.get(runId);
    if (!run) throw new CodeGrepError('not-found', 'That run is no longer in the history.');
    return run;
  }
}

function folderName(uri: vscode.Uri): string {
  return vscode.workspace.getWorkspaceFolder(uri)?.name ?? uri.path.split('/').filter(Boolean).pop() ?? uri.toString();
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
