import * as vscode from 'vscode';
import { confidenceSentence } from '../../common/confidence';
import { formatRanges } from '../../common/handoffText';
import { codeSpan, escapeMarkdown } from '../../common/markdownText';
import type { Candidate, LocateResult, TrajectoryTurn } from '../../common/result';
import type { ToolCall } from '../../common/tools';
import { clip } from '../../common/wording';

export { escapeMarkdown } from '../../common/markdownText';

/** A candidate with the file URI it was mapped to (unmappable paths are shown as text only). */
export interface PlacedCandidate {
  candidate: Candidate;
  uri?: vscode.Uri;
}

/** The first range of a candidate as a Location (for anchors and references), else the whole file. */
export function candidateLocation({ candidate, uri }: PlacedCandidate): vscode.Uri | vscode.Location | undefined {
  if (!uri) return undefined;
  const first = candidate.ranges?.[0];
  return first ? new vscode.Location(uri, new vscode.Range(first[0] - 1, 0, first[1] - 1, 0)) : uri;
}

/** " — lines 10-40 — reason" after a file's name (empty when it has neither), the reason escaped. */
function candidateDetails(candidate: Candidate): string {
  const ranges = formatRanges(candidate.ranges);
  const details = [ranges ? `lines ${ranges}` : '', escapeMarkdown(candidate.reason)].filter(Boolean).join(' — ');
  return details ? ` — ${details}` : '';
}

/** Streams the ranked files: an anchor per file with its lines and reason, plus a reference each. */
export function renderCandidates(stream: vscode.ChatResponseStream, result: LocateResult, placed: readonly PlacedCandidate[]): void {
  const { turns, toolCalls, ms } = result.usage;
  const stats = `${escapeMarkdown(result.brain)}, ${turns} turn${turns === 1 ? '' : 's'}, ${toolCalls} tool call${toolCalls === 1 ? '' : 's'}, ${(ms / 1000).toFixed(1)} s`;
  if (!placed.length) {
    stream.markdown(`No files found for *${escapeMarkdown(clip(result.issue.title, 120))}* (${stats}). Try adding names from the code (functions, error messages) to the issue.\n`);
    return;
  }
  stream.markdown(`**${placed.length} file${placed.length === 1 ? '' : 's'}** for *${escapeMarkdown(clip(result.issue.title, 120))}* (${stats}):\n\n`);
  placed.forEach((item, index) => {
    stream.markdown(`${index + 1}. `);
    const location = candidateLocation(item);
    if (location) stream.anchor(location, item.candidate.path);
    else stream.markdown(codeSpan(item.candidate.path));
    stream.markdown(`${candidateDetails(item.candidate)}\n`);
    if (location) stream.reference(location);
  });
  if (result.confidence) stream.markdown(`\n${escapeMarkdown(confidenceSentence(result.confidence))}\n`);
  // As the panel unfolds them: when the brain is unsure, the fix is as likely among the files it ranked next.
  if (result.confidence?.level === 'low' && result.alsoConsidered?.length) {
    stream.markdown('\nAlso considered, less likely:\n\n');
    for (const c of result.alsoConsidered) stream.markdown(`- ${codeSpan(c.path)}${candidateDetails(c)}\n`);
  }
  if (result.rejected.length) {
    stream.markdown(`\n_Not shown (cited but not in the workspace): ${result.rejected.map((r) => escapeMarkdown(r.path)).join(', ')}_\n`);
  }
}

/** `/explain`: why each file was chosen, and the searches the run made, turn by turn. */
export function renderExplanation(stream: vscode.ChatResponseStream, candidates: readonly Candidate[], trajectory: readonly TrajectoryTurn[], title: string): void {
  stream.markdown(`### Why these files for *${escapeMarkdown(clip(title, 120))}*\n\n`);
  if (!candidates.length) stream.markdown('The run found no file it could stand behind.\n');
  candidates.forEach((c, i) => {
    const ranges = formatRanges(c.ranges);
    stream.markdown(`${i + 1}. ${codeSpan(c.path)}${ranges ? ` (lines ${ranges})` : ''}: ${escapeMarkdown(c.reason) || 'cited without a reason'}\n`);
  });
  stream.markdown('\n### How CodeGrep searched\n\n');
  for (const turn of trajectory) {
    if (!turn.calls.length) {
      stream.markdown(`- Turn ${turn.turn}: answered\n`);
      continue;
    }
    const calls = turn.calls.map((c) => `${describeCall(c.call)} → ${c.error ? 'error' : `${c.count}${c.truncated ? '+' : ''}`}`);
    stream.markdown(`- Turn ${turn.turn}: ${calls.map(escapeMarkdown).join('; ')}\n`);
  }
}

/** `grep "pattern" in path`, `glob **\/*.py`, `read a.py:10-40`, for progress lines and explanations. */
export function describeCall(call: ToolCall): string {
  switch (call.name) {
    case 'grep':
      return `grep "${call.args.pattern}"${call.args.path ? ` in ${call.args.path}` : ''}${call.args.glob ? ` (${call.args.glob})` : ''}`;
    case 'glob':
      return `glob ${call.args.pattern}`;
    case 'read':
      return `read ${call.args.path}${call.args.start_line ? `:${call.args.start_line}-${call.args.end_line ?? ''}` : ''}`;
    case 'terminal':
      return `$ ${call.args.command}`;
  }
}
