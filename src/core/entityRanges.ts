import type { LineRange } from '../common/result';
import type { ToolRunner } from '../common/tools';
import type { CitedEntity } from './brain';
import { numberedLines } from './numberedLines';

/**
 * Turns a cited class and/or function (CodeScout's `localization_finish` entries) into the line range
 * of its definition, using only the sandboxed grep and read tools. The end of a block is found by
 * indentation: the first later line indented no deeper than the definition ends it (a closing `}`,
 * `)` or `end` on that line belongs to the block). Good for Python, and for brace languages written
 * with the usual formatting; undefined when the entity is not found.
 */
export async function entityRange(tools: ToolRunner, path: string, entity: CitedEntity, signal: AbortSignal): Promise<LineRange | undefined> {
  let scope: LineRange | undefined;
  if (entity.className) {
    const line = await firstDefinition(tools, path, classPattern(entity.className), undefined, signal);
    if (line === undefined) return undefined;
    scope = [line, await blockEnd(tools, path, line, signal)];
    if (!entity.functionName) return scope;
  }
  if (!entity.functionName) return undefined;
  const line = await firstDefinition(tools, path, functionPattern(entity.functionName), scope, signal);
  if (line === undefined) return scope;
  return [line, await blockEnd(tools, path, line, signal)];
}

/** Escapes a name for a Rust regex (names are identifiers, but models add dots and spaces). */
function escapeName(name: string): string {
  return name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function classPattern(name: string): string {
  return `^\\s*(?:export\\s+)?(?:pub\\s+)?(?:abstract\\s+)?(?:class|struct|interface|trait|enum|impl|type)\\s+${escapeName(name)}\\b`;
}

function functionPattern(name: string): string {
  const n = escapeName(name);
  const modifiers = '(?:(?:export|pub|async|static|public|private|protected|override|def|function|fn|func)\\s+)*';
  return `^\\s*(?:${modifiers}(?:def|function|fn|func)\\s+${n}\\b|${modifiers}${n}\\s*[(<=:])`;
}

async function firstDefinition(tools: ToolRunner, path: string, pattern: string, within: LineRange | undefined, signal: AbortSignal): Promise<number | undefined> {
  const result = await tools.run({ id: 'entity', name: 'grep', args: { pattern, path, max_hits: 200 } }, signal);
  const lines = (result.hits ?? []).map((hit) => hit.line).sort((a, b) => a - b);
  return lines.find((line) => !within || (line > within[0] && line <= within[1]));
}

const READ_WINDOW = 300;
/** A line that only closes a block (`}`, `});`, `end`): it belongs to the block it ends. */
const CLOSER = /^\s*(?:[})\]]+[;,]?|end)\s*$/;
/** A line that opens a block: ends with `:` (Python) or `{`, ignoring a trailing comment. */
const OPENER = /[:{]\s*(?:(?:#|\/\/).*)?$/;
/** Decorators and comments at the definition's own depth do not end it (they may start the next one). */
const ASIDE = /^\s*(?:@|#|\/\/)/;
/** Lines a signature may span before its block opens. */
const MAX_SIGNATURE_LINES = 20;

/** Last line of the block that starts at `start`, judged by indentation over up to a few read windows. */
async function blockEnd(tools: ToolRunner, path: string, start: number, signal: AbortSignal): Promise<number> {
  let indent: number | undefined;
  let opened = false;
  let lastContent = start;
  for (let from = start; from < start + READ_WINDOW * 4; from += READ_WINDOW) {
    const lines = numberedLines(await tools.run({ id: 'entity', name: 'read', args: { path, start_line: from, end_line: from + READ_WINDOW - 1 } }, signal));
    if (lines.length === 0) return lastContent;
    for (const [number, text] of lines) {
      if (text.trim() === '') continue;
      const depth = text.length - text.trimStart().length;
      indent ??= depth;
      // A multi-line signature (`def f(\n  a,\n) -> X:`) is not the end of the block.
      const inSignature = !opened && number - start < MAX_SIGNATURE_LINES;
      if (number > start && depth <= indent && !inSignature && !ASIDE.test(text)) return CLOSER.test(text) ? number : lastContent;
      if (!opened && OPENER.test(text)) opened = true;
      if (!(number > start && depth <= indent && ASIDE.test(text))) lastContent = number;
    }
  }
  return lastContent;
}
