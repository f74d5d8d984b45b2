/** One line of the grep tool's text: a match, a context line, a `--` gap, or a closing note. */
export type GrepTextLine =
  | { kind: 'match' | 'context'; path: string; line: number; text: string }
  | { kind: 'gap' }
  | { kind: 'note'; text: string };

const MATCH_LINE = /^(.*?):(\d+): (.*)$/;
const CONTEXT_LINE = /^(.*?)-(\d+)- (.*)$/;

/** Reads the grep tool's `path:line: text` / `path-line- text` / `--` / `... note` lines back into parts. */
export function parseGrepText(text: string): GrepTextLine[] {
  const out: GrepTextLine[] = [];
  for (const line of text.split('\n')) {
    if (line === '--') {
      out.push({ kind: 'gap' });
      continue;
    }
    if (line.startsWith('... ')) {
      out.push({ kind: 'note', text: line.slice(4) });
      continue;
    }
    const match = MATCH_LINE.exec(line);
    const context = match ? undefined : CONTEXT_LINE.exec(line);
    const parts = match ?? context;
    if (parts) out.push({ kind: match ? 'match' : 'context', path: parts[1], line: Number(parts[2]), text: parts[3] });
  }
  return out;
}
