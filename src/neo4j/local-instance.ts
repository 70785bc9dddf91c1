import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalNeo4jConfig } from '../config';
import { claimLocalNeo4j, idleWatcherMinutes, startIdleWatcher } from './idle-stop';
import { runningNeo4jPid, startNeo4j, stopNeo4jIn, type Neo4jInstance } from './launcher';

/**
 * The persistent local default behind `npm start` and `npm run neo4j`: one Neo4j home (by default
 * `.neo4j/` in the repository) whose data is kept between runs, with a password generated on first
 * use and stored next to it.
 */

export interface LocalNeo4j extends Neo4jInstance {
  /** True when a Neo4j already running (started by `npm run neo4j -- start` or an earlier server) was reused. */
  reused: boolean;
  /**
   * What stops it: `server`, the caller's `stop()`; `idle`, the idle watcher, once no server has used
   * it for `idleMinutes` (idle-stop.ts); `command`, only `npm run neo4j -- stop`.
   */
  stoppedBy: 'server' | 'idle' | 'command';
  /** With `idle`: the minutes it stays up once no server uses it. */
  idleMinutes?: number;
}

export interface LocalNeo4jOptions {
  /** Leave it running when this process exits (`npm run neo4j -- start`). */
  detached?: boolean;
  /**
   * For a server: one started here outlives it for `idleMinutes`, so that a restart finds it warm
   * (`stop()` then leaves it to the idle watcher).
   */
  keepWarm?: boolean;
}

export async function startLocalNeo4j(local: LocalNeo4jConfig, options: LocalNeo4jOptions = {}): Promise<LocalNeo4j> {
  const password = await localPassword(local.dir);
  const keepWarm = options.keepWarm === true && local.idleMinutes > 0;
  const pid = runningNeo4jPid(local.dir);
  if (pid !== undefined) {
    // So that an idle watcher does not stop it under this process (a long import, a server).
    claimLocalNeo4j(local.dir);
    // Not ours to stop: its idle watcher or `npm run neo4j -- stop` does.
    const uri = `bolt://127.0.0.1:${local.boltPort}`;
    const idleMinutes = idleWatcherMinutes(local.dir);
    const stoppedBy = idleMinutes === undefined ? 'command' : 'idle';
    return { uri, user: 'neo4j', password, pid, dir: local.dir, reused: true, stoppedBy, idleMinutes, stop: async () => {} };
  }
  const instance = await startNeo4j({ ...local, password, detached: options.detached || keepWarm });
  if (!keepWarm) return { ...instance, reused: false, stoppedBy: options.detached ? 'command' : 'server' };
  claimLocalNeo4j(local.dir);
  startIdleWatcher(local.dir, local.idleMinutes * 60_000);
  return { ...instance, reused: false, stoppedBy: 'idle', idleMinutes: local.idleMinutes };
}

export function stopLocalNeo4j(local: LocalNeo4jConfig): Promise<boolean> {
  return stopNeo4jIn(local.dir);
}

export function localNeo4jStatus(local: LocalNeo4jConfig): { running: boolean; pid?: number; uri: string } {
  const pid = runningNeo4jPid(local.dir);
  return { running: pid !== undefined, pid, uri: `bolt://127.0.0.1:${local.boltPort}` };
}

async function localPassword(dir: string): Promise<string> {
  const file = path.join(dir, 'password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}
