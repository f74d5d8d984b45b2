import { confidenceSentence, formatProbability, type AnswerConfidence } from './confidence';
import type { Issue } from './issue';
import type { Candidate, LineRange } from './result';
import { codeSpan } from './markdownText';
import { terminalSafe } from './terminalText';

/**
 * Plain-text forms of a result for the agents that edit next: `@path` mentions (Claude Code,
 * Cline), a Markdown context block ("Copy as context"), the prefilled Copilot Chat prompt, and
 * the compact text a downstream model reads (LM tool, MCP). One module so every surface agrees.
 */

/** Mention dialects: Claude Code writes `@src/a.py`, Cline writes `@/src/a.py` (workspace-rooted). */
export type MentionStyle = 'claude' | 'cline';

/** `10-40, 55-60` (a single line prints once). */
export function formatRanges(ranges: readonly LineRange[] | undefined): string {
  return (ranges ?? []).map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
}

/** `path:10-40,55-60`, the form most agents and editors accept as a location. */
export function formatLocation(candidate: Pick<Candidate, 'path' | 'ranges'>): string {
  const ranges = formatRanges(candidate.ranges).replace(/ /g, '');
  return ranges ? `${candidate.path}:${ranges}` : candidate.path;
}

/** One `@path` mention per line; paths with spaces are quoted, since both agents stop a mention at whitespace. */
export function formatMentions(candidates: readonly Pick<Candidate, 'path'>[], style: MentionStyle = 'claude'): string {
  return candidates
    .map(({ path: raw }) => {
      const path = terminalSafe(raw);
      const rooted = style === 'cline' ? `/${path.replace(/^\/+/, '')}` : path;
      return /\s/.test(rooted) ? `@"${rooted}"` : `@${rooted}`;
    })
    .join('\n');
}

/** What an agent is told when the brain was unsure of the files it is handed (a low confidence only). */
export function unsureNote(confidence: AnswerConfidence | undefined): string | undefined {
  return confidence?.level === 'low'
    ? `CodeGrep was not sure of these files (low confidence, ${formatProbability(confidence.probability)}): check that they fit the issue before editing them, and search further if they do not.`
    : undefined;
}

/** A Markdown block naming the issue and each file with its lines and reason (and a note when the brain was unsure). */
export function formatContextBlock(issue: Pick<Issue, 'title' | 'url'>, candidates: readonly Candidate[], confidence?: AnswerConfidence): string {
  const lines = [`## Files for: ${inert(issue.title) || 'the issue'}`];
  if (issue.url) lines.push('', terminalSafe(issue.url));
  lines.push('');
  if (!candidates.length) lines.push('_No files were located._');
  for (const candidate of candidates) {
    const ranges = formatRanges(candidate.ranges);
    const where = ranges ? ` (lines ${ranges})` : '';
    const reason = inert(candidate.reason);
    lines.push(`- ${codeSpan(candidate.path)}${where}${reason ? ` — ${reason}` : ''}`);
  }
  const note = candidates.length ? unsureNote(confidence) : undefined;
  if (note) lines.push('', `_${note}_`);
  return lines.join('\n');
}

/** "Copy as context": the mentions (so the agent loads the files) followed by the context block. */
export function formatForAgent(issue: Pick<Issue, 'title' | 'url'>, candidates: readonly Candidate[], style: MentionStyle = 'claude', confidence?: AnswerConfidence): string {
  const mentions = formatMentions(candidates, style);
  const block = formatContextBlock(issue, candidates, confidence);
  return mentions ? `${mentions}\n\n${block}` : block;
}

/** The prompt prefilled in Copilot Chat next to the attached files. */
export function formatChatPrompt(issue: Pick<Issue, 'title' | 'url'>, candidates: readonly Candidate[], confidence?: AnswerConfidence): string {
  const subject = issue.url ? `${inert(issue.title)} (${terminalSafe(issue.url)})` : inert(issue.title);
  const files = candidates.map((c) => `- ${codeSpan(formatLocation(c))}${c.reason ? `: ${inert(c.reason)}` : ''}`).join('\n');
  const start = unsureNote(confidence) ?? 'Start with these files and the line ranges given.';
  return `Fix this issue: ${subject}\n\nCodeGrep located the files to change (attached):\n${files}\n\n${start}`;
}

/**
 * The compact text a downstream model reads (LM tool result, MCP tool result): one line per file,
 * `path:ranges — reason`, best first, then how sure the brain is (when it knows), the runners-up when the caller
 * asked for them (marked as less likely) or, when the brain is unsure, how many there are, and what was rejected
 * so it does not look for those.
 */
export function formatForModel(result: {
  candidates: readonly Candidate[];
  rejected?: readonly { path: string; reason: string }[];
  brain?: string;
  /** The brain's runners-up: listed when `includeRunnersUp`, else counted, and only when the brain is unsure. */
  alsoConsidered?: readonly Candidate[];
  includeRunnersUp?: boolean;
  confidence?: AnswerConfidence;
}): string {
  if (!result.candidates.length) {
    return 'CodeGrep found no files for this issue. Search the repository yourself, starting from names in the issue.';
  }
  const lines = [`Files to edit for this issue, most relevant first (located by CodeGrep${result.brain ? `, ${result.brain}` : ''}):`];
  // A path is one line too (terminalSafe below keeps line breaks): a file name must not add lines to the list.
  const location = (c: Candidate) => terminalSafe(formatLocation(c));
  result.candidates.forEach((c, i) => lines.push(`${i + 1}. ${location(c)}${c.reason ? ` — ${oneLine(c.reason)}` : ''}`));
  if (result.confidence) lines.push(confidenceSentence(result.confidence));
  const runnersUp = result.alsoConsidered ?? [];
  if (result.includeRunnersUp && runnersUp.length) {
    lines.push('Less likely, only if none of the files above is it:');
    for (const c of runnersUp) lines.push(`- ${location(c)}${c.reason ? ` — ${oneLine(c.reason)}` : ''}`);
  } else if (result.confidence?.level === 'low' && runnersUp.length) {
    lines.push(`(${runnersUp.length} more ${runnersUp.length === 1 ? 'file was' : 'files were'} ranked next: call again with includeRunnersUp: true to list them.)`);
  }
  if (result.rejected?.length) lines.push(`(Cited but not found in the workspace, ignore: ${result.rejected.map((r) => terminalSafe(r.path)).join(', ')})`);
  // An MCP client or a chat may show this in a terminal: a model's reason or a file's name must not carry escapes.
  return terminalSafe(lines.join('\n'), true);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * An issue's title or a model's reason as one line of text that stays text where the hand-off is rendered as Markdown
 * (a chat, an issue comment): no link, image, HTML or code span can start in it, and controls show as U+FFFD.
 */
function inert(text: string): string {
  return terminalSafe(oneLine(text)).replace(/[\\[\]<>`]/g, (c) => `\\${c}`);
}
