import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classArchiveFile } from '../../src/neo4j/class-archive';
import { ensureNeo4jJars } from '../../src/neo4j/jars';
import { findJava } from '../../src/neo4j/java';
import { startNeo4j } from '../../src/neo4j/launcher';
import { freePort } from '../../src/neo4j/ports';
import { isNeo4jProcess } from '../../src/neo4j/process-control';

const root = path.resolve(__dirname, '..', '..');

describe('Neo4j launcher', () => {
  const dirs: string[] = [];
  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-launcher-'));
    dirs.push(dir);
    return dir;
  }
  afterEach(async () => {
    vi.unstubAllEnvs();
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('leaves no JVM behind when its caller exits without stopping it', async () => {
    const dir = await tempDir();
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
    const fixture = path.join(__dirname, 'fixtures', 'start-then-crash.ts');
    const run = await promisify(execFile)(tsx, [fixture, dir]).catch((error: { code: number; stdout: string }) => error);
    expect(run).toMatchObject({ code: 1 });
    const { pid } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { pid: number };

    const deadline = Date.now() + 45_000;
    while (isNeo4jProcess(pid, dir) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(isNeo4jProcess(pid, dir)).toBe(false);
  }, 180_000);

  it('starts Neo4j with its class archive mapped, trained once for this Neo4j and Java', async () => {
    const lib = await ensureNeo4jJars();
    const archive = classArchiveFile(lib, findJava());
    const dir = await tempDir();
    const neo4j = await startNeo4j({ dir, boltPort: await freePort(), httpPort: await freePort(), password: 'archive-password' });
    try {
      expect(existsSync(archive)).toBe(true);
      // The kernel's map of the JVM's memory: the archive is mapped, not merely named on its command line.
      expect(readFileSync(`/proc/${neo4j.pid}/maps`, 'utf8')).toContain(archive);
    } finally {
      await neo4j.stop();
    }
  }, 300_000);

  it('refuses a port that is taken, naming it', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const start = startNeo4j({ dir: await tempDir(), boltPort: taken, httpPort: await freePort(), password: 'unused-password' });
      await expect(start).rejects.toThrow(`Port ${taken} (Neo4j Bolt) is already in use on 127.0.0.1`);
    } finally {
      blocker.close();
    }
  });

  it('explains a missing Java', () => {
    expect(() => findJava({ JAVA_HOME: '/nonexistent-jdk' })).toThrow(
      /Java 17\+ is needed to run the local Neo4j, but JAVA_HOME=\/nonexistent-jdk has no working bin\/java/,
    );
    expect(() => findJava({ PATH: '/nonexistent' })).toThrow(/no `java` on PATH/);
  });

  it('explains a missing Maven when the jars are not cached yet', async () => {
    vi.stubEnv('PATH', '/nonexistent');
    await expect(ensureNeo4jJars(path.join(await tempDir(), 'lib'))).rejects.toThrow(/Maven \(`mvn`\) is needed once/);
  });
});
