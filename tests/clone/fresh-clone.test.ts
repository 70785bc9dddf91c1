import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/neo4j/ports';
import { pollStatus } from '../support/http';

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);
/** A first start imports every shipped data set into a new Neo4j: minutes on a busy 2-core machine, not seconds. */
const FIRST_START_TIMEOUT_MS = 600_000;

/**
 * What a newcomer does: clone the repository into a folder with nothing beside it, `npm ci`, then
 * `npm start`, and ask the README's first questions. The committed tree is what is cloned, so
 * nothing outside the repository (no data folder beside it) can make this pass.
 */
describe('a fresh clone with nothing beside it', () => {
  let home: string;
  let clone: string;
  let server: ChildProcess | undefined;
  let output = '';
  let base: string;
  let readyMs: number;

  async function query<Data>(text: string): Promise<Data> {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: text }),
    });
    const body = (await response.json()) as { data: Data; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data;
  }

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'kg-fresh-clone-'));
    clone = path.join(home, 'sports-knowledge-graph');
    await run('git', ['clone', '--quiet', ROOT, clone]);
    // From npm's cache when the CI's own install filled it; a newcomer's first install downloads the same.
    await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: clone, maxBuffer: 64 << 20 });
    const [port, boltPort, httpPort, metricsPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    // Every port free, the metrics listener's too: the defaults may be taken on a shared machine.
    env = {
      PATH: process.env.PATH!,
      HOME: process.env.HOME!,
      PORT: String(port),
      KG_METRICS_PORT: String(metricsPort),
      NEO4J_LOCAL_BOLT_PORT: String(boltPort),
      NEO4J_LOCAL_HTTP_PORT: String(httpPort),
    };
    readyMs = await npmStart();
    console.log(`fresh clone: npm start ready with the whole graph after ${(readyMs / 1000).toFixed(1)} s`);
  }, FIRST_START_TIMEOUT_MS + 300_000);

  afterAll(async () => {
    await ctrlC();
    // The Neo4j a test below keeps running, should that test have stopped half-way.
    if (clone) await neo4jCommand('stop').catch(() => undefined);
    if (home) await rm(home, { recursive: true, force: true });
  }, 120_000);

  /** `npm run neo4j -- <command>` in the clone: its output, and its exit code (0 when it succeeded). */
  async function neo4jCommand(command: 'start' | 'stop' | 'status'): Promise<{ stdout: string; code: number }> {
    try {
      const { stdout } = await run('npm', ['run', '--silent', 'neo4j', '--', command], { cwd: clone, env });
      return { stdout, code: 0 };
    } catch (error) {
      const failed = error as { stdout?: string; code?: number };
      return { stdout: failed.stdout ?? '', code: failed.code ?? 1 };
    }
  }

  let env: Record<string, string>;

  /** `npm start` in the clone, as a person types it; resolves with the milliseconds until ready. */
  async function npmStart(): Promise<number> {
    const started = Date.now();
    output = '';
    const child = (server = spawn('npm', ['start'], {
      cwd: clone,
      // Its own process group, so the whole tree (npm, node, the JVM) hears the Ctrl-C below.
      detached: true,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }));
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const status = await pollStatus(`${base}/health/ready`, 200, FIRST_START_TIMEOUT_MS, () => child.exitCode === null);
    if (status !== 200) throw new Error(`npm start was not ready (last status ${status}, exit code ${child.exitCode}):\n${output.slice(-4000)}`);
    return Date.now() - started;
  }

  /** Ctrl-C: the server and its local Neo4j stop. */
  async function ctrlC(): Promise<void> {
    // Ended already: by its own exit code, or by the signal of an earlier Ctrl-C.
    if (!server?.pid || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid, 'SIGINT');
    await exited;
  }

  it('has no folder beside it, and keeps its graph in its own .neo4j/', async () => {
    expect(await readdir(home)).toEqual(['sports-knowledge-graph']);
    expect(await readdir(path.join(clone, '.neo4j'))).toContain('data');
  });

  it('prints a line per shipped data set and its time to ready', () => {
    for (const dataSet of ['fjelstul', 'openfootball', 'wyscout', 'international-results']) expect(output).toMatch(new RegExp(`^${dataSet}: [\\d,]+ rows imported in [\\d.]+ s`, 'm'));
    expect(output).toMatch(/^Ready in [\d.]+ s/m);
  });

  it("answers the README's first example: six Argentina v England World Cup meetings, 2-1-3", async () => {
    const { headToHead } = await query<{ headToHead: { played: number; winsA: number; draws: number; winsB: number; meetings: Array<{ date: string }> } }>(
      '{ headToHead(teamA: "Argentina", teamB: "England") { played winsA draws winsB meetings { date } } }',
    );
    expect(headToHead.meetings.map((meeting) => meeting.date.slice(0, 4))).toEqual(['1962', '1966', '1986', '1998', '2002', '2026']);
    expect([headToHead.winsA, headToHead.draws, headToHead.winsB]).toEqual([2, 1, 3]);
  });

  it("lists Lionel Messi's 26 World Cup appearances, 2006-2022", async () => {
    const { player } = await query<{ player: { worldCupStats: Array<{ tournamentYear: number; appearances: number }> } }>(
      '{ player(name: "Lionel Messi") { worldCupStats { tournamentYear appearances } } }',
    );
    const played = player.worldCupStats.filter((stats) => stats.tournamentYear <= 2022);
    expect(played.map((stats) => stats.tournamentYear)).toEqual([2006, 2010, 2014, 2018, 2022]);
    expect(played.reduce((sum, stats) => sum + stats.appearances, 0)).toBe(26);
  });

  it('has the assists of the 2018 World Cup', async () => {
    const { assists } = await query<{ assists: Array<{ count: number }> }>('{ assists(filter: { tournamentYears: [2018] }) { count } }');
    expect(assists.length).toBeGreaterThan(0);
  });

  it('starts again after Ctrl-C from its .neo4j/, only verifying the data sets, its Neo4j kept warm meanwhile', async () => {
    await ctrlC();
    expect((await neo4jCommand('status')).stdout).toMatch(/^Neo4j is running: .*stops 15 min after the last server stops/m);
    const laterMs = await npmStart();
    console.log(`fresh clone: a later npm start (Neo4j kept warm) ready after ${(laterMs / 1000).toFixed(1)} s`);
    expect(output).toMatch(/^Neo4j +bolt:\/\/127\.0\.0\.1:\d+ \(stays up 15 min after the server stops/m);
    for (const dataSet of ['fjelstul', 'openfootball', 'wyscout', 'international-results']) {
      expect(output).toMatch(new RegExp(`^${dataSet}: [\\d,]+ rows verified in [\\d.]+ s`, 'm'));
    }
    const { headToHead } = await query<{ headToHead: { played: number } }>('{ headToHead(teamA: "Argentina", teamB: "England") { played } }');
    expect(headToHead.played).toBe(6);
  }, FIRST_START_TIMEOUT_MS);

  it('starts a Neo4j of its own again once `npm run neo4j -- stop` has stopped the warm one', async () => {
    await ctrlC();
    expect((await neo4jCommand('stop')).stdout).toContain('Neo4j stopped.');
    expect((await neo4jCommand('status')).code).toBe(3);
    const coldMs = await npmStart();
    console.log(`fresh clone: a later npm start with a new Neo4j ready after ${(coldMs / 1000).toFixed(1)} s`);
    const { headToHead } = await query<{ headToHead: { played: number } }>('{ headToHead(teamA: "Argentina", teamB: "England") { played } }');
    expect(headToHead.played).toBe(6);
  }, FIRST_START_TIMEOUT_MS);
});
