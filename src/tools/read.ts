import { open, type FileHandle } from 'node:fs/promises';
import { CodeGrepError } from '../common/errors';
import { DEFAULT_LIMITS } from '../common/limits';
import type { ReadArgs, ToolResult } from '../common/tools';
import type { ToolContext } from './grep';
import { clipLine, errorResult, okResult, visibleText } from './toolResult';
import type { Workspace } from './workspace';

const CHUNK_BYTES = 256 * 1024;
/** A NUL byte in this prefix marks a file as binary (the heuristic git and rg use). */
const BINARY_SNIFF_BYTES = 8 * 1024;

/**
 * read: numbered lines (`cat -n` style, `     12\tcode`) of one file, streamed so a huge file
 * or a huge line never loads whole. Counts the file's lines when it is at most readMaxFileBytes.
 */
export async function read(workspace: Workspace, args: ReadArgs, ctx: ToolContext): Promise<ToolResult> {
  if (typeof args.path !== 'string' || args.path.trim() === '') return errorResult('read needs a `path`.');
  const resolved = await workspace.resolve(args.path, 'file');
  if ('error' in resolved) return errorResult(resolved.error);
  const file = resolved[0];
  const refusal = await workspace.refusal(file, ctx);
  if (refusal) return errorResult(refusal.error);
  const start = toLine(args.start_line) ?? 1;
  const askedEnd = toLine(args.end_line);
  if (askedEnd !== undefined && askedEnd < start) return errorResult(`end_line ${askedEnd} is before start_line ${start}.`);
  const window = start + DEFAULT_LIMITS.readMaxLines - 1;
  const end = Math.min(askedEnd ?? window, window);

  const handle = await open(file.abs, 'r');
  let scan: LineScan;
  try {
    const scanned = await scanLines(handle, file.size, { start, end }, ctx);
    if (scanned === 'binary') return errorResult(`${file.display} is a binary file; read only works on text files.`);
    scan = scanned;
  } finally {
    await handle.close();
  }
  if (scan.timedOut && scan.lines.length === 0) return errorResult(`reading ${file.display} timed out after ${ctx.timeoutMs / 1000}s.`);
  const total = scan.totalLines;
  if (scan.lines.length === 0) {
    if (total === 0) return okResult(`(${visibleText(file.display)} is empty)`, { truncated: false, count: 0, read: { path: file.display, startLine: 0, endLine: 0, totalLines: 0 } });
    return errorResult(`start_line ${start} is past the end of ${file.display} (${total ?? scan.lastLine} lines).`);
  }
  const last = start + scan.lines.length - 1;
  const body = scan.lines.map((text, i) => `${String(start + i).padStart(6)}\t${text}`);
  const cutByCap = askedEnd !== undefined && askedEnd > end && scan.moreAfter;
  const cutByDefault = askedEnd === undefined && scan.moreAfter;
  const truncated = cutByCap || cutByDefault || scan.timedOut;
  if (truncated) {
    const of = total !== undefined ? ` of ${total}` : '';
    body.push(`... showing lines ${start}-${last}${of}; call read with start_line=${last + 1} for more.`);
  }
  return okResult(body.join('\n'), {
    truncated,
    count: scan.lines.length,
    read: { path: file.display, startLine: start, endLine: last, ...(total !== undefined ? { totalLines: total } : {}) },
  });
}

interface LineScan {
  lines: string[];
  /** Whole file's line count when counted. */
  totalLines?: number;
  /** Last line number seen (a lower bound of the total). */
  lastLine: number;
  /** There is at least one line after the last one returned. */
  moreAfter: boolean;
  timedOut: boolean;
}

/** Streams the file once, keeping at most ~4 bytes per allowed character of each wanted line. */
async function scanLines(handle: FileHandle, size: number, range: { start: number; end: number }, ctx: ToolContext): Promise<LineScan | 'binary'> {
  const { start, end } = range;
  const countAll = size <= DEFAULT_LIMITS.readMaxFileBytes;
  const maxChars = DEFAULT_LIMITS.readMaxLineChars;
  const keepBytes = maxChars * 4 + 4;
  const lines: string[] = [];
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(size, BINARY_SNIFF_BYTES)));
  const deadline = Date.now() + ctx.timeoutMs;
  let lineNo = 1;
  let kept: Buffer[] = [];
  let keptLen = 0;
  /** Bytes of the current (unfinished) line. */
  let lineBytes = 0;
  let position = 0;
  for (;;) {
    if (ctx.signal.aborted) throw new CodeGrepError('cancelled', 'The run was cancelled.');
    if (Date.now() > deadline) return { lines, lastLine: lineNo - 1, moreAfter: true, timedOut: true };
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    if (position === 0 && chunk.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return 'binary';
    position += bytesRead;
    let from = 0;
    while (from < bytesRead && lineNo <= end) {
      const newline = chunk.indexOf(10, from);
      const stop = newline === -1 ? bytesRead : newline;
      if (newline !== -1 && keptLen === 0 && lineBytes === 0) {
        // Common case: the whole line is in this chunk, so decode it in place without copying.
        if (lineNo >= start) lines.push(decodeLine(chunk.toString('utf8', from, Math.min(stop, from + keepBytes)), stop - from, maxChars));
        from = stop + 1;
        lineNo++;
        continue;
      }
      if (lineNo >= start && keptLen < keepBytes) {
        const piece = chunk.subarray(from, Math.min(stop, from + keepBytes - keptLen));
        kept.push(Buffer.from(piece));
        keptLen += piece.length;
      }
      lineBytes += stop - from;
      from = stop + 1;
      if (newline === -1) break;
      if (lineNo >= start) lines.push(decodeLine(Buffer.concat(kept, keptLen).toString('utf8'), lineBytes, maxChars));
      kept = [];
      keptLen = 0;
      lineBytes = 0;
      lineNo++;
    }
    if (lineNo <= end) continue;
    if (!countAll) return { lines, lastLine: lineNo - 1, moreAfter: from < bytesRead || position < size, timedOut: false };
    // Past the range: only count newlines for totalLines.
    for (let newline = chunk.indexOf(10, from); newline !== -1; newline = chunk.indexOf(10, from)) {
      lineNo++;
      lineBytes = 0;
      from = newline + 1;
    }
    lineBytes += Math.max(0, bytesRead - from);
  }
  if (lineBytes > 0) {
    if (lineNo >= start && lineNo <= end) lines.push(decodeLine(Buffer.concat(kept, keptLen).toString('utf8'), lineBytes, maxChars));
    lineNo++;
  }
  const totalLines = lineNo - 1;
  return { lines, totalLines, lastLine: totalLines, moreAfter: totalLines > end, timedOut: false };
}

/** Clips a decoded line (of `lineBytes` bytes in the file) to `maxChars`, saying when bytes were dropped. */
function decodeLine(decoded: string, lineBytes: number, maxChars: number): string {
  const text = decoded.endsWith('\r') ? decoded.slice(0, -1) : decoded;
  if (lineBytes <= maxChars * 4 + 4) return clipLine(text, maxChars);
  let cut = visibleText(text.slice(0, maxChars));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut} … [line is ${lineBytes} bytes; cut]`;
}

/** A 1-based line number from a number or numeric string; undefined when absent or not a number. */
function toLine(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  return Math.max(1, Math.trunc(n));
}
