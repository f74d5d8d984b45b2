import { confidenceOf, isAnswerConfidence } from './confidence';
import type { ErrorInfo } from './errors';
import type { LocateEvent } from './events';
import type { Issue } from './issue';
import type { HistoryEntry, RunView, TurnView } from './protocol';
import type { Candidate, LocateResult } from './result';
import { plural, turnLabel } from './wording';

/** A new, empty run as the panel shows it before the first event. */
export function startRunView(runId: string, issue: Issue, folders: { name: string; uri: string }[], now = Date.now()): RunView {
  return {
    runId,
    status: 'running',
    issue,
    brain: '',
    folders: folders.map((f) => f.name),
    folderUris: folders.map((f) => f.uri),
    startedAt: now,
    totalTurns: 0,
    currentTurn: 0,
    maxParallelCalls: 0,
    toolCalls: 0,
    turns: [],
    candidates: [],
    rejected: [],
    selected: [],
  };
}

/** Folds one LocateEvent into the view (pure: returns a new object, the input is unchanged). */
export function applyEvent(view: RunView, event: LocateEvent): RunView {
  if (event.runId !== view.runId) return view;
  switch (event.type) {
    case 'run-started':
      return { ...view, issue: event.issue, brain: event.brain, totalTurns: event.totalTurns, maxParallelCalls: event.maxParallelCalls };
    case 'turn-started':
      return { ...view, currentTurn: event.turn, totalTurns: event.totalTurns, turns: [...view.turns, { turn: event.turn, final: event.final, calls: [] }] };
    case 'thought':
      return updateTurn(view, event.turn, (t) => ({ ...t, thought: event.text }));
    case 'tool-call':
      return { ...updateTurn(view, event.turn, (t) => ({ ...t, calls: [...t.calls, { id: event.call.id, call: event.call }] })), toolCalls: view.toolCalls + 1 };
    case 'tool-result':
      return updateTurn(view, event.turn, (t) => ({ ...t, calls: t.calls.map((c) => (c.id === event.callId ? { ...c, summary: event.summary } : c)) }));
    case 'candidates':
      return withAnswerNotes({ ...view, candidates: event.candidates, rejected: event.rejected, selected: event.candidates.map((c) => c.path) }, event);
    case 'done':
      return finishRunView(view, event.result);
    case 'error':
      return failRunView(view, event.error);
  }
}

/** Marks the run finished with its result (also used to show a result that came from elsewhere, e.g. chat). */
export function finishRunView(view: RunView, result: LocateResult): RunView {
  const selected = view.candidates.length ? view.selected : result.candidates.map((c) => c.path);
  return withAnswerNotes({ ...view, status: 'done', brain: result.brain, issue: result.issue, candidates: result.candidates, rejected: result.rejected, selected, usage: result.usage }, result);
}

/** The view with what the brain said about its answer (runners-up, confidence), or with none of it. */
function withAnswerNotes(view: RunView, { alsoConsidered, confidence }: Pick<RunView, 'alsoConsidered' | 'confidence'>): RunView {
  const { alsoConsidered: _runnersUp, confidence: _confidence, ...rest } = view;
  // A result can come from another extension's command argument: a confidence is read again from its probability, and
  // none is shown beside a rejected citation (the Locator gives none then either).
  const shown = rest.rejected.length === 0 && isAnswerConfidence(confidence) ? confidenceOf(confidence.probability) : undefined;
  return { ...rest, ...(alsoConsidered?.length ? { alsoConsidered } : {}), ...(shown ? { confidence: shown } : {}) };
}

/** Every file the panel lists for a run: the answer, then the runners-up. */
export function listedCandidates(view: Pick<RunView, 'candidates' | 'alsoConsidered'>): Candidate[] {
  return [...view.candidates, ...(view.alsoConsidered ?? [])];
}

/** Marks the run failed (or cancelled) with an error the panel shows in place. */
export function failRunView(view: RunView, error: ErrorInfo): RunView {
  if (view.status !== 'running') return view;
  return { ...view, status: error.code === 'cancelled' ? 'cancelled' : 'error', error };
}

/** A finished run rebuilt from a LocateResult alone (no live events), trajectory included. */
export function runViewFromResult(runId: string, result: LocateResult, folders: { name: string; uri: string }[], now = Date.now()): RunView {
  const turns: TurnView[] = result.trajectory.map((t) => ({
    turn: t.turn,
    final: t.turn === result.usage.turns && t.calls.length === 0,
    thought: t.thought,
    calls: t.calls.map((c) => ({ id: c.call.id, call: c.call, summary: { count: c.count, truncated: c.truncated, error: c.error, bytes: c.bytes, ms: c.ms } })),
  }));
  const base = startRunView(runId, result.issue, folders, now);
  const toolCalls = turns.reduce((n, t) => n + t.calls.length, 0);
  return finishRunView({ ...base, turns, toolCalls, currentTurn: result.usage.turns, totalTurns: result.usage.turns }, result);
}

/** Keeps only selections that are files the run lists (answer or runners-up), in the order they are listed. */
export function withSelection(view: RunView, paths: readonly string[]): RunView {
  const wanted = new Set(paths);
  return { ...view, selected: listedCandidates(view).map((c) => c.path).filter((p) => wanted.has(p)) };
}

/** The history row for a run. */
export function historyEntry(view: RunView): HistoryEntry {
  return { runId: view.runId, title: view.issue.title, startedAt: view.startedAt, status: view.status, candidates: view.candidates.length };
}

/** "turn 2 of 3 · 8 calls" (exploration turns, as codegrep.maxTurns counts them; "answering" after), the notification's progress line. */
export function progressLabel(view: Pick<RunView, 'currentTurn' | 'totalTurns' | 'toolCalls'>): string {
  const turn = view.totalTurns ? turnLabel(view.currentTurn, view.totalTurns) : 'starting';
  return `${turn} · ${plural(view.toolCalls, 'call')}`;
}

function updateTurn(view: RunView, turn: number, update: (t: TurnView) => TurnView): RunView {
  return { ...view, turns: view.turns.map((t) => (t.turn === turn ? update(t) : t)) };
}
