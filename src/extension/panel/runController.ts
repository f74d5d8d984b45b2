import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { CodeGrepError, toErrorInfo, type ErrorInfo } from '../../common/errors';
import { formatForAgent } from '../../common/handoffText';
import { issueFromText } from '../../common/issue';
import type { HandoffOutcome, PanelState, RunView, WebviewRequests } from '../../common/protocol';
import { RunHistory } from '../../common/runHistory';
import { applyEvent, failRunView, listedCandidates, progressLabel, runViewFromResult, startRunView, withSelection } from '../../common/runView';
import type { BrainChoice } from '../../common/settings';
import type { LocateResult } from '../../common/result';
import { clip, editorMessage } from '../../common/wording';
import { chooseBrain } from '../settings/brainPicker';
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
    const typing = userActivity();
    this.panel.show(true);
    this.panel.update();
    try {
      const result = await vscode.window.withProgress(
        // The title is clipped and quoted: VS Code appends ": <message>" to it, which must not read as part of the issue.
        { location: vscode.ProgressLocation.Notification, title: `CodeGrep: “${clip(request.issue.title, 60)}”`, cancellable: true },
        async (progress, token) => {
          progress.report({ message: 'starting' });
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
      // Focus moves to the results, so the keyboard lands on the files (Tab, Enter opens one); not
      // while the user went on typing or switched editors during the run.
      if (this.current?.runId === runId && userActivity() === typing) this.panel.show(false);
      return result;
    } catch (error) {
      const info = abort.signal.aborted ? { code: 'cancelled' as const, message: 'The run was stopped.' } : forEditor(toErrorInfo(error));
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

  /**
   * Shows in the panel that the issue reference could not be fetched (offline, private, mistyped),
   * keeping what the user typed: Retry fetches again, "Use the text as the issue" locates with it.
   */
  async showInputError(source: string, folders: readonly vscode.Uri[], error: unknown): Promise<void> {
    const info = forEditor(toErrorInfo(error));
    const view = startRunView(randomUUID(), { title: source, body: '' }, folders.map((uri) => ({ name: folderName(uri), uri: uri.toString() })));
    this.current = { ...failRunView(view, { ...info, action: 'use-text' }), source };
    await this.history.put(this.current);
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
      case 'locate':
        void vscode.commands.executeCommand('codegrep.locate');
        return undefined as WebviewRequests[K][1];
      case 'showHits':
        await this.showHits(String(p.runId), String(p.callId));
        return undefined as WebviewRequests[K][1];
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

  /** Opens a candidate (at `range`, else its first listed range: the brain lists the strongest evidence first) or a file the trajectory read. */
  private async open(path: string, range: [number, number] | undefined): Promise<void> {
    const run = this.requireCurrent();
    const candidate = listedCandidates(run).find((c) => c.path === path);
    // A read the tools refused (a symlink out, `.git/`, an ignored file) opens nothing: the page is untrusted input.
    const read = run.turns.some((t) => t.calls.some((c) => c.call.name === 'read' && c.call.args.path === path && c.summary && !c.summary.error));
    if (!candidate && !read) {
      throw new CodeGrepError('not-found', `${path} is neither a candidate nor a file this run read.`);
    }
    // candidateUri refuses any path outside the searched folders (the page is untrusted input).
    const uri = await candidateUri(run.folderUris.map((u) => vscode.Uri.parse(u)), path);
    const column = this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
    await this.opener.open(uri, range, candidate?.ranges ?? (range ? [range] : []), column);
  }

  /** Runs a grep call of the trajectory again in the Search view, where every hit opens with a click. */
  private async showHits(runId: string, callId: string): Promise<void> {
    const call = this.requireRun(runId).turns.flatMap((t) => t.calls).find((c) => c.id === callId)?.call;
    if (call?.name !== 'grep') throw new CodeGrepError('not-found', 'That search is not in this run.');
    const { pattern, path, paths, glob, case_insensitive } = call.args;
    const include = [...(paths ?? (path ? [path] : [])), ...(glob ? [glob] : [])].join(', ');
    await vscode.commands.executeCommand('workbench.action.findInFiles', {
      query: pattern,
      isRegex: true,
      isCaseSensitive: !case_insensitive,
      matchWholeWord: false,
      filesToInclude: include,
      triggerSearch: true,
    });
  }

  private async copyContext(runId: string, paths: string[]): Promise<{ copied: number }> {
    const run = this.requireRun(runId);
    const chosen = listedCandidates(run).filter((c) => paths.includes(c.path));
    await vscode.env.clipboard.writeText(formatForAgent(run.issue, chosen, 'claude', run.confidence));
    return { copied: chosen.length };
  }

  private async sendToChat(runId: string, paths: string[]): Promise<HandoffOutcome> {
    const run = this.requireRun(runId);
    const candidates = listedCandidates(run).filter((c) => paths.includes(c.path));
    const folders = run.folderUris.map((u) => vscode.Uri.parse(u));
    const files = await Promise.all(candidates.map((c) => candidateUri(folders, c.path)));
    const args: SendToChatArgs = { issue: run.issue, candidates, files, ...(run.confidence ? { confidence: run.confidence } : {}) };
    const commands = await vscode.commands.getCommands(true);
    if (!commands.includes('codegrep.sendToChat')) {
      throw new CodeGrepError('internal', 'Send to Copilot Chat is not available in this window. Use Copy as context instead.');
    }
    const outcome = await vscode.commands.executeCommand<{ method: HandoffOutcome['method'] } | undefined>('codegrep.sendToChat', args);
    return { method: outcome?.method ?? 'clipboard', files: files.length };
  }

  /** Runs the shown issue again; a reference that could not be fetched is fetched again first. */
  private async rerun(runId: string, brain?: BrainChoice): Promise<void> {
    const run = this.requireRun(runId);
    const folders = run.folderUris.map((u) => vscode.Uri.parse(u));
    if (run.source) {
      await vscode.commands.executeCommand('codegrep.locate', { issue: run.source, folders, brain });
      return;
    }
    await this.locate({ issue: run.issue, folders, brain });
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
      case 'use-embedded':
        if (this.current) await this.rerun(this.current.runId, 'embedded');
        return;
      case 'choose-brain': {
        const picked = await chooseBrain();
        if (picked && this.current) await this.rerun(this.current.runId, picked);
        return;
      }
      case 'use-text': {
        const run = this.current;
        if (!run?.source) return;
        await this.locate({ issue: issueFromText(run.source), folders: run.folderUris.map((u) => vscode.Uri.parse(u)) });
        return;
      }
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

/** Which editor is active and how often its text changed: differs at the end of a run when the user did something meanwhile. */
function userActivity(): string {
  const editor = vscode.window.activeTextEditor;
  return editor ? `${editor.document.uri.toString()}@${editor.document.version}` : '';
}

/** The error as the panel shows it: sentence case, no CLI flag hints. */
function forEditor(info: ErrorInfo): ErrorInfo {
  return { ...info, message: editorMessage(info.message) };
}
