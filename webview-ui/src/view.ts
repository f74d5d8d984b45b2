import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { confidenceSentence, formatProbability, type AnswerConfidence } from '../../src/common/confidence';
import type { ErrorAction } from '../../src/common/errors';
import type { CallView, HistoryEntry, PanelState, RunView, TurnView } from '../../src/common/protocol';
import type { Candidate, LineRange } from '../../src/common/result';
import { terminalSafe } from '../../src/common/terminalText';
import { describeCall, describeOutcome, describeStatus, describeTurn, excerpt, formatMs, linkTarget, plural, rangeLabel, reasonParts, splitPath } from './format';

/**
 * Text from an issue, a model or a file name as the panel shows it: Lit escapes its HTML, and this shows control and
 * bidi override characters as U+FFFD (a name with U+202E would show reordered: `x\u202Etxt.exe` as `xexe.txt`).
 * Only what is shown: the exact path still goes back to the host when a file is opened.
 */
function shown(text: string): string {
  return terminalSafe(text, true);
}

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
  /** The empty panel's button: starts "Locate files for issue". */
  locate(): void;
  /** A grep call's hits in VS Code's Search view. */
  showHits(callId: string): void;
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
  'use-embedded': { label: 'Use embedded brain', icon: 'zap' },
  'choose-brain': { label: 'Choose brain…', icon: 'hubot' },
  'use-text': { label: 'Use the text as the issue', icon: 'note' },
};

/** The buttons an error offers, its own fix first; "Retry" is the error's re-run (the toolbar's Re-run is hidden then). */
const FIXES_FOR: Partial<Record<ErrorAction, ErrorAction[]>> = {
  'choose-brain': ['use-embedded', 'choose-brain'],
  'use-text': ['retry', 'use-text'],
};

const TOOL_ICONS: Record<string, string> = { grep: 'search', glob: 'files', read: 'book' };

// Every model-provided string (issue text, reasons, paths, patterns, errors) goes through Lit text
// bindings, which set textContent: never unsafeHTML, never innerHTML.

/** The whole page. */
export function appView(state: PanelState, local: LocalState, actions: ViewActions): TemplateResult {
  const run = state.current;
  if (!run) return emptyView(state, actions);
  const failed = !!run.error && run.status === 'error';
  return html`
    ${issueView(run)} ${failed ? errorView(run, actions) : nothing} ${failed && !run.candidates.length ? nothing : toolbarView(run, local, actions)}
    ${run.status === 'error' && !run.candidates.length ? nothing : candidatesView(run, actions)} ${trajectoryView(run, actions)} ${historyView(state.history, run.runId, actions)}
  `;
}

function emptyView(state: PanelState, actions: ViewActions): TemplateResult {
  return html`<section class="empty" id="empty">
      <span class="codicon codicon-search" aria-hidden="true"></span>
      <h1>Which files is your issue about?</h1>
      <p>Paste an issue (title and body, a GitHub URL or #123) and CodeGrep lists the files to change, with line ranges and reasons.</p>
      <vscode-button id="empty-locate" icon="search" @click=${actions.locate}>Locate files for an issue</vscode-button>
      <p class="hint">
        A multi-line issue keeps its title and body: copy it and pick <strong>Paste from clipboard</strong>, or select its text in an editor and
        right-click <strong>Locate files for this issue</strong>.
      </p>
    </section>
    ${historyView(state.history, undefined, actions)}`;
}

