import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * The watchdog's whole program. It reads `+PID` / `-PID` lines from its stdin, which is a pipe from
 * this process; when that pipe closes (this process exited, even by SIGKILL) it kills the PIDs still
 * listed. It ignores the signals a terminal sends to the whole group, so Ctrl-C or a hang-up cannot
 * kill it before it has done its job.
 */
const SCRIPT = `trap '' INT HUP TERM
pids=" "
while IFS= read -r line; do
  p="\${line#?}"
  case "$line" in
    +*) pids="$pids$p " ;;
    -*) case "$pids" in *" $p "*) pids="\${pids%% $p *} \${pids#* $p }" ;; esac ;;
  esac
done
for p in $pids; do kill -9 "$p" 2>/dev/null; done
`;

/**
 * Makes every rg child die with its parent: a tiny `sh` process per parent process, told of each
 * rg as it starts and ends. Node cannot set PR_SET_PDEATHSIG, and a SIGKILL runs no exit handler,
 * so the parent's own cleanup cannot cover that case; the closed pipe can. POSIX only: on Windows
 * the watchdog is off.
 */
export class RgWatchdog {
  private child: ChildProcess | undefined;
  private failed = false;

  /** Tells the watchdog an rg started (starting the watchdog on first use). */
  track(pid: number | undefined): void {
    if (pid !== undefined) this.send(`+${pid}\n`);
  }

  /** Tells the watchdog an rg has exited, so its PID is never killed after reuse. */
  untrack(pid: number | undefined): void {
    if (pid !== undefined && this.child) this.send(`-${pid}\n`);
  }

  /** The watchdog's PID, for tests. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private send(line: string): void {
    const child = this.ensure();
    if (!child?.stdin?.writable) return;
    child.stdin.write(line);
  }

  private ensure(): ChildProcess | undefined {
    if (this.child || this.failed || process.platform === 'win32') return this.child;
    let child: ChildProcess;
    try {
      // Its own process group: a signal to ours (Ctrl-C, a closed terminal) does not reach it.
      child = spawn('/bin/sh', ['-c', SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true, windowsHide: true });
    } catch {
      this.failed = true;
      return undefined;
    }
    child.on('error', () => {
      this.failed = true;
      this.child = undefined;
    });
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    child.stdin?.on('error', () => undefined);
    // Neither the process nor its pipe may keep this process alive.
    child.unref();
    (child.stdin as Socket | null)?.unref();
    this.child = child;
    return child;
  }
}

/** The process-wide watchdog that runRipgrep reports to. */
export const rgWatchdog = new RgWatchdog();
