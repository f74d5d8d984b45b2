import { compileGlob, type PathMatcher } from './wildcard';

/**
 * One exclude glob in VS Code's `files.exclude` sense: matched against a path relative to its
 * workspace folder, and a match on a folder hides everything below it. `when` is VS Code's sibling
 * clause (`$(basename).ts`: hide `a.js` only when `a.ts` sits next to it). `root` limits the rule
 * to one workspace folder (its absolute path), as folder-level settings do.
 */
export interface ExcludeRule {
  glob: string;
  when?: string;
  root?: string;
}

/**
 * Merges glob maps (`{ "**\/dist": true }`) the way VS Code search merges `files.exclude` and
 * `search.exclude`: a later map overrides an earlier one key by key, and a key set to false is
 * dropped, so `search.exclude: { "**\/dist": false }` searches what files.exclude hides.
 * Values other than true or `{ when: string }` are ignored, as VS Code ignores them.
 */
export function mergeExcludeMaps(maps: readonly unknown[], root?: string): ExcludeRule[] {
  const merged = new Map<string, unknown>();
  for (const map of maps) {
    if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
    for (const [glob, value] of Object.entries(map as Record<string, unknown>)) merged.set(glob, value);
  }
  const rules: ExcludeRule[] = [];
  for (const [glob, value] of merged) {
    if (glob.trim() === '') continue;
    const base = root === undefined ? { glob } : { glob, root };
    if (value === true) rules.push(base);
    else if (value && typeof value === 'object' && typeof (value as { when?: unknown }).when === 'string') rules.push({ ...base, when: (value as { when: string }).when });
  }
  return rules;
}

interface CompiledRule {
  rule: ExcludeRule;
  matcher: PathMatcher;
}

/** An exclude glob as it is matched: POSIX separators, no leading `./` or trailing `/`. */
export function excludeGlob(written: string): string {
  return written.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
}

/** Why an exclude glob would hide nothing (it cannot be compiled), or undefined when it is usable. */
export function excludeGlobError(written: string): string | undefined {
  const compiled = compileGlob(excludeGlob(written));
  return 'error' in compiled ? compiled.error : undefined;
}

/** Compiled exclude rules: which folder-relative paths they hide, and which of them rg can prune itself. */
export class ExcludeMatcher {
  private readonly compiled: CompiledRule[];

  constructor(rules: readonly ExcludeRule[] = []) {
    this.compiled = [];
    for (const rule of rules) {
      const glob = excludeGlob(rule.glob);
      const matcher = compileGlob(glob);
      // An invalid glob hides nothing, as in VS Code (and so does one too costly to match: wildcard.ts).
      if (!('error' in matcher)) this.compiled.push({ rule: { ...rule, glob }, matcher });
    }
  }

  /** True when there is no rule at all. */
  get empty(): boolean {
    return this.compiled.length === 0;
  }

  /**
   * The rule that hides `rel` (POSIX, relative to the folder at `root`), or undefined. `exists`
   * answers `when` clauses: does this folder-relative sibling path exist?
   */
  match(rel: string, root: string, exists?: (rel: string) => boolean): ExcludeRule | undefined {
    if (this.compiled.length === 0 || rel === '') return undefined;
    const parts = rel.split('/');
    for (const { rule, matcher } of this.compiled) {
      if (rule.root !== undefined && rule.root !== root) continue;
      for (let depth = 1; depth <= parts.length; depth++) {
        const prefix = parts.slice(0, depth).join('/');
        if (!matcher.test(prefix)) continue;
        if (rule.when === undefined) return rule;
        if (exists && exists(siblingOf(prefix, rule.when))) return rule;
      }
    }
    return undefined;
  }

  /**
   * `--glob=!G` flags for the rules rg applies exactly as we do (`**\/name...` with no sibling
   * clause and every folder), so it skips those trees instead of searching them for us to drop.
   */
  rgFlags(): string[] {
    return this.compiled
      .filter(({ rule }) => rule.when === undefined && rule.root === undefined && rule.glob.startsWith('**/'))
      .map(({ rule }) => `--glob=!${rule.glob}`);
  }
}

/** `$(basename)` in a sibling clause is the file name without its last extension. */
function siblingOf(rel: string, when: string): string {
  const slash = rel.lastIndexOf('/');
  const name = rel.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  // A function, so a `$&` in the file name is the name, not a replacement pattern.
  return `${rel.slice(0, slash + 1)}${when.replace(/\$\(basename\)/g, () => base)}`;
}
