/** An issue as the locator sees it, whatever its source (text, URL, #N, selection). */
export interface Issue {
  title: string;
  body: string;
  url?: string;
  comments?: string[];
}

/** Splits free text into an Issue: the first non-empty line is the title. */
export function issueFromText(text: string): Issue {
  const trimmed = text.replace(/\r\n/g, '\n').trim();
  const newline = trimmed.indexOf('\n');
  if (newline < 0) return { title: trimmed, body: '' };
  return { title: trimmed.slice(0, newline).trim(), body: trimmed.slice(newline + 1).trim() };
}

/** The whole issue as one text block (title, body, comments). */
export function issueText(issue: Issue): string {
  return [issue.title, issue.body, ...(issue.comments ?? [])].filter(Boolean).join('\n\n');
}
