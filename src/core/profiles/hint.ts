import type { Candidate } from '../../common/result';

/**
 * The warm-start hint as the model reads it: the embedded brain's top candidates with their
 * evidence, framed as unverified so the model checks them rather than copies them.
 */
export function hintText(hint: readonly Candidate[] | undefined, showPath: (path: string) => string): string {
  if (!hint?.length) return '';
  const lines = hint.map((c) => {
    const ranges = c.ranges?.length ? `:${c.ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',')}` : '';
    return `- ${showPath(c.path)}${ranges}${c.reason ? ` — ${c.reason.replace(/\s+/g, ' ').trim()}` : ''}`;
  });
  return [
    '',
    '',
    'Hint: a fast lexical search (no model) ranked these files first. It is often right and sometimes wrong: verify them with your tools, or ignore them.',
    ...lines,
  ].join('\n');
}
