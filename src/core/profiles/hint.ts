import type { Candidate } from '../../common/result';

/** Evidence kept per hinted file: enough to judge it, short enough to keep five files under ~1k tokens. */
const MAX_REASON_CHARS = 200;

/**
 * The warm-start hint as the model reads it: the embedded brain's top candidates with their
 * evidence, framed as unverified so the model checks them rather than copies them.
 */
export function hintText(hint: readonly Candidate[] | undefined, showPath: (path: string) => string): string {
  if (!hint?.length) return '';
  const lines = hint.map((c) => {
    const ranges = c.ranges?.length ? `:${c.ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',')}` : '';
    const reason = c.reason.replace(/\s+/g, ' ').trim();
    const evidence = reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS - 1)}…` : reason;
    return `- ${showPath(c.path)}${ranges}${evidence ? ` — ${evidence}` : ''}`;
  });
  return [
    '',
    '',
    'Hint: a fast lexical search (no model) ranked these files first. It is often right and sometimes wrong: verify them with your tools, or ignore them.',
    ...lines,
  ].join('\n');
}
