import { html, nothing, type TemplateResult } from 'lit';
import type { ErrorAction } from '../../src/common/errors';
import type { CallView, HistoryEntry, PanelState, RunView, TurnView } from '../../src/common/protocol';
import type { Candidate, LineRange } from '../../src/common/result';
import { describeCall, describeOutcome, describeStatus, describeTurn, excerpt, formatMs, formatScore, linkTarget, rangeLabel, reasonParts, splitPath } from './format';

/** What the templates call back into (main.ts wires these to the host). */
export interface ViewActions {
  open(path: string, range?: LineRange): void;
  toggle(path: string, checked: boolean): void;
  toggleAll(checked: boolean): void;
  sendToChat(): void;
  copyContext(): void;
  rerun(): void;
  stop(): void;
  fix(action: ErrorAction): void;
  showRun(runId: string): void;
}

/** Page-local state that the host does not own. */
export interface LocalState {
  /** Short feedback after an action ("Copied 3 files"), announced to screen readers. */
  notice: string;
}

const FIX_LABELS: Record<ErrorAction, { label: string; icon: string }> = {
  'set-endpoint': { label: 'Set endpoint…', icon: 'settings-gear' },
  'set-api-key': { label: 'Set API key…', icon: 'key' },
  'set-model': { label: 'Set model…', icon: 'settings-gear' },
  'sign-in': { label: 'Sign in…', icon: 'account' },
  'open-logs': { label: 'Open logs', icon: 'output' },
  retry: { label: 'Retry', icon: 'refresh' },
};

const TOOL_ICONS: Record<string, string> = { grep: 'search', glob: 'files', read: 'book' };

// Every model-provided string (issue text, reasons, paths, patterns, errors) goes through Lit text
// bindings, which set textContent: never unsafeHTML, never innerHTML.

/** The whole page. */
export function appView(state: PanelState, local: LocalState, actions: ViewActions): TemplateResult {
  const run = state.current;
  if (!run) return emptyView(state, actions);
  return html`
    ${issueView(run)} ${run.error && run.status === 'error' ? errorView(run, actions) : nothing} ${toolbarView(run, local, actions)}
    ${run.status === 'error' && !run.candidates.length ? nothing : candidatesView(run, actions)} ${trajectoryView(run)} ${historyView(state.history, run.runId, actions)}
  `;
}

function emptyView(state: PanelState, actions: ViewActions): TemplateResult {
  return html`<section class="empty" id="empty">
      <span class="codicon codicon-search" aria-hidden="true"></span>
      <h1>No results yet</h1>
      <p>Run <strong>CodeGrep: Locate files for issue</strong> from the Command Palette.</p>
    </section>
    ${historyView(state.history, undefined, actions)}`;
}

function issueView(run: RunView): TemplateResult {
  const body = excerpt(run.issue.body);
  return html`<header class="issue" id="issue">
    <div class="issue-title-row">
      <h1 id="issue-title" title=${run.issue.title}>${run.issue.title || 'Untitled issue'}</h1>
      ${linkTarget(run.issue.url)
        ? html`<a id="issue-link" class="issue-link" href=${linkTarget(run.issue.url)} title=${run.issue.url}
            ><span class="codicon codicon-link-external" aria-hidden="true"></span>Open issue</a
          >`
        : nothing}
    </div>
    ${body ? html`<p id="issue-excerpt" class="excerpt">${body}</p>` : nothing}
    <div id="status" class="status" role="status" aria-live="polite" data-status=${run.status}>
      ${statusIcon(run)}<span id="status-text">${describeStatus(run)}</span>
      ${run.folders.length ? html`<span class="folders" title="Searched folders">${run.folders.join(', ')}</span>` : nothing}
    </div>
    ${run.status === 'running' ? progressView(run) : nothing}
  </header>`;
}

/** One segment per turn (no inline styles: the CSP forbids them). */
function progressView(run: RunView): TemplateResult {
  const segments = Array.from({ length: Math.max(1, run.totalTurns) }, (_, i) => (i + 1 < run.currentTurn ? 'done' : i + 1 === run.currentTurn ? 'active' : ''));
  return html`<div class="progress" role="progressbar" aria-label="Turn progress" aria-valuemin="0" aria-valuemax=${run.totalTurns} aria-valuenow=${run.currentTurn}>
    ${segments.map((state) => html`<span class="segment ${state}"></span>`)}
  </div>`;
}

