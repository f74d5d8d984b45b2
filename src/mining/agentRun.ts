/**
 * Public OpenHands trajectories, read into one neutral shape. Two layouts exist:
 * - `nebius`: rows with OpenAI-style messages (`trajectory` in nebius/SWE-rebench-openhands-
 *   trajectories, `messages` in SWE-Gym/OpenHands-Sampled-Trajectories): assistant `tool_calls`
 *   of `str_replace_editor`, `execute_bash`, `think`, `finish`, answered by `tool` messages;
 * - `openhands-v0`: an evaluation `output.jsonl` whose `history` is a flat event list of actions
 *   (`read`, `run`, `edit`, `think`, `message`, `finish`) and observations tied by `cause`.
 */

/** The trajectory layouts `codegrep mine --format` accepts. */
export type TrajectoryFormat = 'nebius' | 'openhands-v0';

/** One thing the agent did, in order. */
export type AgentEvent =
  | { kind: 'reasoning'; index: number; text: string }
  | {
      kind: 'action';
      index: number;
      /** Actions of one assistant message share a turn (they were issued together). */
      turn: number;
      /** `view`/`create`/`str_replace`/`insert`/`undo_edit` of the editor, `bash`, `finish`, or the raw tool name. */
      tool: string;
      path?: string;
      viewRange?: [number, number];
      command?: string;
      /** The text of the observation that answered it (tool message / V0 observation). */
      observation?: string;
    };

/** One agent run on one issue. */
export interface AgentRun {
  instance_id: string;
  format: TrajectoryFormat;
  /** The first user message (the issue, wrapped in OpenHands' task text). */
  task: string;
  /** The repository's folder in the agent's sandbox (`/workspace/<name>`, `/testbed`...), when found. */
  root?: string;
  events: AgentEvent[];
  /** The run's final diff (model_patch / test_result.git_patch). */
  patch?: string;
  /** Whether the run's patch resolved the issue, when the source says. */
  resolved?: boolean;
  /** Why a row could not be read (the row is kept, with no events). */
  error?: string;
}

/** Reads a trajectory file (a JSON array, or JSONL); the format is detected when not given. */
export function parseTrajectoryFile(text: string, format?: TrajectoryFormat): AgentRun[] {
  const rows = readRows(text);
  return rows.map((row, index) => {
    const detected = format ?? (Array.isArray(row.history) ? 'openhands-v0' : 'nebius');
    const id = typeof row.instance_id === 'string' ? row.instance_id : `row ${index + 1}`;
    try {
      return detected === 'openhands-v0' ? fromV0(id, row) : fromMessages(id, row);
    } catch (error) {
      return { instance_id: id, format: detected, task: '', events: [], error: (error as Error).message };
    }
  });
}

function readRows(text: string): Record<string, unknown>[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const value: unknown = JSON.parse(trimmed);
    if (!Array.isArray(value)) throw new Error('expected a JSON array of trajectories');
    return value.filter(isObject);
  }
  return trimmed
    .split('\n')
    .filter((line) => line.trim())
    .map((line, index) => {
      try {
        const value: unknown = JSON.parse(line);
        return isObject(value) ? value : { error_line: index + 1 };
      } catch {
        return { instance_id: `line ${index + 1}`, unreadable: true };
      }
    });
}

function fromMessages(id: string, row: Record<string, unknown>): AgentRun {
  const messages = (Array.isArray(row.trajectory) ? row.trajectory : Array.isArray(row.messages) ? row.messages : undefined)?.filter(isObject);
  if (!messages) throw new Error('no `trajectory` or `messages` list');
  const events: AgentEvent[] = [];
  const byCall = new Map<string, Extract<AgentEvent, { kind: 'action' }>>();
  const task = text(messages.find((m) => m.role === 'user')?.content);
  for (const [turn, message] of messages.entries()) {
    if (message.role === 'assistant') {
      const content = text(message.content);
      if (content.trim()) events.push({ kind: 'reasoning', index: events.length, text: content });
      for (const call of Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject) : []) {
        const fn = isObject(call.function) ? call.function : {};
        const args = parseArgs(fn.arguments);
        const event = editorOrBash(String(fn.name ?? ''), args, events.length, turn);
        events.push(event);
        if (event.kind === 'action' && typeof call.id === 'string') byCall.set(call.id, event);
      }
    } else if (message.role === 'tool' && typeof message.tool_call_id === 'string') {
      const action = byCall.get(message.tool_call_id);
      if (action) action.observation = text(message.content);
    }
  }
  const testResult = isObject(row.test_result) ? row.test_result : {};
  const patch = typeof row.model_patch === 'string' ? row.model_patch : typeof testResult.git_patch === 'string' ? testResult.git_patch : undefined;
  return { instance_id: id, format: 'nebius', task, root: sandboxRoot(task), events, patch, resolved: toBool(row.resolved) };
}

