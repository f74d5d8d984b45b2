import { parsePatch } from 'diff';
import type { LineRange } from '../common/result';
import { normalizePath } from './metrics';

/**
 * How good a brain's cited line ranges are, where the dataset has the accepted fix (`gold_patch`): the
 * panel opens a file at its first range, and an agent reads the ranges first, so they should sit on the
 * lines the fix edits.
 */

/** A cited range this close to an edited line counts as on it: a reader sees the edit without scrolling. */
export const NEAR_LINES = 5;

/** Lines of the file before the fix that one contiguous change replaces (or sits between, for an insertion). */
export type EditBlock = LineRange;

/** One correctly predicted file's ranges, scored against the fix's edits in it. */
export interface RangeFileScore {
  path: string;
  /** The first range (the one the panel opens) is near an edit. */
  first_hit: boolean;
  /** Some range is near an edit. */
  any_hit: boolean;
  /** Share of the file's edit blocks that some range is near. */
  edit_recall: number;
  /** Share of the cited lines that lie near an edited line. */
  line_precision: number;
  /** How many ranges were cited (0: the file came with none). */
  ranges: number;
}

/** Range scores summed over every scored file of a system (a micro-average: each file counts once). */
export interface RangeSummary {
  /** Correctly predicted files whose fix edits lines that existed before it. */
  files: number;
  /** Share of those files that came with any range. */
  with_ranges: number;
  first_hit: number;
  any_hit: number;
  edit_recall: number;
  line_precision: number;
}

/**
 * The edit blocks of each file a unified diff changes, in the file's lines before the fix. A new file has
 * none. An unparsable patch gives an empty map (the row is then not range-scored, rather than failing).
 */
export function editBlocks(patch: string): Map<string, EditBlock[]> {
  const blocks = new Map<string, EditBlock[]>();
  let files: ReturnType<typeof parsePatch>;
  try {
    files = parsePatch(patch);
  } catch {
    return blocks;
  }
  for (const file of files) {
    const name = file.oldFileName;
    if (!name || name === '/dev/null') continue;
    const path = normalizePath(name.replace(/^a\//, ''));
    const found: EditBlock[] = [];
    for (const hunk of file.hunks) found.push(...hunkBlocks(hunk.oldStart, hunk.lines));
    if (found.length > 0) blocks.set(path, [...(blocks.get(path) ?? []), ...found]);
  }
  return blocks;
}

/**
 * Walks one hunk: removed lines are edited; an insertion that follows no removal edits the two old lines
 * around it (line 0 does not exist, so an insertion at the top edits line 1).
 */
function hunkBlocks(oldStart: number, lines: string[]): EditBlock[] {
  const blocks: EditBlock[] = [];
  let line = oldStart; // the old file's line the next ' ' or '-' line is
  let open: EditBlock | undefined; // the block the current run of changed lines extends
  for (const text of lines) {
    const mark = text[0];
    if (mark === '-') {
      if (open) open[1] = line;
      else blocks.push((open = [line, line]));
      line++;
    } else if (mark === '+') {
      if (!open) blocks.push((open = [Math.max(1, line - 1), line]));
    } else if (mark === ' ') {
      open = undefined;
      line++;
    }
    // '\' (no newline at end of file) changes no line.
  }
  return blocks;
}

/** Scores the ranges of each predicted file the fix edits; files it does not edit, or only creates, are left out. */
export function scoreRanges(predicted: readonly string[], ranges: Readonly<Record<string, LineRange[]>>, edits: Map<string, EditBlock[]>): RangeFileScore[] {
  const scores: RangeFileScore[] = [];
  for (const path of predicted) {
    const blocks = edits.get(normalizePath(path));
    if (!blocks) continue;
    const cited = ranges[path] ?? [];
    const near = (range: LineRange) => blocks.some((block) => overlaps(range, block));
    const lines = cited.flatMap(([start, end]) => Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i));
    const nearLine = (n: number) => blocks.some(([start, end]) => n >= start - NEAR_LINES && n <= end + NEAR_LINES);
    scores.push({
      path,
      first_hit: cited.length > 0 && near(cited[0]!),
      any_hit: cited.some(near),
      edit_recall: blocks.filter((block) => cited.some((range) => overlaps(range, block))).length / blocks.length,
      line_precision: lines.length === 0 ? 0 : lines.filter(nearLine).length / lines.length,
      ranges: cited.length,
    });
  }
  return scores;
}

/** A range and an edit block overlap once the block is widened by NEAR_LINES on each side. */
function overlaps([start, end]: LineRange, [blockStart, blockEnd]: EditBlock): boolean {
  return start <= blockEnd + NEAR_LINES && end >= blockStart - NEAR_LINES;
}

/** Every scored file's range scores, averaged with each file counting once; undefined when no file was scored. */
export function summarizeRanges(perRow: readonly (readonly RangeFileScore[] | undefined)[]): RangeSummary | undefined {
  const files = perRow.flatMap((row) => row ?? []);
  if (files.length === 0) return undefined;
  const mean = (pick: (s: RangeFileScore) => number) => files.reduce((sum, s) => sum + pick(s), 0) / files.length;
  return {
    files: files.length,
    with_ranges: mean((s) => (s.ranges > 0 ? 1 : 0)),
    first_hit: mean((s) => (s.first_hit ? 1 : 0)),
    any_hit: mean((s) => (s.any_hit ? 1 : 0)),
    edit_recall: mean((s) => s.edit_recall),
    line_precision: mean((s) => s.line_precision),
  };
}
