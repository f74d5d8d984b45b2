import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** Creates a temp folder holding `files` (path → content); returns its absolute path. */
export function makeTree(files: Record<string, string | Buffer>, prefix = 'codegrep-tools-'): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return root;
}

/** makeTree, committed as a git repository's first commit (for the brains' runs, which read what git tracks). */
export function makeGitTree(files: Record<string, string | Buffer>, prefix = 'codegrep-git-'): string {
  const root = makeTree(files, prefix);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init');
  return root;
}

/** Removes a folder made by makeTree. */
export function removeTree(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** Pids of `rg` processes whose parent is this test process (read from /proc); exited-but-unreaped ones only on request. */
export function childRgPids(includeZombies = false): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Format: pid (comm) state ppid ...
      const match = /^\d+ \((.*)\) (\S) (\d+)/.exec(stat);
      if (match && match[1] === 'rg' && (includeZombies || match[2] !== 'Z') && Number(match[3]) === process.pid) pids.push(Number(entry));
    } catch {
      // The process exited while we looked.
    }
  }
  return pids;
}

/** A never-aborted signal. */
export const noSignal = new AbortController().signal;
