import type { Issue } from '../../common/issue';

/**
 * What the embedded brain mines from one issue. Clue patterns scan each whitespace-free run from
 * every start position, so one 100,000-character token cost 16 s (quadratic); cut to 256
 * characters, a token costs at most 256 steps per position and mining stays linear in the text,
 * which is itself capped. No real path, identifier or URL is longer.
 */
export const MINING_LIMITS = { maxTokenChars: 256, maxTitleChars: 1_000, maxTextChars: 200_000 } as const;

/** An issue cut to MINING_LIMITS, and what was cut (undefined when nothing was). */
export interface BoundedIssue {
  issue: Issue;
  note?: string;
}

/**
 * Cuts every whitespace-free run to `maxTokenChars` and the title, body and comments together to
 * the text caps (body first, then comments in order); says what it cut, for the trajectory.
 */
export function boundIssue(issue: Issue, limits: typeof MINING_LIMITS = MINING_LIMITS): BoundedIssue {
  let tokens = 0;
  let dropped = 0;
  const clipTokens = (text: string): string => {
    if (text.length <= limits.maxTokenChars) return text;
    return text.replace(new RegExp(`\\S{${limits.maxTokenChars + 1},}`, 'g'), (run) => {
      tokens++;
      return run.slice(0, limits.maxTokenChars);
    });
  };
  let budget = limits.maxTextChars;
  const take = (text: string, max: number): string => {
    const clipped = clipTokens(text);
    const kept = clipped.length <= max ? clipped : clipped.slice(0, max);
    dropped += clipped.length - kept.length;
    return kept;
  };
  const title = take(issue.title, limits.maxTitleChars);
  const body = take(issue.body, budget);
  budget -= body.length;
  const comments = issue.comments?.map((comment) => {
    const kept = take(comment, Math.max(0, budget));
    budget -= kept.length;
    return kept;
  });
  if (tokens === 0 && dropped === 0) return { issue };
  const parts = [tokens > 0 ? `${tokens} token${tokens === 1 ? '' : 's'} over ${limits.maxTokenChars} characters cut` : '', dropped > 0 ? `${dropped} characters past the first ${limits.maxTextChars} left unread` : ''];
  const bounded: Issue = { ...issue, title, body };
  if (comments) bounded.comments = comments;
  return { issue: bounded, note: `Issue text bounded for mining: ${parts.filter(Boolean).join('; ')}.` };
}