function issueView(run: RunView): TemplateResult {
  const body = excerpt(run.issue.body);
  return html`<header class="issue" id="issue">
    <div class="issue-title-row">
      <h1 id="issue-title" title=${shown(run.issue.title)}>${shown(run.issue.title) || 'Untitled issue'}</h1>
      ${linkTarget(run.issue.url)
        ? html`<a id="issue-link" class="issue-link" href=${linkTarget(run.issue.url)} title=${run.issue.url}
            ><span class="codicon codicon-link-external" aria-hidden="true"></span>Open issue</a
          >`
        : nothing}
    </div>
    ${body ? html`<p id="issue-excerpt" class="excerpt">${body}</p>` : nothing}
    <div id="status" class="status" role="status" aria-live="polite" data-status=${run.status} data-run-id=${run.runId}>
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
  const own = error.action ? (FIXES_FOR[error.action] ?? [error.action]) : [];
  const fixes: ErrorAction[] = [...new Set<ErrorAction>([...own, 'retry', 'open-logs'])];
  return html`<section id="error" class="error" role="alert" data-code=${error.code}>
    <span class="codicon codicon-error" aria-hidden="true"></span>
    <div class="error-body">
      <p id="error-message">${shown(error.message)}</p>
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
  const selected = new Set(run.selected);
  // "Select all" is about the answer; runners-up keep their own ticks.
  const all = run.candidates.length > 0 && run.candidates.every((c) => selected.has(c.path));
  const some = run.candidates.some((c) => selected.has(c.path));
  return html`<section id="candidates" class="candidates" aria-labelledby="candidates-heading" data-count=${run.candidates.length}>
    <div class="section-head">
      <h2 id="candidates-heading">Files <span class="count-badge">${run.candidates.length}</span></h2>
      ${run.candidates.length
        ? html`<vscode-checkbox id="select-all" label="Select all" ?checked=${all} ?indeterminate=${!all && some}
            @change=${(e: Event) => actions.toggleAll((e.target as HTMLInputElement).checked)}></vscode-checkbox>`
        : nothing}
    </div>
    ${run.candidates.length
      ? html`<ol class="candidate-list">
          ${run.candidates.map((c, i) => candidateView(c, i, selected.has(c.path), actions))}
        </ol>`
      : html`<p class="placeholder" id="candidates-empty">${emptyCandidatesText(run)}</p>`}
    ${run.candidates.length && run.confidence ? confidenceView(run.confidence) : nothing}
    ${run.candidates.length && run.alsoConsidered?.length
      ? // Keyed by run: each run's section starts folded or open by its own confidence, whatever the user did to the last.
        keyed(run.runId, runnersUpView(run.alsoConsidered, selected, actions, run.confidence?.level === 'low'))
      : nothing}
    ${run.rejected.length
      ? html`<details id="rejected" class="rejected">
          <summary>${run.rejected.length} cited ${run.rejected.length === 1 ? 'path' : 'paths'} not shown</summary>
          <ul>
            ${run.rejected.map((r) => html`<li><code>${shown(r.path)}</code> — ${shown(r.reason)}</li>`)}
          </ul>
        </details>`
      : nothing}
  </section>`;
}

/** How sure the brain is of its answer, under it; a low level says to check the files before handing them off. */
function confidenceView(confidence: AnswerConfidence): TemplateResult {
  const icon = { high: 'pass', medium: 'info', low: 'warning' }[confidence.level];
  const title = `The built-in model gives the best of these files a probability of ${formatProbability(confidence.probability)} of being one the fix changes.`;
  return html`<p id="confidence" class="confidence" data-level=${confidence.level} title=${title}>
    <span class="codicon codicon-${icon}" aria-hidden="true"></span><span>${confidenceSentence(confidence)}</span>
  </p>`;
}

/**
 * The brain's runners-up, folded away below the answer: less likely files, to look at when the answer is not it.
 * Unfolded when the brain is unsure of its answer (`open`), since the fix is then as likely among them.
 */
function runnersUpView(runnersUp: Candidate[], selected: Set<string>, actions: ViewActions, open: boolean): TemplateResult {
  return html`<details id="also-considered" class="also-considered" data-count=${runnersUp.length} ?open=${open}>
    <summary>Also considered, less likely (${runnersUp.length})</summary>
    <ul class="candidate-list">
      ${runnersUp.map((c, i) => candidateView(c, i, selected.has(c.path), actions, true))}
    </ul>
  </details>`;
}

function emptyCandidatesText(run: RunView): string {
  if (run.status === 'running') return run.currentTurn ? 'Searching the workspace…' : 'Starting…';
  if (run.status === 'done') return 'No files found. Try adding a file name, symbol or error message to the issue text.';
  return 'No files.';
}

