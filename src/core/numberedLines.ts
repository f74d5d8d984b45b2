import type { ToolResult } from '../common/tools';

/** `[line, text]` pairs of a read result, whose lines the read tool numbers (`     12\tcode`); none for an error. */
export function numberedLines(result: ToolResult): [number, string][] {
  if (result.error) return [];
  const out: [number, string][] = [];
  for (const line of result.text.split('\n')) {
    const match = /^\s*(\d+)\t(.*)$/.exec(line);
    if (match) out.push([Number(match[1]), match[2]!]);
  }
  return out;
}
