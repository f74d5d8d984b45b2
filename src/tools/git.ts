import * as fs from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import git from 'isomorphic-git';
import { parseGitRemoteUrl, type GitHubRepo } from '../common/issueRef';

/** What a workspace folder's git repository says about itself (read without spawning git). */
export interface GitFolderInfo {
  /** The folder that holds `.git` (the folder itself or a parent). */
  root: string;
  /** `origin`, else the first remote; the URL never carries credentials. */
  remote?: { name: string; url: string };
  /** The GitHub (or GitHub Enterprise) repository the remote names, for `#123` resolution. */
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
  const remote = await pickRemote(found.commonDir);
  if (remote) {
    info.remote = remote;
    info.github = parseGitRemoteUrl(remote.url);
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

async function pickRemote(gitdir: string): Promise<{ name: string; url: string } | undefined> {
  const remotes = await git.listRemotes({ fs, gitdir }).catch(() => []);
  const chosen = remotes.find((r) => r.remote === 'origin') ?? remotes[0];
  return chosen ? { name: chosen.remote, url: stripCredentials(chosen.url) } : undefined;
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
