import type { LocateEvent } from './events';
import { turnLabel } from './wording';

/** One log line per event worth logging at debug (tool calls and their results). */
export function describeEvent(event: LocateEvent): string | undefined {
  switch (event.type) {
    case 'turn-started':
      return turnLabel(event.turn, event.totalTurns);
    case 'tool-call':
      return `tool ${event.call.id} ${event.call.name} ${JSON.stringify(event.call.args)}`;
    case 'tool-result':
      return `tool ${event.callId} -> ${event.summary.count} results, ${event.summary.bytes} bytes, ${event.summary.ms} ms${event.summary.truncated ? ', truncated' : ''}${event.summary.error ? `, error: ${event.summary.error}` : ''}`;
    case 'candidates':
      return `candidates: ${event.candidates.map((c) => c.path).join(', ') || '(none)'}${event.rejected.length ? `; rejected ${event.rejected.length}` : ''}`;
    case 'error':
      return `run failed: ${event.error.code}: ${event.error.message}`;
    default:
      return undefined;
  }
}
