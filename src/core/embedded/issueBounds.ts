import type { Issue } from '../../common/issue';

/**
 * What the embedded brain mines from one issue. Clue patterns scan each whitespace-free run from
 * every start position, so one 100,000-character token cost 16 s (quadratic); cut to 256
 * characters, a token costs at most 256 steps per position and mining stays linear in the text,
 * which is itself capped. No real path, identifier or URL is longer.
 */
export const MINING_LIMITS = { maxTokenChars: 256, maxTitleChars: 1_000, maxTextChars: 200_000, maxRawChars: 1_000_000 } as const;

/** An issue cut to MINING_LIMITS, and what was cut (undefined when nothing was). */
export interface BoundedIssue {
  issue: Issue;
  note?: string;
}

/**
 * Cuts every whitespace-free run to `maxTokenChars` and the title, body and comments together to
 * the text caps (body first, then comments in order); says what it cut, for the trajectory.
 * `prepare` (the template's words dropped) runs first, on at most `maxRawChars` of each text, so
 * that its line-by-line work on a 20 MB paste costs no more than on a 1 MB one.
 */
export function boundIssue(raw: Issue, limits: typeof MINING_LIMITS = MINING_LIMITS, prepare: (issue: Issue) => Issue = (same) => same): BoundedIssue {
  let tokens = 0;
  let blanks = 0;
  let dropped = 0;
  const head = (text: string): string => {
    if (text.length <= limits.maxRawChars) return text;
    dropped += text.length - limits.maxRawChars;
    return text.slice(0, limits.maxRawChars);
  };
  const issue = prepare({ ...raw, title: head(raw.title), body: head(raw.body), ...(raw.comments ? { comments: raw.comments.map(head) } : {}) });
  // One pass that stops at the cap: a 20 MB paste costs what its first 200,000 characters cost. (`\S+` and not
  // a counted `\S{257,}`, on which V8 runs out of stack for a run of millions of characters.)
  const take = (text: string, max: number): string => {
    let kept = '';
    for (const m of text.matchAll(/\s+|\S+/g)) {
      let piece = m[0];
      if (piece.length > limits.maxTokenChars && /\S/.test(piece[0]!)) {
        tokens++;
        piece = piece.slice(0, limits.maxTokenChars);
      } else if (piece.length > limits.maxTokenChars) {
        blanks++;
        piece = shortBlank(piece, limits.maxTokenChars);
      }
      const room = max - kept.length;
      if (piece.length > room) {
        dropped += piece.length - room + (text.length - m.index - m[0].length);
        return kept + piece.slice(0, room);
      }
      kept += piece;
    }
    return kept;
  };
  let budget = limits.maxTextChars;
  const title = take(issue.title, limits.maxTitleChars);
  const body = take(issue.body, budget);
  budget -= body.length;
  const comments = issue.comments?.map((comment) => {
    const kept = take(comment, Math.max(0, budget));
    budget -= kept.length;
    return kept;
  });
  if (tokens === 0 && blanks === 0 && dropped === 0) return { issue };
  const over = `over ${limits.maxTokenChars} characters`;
  const parts = [
    tokens > 0 ? `${tokens} token${tokens === 1 ? '' : 's'} ${over} cut` : '',
    blanks > 0 ? `${blanks} blank run${blanks === 1 ? '' : 's'} ${over} shortened` : '',
    dropped > 0 ? `${dropped} characters past the first ${limits.maxTextChars} left unread` : '',
  ];
  const bounded: Issue = { ...issue, title, body };
  if (comments) bounded.comments = comments;
  return { issue: bounded, note: `Issue text bounded for mining: ${parts.filter(Boolean).join('; ')}.` };
}

/**
 * A run of whitespace over `max` characters, shortened: at most two blank lines, then the last line's indentation
 * (at most `max`). A pattern's `\s*` reads a run again from every place it may start in it: 150,000 blank lines cost
 * minutes, and 150,000 spaces inside one line still cost 11 s once the line patterns kept to their lines. The lines
 * around the run stay apart, and the next line keeps its indentation.
 */
function shortBlank(run: string, max: number): string {
  const lastBreak = Math.max(run.lastIndexOf('\n'), run.lastIndexOf('\r'));
  if (lastBreak < 0) return run.slice(0, max);
  const breaks = Math.min(3, (run.match(/\r\n|\r|\n/g) ?? []).length);
  return '\n'.repeat(breaks) + run.slice(lastBreak + 1).slice(0, max);
}
