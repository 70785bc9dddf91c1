import { readFileSync } from 'node:fs';

/** True while `pid` is a running Neo4j whose home is `home` (so a recycled PID is not mistaken for it). */
export function isNeo4jProcess(pid: number, home: string): boolean {
  return processRuns(pid, (args) => args.includes(`--home-dir=${home}`));
}

/** Whether `pid` runs and its command line (`/proc`) is the one `isOurs` expects, so a recycled PID does not count. */
export function processRuns(pid: number, isOurs: (args: string[]) => boolean): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return isOurs(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
  } catch {
    // No /proc (macOS): a live PID from our own PID file is the best evidence there is.
    return true;
  }
}

/** SIGTERM lets Neo4j check-point and close its stores; SIGKILL only when it does not finish in time. */
export async function terminate(pid: number, home: string, timeoutMs = 30_000): Promise<void> {
  if (!isNeo4jProcess(pid, home)) return;
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isNeo4jProcess(pid, home)) {
    if (Date.now() > deadline) {
      signal(pid, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
