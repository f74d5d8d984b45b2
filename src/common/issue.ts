/** An issue as the locator sees it, whatever its source (text, URL, #N, selection). */
export interface Issue {
  title: string;
  body: string;
  url?: string;
  comments?: string[];
}

/** Heading marks, emphasis and a "Title:" label that issue templates put around a title. */
const TITLE_DECORATION = /^(?:#{1,6}\s*)?(?:\*\*)?\s*(?:(?:issue\s+)?title\s*(?:\*\*)?\s*:(?:\*\*)?\s*)?/i;
/** A line that is only a template's title label: `## Title:`, `**Title:**`, `# Title`. */
const TITLE_LABEL = /^(?:#{1,6}\s*)?(?:\*\*)?\s*(?:issue\s+)?title\s*(?:\*\*)?\s*:?\s*(?:\*\*)?\s*$/i;

/**
 * Splits free text into an Issue: the first non-empty line is the title. Issue templates often start
 * with a label line (`## Title:`) and put the title on the next line, or decorate it (`**Title: …**`);
 * the label and the Markdown marks are dropped, so the title's words are the title's, not "title".
 */
export function issueFromText(text: string): Issue {
  const lines = text.replace(/\r\n/g, '\n').trim().split('\n');
  let at = 0;
  if (TITLE_LABEL.test(lines[0].trim())) {
    const next = lines.findIndex((line, i) => i > 0 && line.trim() !== '');
    if (next > 0) at = next;
  }
  const title = cleanTitle(lines[at]);
  const body = lines.slice(at + 1).join('\n').trim();
  return { title: title || lines[at].trim(), body };
}

function cleanTitle(line: string): string {
  return line
    .trim()
    .replace(TITLE_DECORATION, '')
    .replace(/\s*\*\*\s*$/, '')
    .trim();
}

/** The whole issue as one text block (title, body, comments). */
export function issueText(issue: Issue): string {
  return [issue.title, issue.body, ...(issue.comments ?? [])].filter(Boolean).join('\n\n');
}
