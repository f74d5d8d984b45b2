import { Transform, type TransformCallback } from 'node:stream';

/** Largest MCP message (one JSON line) the server reads: the SDK's own stdio buffer size. */
export const MCP_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Bytes kept from the start of an oversized line, to find its JSON-RPC id. */
const HEAD_BYTES = 4096;
const ID_RE = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/;

/**
 * Sits between stdin and the SDK's stdio transport. The SDK closes the transport, silently, when
 * one message overflows its 10 MiB buffer, so the server ends with exit 0 and no reply; this drops
 * such a line instead and reports it (with its request id when the line's start names it, else
 * null, as JSON-RPC allows), and every later message is served as usual.
 */
export class McpLineGuard extends Transform {
  private lineBytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private oversized = false;
  private pending: Buffer[] = [];

  constructor(
    private readonly maxBytes: number,
    private readonly onOversized: (id: string | number | null, bytes: number) => void,
    /** A line that is no JSON-RPC message (not JSON, an array, no `"jsonrpc": "2.0"`): the SDK drops such a line
     * without a reply, and a client waiting on its id would wait forever. */
    private readonly onMalformed: (id: string | number | null, code: number, message: string) => void = () => undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.takePart(chunk.subarray(start, newline + 1));
      this.endLine();
      start = newline + 1;
    }
    if (start < chunk.length) this.takePart(chunk.subarray(start));
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.lineBytes > 0) this.endLine();
    done();
  }

  private takePart(part: Buffer): void {
    this.lineBytes += part.length;
    if (this.headBytes < HEAD_BYTES) {
      this.head.push(part.subarray(0, HEAD_BYTES - this.headBytes));
      this.headBytes += Math.min(part.length, HEAD_BYTES - this.headBytes);
    }
    if (this.oversized) return;
    if (this.lineBytes > this.maxBytes) {
      this.oversized = true;
      this.pending = [];
      return;
    }
    this.pending.push(part);
  }

  private endLine(): void {
    if (this.oversized) {
      const match = ID_RE.exec(Buffer.concat(this.head).toString('utf8'));
      const id = match ? (JSON.parse(match[1]) as string | number) : null;
      this.onOversized(id, this.lineBytes);
    } else if (this.pending.length) {
      const line = Buffer.concat(this.pending);
      if (this.wellFormed(line)) this.push(line);
    }
    this.lineBytes = 0;
    this.head = [];
    this.headBytes = 0;
    this.oversized = false;
    this.pending = [];
  }

  /** Whether a line is a JSON-RPC message for the SDK; a blank line is passed on (the SDK skips it), anything else answered. */
  private wellFormed(line: Buffer): boolean {
    const text = line.toString('utf8').trim();
    if (text === '') return true;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.onMalformed(null, PARSE_ERROR, 'parse error: the line is not JSON.');
      return false;
    }
    if (typeof message === 'object' && message !== null && !Array.isArray(message) && (message as { jsonrpc?: unknown }).jsonrpc === '2.0') return true;
    const id = (message as { id?: unknown } | null)?.id;
    this.onMalformed(typeof id === 'string' || typeof id === 'number' ? id : null, INVALID_REQUEST, 'invalid request: send one JSON-RPC 2.0 object a line (batches are not part of MCP).');
    return false;
  }
}

/** JSON-RPC's error codes for a line that is not JSON, and for JSON that is not a request. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