function statusIcon(run: RunView): TemplateResult {
  const icon = { running: 'loading codicon-modifier-spin', done: 'pass', error: 'error', cancelled: 'circle-slash' }[run.status];
  return html`<span class="codicon codicon-${icon} status-icon" aria-hidden="true"></span>`;
}

function errorView(run: RunView, actions: ViewActions): TemplateResult {
  const error = run.error!;
  const fixes: ErrorAction[] = [...new Set<ErrorAction>([...(error.action ? [error.action] : []), 'open-logs', 'retry'])];
  return html`<section id="error" class="error" role="alert" data-code=${error.code}>
    <span class="codicon codicon-error" aria-hidden="true"></span>
    <div class="error-body">
      <p id="error-message">${error.message}</p>
      <div class="fixes">
        ${fixes.map(
          (action, i) =>
            html`<vscode-button id="fix-${action}" ?secondary=${i > 0} icon=${FIX_LABELS[action].icon} @click=${() => actions.fix(action)}
              >${FIX_LABELS[action].label}</vscode-button
            >`,
        )}
      </div>
    </div>
  </section>`;
}

function toolbarView(run: RunView, local: LocalState, actions: ViewActions): TemplateResult {
  const none = run.selected.length === 0;
  const running = run.status === 'running';
  return html`<div id="actions" class="toolbar" role="toolbar" aria-label="Result actions">
    <vscode-button id="send-to-chat" icon="comment-discussion" ?disabled=${none} title="Attach the selected files to Copilot Chat" @click=${actions.sendToChat}
      >Send to Copilot Chat</vscode-button
    >
    <vscode-button id="copy-context" secondary icon="copy" ?disabled=${none} title="Copy the selected files as a Markdown list and @path mentions" @click=${actions.copyContext}
      >Copy as context</vscode-button
    >
    ${running
      ? html`<vscode-button id="stop" secondary icon="debug-stop" title="Stop this run" @click=${actions.stop}>Stop</vscode-button>`
      : html`<vscode-button id="rerun" secondary icon="refresh" title="Run again with the current settings" @click=${actions.rerun}>Re-run</vscode-button>`}
    <span id="action-status" class="notice" role="status" aria-live="polite">${local.notice}</span>
  </div>`;
}

function candidatesView(run: RunView, actions: ViewActions): TemplateResult {
  const all = run.candidates.length > 0 && run.selected.length === run.candidates.length;
  const selected = new Set(run.selected);
  return html`<section id="candidates" class="candidates" aria-labelledby="candidates-heading" data-count=${run.candidates.length}>
    <div class="section-head">
      <h2 id="candidates-heading">Files <span class="count-badge">${run.candidates.length}</span></h2>
      ${run.candidates.length
        ? html`<vscode-checkbox id="select-all" label="Select all" ?checked=${all} ?indeterminate=${!all && selected.size > 0}
            @change=${(e: Event) => actions.toggleAll((e.target as HTMLInputElement).checked)}></vscode-checkbox>`
        : nothing}
    </div>
    ${run.candidates.length
      ? html`<ol class="candidate-list">
          ${run.candidates.map((c, i) => candidateView(c, i, selected.has(c.path), actions))}
        </ol>`
      : html`<p class="placeholder" id="candidates-empty">${emptyCandidatesText(run)}</p>`}
    ${run.rejected.length
      ? html`<details id="rejected" class="rejected">
          <summary>${run.rejected.length} cited ${run.rejected.length === 1 ? 'path' : 'paths'} not shown</summary>
          <ul>
            ${run.rejected.map((r) => html`<li><code>${r.path}</code> — ${r.reason}</li>`)}
          </ul>
        </details>`
      : nothing}
  </section>`;
}

function emptyCandidatesText(run: RunView): string {
  if (run.status === 'running') return run.currentTurn ? 'Searching the workspace…' : 'Starting…';
  if (run.status === 'done') return 'No files found. Try adding a file name, symbol or error message to the issue text.';
  return 'No files.';
}

