import { isAnswerConfidence } from './confidence';
import type { HistoryEntry, RunView } from './protocol';
import { isRecord } from './protocol';
import { historyEntry } from './runView';

/** The part of a VS Code Memento (workspaceState) that history needs; tests pass an in-memory one. */
export interface KeyValueStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** Most runs kept per workspace. */
export const HISTORY_LIMIT = 10;
const STORE_KEY = 'codegrep.history.v1';
/** Issue bodies are cut to this many characters in storage; the panel shows an excerpt anyway. */
const STORED_BODY_CHARS = 4000;

/** The last runs of this workspace, newest first, persisted so the panel can show them after a reload. */
export class RunHistory {
  private runs: RunView[];

  constructor(
    private readonly store: KeyValueStore,
    private readonly limit = HISTORY_LIMIT,
  ) {
    this.runs = loadRuns(store.get(STORE_KEY)).slice(0, limit);
  }

  /** Runs, newest first. */
  list(): readonly RunView[] {
    return this.runs;
  }

  /** One run by id. */
  get(runId: string): RunView | undefined {
    return this.runs.find((r) => r.runId === runId);
  }

  /** History rows for the panel. */
  entries(): HistoryEntry[] {
    return this.runs.map(historyEntry);
  }

  /** Adds or replaces a run (moving it to the front) and saves, dropping the oldest beyond the limit. */
  async put(view: RunView): Promise<void> {
    const stored: RunView = { ...view, issue: { ...view.issue, body: view.issue.body.slice(0, STORED_BODY_CHARS), comments: undefined } };
    this.runs = [stored, ...this.runs.filter((r) => r.runId !== view.runId)].slice(0, this.limit);
    await this.store.update(STORE_KEY, this.runs);
  }
}

/**
 * Reads stored runs defensively (the store may hold an older shape or be edited by hand). A run
 * that was still going when the window closed is shown as interrupted, not as running forever.
 */
function loadRuns(raw: unknown): RunView[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isStoredRun).map((run) =>
    run.status === 'running' ? { ...run, status: 'cancelled', error: { code: 'cancelled', message: 'Interrupted: the window was reloaded or closed during the run.' } } : run,
  );
}

function isStoredRun(value: unknown): value is RunView {
  return (
    isRecord(value) &&
    typeof value.runId === 'string' &&
    typeof value.status === 'string' &&
    isRecord(value.issue) &&
    typeof value.issue.title === 'string' &&
    typeof value.issue.body === 'string' &&
    Array.isArray(value.candidates) &&
    (value.alsoConsidered === undefined || Array.isArray(value.alsoConsidered)) &&
    (value.confidence === undefined || isAnswerConfidence(value.confidence)) &&
    Array.isArray(value.turns) &&
    Array.isArray(value.selected) &&
    Array.isArray(value.folders) &&
    Array.isArray(value.folderUris)
  );
}
