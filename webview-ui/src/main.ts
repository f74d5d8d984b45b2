import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import { render } from 'lit';
import type { ErrorAction } from '../../src/common/errors';
import type { HandoffOutcome, PanelState, RenderedSnapshot, RunView } from '../../src/common/protocol';
import type { LineRange } from '../../src/common/result';
import { withSelection } from '../../src/common/runView';
import { HostConnection } from './hostConnection';
import { plural } from './format';
import { PAGE_CSS } from './styles';
import { appView, type LocalState, type ViewActions } from './view';
import { vscodeApi } from './vscodeApi';

/** What the page persists through webview state (restored before the host answers "ready"). */
interface SavedState {
  panel: PanelState;
}

const api = vscodeApi<SavedState>();
const root = document.getElementById('app')!;
let panel: PanelState = api.getState()?.panel ?? { history: [] };
const local: LocalState = { notice: '' };
let noticeTimer: number | undefined;

const sheet = new CSSStyleSheet();
sheet.replaceSync(PAGE_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const host = new HostConnection(
  api,
  {
    state: ({ state }) => {
      panel = state;
      api.setState({ panel });
      draw();
    },
  },
  { snapshot: () => snapshot() },
);

const actions: ViewActions = {
  open: (path: string, range?: LineRange) => void host.request('open', { path, range }).catch(showError),
  toggle: (path, checked) => select(checked ? [...current()!.selected, path] : current()!.selected.filter((p) => p !== path)),
  toggleAll: (checked) => {
    // The answer's files; ticked runners-up stay ticked.
    const run = current()!;
    const answer = run.candidates.map((c) => c.path);
    const others = run.selected.filter((p) => !answer.includes(p));
    select(checked ? [...answer, ...others] : others);
  },
  sendToChat: () => {
    const run = current()!;
    host.request('sendToChat', { runId: run.runId, paths: run.selected }).then((outcome) => notify(handoffNotice(outcome)), showError);
  },
  copyContext: () => {
    const run = current()!;
    host.request('copyContext', { runId: run.runId, paths: run.selected }).then(({ copied }) => notify(`Copied ${copied} ${copied === 1 ? 'file' : 'files'} as context`), showError);
  },
  rerun: () => void host.request('rerun', { runId: current()!.runId }).catch(showError),
  stop: () => void host.request('stop', { runId: current()!.runId }).catch(showError),
  fix: (action: ErrorAction) => void host.request('fixError', { action }).catch(showError),
  showRun: (runId: string) => void host.request('showRun', { runId }).catch(showError),
  locate: () => void host.request('locate', {}).catch(showError),
  showHits: (callId: string) => void host.request('showHits', { runId: current()!.runId, callId }).catch(showError),
};

/** Says what the hand-off really did: chat, or (no chat in this window) the clipboard. */
function handoffNotice(outcome: HandoffOutcome): string {
  const files = plural(outcome.files, 'file');
  if (outcome.method === 'clipboard') return `No chat in this window: copied the prompt and ${files} to the clipboard`;
  if (outcome.method === 'open-only') return `Opened chat with a prompt naming ${files}`;
  return `Sent ${files} to chat`;
}

function current(): RunView | undefined {
  return panel.current;
}

/** Updates the ticks at once (optimistic), and tells the host, which owns the state. */
function select(paths: string[]): void {
  const run = current();
  if (!run) return;
  // The host keeps the same rule (withSelection): only files the run lists, answer first, then runners-up.
  panel = { ...panel, current: withSelection(run, paths) };
  host.notify('selection', { runId: run.runId, paths: panel.current!.selected });
  draw();
}

function notify(text: string): void {
  local.notice = text;
  draw();
  clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(() => {
    local.notice = '';
    draw();
  }, 4000);
}

function showError(error: unknown): void {
  notify(error instanceof Error ? error.message : String(error));
}

function draw(): void {
  render(appView(panel, local, actions), root);
  root.setAttribute('aria-busy', String(panel.current?.status === 'running'));
}

/** What is on screen, read back from the DOM (not from our state), for in-host tests. */
function snapshot(): RenderedSnapshot {
  const items = [...root.querySelectorAll<HTMLElement>('#candidates li.candidate')];
  const confidence = root.querySelector<HTMLElement>('#confidence');
  const runnersUp = root.querySelector<HTMLDetailsElement>('#also-considered');
  return {
    ...(confidence ? { confidence: { level: confidence.dataset.level ?? '', text: confidence.textContent?.trim() ?? '' } } : {}),
    ...(runnersUp ? { runnersUpOpen: runnersUp.open } : {}),
    runId: panel.current?.runId,
    status: root.querySelector<HTMLElement>('#status')?.dataset.status ?? 'empty',
    candidatePaths: items.map((li) => li.dataset.path ?? ''),
    reasons: items.map((li) => li.querySelector('.reason')?.textContent ?? ''),
    injectedElements: root.querySelectorAll('img, script, iframe, object, embed, svg, style, link').length,
  };
}

draw();
host.ready();
