import type { LineRange } from '../common/result';
import type { CitedFile } from './brain';
import { isRecord } from './toolSchemas';

/**
 * Answer parsing for every brain that talks to a model (architecture.md, "Answer contract").
 * Paths are returned as the model wrote them; the Locator normalises and checks them.
 */

/** Reads the arguments of an `answer` tool call: `{ files: [{ path, lines?, reason }] }`. */
export function parseAnswerArguments(args: unknown): { files: CitedFile[] } | { error: string } {
  let list = isRecord(args) ? args.files : Array.isArray(args) ? args : undefined;
  // Some models send the list as a JSON string, or as `path — reason` lines.
  if (typeof list === 'string') list = jsonArray(list) ?? list.split(/\r?\n/);
  if (!Array.isArray(list)) return { error: 'error: answer needs {"files": [{"path": "...", "lines": "a-b", "reason": "..."}]}.' };
  const files: CitedFile[] = [];
  for (const item of list) {
    if (typeof item === 'string') {
      const cited = parseCitationLine(item);
      if (cited) files.push(cited);
      continue;
    }
    if (!isRecord(item)) continue;
    const path = typeof item.path === 'string' ? item.path : typeof item.file === 'string' ? item.file : undefined;
    if (!path?.trim()) continue;
    const file: CitedFile = { path: cleanPath(path), reason: typeof item.reason === 'string' ? oneLine(item.reason) : '' };
    const ranges = rangesFromValue(item.lines ?? item.line_ranges ?? item.ranges);
    if (ranges.length) file.ranges = ranges;
    files.push(file);
  }
  return { files };
}

/**
 * Finds an answer in free text. Strict mode accepts only explicit blocks (`<final_answer>`,
 * CodeScout's `<file-list>`); lenient mode (the answer turn) also takes plain path lists, markdown
 * bullets and backticked paths. Undefined when the text holds no answer.
 */
export function parseAnswerText(text: string, mode: 'strict' | 'lenient'): CitedFile[] | undefined {
  for (const tag of ['final_answer', 'file-list', 'file_list', 'answer']) {
    const block = blockContent(text, tag);
    if (block !== undefined) return parseCitationLines(block);
  }
  if (mode === 'strict') return undefined;
  const lines = parseCitationLines(text, true);
  if (lines.length) return lines;
  const backticked = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]).filter(looksLikeFilePath);
  return backticked.length ? unique(backticked).map((path) => ({ path: cleanPath(path), reason: '' })) : undefined;
}

/** Parses one citation line: `path:10-40 — reason`, `- path - reason`, `1. \`path\`: reason`, `path#L3-L9`. */
export function parseCitationLine(line: string, requireFileLike = false): CitedFile | undefined {
  let text = line.trim().replace(/^(?:[-*+•]|\d+[.)])\s+/, '').replace(/\*\*/g, '');
  if (!text) return undefined;
  let path: string;
  const ticked = /^`([^`]+)`/.exec(text);
  if (ticked) {
    path = ticked[1];
    text = text.slice(ticked[0].length);
  } else {
    const drive = /^[A-Za-z]:[\\/]/.test(text) ? 2 : 0;
    const end = text.slice(drive).search(/[\s:#(]|\s[—–-]\s/);
    path = end < 0 ? text : text.slice(0, drive + end);
    text = end < 0 ? '' : text.slice(drive + end);
  }
  // A backticked `path:10-20` keeps its range inside the ticks.
  const inner = /^(.*?)(?::|#L?)(\d[\d\s,\-–L]*)$/.exec(path);
  let rangeText = '';
  if (inner && looksLikeFilePath(inner[1])) {
    path = inner[1];
    rangeText = inner[2];
  }
  path = cleanPath(path);
  if (!path || (requireFileLike ? !looksLikeFilePath(path) : !looksLikePath(path))) return undefined;
  const after = /^(?::|#L?)\s*(L?\d+(?:\s*[-–]\s*L?\d+)?(?:\s*,\s*L?\d+(?:\s*[-–]\s*L?\d+)?)*)/.exec(text);
  if (after) {
    rangeText = after[1];
    text = text.slice(after[0].length);
  }
  let reason = text.replace(/^[\s—–\-:|]+/, '').trim();
  const paren = /^\(lines?\s+([\d\s,\-–]+)\)\s*/i.exec(reason);
  if (paren && !rangeText) {
    rangeText = paren[1];
    reason = reason.slice(paren[0].length).replace(/^[\s—–\-:|]+/, '');
  }
  const file: CitedFile = { path, reason: oneLine(reason) };
  const ranges = parseLineRanges(rangeText);
  if (ranges.length) file.ranges = ranges;
  return file;
}

/** Parses `10-40,55-60`, `L10-L40`, `12` (one line) into inclusive ranges; ignores junk. */
export function parseLineRanges(text: string): LineRange[] {
  const ranges: LineRange[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*L?(\d+)\s*(?:[-–]\s*L?(\d+))?\s*$/.exec(part);
    if (!match) continue;
    const start = Number(match[1]);
    const end = match[2] === undefined ? start : Number(match[2]);
    if (start < 1 || end < 1) continue;
    ranges.push([Math.min(start, end), Math.max(start, end)]);
  }
  return ranges;
}

function parseCitationLines(block: string, requireFileLike = false): CitedFile[] {
  const files: CitedFile[] = [];
  for (const line of block.split(/\r?\n/)) {
    const cited = parseCitationLine(line, requireFileLike);
    if (cited) files.push(cited);
  }
  return files;
}

function jsonArray(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function rangesFromValue(value: unknown): LineRange[] {
  if (typeof value === 'string') return parseLineRanges(value);
  if (typeof value === 'number') return parseLineRanges(String(value));
  if (Array.isArray(value)) {
    if (value.length === 2 && value.every((v) => typeof v === 'number')) return parseLineRanges(`${value[0]}-${value[1]}`);
    return value.flatMap((v) => rangesFromValue(v));
  }
  return [];
}

function blockContent(text: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)(?:</${tag}>|$)`, 'i').exec(text);
  return match?.[1];
}

function cleanPath(path: string): string {
  return path.trim().replace(/^["'`]+|["'`,;.]+$/g, '').replace(/\\/g, '/');
}

function looksLikePath(path: string): boolean {
  return /^[^\s<>|"*?]+$/.test(path) && !/^[a-z]+:\/\//i.test(path) && /[./]/.test(path);
}

/** A path with a file extension, so prose words are not taken for files. */
function looksLikeFilePath(path: string): boolean {
  return looksLikePath(path) && /\.[A-Za-z0-9_]{1,10}$/.test(path) && !/^\d+(\.\d+)*$/.test(path);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
