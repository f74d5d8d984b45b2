/** Languages by file extension, for dataset rows that do not name theirs (per-language reports). */
const LANGUAGE_BY_EXTENSION: Readonly<Record<string, string>> = {
  py: 'python', pyi: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java', kt: 'kotlin', scala: 'scala',
  c: 'c',
  cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hh: 'cpp', hpp: 'cpp', hxx: 'cpp',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript',
  rb: 'ruby', php: 'php', cs: 'csharp', swift: 'swift',
};

/**
 * A row's language: the dataset's own `language` field, else the language most of its gold files are written in
 * (the first such file's on a tie), else C for headers alone (`.h` is C's, C++'s and Objective-C's, so it decides
 * nothing beside a source file), else 'unknown' (gold files that are all docs or data).
 */
export function rowLanguage(row: { language?: string; gold_files: readonly string[] }): string {
  if (row.language && row.language !== 'unknown') return row.language;
  const counts = new Map<string, number>();
  for (const file of row.gold_files) {
    const dot = file.lastIndexOf('.');
    const language = dot < 0 ? undefined : LANGUAGE_BY_EXTENSION[file.slice(dot + 1).toLowerCase()];
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  let best = 'unknown';
  for (const [language, count] of counts) if (count > (counts.get(best) ?? 0)) best = language;
  if (best === 'unknown' && row.gold_files.some((file) => /\.h$/i.test(file))) return 'c';
  return best;
}
