import type { LocateResult } from '../common/result';
import { terminalSafe as safe } from '../common/terminalText';

/**
 * Human output of `codegrep locate`: ranked paths with line ranges and reasons, then a one-line
 * summary. Paths, reasons and the brain name come from a model or the disk: control characters
 * (terminal escapes, newlines) are shown as U+FFFD.
 */
export function formatResult(result: LocateResult): string {
  const lines: string[] = [];
  if (result.candidates.length === 0) {
    lines.push('No files found for this issue.');
  } else {
    const width = String(result.candidates.length).length;
    result.candidates.forEach((candidate, index) => {
      const ranges = candidate.ranges?.length ? `:${candidate.ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',')}` : '';
      lines.push(`${String(index + 1).padStart(width)}. ${safe(candidate.path)}${ranges}`);
      if (candidate.reason) lines.push(`${' '.repeat(width + 2)}${safe(candidate.reason)}`);
    });
  }
  const { turns, toolCalls, ms } = result.usage;
  const seconds = ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
  const brain = result.profile ? `${result.brain} (${result.profile} protocol${result.warmStart?.candidates.length ? `, warm start: ${result.warmStart.candidates.length} hinted` : ''})` : result.brain;
  const summary = [safe(brain), `${turns} turn${turns === 1 ? '' : 's'}`, `${toolCalls} tool call${toolCalls === 1 ? '' : 's'}`, seconds];
  if (result.rejected.length) {
    summary.push(`${result.rejected.length} citation${result.rejected.length === 1 ? '' : 's'} rejected (${result.rejected.map((r) => `${safe(r.path)}: ${safe(r.reason)}`).join('; ')})`);
  }
  lines.push('', summary.join(' · '));
  return lines.join('\n');
}
