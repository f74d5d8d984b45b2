import * as fs from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import git from 'isomorphic-git';
import { issueRepositoryOf, type GitHubRepo, type GitRemote } from '../common/issueRef';

/** What a workspace folder's git repository says about itself (read without spawning git). */
export interface GitFolderInfo {
  /** The folder that holds `.git` (the folder itself or a parent). */
  root: string;
  /** `origin`, else the first remote; the URL never carries credentials. */
  remote?: GitRemote;
  /** Every remote, credentials stripped; a fork has `origin` (the fork) and `upstream` (the original). */
  remotes?: GitRemote[];
  /**
   * The GitHub (or GitHub Enterprise) repository `#123` refers to: `upstream` before `origin`, since
   * a fork's issues live upstream (issueRepositoryOf).
   */
  github?: GitHubRepo;
  /** Commit SHA of HEAD; missing in a repository without commits. */
  head?: string;
  /** Current branch; missing when HEAD is detached. */
  branch?: string;
}

/** Reads remote, HEAD and branch of the repository containing `folder`; undefined when it is not in one. */
export async function readGitInfo(folder: string): Promise<GitFolderInfo | undefined> {
  const found = await findGitDir(path.resolve(folder));
  if (!found) return undefined;
  const info: GitFolderInfo = { root: found.root };
  const remotes = await listRemotes(found.commonDir);
  if (remotes.length > 0) {
    info.remote = remotes.find((r) => r.name === 'origin') ?? remotes[0];
    info.remotes = remotes;
    const github = issueRepositoryOf(remotes);
    if (github) info.github = github;
  }
  const head = await readHead(found.gitDir, found.commonDir);
  if (head.branch) info.branch = head.branch;
  if (head.sha) info.head = head.sha;
  return info;
}

/** Removes `user:password@` from http(s) remote URLs so tokens never reach logs or prompts. */
export function stripCredentials(url: string): string {
  if (!/^https?:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

interface GitDirs {
  root: string;
  /** Per-worktree git dir (HEAD lives here). */
  gitDir: string;
  /** Shared git dir (config, refs); equals gitDir outside linked worktrees. */
  commonDir: string;
}

/** Walks up to the nearest `.git`, following a `gitdir:` file (linked worktrees, submodules). */
async function findGitDir(start: string): Promise<GitDirs | undefined> {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    const info = await stat(dotGit).catch(() => undefined);
    if (info?.isDirectory()) return { root: dir, gitDir: dotGit, commonDir: dotGit };
    if (info?.isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(await readFile(dotGit, 'utf8'));
      if (pointer) {
        const gitDir = path.resolve(dir, pointer[1].trim());
        const common = await readFile(path.join(gitDir, 'commondir'), 'utf8').catch(() => undefined);
        return { root: dir, gitDir, commonDir: common ? path.resolve(gitDir, common.trim()) : gitDir };
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

async function listRemotes(gitdir: string): Promise<GitRemote[]> {
  const remotes = await git.listRemotes({ fs, gitdir }).catch(() => []);
  return remotes.map((r) => ({ name: r.remote, url: stripCredentials(r.url) }));
}

async function readHead(gitDir: string, commonDir: string): Promise<{ sha?: string; branch?: string }> {
  const head = (await readFile(path.join(gitDir, 'HEAD'), 'utf8').catch(() => '')).trim();
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(head)) return { sha: head };
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref) return {};
  const branch = ref.replace(/^refs\/heads\//, '');
  const sha = await git.resolveRef({ fs, gitdir: commonDir, ref }).catch(() => undefined);
  return sha ? { sha, branch } : { branch };
}
