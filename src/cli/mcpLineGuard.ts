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
      this.push(Buffer.concat(this.pending));
    }
    this.lineBytes = 0;
    this.head = [];
    this.headBytes = 0;
    this.oversized = false;
    this.pending = [];
  }
}
