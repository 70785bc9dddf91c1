import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type LocalNeo4jConfig } from '../../src/config';
import { claimLocalNeo4j, CLAIMS_DIR, idleWatcherMinutes, WATCHER_FILE } from '../../src/neo4j/idle-stop';
import { runningNeo4jPid, stopNeo4jIn } from '../../src/neo4j/launcher';
import { startLocalNeo4j } from '../../src/neo4j/local-instance';
import { freePort } from '../../src/neo4j/ports';

describe('a local Neo4j kept warm for a server', () => {
  let dir: string;
  let local: LocalNeo4jConfig;
  let server: ChildProcess;
  let serverScript: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-idle-'));
    // 3 s of idle time, so the test sees the watcher stop it.
    local = { ...loadConfig().localNeo4j, dir, boltPort: await freePort(), httpPort: await freePort(), heap: '512m', idleMinutes: 0.05 };
    serverScript = path.join(dir, 'server.js');
    await writeFile(serverScript, 'setTimeout(() => {}, 120_000);\n');
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    await stopNeo4jIn(dir);
    await rm(dir, { recursive: true, force: true });
  });

  it('outlives the server that started it, then stops once no server has used it for the idle time', async () => {
    const started = await startLocalNeo4j(local, { keepWarm: true });
    expect(started).toMatchObject({ reused: false, stoppedBy: 'idle' });
    await vi.waitFor(() => expect(idleWatcherMinutes(dir)).toBe(0.05), { timeout: 10_000, interval: 250 });
    // A second server finds it running and warm, and leaves it to the watcher.
    expect(await startLocalNeo4j(local, { keepWarm: true })).toMatchObject({ reused: true, stoppedBy: 'idle', idleMinutes: 0.05, pid: started.pid });

    // Both calls claimed it for this test's process, which outlives the test: the server that uses
    // it from now on is a process of its own, which the test ends.
    expect(await readdir(path.join(dir, CLAIMS_DIR))).toEqual([String(process.pid)]);
    await rm(path.join(dir, CLAIMS_DIR, String(process.pid)));
    server = spawn(process.execPath, [serverScript], { stdio: 'ignore' });
    claimLocalNeo4j(dir, server.pid!, serverScript);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(runningNeo4jPid(dir)).toBe(started.pid);

    server.kill('SIGTERM');
    await vi.waitFor(() => expect(runningNeo4jPid(dir)).toBeUndefined(), { timeout: 60_000, interval: 250 });
    // The claim of the server that ended is swept with it.
    expect(await readdir(path.join(dir, CLAIMS_DIR))).toEqual([]);
    await vi.waitFor(() => expect(existsSync(path.join(dir, WATCHER_FILE))).toBe(false), { timeout: 5_000, interval: 250 });
  }, 120_000);

  it('stops with the server when kept warm for 0 minutes', async () => {
    const neo4j = await startLocalNeo4j({ ...local, idleMinutes: 0 }, { keepWarm: true });
    expect(neo4j).toMatchObject({ reused: false, stoppedBy: 'server' });
    expect(idleWatcherMinutes(dir)).toBeUndefined();
    await neo4j.stop();
    expect(runningNeo4jPid(dir)).toBeUndefined();
  }, 120_000);
});
