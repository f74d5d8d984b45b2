import { execFile } from 'node:child_process';

/** Outcome of one git invocation; git failing is data here, not an exception. */
export interface GitOutput {
  ok: boolean;
  stdout: string;
  stderr: string;
  /** Set when git could not be started at all (ENOENT: not installed). */
  spawnError?: string;
}

/** Runs the git CLI with a fixed locale and no prompts. */
export function runGit(git: string, args: readonly string[], options: { cwd?: string; signal?: AbortSignal } = {}): Promise<GitOutput> {
  return new Promise((resolve) => {
    execFile(
      git,
      [...args],
      {
        cwd: options.cwd,
        signal: options.signal,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' },
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        const spawnError = error && 'code' in error && typeof error.code === 'string' ? `${git}: ${error.code}` : undefined;
        resolve({ ok: !error, stdout: String(stdout), stderr: String(stderr).trim(), spawnError });
      },
    );
  });
}

/** True when `git --version` runs. */
export async function gitAvailable(git: string): Promise<boolean> {
  const out = await runGit(git, ['--version']);
  return out.ok;
}