function candidateView(c: Candidate, index: number, checked: boolean, actions: ViewActions): TemplateResult {
  const { dir, name } = splitPath(c.path);
  const ranges = c.ranges ?? [];
  return html`<li class="candidate" data-path=${c.path} data-rank=${index + 1} data-testid="candidate">
    <vscode-checkbox class="pick" ?checked=${checked} @change=${(e: Event) => actions.toggle(c.path, (e.target as HTMLInputElement).checked)}
      ><span class="sr-only">Select ${c.path}</span></vscode-checkbox
    >
    <div class="candidate-main">
      <div class="candidate-head">
        <button class="candidate-open" data-testid="open-candidate" title="Open ${c.path}" aria-label="Open ${c.path}${ranges.length ? ` at line ${ranges[0][0]}` : ''}"
          @click=${() => actions.open(c.path, ranges[0])}>
          <span class="rank" aria-hidden="true">${index + 1}</span>
          <span class="codicon codicon-file" aria-hidden="true"></span>
          <span class="path"><span class="path-name">${name}</span>${dir ? html`<span class="path-dir">${dir.slice(0, -1)}</span>` : nothing}</span>
        </button>
        ${c.score !== undefined ? html`<span class="score" title="Score">${formatScore(c.score)}</span>` : nothing}
      </div>
      ${ranges.length
        ? html`<div class="ranges" aria-label="Line ranges">
            ${ranges.map(
              (r) => html`<button class="range" data-range="${r[0]}-${r[1]}" title="Open ${c.path} at lines ${r[0]}–${r[1]}" @click=${() => actions.open(c.path, r)}>${rangeLabel(r)}</button>`,
            )}
          </div>`
        : nothing}
      ${c.reason ? html`<p class="reason">${reasonParts(c.reason).map((p) => (p.code ? html`<code>${p.text}</code>` : p.text))}</p>` : nothing}
    </div>
  </li>`;
}

function trajectoryView(run: RunView): TemplateResult | typeof nothing {
  if (!run.turns.length) return nothing;
  return html`<section id="trajectory" class="trajectory" aria-labelledby="trajectory-heading">
    <div class="section-head"><h2 id="trajectory-heading">How it searched</h2>${run.usage ? html`<span class="meta">${formatMs(run.usage.ms)}</span>` : nothing}</div>
    ${run.turns.map((t, i) => turnView(t, run.status === 'running' && t.turn === run.currentTurn, run.status === 'done' && i === run.turns.length - 1))}
  </section>`;
}

function turnView(turn: TurnView, live: boolean, answered: boolean): TemplateResult {
  return html`<details class="turn" data-turn=${turn.turn} ?open=${live}>
    <summary>${live ? html`<span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true"></span>` : nothing}${describeTurn(turn, answered)}</summary>
    ${turn.thought ? html`<p class="thought">${turn.thought}</p>` : nothing}
    ${turn.calls.length ? html`<ul class="calls">${turn.calls.map(callView)}</ul>` : nothing}
  </details>`;
}

function callView(call: CallView): TemplateResult {
  const outcome = describeOutcome(call);
  return html`<li class="call" data-tool=${call.call.name} data-call-id=${call.id}>
    <span class="codicon codicon-${TOOL_ICONS[call.call.name] ?? 'tools'}" aria-hidden="true"></span>
    <code class="call-text" title=${describeCall(call.call, true)}>${describeCall(call.call)}</code>
    <span class="outcome ${outcome.error ? 'outcome-error' : ''}">${outcome.text}</span>
  </li>`;
}

function historyView(history: HistoryEntry[], currentId: string | undefined, actions: ViewActions): TemplateResult | typeof nothing {
  const others = history.filter((h) => h.runId !== currentId);
  if (!others.length) return nothing;
  return html`<details id="history" class="history">
    <summary>Earlier runs (${others.length})</summary>
    <ul>
      ${others.map(
        (h) => html`<li>
          <button class="history-item" data-run-id=${h.runId} @click=${() => actions.showRun(h.runId)}>
            <span class="history-title">${h.title || 'Untitled issue'}</span>
            <span class="meta">${new Date(h.startedAt).toLocaleString()} · ${h.status === 'done' ? `${h.candidates} files` : h.status}</span>
          </button>
        </li>`,
      )}
    </ul>
  </details>`;
}
