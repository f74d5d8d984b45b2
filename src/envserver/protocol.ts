/**
 * The OpenEnv WebSocket protocol, as meta-pytorch/OpenEnv's server speaks it
 * (src/openenv/core/env_server/types.py and http_server.py; see docs/training.md, "Protocol"):
 * the client sends `{type: reset|step|state|close, data?}`; the server answers
 * `{type: "observation", data: {observation, reward, done}}`, `{type: "state", data}` or
 * `{type: "error", data: {message, code}}`. `close` gets no answer: the server ends the session.
 */

/** OpenEnv's WSErrorCode values (types.py). */
export type ErrorCode = 'INVALID_JSON' | 'UNKNOWN_TYPE' | 'VALIDATION_ERROR' | 'EXECUTION_ERROR' | 'CAPACITY_REACHED' | 'SESSION_ERROR';

/** A message from the client, after validation. */
export type ClientMessage =
  | { type: 'reset'; data: Record<string, unknown> }
  | { type: 'step'; data: Record<string, unknown> }
  | { type: 'state' }
  | { type: 'close' };

/** A protocol error to send back; the session goes on. */
export interface ProtocolError {
  code: ErrorCode;
  message: string;
}

/** Parses one text frame; every problem is a ProtocolError, never an exception. */
export function parseClientMessage(raw: string): ClientMessage | { error: ProtocolError } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { error: { code: 'INVALID_JSON', message: `Invalid JSON: ${(error as Error).message}` } };
  }
  if (!isObject(value)) return { error: { code: 'VALIDATION_ERROR', message: 'Invalid message: expected a JSON object with a "type".' } };
  const type = value.type;
  const data = value.data;
  switch (type) {
    case 'reset':
      if (data !== undefined && data !== null && !isObject(data)) return invalid('"data" of reset must be an object.');
      return { type, data: isObject(data) ? data : {} };
    case 'step':
      if (!isObject(data)) return invalid('"data" of step must be the action object.');
      return { type, data };
    case 'state':
    case 'close':
      return { type };
    default:
      return { error: { code: 'UNKNOWN_TYPE', message: `Unknown message type: ${typeof type === 'string' ? type : JSON.stringify(type)}` } };
  }
}

/** `{type: "observation", data: {observation, reward, done}}`: the shape GenericEnvClient._parse_result reads. */
export function observationReply(observation: Record<string, unknown>, reward: number | null, done: boolean): string {
  return JSON.stringify({ type: 'observation', data: { observation, reward, done } });
}

/** `{type: "state", data}`. */
export function stateReply(state: Record<string, unknown>): string {
  return JSON.stringify({ type: 'state', data: state });
}

/** `{type: "error", data: {message, code, ...}}`. */
export function errorReply(error: ProtocolError, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ type: 'error', data: { message: error.message, code: error.code, ...extra } });
}

function invalid(message: string): { error: ProtocolError } {
  return { error: { code: 'VALIDATION_ERROR', message: `Invalid message: ${message}` } };
}

/** A plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
