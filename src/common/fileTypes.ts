/** ripgrep's common `--type` names as globs (rg knows more; these cover what models ask for). */
export const FILE_TYPE_GLOBS: Readonly<Record<string, readonly string[]>> = {
  py: ['*.py', '*.pyi'],
  python: ['*.py', '*.pyi'],
  js: ['*.js', '*.jsx', '*.mjs', '*.cjs'],
  ts: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  typescript: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  rust: ['*.rs'],
  go: ['*.go'],
  java: ['*.java'],
  kotlin: ['*.kt', '*.kts'],
  c: ['*.c', '*.h'],
  cpp: ['*.cpp', '*.cc', '*.cxx', '*.hpp', '*.hh', '*.hxx', '*.h'],
  cs: ['*.cs'],
  ruby: ['*.rb'],
  rb: ['*.rb'],
  php: ['*.php'],
  swift: ['*.swift'],
  scala: ['*.scala'],
  sh: ['*.sh', '*.bash'],
  md: ['*.md', '*.markdown'],
  markdown: ['*.md', '*.markdown'],
  json: ['*.json'],
  yaml: ['*.yaml', '*.yml'],
  toml: ['*.toml'],
  html: ['*.html', '*.htm'],
  css: ['*.css', '*.scss'],
  txt: ['*.txt'],
  rst: ['*.rst'],
};

/** One glob for a list of globs (`{*.py,*.pyi}`), as rg's --glob takes it. */
export function joinGlobs(globs: readonly string[]): string {
  return globs.length === 1 ? globs[0] : `{${globs.join(',')}}`;
}