/** One listed file: of the answer (ranked), or a runner-up (unranked, `runnerUp`). */
function candidateView(c: Candidate, index: number, checked: boolean, actions: ViewActions, runnerUp = false): TemplateResult {
  const { dir, name } = splitPath(c.path);
  const ranges = c.ranges ?? [];
  return html`<li class="candidate" data-path=${c.path} data-rank=${runnerUp ? nothing : index + 1} data-testid=${runnerUp ? 'runner-up' : 'candidate'}>
    <vscode-checkbox class="pick" ?checked=${checked} @change=${(e: Event) => actions.toggle(c.path, (e.target as HTMLInputElement).checked)}
      ><span class="sr-only">Select ${shown(c.path)}</span></vscode-checkbox
    >
    <div class="candidate-main">
      <div class="candidate-head">
        <button class="candidate-open" data-testid="open-candidate" title="Open ${shown(c.path)}${ranges.length ? ` at its strongest evidence (line ${ranges[0][0]})` : ''}"
          aria-label="Open ${shown(c.path)}${ranges.length ? ` at line ${ranges[0][0]}` : ''}" @click=${() => actions.open(c.path, ranges[0])}>
          ${runnerUp ? nothing : html`<span class="rank" aria-hidden="true">${index + 1}</span>`}
          <span class="codicon codicon-file" aria-hidden="true"></span>
          <span class="path"><span class="path-name">${shown(name)}</span>${dir ? html`<span class="path-dir">${shown(dir.slice(0, -1))}</span>` : nothing}</span>
        </button>
      </div>
      ${ranges.length
        ? html`<div class="ranges" aria-label="Line ranges">
            ${ranges.map(
              // Listed as the brain ranked them, strongest evidence first (never re-sorted by line); the first is what "open" goes to.
              (r, i) =>
                html`<button class="range ${i === 0 ? 'best' : ''}" data-range="${r[0]}-${r[1]}" title="${i === 0 ? 'Strongest evidence: ' : ''}Open ${shown(c.path)} at lines ${r[0]}–${r[1]}"
                  @click=${() => actions.open(c.path, r)}>${i === 0 && ranges.length > 1 ? html`<span class="codicon codicon-star-full" aria-hidden="true"></span>` : nothing}${rangeLabel(r)}</button>`,
            )}
          </div>`
        : nothing}
      ${c.reason ? html`<p class="reason">${reasonParts(c.reason).map((p) => (p.code ? html`<code>${shown(p.text)}</code>` : shown(p.text)))}</p>` : nothing}
    </div>
  </li>`;
}

function trajectoryView(run: RunView, actions: ViewActions): TemplateResult | typeof nothing {
  if (!run.turns.length) return nothing;
  return html`<section id="trajectory" class="trajectory" aria-labelledby="trajectory-heading">
    <div class="section-head"><h2 id="trajectory-heading">How it searched</h2>${run.usage ? html`<span class="meta">${formatMs(run.usage.ms)}</span>` : nothing}</div>
    ${run.turns.map((t, i) => turnView(t, run.status === 'running' && t.turn === run.currentTurn, run.status === 'done' && i === run.turns.length - 1, actions))}
  </section>`;
}

function turnView(turn: TurnView, live: boolean, answered: boolean, actions: ViewActions): TemplateResult {
  return html`<details class="turn" data-turn=${turn.turn} ?open=${live}>
    <summary>${live ? html`<span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true"></span>` : nothing}${describeTurn(turn, answered)}</summary>
    ${turn.thought ? html`<p class="thought">${shown(turn.thought)}</p>` : nothing}
    ${turn.calls.length ? html`<ul class="calls">${turn.calls.map((c) => callView(c, actions))}</ul>` : nothing}
  </details>`;
}

function callView(call: CallView, actions: ViewActions): TemplateResult {
  const outcome = describeOutcome(call);
  const c = call.call;
  // A read names a file and lines: it opens there (the host opens only files of the searched folders).
  const text =
    c.name === 'read' && !call.summary?.error
      ? html`<button class="call-text call-open" title="Open ${shown(c.args.path)}" @click=${() => actions.open(c.args.path, readRange(c.args.start_line, c.args.end_line))}>${shown(describeCall(c))}</button>`
      : c.name === 'grep' && !call.summary?.error && call.summary?.count
        ? html`<button class="call-text call-open" title="Show the hits in the Search view: ${shown(describeCall(c, true))}" @click=${() => actions.showHits(call.id)}>${shown(describeCall(c))}</button>`
        : html`<code class="call-text" title=${shown(describeCall(c, true))}>${shown(describeCall(c))}</code>`;
  return html`<li class="call" data-tool=${c.name} data-call-id=${call.id}>
    <span class="codicon codicon-${TOOL_ICONS[c.name] ?? 'tools'}" aria-hidden="true"></span>
    ${text}
    <span class="outcome ${outcome.error ? 'outcome-error' : ''}">${shown(outcome.text)}</span>
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
            <span class="history-title" title=${shown(h.title)}>${shown(h.title) || 'Untitled issue'}</span>
            <span class="meta">${new Date(h.startedAt).toLocaleString()} · ${h.status === 'done' ? plural(h.candidates, 'file') : h.status}</span>
          </button>
        </li>`,
      )}
    </ul>
  </details>`;
}

/** The lines a read call asked for, as a range to open (undefined: the file's top). */
function readRange(start: number | undefined, end: number | undefined): LineRange | undefined {
  if (!start || start < 1) return undefined;
  return [start, end && end >= start ? end : start];
}
