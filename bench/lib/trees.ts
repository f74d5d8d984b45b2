// Real source trees for the benchmarks, extracted from the shared bare repos without network.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/** The folder of <owner>__<name>.git bare repos (CODEGREP_BENCH_REPOS overrides). */
export const REPOS = process.env.CODEGREP_BENCH_REPOS ?? '/work/shared/eval/repos';
/** Where extracted trees and writable git copies are kept between runs. */
export const CACHE = path.resolve('.cache/bench');

/** A tree of `repo` at its first `base-*` tag, extracted once with git archive (the shared repos stay read-only). */
export function prepareTree(repo: string): string {
  const tree = path.join(CACHE, 'trees', repo);
  if (existsSync(path.join(tree, '.complete'))) return tree;
  const gitDir = path.join(CACHE, 'git', `${repo}.git`);
  const source = path.join(REPOS, `${repo}.git`);
  if (!existsSync(gitDir) && !existsSync(source)) throw new Error(`${source} not found; set CODEGREP_BENCH_REPOS to the folder of bare repos.`);
  if (!existsSync(gitDir)) {
    cpSync(source, gitDir, { recursive: true });
    chmodRecursive(gitDir);
    // The shared copies have no refs/ folder (refs are packed); git wants one to recognise a repo.
    mkdirSync(path.join(gitDir, 'refs'), { recursive: true });
  }
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 1 << 30 });
  const tag = git('tag', '--list', 'base-*').toString().split('\n').filter(Boolean).sort()[0];
  const staging = `${tree}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  execFileSync('sh', ['-c', `git --git-dir="${gitDir}" archive "${tag}" | tar -x -C "${staging}"`]);
  writeFileSync(path.join(staging, '.complete'), tag);
  rmSync(tree, { recursive: true, force: true });
  renameSync(staging, tree);
  return tree;
}

/** Makes a copied bare repo writable (the shared copies are read-only). */
function chmodRecursive(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chmodRecursive(full);
    else chmodSync(full, 0o644);
  }
}

