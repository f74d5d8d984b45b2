import type { ExcludeRule } from './excludes';
import type { PathRefusal, ResolvedPath, Workspace } from './workspace';

/** What the tools may see beyond the fixed rules (`.git/` and credential files are never seen). */
export interface VisibilityPolicy {
  /** Exclude globs: codegrep.exclude merged with files.exclude and search.exclude (see mergeExcludeMaps). */
  exclude?: readonly ExcludeRule[];
  /** Also search, list and read files that .gitignore/.ignore/.rgignore hide, and node_modules/ (off by default). */
  includeIgnored?: boolean;
}

/**
 * Names of files that hold credentials by convention; never searched, listed, read or cited,
 * whatever the ignore settings say, so a remote model cannot ask for them by pattern.
 */
export const CREDENTIAL_GLOBS = [
  '.env', '.env.*', '.netrc', '.pypirc', '.npmrc', '.git-credentials', '.pgpass', '.htpasswd',
  '*.pem', '*.key', '*.p12', '*.pfx', 'id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'id_ecdsa_sk', 'id_ed25519_sk',
  // Whole folders of keys and cloud credentials, and Docker's registry logins.
  '.ssh', '.aws', '**/.docker/config.json',
] as const;

const CREDENTIAL_RE = /^(?:\.env(?:\..*)?|\.netrc|\.pypirc|\.npmrc|\.git-credentials|\.pgpass|\.htpasswd|.*\.(?:pem|key|p12|pfx)|id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?)$/;

/** Whether a workspace-relative path (its parts) is a credentials file: by its name, or by the folder it is in. */
function isCredential(parts: readonly string[]): boolean {
  const name = parts[parts.length - 1] ?? '';
  return CREDENTIAL_RE.test(name) || parts.includes('.ssh') || parts.includes('.aws') || (name === 'config.json' && parts[parts.length - 2] === '.docker');
}

/**
 * rg flags that apply the policy. They must come after any caller glob: rg lets the last
 * matching glob win, so a model's `--glob=*` placed after them would re-include `.git/`.
 */
export function policyRgFlags(policy: VisibilityPolicy, excludeFlags: readonly string[]): string[] {
  const flags = policy.includeIgnored ? ['--no-ignore'] : [];
  flags.push('--glob=!.git');
  if (!policy.includeIgnored) flags.push('--glob=!node_modules');
  for (const glob of CREDENTIAL_GLOBS) flags.push(`--glob=!${glob}`);
  flags.push(...excludeFlags);
  return flags;
}

/** The fixed and settings rules a path breaks by its name alone (no listing needed), as a refusal. */
export function refusalByName(workspace: Workspace, target: Pick<ResolvedPath, 'display' | 'root'>, exists?: (display: string) => boolean): PathRefusal | undefined {
  const rel = workspace.relativeToRoot(target.display);
  if (rel === '') return undefined;
  const parts = rel.split('/');
  const shown = target.display;
  if (parts.includes('.git')) return ignored(`${shown} is inside .git/, which CodeGrep never searches, lists or reads.`);
  if (isCredential(parts)) {
    return ignored(`${shown} is a credentials file (${CREDENTIAL_GLOBS.join(', ')}), which CodeGrep never searches, lists or reads.`);
  }
  if (!workspace.policy.includeIgnored && parts.includes('node_modules')) {
    return ignored(`${shown} is inside node_modules/, which is not searched or read (setting codegrep.searchIgnoredFiles opts in).`);
  }
  const prefix = shown.slice(0, shown.length - rel.length);
  const rule = workspace.excludes.match(rel, target.root.abs, exists ? (sibling) => exists(`${prefix}${sibling}`) : undefined);
  if (rule) return ignored(`${shown} matches the exclude pattern ${rule.glob} (codegrep.exclude, files.exclude or search.exclude), so it is not searched or read.`);
  return undefined;
}

/** The refusal for a path that passed the name rules but is missing from the file listing. */
export function ignoredRefusal(display: string, kind: 'file' | 'dir'): PathRefusal {
  const what = kind === 'dir' ? 'holds no searchable file: it is empty or' : 'is';
  return ignored(`${display} ${what} ignored (.gitignore, .ignore or .rgignore), so CodeGrep does not search or read it (setting codegrep.searchIgnoredFiles opts in).`);
}

function ignored(error: string): PathRefusal {
  return { error, reason: 'ignored' };
}
