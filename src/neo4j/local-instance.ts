import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalNeo4jConfig } from '../config';
import { runningNeo4jPid, startNeo4j, stopNeo4jIn, type Neo4jInstance } from './launcher';

/**
 * The persistent local default behind `npm start` and `npm run neo4j`: one Neo4j home (by default
 * `.neo4j/` in the repository) whose data is kept between runs, with a password generated on first
 * use and stored next to it.
 */

export interface LocalNeo4j extends Neo4jInstance {
  /** True when a Neo4j started earlier by `npm run neo4j -- start` was found and reused. */
  reused: boolean;
}

export async function startLocalNeo4j(local: LocalNeo4jConfig, options: { detached?: boolean } = {}): Promise<LocalNeo4j> {
  const password = await localPassword(local.dir);
  const pid = runningNeo4jPid(local.dir);
  if (pid !== undefined) {
    // Not ours to stop: whoever started it detached stops it with `npm run neo4j -- stop`.
    const uri = `bolt://127.0.0.1:${local.boltPort}`;
    return { uri, user: 'neo4j', password, pid, dir: local.dir, reused: true, stop: async () => {} };
  }
  const instance = await startNeo4j({ ...local, password, detached: options.detached });
  return { ...instance, reused: false };
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
