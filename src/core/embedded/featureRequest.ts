import type { Issue } from '../../common/issue';

/**
 * Whether an issue asks for something new (an API, an option, a method) rather than reporting a fault. Read on the
 * issue as written, before its template's words are removed (issueTemplate.ts): the stock feature template and a
 * `[Feature request]` label are what say it most plainly.
 */

/** A type label that files a request: `[Feature request]`, `[enhancement]`, `Feature:`, `Proposal -`. */
const REQUEST_LABEL = /^\s*(?:\[(?:feature|feature request|feature-request|enhancement|request|proposal|suggestion|improvement)\]|(?:feature|feature request|enhancement|proposal|suggestion)\s*[:-])/i;

/** GitHub's stock feature template, and its "describe the solution you'd like" field. */
const REQUEST_TEMPLATE = /is your feature request related to a problem|describe the solution you'?d like/i;

/** A title that opens with what it wants added: "Add count_fields method", "Support << for …", "Provide …". */
const REQUEST_VERB = /^\s*(?:please\s+)?(?:add|support|provide|implement|allow|expose|enable|introduce|offer)\b/i;

/** A title's leading label (`[Feature]:`, `[Bug]`), which the request's verb follows. */
const TITLE_LABEL = /^\s*\[[^\]]*\]\s*:?/;

/** True when the issue's title or template says it asks for a feature. */
export function asksForFeature(issue: Pick<Issue, 'title' | 'body'>): boolean {
  return REQUEST_LABEL.test(issue.title) || REQUEST_VERB.test(issue.title.replace(TITLE_LABEL, '')) || REQUEST_TEMPLATE.test(issue.body);
}

/** The name a title asks to have added, right after its verb: `get_response_async` in "Add get_response_async for …". */
export function requestedName(title: string): string | undefined {
  return nameAfterVerb(title, REQUEST_VERB)?.name;
}

/** The verbs of a title that asks for a new name, rather than a change to an existing one ("Allow X to …"). */
const ADD_VERB = /^\s*(?:please\s+)?(?:add|implement|introduce|provide)\b/i;

/**
 * The name after an adding verb when it is shaped like code: `get_response_async` in "Add get_response_async for …".
 * Not after "Allow"; not a word ("Add Thread ID return"), nor an object whose member is added ("Add `request.port`").
 */
export function addedName(title: string): string | undefined {
  const found = nameAfterVerb(title, ADD_VERB);
  // A function's or an option's name (`min_angle`, `getResponseAsync`); "Add FooBar tests" names an existing class.
  return found && !found.member && /^[a-z_$]/.test(found.name) && /[a-z0-9][A-Z_]|_[a-z0-9]/.test(found.name) ? found.name : undefined;
}

/** The identifier right after the title's verb (past a leading label), and whether a `.member` follows it. */
function nameAfterVerb(title: string, verb: RegExp): { name: string; member: boolean } | undefined {
  const rest = title.replace(TITLE_LABEL, '');
  const opening = verb.exec(rest);
  const match = opening ? /^\s+`?([A-Za-z_$][\w$]*)(\.)?/.exec(rest.slice(opening[0].length)) : null;
  return match ? { name: match[1]!, member: match[2] !== undefined } : undefined;
}
