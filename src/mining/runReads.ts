import type { AgentEvent, AgentRun } from './agentRun';
import { resolvePath, shellEffects, type ShellRead } from './shellReads';

/** One file-read event of an agent run, with the reasoning the agent wrote before it. */
export interface FileRead {
  /** Repository-relative path. */
  path: string;
  via: 'view' | ShellRead['via'];
  /** Index of the action in the run's events. */
  event: number;
  range?: [number, number];
  /** Assistant text and `think` thoughts since the previous turn's actions. */
  reasoning: string;
  reasoningWords: number;
}

/** A read that is not of the repository's code, and why it was left out. */
export interface DroppedRead {
  path: string;
  via: FileRead['via'];
  event: number;
  why: string;
}

/** Every read of a run, and the facts the heuristic judge needs. */
export interface RunReads {
  reads: FileRead[];
  dropped: DroppedRead[];
  /** Repository-relative files the run changed (editor edits, `sed -i`, the final patch). */
  edited: Set<string>;
  /** All reasoning after each event, for "was it cited later". */
  textAfter(event: number): string;
}

/**
 * Finds every file the agent read (`view` of a file, `cat`/`head`/`tail`/`sed -n`, grep/rg hits)
 * and keeps those of the repository's own code: files outside the repository folder, under /tmp,
 * or that the agent wrote itself (reproduce scripts, scratch tests) are dropped, as are directory
 * listings and reads that failed.
 */
export function runReads(run: AgentRun): RunReads {
  const root = run.root;
  const actions = run.events.filter((e): e is Extract<AgentEvent, { kind: 'action' }> => e.kind === 'action');
  const created = new Set<string>();
  const edited = new Set<string>(patchFiles(run.patch).changed);
  for (const path of patchFiles(run.patch).added) created.add(root ? `${root}/${path}` : path);
  let cwd = root ?? '/';
  const raw: { path: string; via: FileRead['via']; event: number; range?: [number, number]; failed?: string }[] = [];
  for (const action of actions) {
    if (action.tool === 'bash' && action.command) {
      const effects = shellEffects(action.command, cwd, action.observation);
      cwd = effects.cwd;
      for (const path of effects.written) created.add(path);
      for (const path of effects.edited) edited.add(relative(path, root) ?? path);
      for (const read of effects.reads) raw.push({ path: read.path, via: read.via, event: action.index, range: read.range });
    } else if (action.path) {
      const path = resolvePath(action.path, cwd);
      if (action.tool === 'create') created.add(path);
      else if (['str_replace', 'insert', 'edit', 'undo_edit'].includes(action.tool)) edited.add(relative(path, root) ?? path);
      else if (action.tool === 'view') raw.push({ path, via: 'view', event: action.index, range: action.viewRange, failed: viewFailure(action.observation) });
    }
  }
  const reasoning = reasoningBefore(run.events);
  const reads: FileRead[] = [];
  const dropped: DroppedRead[] = [];
  for (const read of raw) {
    const rel = relative(read.path, root);
    const why = read.failed ?? (/[*?[\]]/.test(read.path) ? 'a glob, not a file' : read.path.startsWith('/tmp/') ? 'under /tmp' : created.has(read.path) ? 'a file the agent wrote itself' : rel === undefined ? 'outside the repository' : undefined);
    if (why) {
      dropped.push({ path: rel ?? read.path, via: read.via, event: read.event, why });
      continue;
    }
    const text = reasoning.get(read.event) ?? '';
    const file: FileRead = { path: rel!, via: read.via, event: read.event, reasoning: text, reasoningWords: words(text) };
    if (read.range) file.range = read.range;
    reads.push(file);
  }
  const after = run.events.map((event) => (event.kind === 'reasoning' ? event.text : event.tool === 'finish' ? (event.command ?? '') : ''));
  return { reads, dropped, edited, textAfter: (event) => after.slice(event + 1).join('\n') };
}

/** Reasoning written since the previous turn's actions, for each action. */
function reasoningBefore(events: AgentEvent[]): Map<number, string> {
  const out = new Map<number, string>();
  let pending: string[] = [];
  let turn: number | undefined;
  let current = '';
  for (const event of events) {
    if (event.kind === 'reasoning') {
      pending.push(event.text);
      continue;
    }
    if (event.turn !== turn) {
      current = pending.join('\n');
      pending = [];
      turn = event.turn;
    }
    out.set(event.index, current);
  }
  return out;
}

/** Why a `view` read nothing: a directory listing, or an error. */
function viewFailure(observation: string | undefined): string | undefined {
  if (!observation) return undefined;
  const head = observation.replace(/^OBSERVATION:\s*/, '').slice(0, 300);
  if (/files and directories up to \d+ levels? deep/i.test(head)) return 'a directory listing';
  if (/^ERROR:|does not exist|Invalid `path` parameter|is not allowed when `path` points to a directory/i.test(head)) return 'the read failed';
  return undefined;
}

/** Files a unified diff changes, and those it adds (new files: not code the agent could read at base). */
function patchFiles(patch: string | undefined): { changed: string[]; added: string[] } {
  const changed: string[] = [];
  const added: string[] = [];
  if (!patch) return { changed, added };
  const blocks = patch.split(/^diff --git /m).slice(1);
  for (const block of blocks) {
    const match = /^a\/(\S+) b\/(\S+)/.exec(block);
    if (!match) continue;
    if (/^new file mode/m.test(block.split('\n@@')[0])) added.push(match[2]);
    else changed.push(match[2]);
  }
  return { changed, added };
}

/** `path` relative to the repository folder, or undefined when outside it. */
function relative(path: string, root: string | undefined): string | undefined {
  if (!root) return path.startsWith('/') ? undefined : path;
  if (path === root) return undefined;
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
