import { confidenceSentence } from '../common/confidence';
import { formatLocation } from '../common/handoffText';
import type { Candidate, LocateResult } from '../common/result';
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
    result.candidates.forEach((candidate, index) => lines.push(...candidateLines(candidate, `${String(index + 1).padStart(width)}.`)));
    if (result.confidence) lines.push('', confidenceSentence(result.confidence));
    // Apart from the answer, so that a reader (or a script reading the numbered lines) never takes them for it.
    if (result.alsoConsidered?.length) {
      lines.push('', 'Also considered, less likely:');
      for (const candidate of result.alsoConsidered) lines.push(...candidateLines(candidate, `${' '.repeat(width - 1)} -`));
    }
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

/** A candidate's path with its line ranges after `marker`, and its reason indented below. */
function candidateLines(candidate: Candidate, marker: string): string[] {
  const lines = [`${marker} ${safe(formatLocation(candidate))}`];
  if (candidate.reason) lines.push(`${' '.repeat(marker.length + 1)}${safe(candidate.reason)}`);
  return lines;
}
