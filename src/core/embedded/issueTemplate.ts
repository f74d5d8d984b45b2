import type { Issue } from '../../common/issue';

/**
 * Removes the words an issue template puts in every issue of a repository: GitHub's stock bug and feature
 * templates ("**Describe the bug**", "Is your feature request related to a problem? Please describe.",
 * "A clear and concise description of what the bug is."), their like, GitHub issue forms' field headings,
 * empty fields ("_No response_") and the checkboxes ticked to be allowed to file, HTML comments (instructions
 * the rendered issue does not show), and a type label in front of the title ("[Feature request] …", "Bug: …").
 * Those words are rare in code, so the leader check weighed them as the issue's most telling words, and the
 * title's "request" was searched as a name: the answer was then the template file itself, or a helper named
 * `request`. Only template text goes; the reporter's words on the same line stay.
 */

/** Headings of common issue templates, compared lower-case without Markdown marks or a trailing colon. */
const HEADINGS = [
  'describe the bug',
  'bug description',
  'description',
  'to reproduce',
  'steps to reproduce',
  'steps to reproduce the behavior',
  'steps to reproduce the behaviour',
  'reproduction',
  'minimal reproduction',
  'expected behavior',
  'expected behaviour',
  'expected result',
  'expected results',
  'actual behavior',
  'actual behaviour',
  'actual result',
  'actual results',
  'current behavior',
  'current behaviour',
  'screenshots',
  'screenshots / live demo link (paste the github-readme-stats link as markdown image)',
  'desktop (please complete the following information)',
  'smartphone (please complete the following information)',
  'environment',
  'your environment',
  'additional context',
  'additional information',
  'context',
  'is your feature request related to a problem? please describe.',
  'is your feature request related to a problem? please describe',
  'is your feature request related to a problem',
  "describe the solution you'd like",
  'describe the solution you would like',
  "describe alternatives you've considered",
  'describe alternatives you have considered',
  'possible solution',
  'proposed solution',
  'motivation',
  'feature request',
  'bug report',
  'checklist',
  // GitHub issue forms (a "### Heading" per field) of common projects.
  'search before asking',
  'is there an existing issue for this?',
  'validations',
  'code of conduct',
  'are you willing to work on and submit a pr to address the issue?',
  'are you willing to submit a pr?',
  'what happened',
  'what happened?',
  'what did you do?',
  'what did you expect to see?',
  'what did you see instead?',
  'what did you see instead? under which circumstances?',
  'observed behavior',
  'observed behaviour',
  'how to reproduce',
  'reproduction steps',
  'link to reproduction',
  'reproduction link',
  'system info',
  'system information',
  'used package manager',
  'relevant log output',
  'logs',
  'version',
  'versions',
  'operating system',
  'platform',
  'anything else?',
  'anything else',
  'use case',
  'bug summary',
  'code for reproduction',
  'actual outcome',
  'expected outcome',
].sort((a, b) => b.length - a.length);

/** Placeholder sentences the templates ship, as prefixes of a line (they are often left in). */
const PLACEHOLDERS = [
  /^a clear and concise description of [^.]*\.\s*/i,
  /^ex\. i'm always frustrated when \[\.\.\.\]\s*/i,
  /^if applicable, add screenshots to help explain your problem\.\s*/i,
  /^add any other context (?:or screenshots )?about the (?:problem|feature request) here\.\s*/i,
  /^steps to reproduce the behaviou?r:?\s*/i,
  /^(?:\d+\.\s*)?(?:go to|click on|scroll down to) '\.{3,4}'\s*/i,
  /^(?:\d+\.\s*)?see error\s*$/i,
  /^[-*]?\s*(?:os|browser|version|device): \[e\.g\. [^\]]*\]\s*/i,
  // An issue form's empty field.
  /^_no response_\s*$/i,
  // Trac's note on an edited description (Django's tracker): the editor's name is nobody's code.
  /^\s*\(last modified by [^)\n]*\)\s*$/i,
];

/**
 * An issue form's checkbox the reporter ticks to be allowed to file ("- [X] I agree to follow this project's
 * Code of Conduct", "- [x] I searched the issues and found no similar issues"): the whole line goes. Other
 * checkbox lines (a task list of what is broken) are the reporter's and stay.
 */
const FORM_CHECKBOX = /^\s*[-*]\s*\[[ xX]\]\s*(?:yes,? )?(?:i (?:agree|searched|have searched|have read|have checked|confirm|am willing|understand|checked)|i've (?:searched|read|checked)|check that|follow (?:our|the)|read the (?:docs|documentation|contributing|faq)|make sure)\b|^\s*[-*]\s*\[[ xX]\].*\b(?:code of conduct|contributing guidelines|existing issues?|duplicate)\b/i;

/** A type label before a title: `[Feature request]`, `[BUG]`, `[Bug]: ` (an issue form's prefix), `Bug:`, `Feature request -`. */
const TITLE_LABEL = /^\s*(?:\[(?:bug|bug report|feature|feature request|feature-request|enhancement|request|question|proposal|suggestion|improvement)\]\s*[:-]?|(?:bug|bug report|feature|feature request|enhancement|question|proposal|suggestion|improvement)\s*[:-])\s*/i;

const MARKS = /^[\s#>*_]+|[\s*_]+$/g;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** An issue form's field heading: a short "### Label" line. */
const FORM_HEADING = /^###\s+\S.{0,60}$/;

/** The issue without its template's words (an issue without a template comes back unchanged). */
export function withoutTemplateText(issue: Issue): Issue {
  const title = issue.title.replace(TITLE_LABEL, '');
  // HTML comments are the template's instructions, invisible in the rendered issue: never the reporter's words.
  const lines = issue.body.replace(HTML_COMMENT, '').split('\n');
  const form = formHeadings(lines);
  const body = lines.map((line, i) => (form.has(i) ? undefined : stripLine(line))).filter((line) => line !== undefined).join('\n');
  return { ...issue, title: title.trim() ? title : issue.title, body };
}

/** Field headings of an issue form: at least 3 short "### Label" lines, each followed by an empty line. */
function formHeadings(lines: string[]): Set<number> {
  const at = lines.flatMap((line, i) => (FORM_HEADING.test(line.trim()) && (lines[i + 1] ?? '').trim() === '' ? [i] : []));
  return new Set(at.length >= 3 ? at : []);
}

/** A line without its leading template heading and placeholder sentences; undefined when nothing else was on it. */
function stripLine(line: string): string | undefined {
  if (FORM_CHECKBOX.test(line)) return undefined;
  let rest = line;
  for (;;) {
    const before = rest;
    rest = withoutHeading(rest);
    for (const placeholder of PLACEHOLDERS) rest = rest.replace(placeholder, '');
    if (rest === before) break;
  }
  if (rest === line) return line;
  return rest.trim() === '' ? undefined : rest;
}

/** Drops a heading at the start of a line, in Markdown heading, bold or plain form, with or without a colon. */
function withoutHeading(line: string): string {
  const bare = line.replace(MARKS, '');
  const lower = bare.toLowerCase();
  for (const heading of HEADINGS) {
    if (!lower.startsWith(heading)) continue;
    const after = bare.slice(heading.length);
    // The heading must end there: the line ends, or a colon, a closing bold mark or a space follows.
    if (after === '' || /^\s*:/.test(after)) return after.replace(/^\s*:?[\s*_]*/, '');
    if (/^[*_]+/.test(after) || (/^\s/.test(after) && /^\s*[#*]/.test(line))) return after.replace(/^[\s*_:]+/, '');
  }
  return line;
}
