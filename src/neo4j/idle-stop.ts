import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runningNeo4jPid, stopNeo4jIn } from './launcher';
import { processRuns } from './process-control';

/**
 * Keeping the managed Neo4j warm between two `npm start`s, as the Gradle daemon keeps its JVM: a
 * Neo4j started for the server outlives it, so a restart finds its JVM compiled and its plans
 * cached (seconds instead of half a minute of warm-ups), and a small detached watcher stops it once
 * nothing has used it for the idle time. Each process using it (a server, an import) leaves a claim
 * in `CLAIMS_DIR`, a file named by its PID; the watcher's own PID and idle time are in
 * `WATCHER_FILE` while it runs.
 */
export const CLAIMS_DIR = 'claims';
export const WATCHER_FILE = 'idle-stop.pid';

const WATCHER_SCRIPT = /[\\/]idle-stop\.[jt]s$/;

/** How often the watcher looks. */
const POLL_MS = 1_000;

/** Left by each process that uses the local Neo4j: its script beside its PID, so a recycled PID is not mistaken for it. */
export function claimLocalNeo4j(dir: string, pid = process.pid, script = process.argv[1] ?? ''): void {
  const claims = path.join(dir, CLAIMS_DIR);
  mkdirSync(claims, { recursive: true, mode: 0o700 });
  // Written aside, then renamed: the watcher must never read a claim half written and sweep it.
  const file = path.join(claims, String(pid));
  writeFileSync(`${file}.new`, `${script}\n`, { mode: 0o600 });
  renameSync(`${file}.new`, file);
}

/** Whether a process that claimed the Neo4j in `dir` still runs; the claims of those gone are removed. */
export function claimantAlive(dir: string): boolean {
  const claims = path.join(dir, CLAIMS_DIR);
  if (!existsSync(claims)) return false;
  let alive = false;
  for (const pid of readdirSync(claims).filter((name) => /^\d+$/.test(name))) {
    const file = path.join(claims, pid);
    const script = readFileSync(file, 'utf8').trim();
    // The command line holds the script as typed (`dist/main.js`), the claim its absolute path.
    if (processRuns(Number(pid), (args) => args.some((arg) => arg !== '' && (arg === script || script.endsWith(`${path.sep}${arg.replace(/^\.\//, '')}`))))) alive = true;
    else rmSync(file, { force: true });
  }
  return alive;
}

/** The idle time of the watcher keeping the Neo4j in `dir`, in minutes, if one runs. */
export function idleWatcherMinutes(dir: string): number | undefined {
  const file = path.join(dir, WATCHER_FILE);
  if (!existsSync(file)) return undefined;
  const [pid = '', idleMs = ''] = readFileSync(file, 'utf8').split('\n');
  // By the script's name: `npm run neo4j` runs this file from source, `npm start` from the build.
  return processRuns(Number(pid), (args) => args.some((arg) => WATCHER_SCRIPT.test(arg))) ? Number(idleMs) / 60_000 : undefined;
}

export type IdleStep = { action: 'wait'; idleSince?: number } | { action: 'stop' } | { action: 'exit' };

/**
 * One look of the watcher: nothing to watch once Neo4j is gone; a process using it resets the idle
 * time; without one, Neo4j is stopped once `idleMs` have passed since the watcher first saw none.
 */
export function idleStep(look: { neo4jRuns: boolean; claimantRuns: boolean; idleSince?: number; now: number; idleMs: number }): IdleStep {
  if (!look.neo4jRuns) return { action: 'exit' };
  if (look.claimantRuns) return { action: 'wait' };
  const idleSince = look.idleSince ?? look.now;
  return look.now - idleSince >= look.idleMs ? { action: 'stop' } : { action: 'wait', idleSince };
}

/** Starts the watcher of the Neo4j in `dir`, detached from this process, unless one runs already. */
export function startIdleWatcher(dir: string, idleMs: number): void {
  if (idleWatcherMinutes(dir) !== undefined) return;
  // This very file: the build's, or the source through tsx (`npm run neo4j`, the tests).
  const loader = __filename.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, __filename, dir, String(idleMs)], { detached: true, stdio: 'ignore' });
  child.unref();
}

async function watch(dir: string, idleMs: number): Promise<void> {
  const watcherFile = path.join(dir, WATCHER_FILE);
  writeFileSync(watcherFile, `${process.pid}\n${idleMs}\n`, { mode: 0o600 });
  try {
    let idleSince: number | undefined;
    for (;;) {
      await sleep(POLL_MS);
      const step = idleStep({ neo4jRuns: runningNeo4jPid(dir) !== undefined, claimantRuns: claimantAlive(dir), idleSince, now: Date.now(), idleMs });
      if (step.action === 'exit') return;
      if (step.action === 'stop') {
        await stopNeo4jIn(dir);
        return;
      }
      idleSince = step.idleSince;
    }
  } finally {
    rmSync(watcherFile, { force: true });
  }
}

if (require.main === module) {
  const [dir, idleMs] = process.argv.slice(2);
  void watch(path.resolve(dir!), Number(idleMs));
}
