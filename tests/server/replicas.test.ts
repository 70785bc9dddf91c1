import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dataVersionSequence } from '../../src/graph/write/data-version';
import type { GraphClient } from '../../src/graph/driver/driver';
import { DATA_VERSION_HEADER, MIN_DATA_VERSION_HEADER } from '../../src/server/data-version-header';
import { buildApiAhead, startApiProcess, type ApiProcess } from '../support/api-process';
import { reseedDatabase, testGraph } from '../support/graph';
import { startTestGraphQLServer } from '../support/graphql-server';
import { pollStatus } from '../support/http';
import { startRedis, type TestRedis } from '../support/redis-server';

const ROOT = path.resolve(__dirname, '..', '..');
const QUERY = '{ search(text: "messi", first: 1) { id } }';
const DRAIN_MS = 1_500;
/** Small budgets: 4 requests at once, then one a second (a 4 s window in Redis). */
const RATE_ENV = { KG_RATE_LIMIT_REQUEST_BURST: '4', KG_RATE_LIMIT_REQUESTS_PER_SECOND: '1' };

interface Reply {
  status: number;
  /** The network error's code when no answer came (ECONNREFUSED: never accepted). */
  error?: string;
  version?: string | null;
}

/** Polls the replica's readiness (it may not listen yet) until 200, for up to two minutes. */
async function untilReady(api: ApiProcess): Promise<void> {
  const deadline = performance.now() + 120_000;
  while ((await fetch(`${api.base}/health/ready`).then((res) => res.status, () => 0)) !== 200) {
    if (!api.alive() || performance.now() > deadline) throw new Error(`replica not ready:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A query answered without Neo4j: the rate limit is charged before anything else. */
const TYPENAME = '{ __typename }';

/** One GraphQL request as client `client` behind the trusted proxy; never throws. */
async function ask(base: string, client: string, headers: Record<string, string> = {}, query = QUERY): Promise<Reply> {
  try {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cache-control': 'no-cache', 'x-forwarded-for': client, ...headers },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    return { status: res.status, version: res.headers.get(DATA_VERSION_HEADER) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, error: cause?.code ?? cause?.message ?? String(error) };
  }
}

// Two API processes on the one test Neo4j through neo4j:// (routed sessions), sharing their rate
// limits through a Redis the test starts: replicas as docker-compose's `scale` profile runs them.
describe('API replicas', () => {
  let graph: GraphClient;
  let redis: TestRedis;
  let a: ApiProcess;
  let b: ApiProcess;
  const neo4j = inject('neo4j');
  const routedUri = neo4j.uri.replace(/^bolt:/, 'neo4j:');
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    buildApiAhead();
    let started = performance.now();
    graph = testGraph();
    await reseedDatabase(graph);
    figures.seeded = Math.round(performance.now() - started);
    redis = await startRedis();
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      NEO4J_URI: routedUri,
      NEO4J_USER: neo4j.user,
      NEO4J_PASSWORD: neo4j.password,
      KG_REDIS_URL: redis.url,
      KG_TRUST_PROXY: '1',
      KG_SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      ...RATE_ENV,
    };
    started = performance.now();
    [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    figures.builtAfterSeeding = Math.round(performance.now() - started);
    started = performance.now();
    await Promise.all([a, b].map(untilReady));
    figures.ready = Math.round(performance.now() - started);
  }, 180_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await redis?.stop();
    await graph?.close();
    console.info('replica figures (ms):', figures);
  });

  it('shares one rate limit: a client over its budget on replica A is refused on replica B', async () => {
    const client = '203.0.113.7';
    const onA = [];
    for (let i = 0; i < 4; i++) onA.push((await ask(a.base, client, {}, TYPENAME)).status);
    expect(onA).toEqual([200, 200, 200, 200]);
    expect((await ask(a.base, client, {}, TYPENAME)).status).toBe(429);
    expect((await ask(b.base, client, {}, TYPENAME)).status).toBe(429);
    // Another client is not concerned.
    expect((await ask(b.base, '203.0.113.8', {}, TYPENAME)).status).toBe(200);
  });

  it('serves an import made through the CLI from both replicas within 2 s, and never older data to a client that sends its version', async () => {
    const before = (await ask(a.base, '198.51.100.1')).version!;
    const { stdout } = await promisify(execFile)(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['src/ingest/import-cli.ts', 'openfootball', path.join(ROOT, 'tests', 'fixtures', 'openfootball'), '--years', '2026'],
      { cwd: ROOT, env: { PATH: process.env.PATH, NEO4J_URI: routedUri, NEO4J_USER: neo4j.user, NEO4J_PASSWORD: neo4j.password, LOG_LEVEL: 'warn' } },
    );
    const committed = performance.now();
    const written = /^data version (\S+)$/m.exec(stdout)?.[1];
    expect(written, stdout).toBeDefined();
    expect(dataVersionSequence(written!)).toBeGreaterThan(dataVersionSequence(before)!);

    // A client that sends the version reads it (or newer) on either replica, at once.
    for (const [i, api] of [a, b].entries()) {
      const reply = await ask(api.base, `198.51.100.${10 + i}`, { [MIN_DATA_VERSION_HEADER]: written! });
      expect(reply.status).toBe(200);
      expect(dataVersionSequence(reply.version!)).toBeGreaterThanOrEqual(dataVersionSequence(written!)!);
    }
    // Clients that do not send it see the import within the replicas' poll.
    for (const [i, api] of [a, b].entries()) {
      let seen: string | null | undefined;
      for (let n = 0; seen !== written && performance.now() - committed < 5_000; n++) {
        // A client per request: the polls would spend one client's budget.
        seen = (await ask(api.base, `${i ? '198.18.0' : '192.0.2'}.${n % 250}`)).version;
        if (seen !== written) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      figures[`importSeenBy${i ? 'B' : 'A'}`] = Math.round(performance.now() - committed);
      expect(seen).toBe(written);
    }
    expect(Math.max(figures.importSeenByA, figures.importSeenByB)).toBeLessThan(2_000);
  }, 120_000);

  it('drains on SIGTERM under load: not ready first, every accepted request answered, the other replica serving on', async () => {
    const replies: { a: Reply[]; b: Reply[] } = { a: [], b: [] };
    let running = true;
    // As a balancer does: no new request to A once its readiness has said 503; those under way go on.
    let aTakenOut = false;
    let counter = 0;
    // Each request a client of its own: this test is about draining, not about budgets.
    const loop = async (api: ApiProcess, into: Reply[]) => {
      while (running && !(api === a && aTakenOut)) {
        const reply = await ask(api.base, `10.1.${Math.floor(counter / 250)}.${counter++ % 250}`);
        into.push(reply);
      }
    };
    const loops = [...Array.from({ length: 4 }, () => loop(a, replies.a)), ...Array.from({ length: 2 }, () => loop(b, replies.b))];
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const signalled = performance.now();
    a.kill('SIGTERM');
    expect(await pollStatus(`${a.base}/health/ready`, 503, 1_000)).toBe(503);
    aTakenOut = true;
    figures.notReadyAfterSigterm = Math.round(performance.now() - signalled);
    // Still answering while the balancer takes it out.
    expect((await ask(a.base, '10.2.0.1')).status).toBe(200);
    expect(await a.exited).toBe(0);
    figures.exitedAfterSigterm = Math.round(performance.now() - signalled);
    expect(figures.exitedAfterSigterm).toBeGreaterThanOrEqual(DRAIN_MS);
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(loops);

    figures.answeredByA = replies.a.length;
    figures.answeredByB = replies.b.length;
    expect(replies.a.length).toBeGreaterThan(20);
    // Nothing lost: every request A accepted, those under way when it was signalled included, was answered.
    expect(replies.a.filter((reply) => reply.status !== 200)).toEqual([]);
    expect(replies.b.length).toBeGreaterThan(10);
    expect(replies.b.filter((reply) => reply.status !== 200)).toEqual([]);
  }, 60_000);
});

describe('rate limits without Redis', () => {
  it('are per replica: a client over its budget on one replica is served by another', async () => {
    const graph = testGraph();
    const rateLimit = { requestBurst: 4, requestsPerSecond: 1, costBurst: 100_000, costPerSecond: 25_000 };
    const replicas = [await startTestGraphQLServer(graph, { route: { rateLimit } }), await startTestGraphQLServer(graph, { route: { rateLimit } })];
    try {
      const statuses = async (base: string, n: number) => {
        const seen = [];
        for (let i = 0; i < n; i++) seen.push((await ask(base, 'unused', {}, TYPENAME)).status);
        return seen;
      };
      expect(await statuses(replicas[0].base, 5)).toEqual([200, 200, 200, 200, 429]);
      expect(await statuses(replicas[1].base, 5)).toEqual([200, 200, 200, 200, 429]);
    } finally {
      for (const replica of replicas) await replica.close();
      await graph.close();
    }
  });
});