/** An OpenAI-style call of OpenHands' CodeAct tools as an event. */
function editorOrBash(name: string, args: Record<string, unknown>, index: number, turn: number): AgentEvent {
  if (name === 'think') return { kind: 'reasoning', index, text: String(args.thought ?? '') };
  if (name === 'execute_bash') return { kind: 'action', index, turn, tool: 'bash', command: String(args.command ?? '') };
  if (name === 'str_replace_editor') {
    const event: AgentEvent = { kind: 'action', index, turn, tool: String(args.command ?? 'view'), path: typeof args.path === 'string' ? args.path : undefined };
    const range = viewRange(args.view_range);
    if (range) event.viewRange = range;
    return event;
  }
  if (name === 'finish') return { kind: 'action', index, turn, tool: 'finish', command: String(args.message ?? args.thought ?? '') };
  return { kind: 'action', index, turn, tool: name };
}

function fromV0(id: string, row: Record<string, unknown>): AgentRun {
  const history = Array.isArray(row.history) ? row.history.filter(isObject) : [];
  const events: AgentEvent[] = [];
  const byId = new Map<unknown, Extract<AgentEvent, { kind: 'action' }>>();
  let task = typeof row.instruction === 'string' ? row.instruction : '';
  for (const [turn, item] of history.entries()) {
    const args = isObject(item.args) ? item.args : {};
    if (typeof item.action === 'string') {
      const thought = typeof args.thought === 'string' ? args.thought : '';
      if (item.action === 'message') {
        const content = typeof args.content === 'string' ? args.content : typeof item.message === 'string' ? item.message : '';
        if (item.source === 'user') task ||= content;
        else if (content.trim()) events.push({ kind: 'reasoning', index: events.length, text: content });
        continue;
      }
      if (item.action === 'think') {
        if (thought.trim()) events.push({ kind: 'reasoning', index: events.length, text: thought });
        continue;
      }
      if (thought.trim() && item.action !== 'system' && item.action !== 'recall') events.push({ kind: 'reasoning', index: events.length, text: thought });
      const event = v0Action(String(item.action), args, events.length, turn);
      if (!event) continue;
      events.push(event);
      byId.set(item.id, event);
    } else if (typeof item.observation === 'string') {
      const action = byId.get(item.cause);
      if (action && typeof item.content === 'string') action.observation = item.content;
    }
  }
  const testResult = isObject(row.test_result) ? row.test_result : {};
  const patch = typeof testResult.git_patch === 'string' ? testResult.git_patch : undefined;
  return { instance_id: id, format: 'openhands-v0', task, root: sandboxRoot(task), events, patch, resolved: toBool(row.resolved) };
}

function v0Action(action: string, args: Record<string, unknown>, index: number, turn: number): Extract<AgentEvent, { kind: 'action' }> | undefined {
  const path = typeof args.path === 'string' ? args.path : undefined;
  switch (action) {
    case 'read': {
      const event: Extract<AgentEvent, { kind: 'action' }> = { kind: 'action', index, turn, tool: 'view', path };
      const range = viewRange(args.view_range);
      if (range) event.viewRange = range;
      return event;
    }
    case 'run':
      return { kind: 'action', index, turn, tool: 'bash', command: String(args.command ?? '') };
    case 'edit':
      return { kind: 'action', index, turn, tool: typeof args.command === 'string' ? args.command : 'edit', path };
    case 'finish':
      return { kind: 'action', index, turn, tool: 'finish', command: String(args.final_thought ?? args.thought ?? '') };
    case 'system':
    case 'recall':
      return undefined;
    default:
      return { kind: 'action', index, turn, tool: action };
  }
}

/** OpenHands names the repo folder in `<uploaded_files>\n/workspace/x\n</uploaded_files>`. */
function sandboxRoot(task: string): string | undefined {
  const match = /<uploaded_files>\s*(\/[^\s<]+)\s*<\/uploaded_files>/.exec(task);
  return match ? match[1].replace(/\/+$/, '') : undefined;
}

function viewRange(value: unknown): [number, number] | undefined {
  if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === 'number')) return undefined;
  return [value[0] as number, value[1] as number];
}

function parseArgs(raw: unknown): Record<string, unknown> {
  if (isObject(raw)) return raw;
  if (typeof raw !== 'string') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** Message content as text: a string, or the text parts of a list. */
function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
  return '';
}

function toBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
