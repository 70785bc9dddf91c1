import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { ClientRateLimiter, clientAddress, TokenBucket, WARM_UP_HEADER } from '../../src/server/rate-limit';
import { resetDatabase, testGraph } from '../support/graph';
import { startTestGraphQLServer, type GraphQLBody, type TestGraphQLServer } from '../support/graphql-server';

describe('TokenBucket', () => {
  it('starts full, refuses what it lacks with the wait, and refills with time', () => {
    const bucket = new TokenBucket(10, 2, 0);
    expect(bucket.take(8, 0)).toBe(0);
    expect(bucket.take(4, 0)).toBe(1); // 2 left, 2 more at 2 per second
    expect(bucket.take(4, 1000)).toBe(0);
    expect(bucket.isFull(1000)).toBe(false);
    expect(bucket.isFull(60_000)).toBe(true);
    expect(bucket.take(3, 60_000)).toBe(0);
  });

  it('never holds more than its capacity, and charges an amount over capacity as a full bucket', () => {
    const bucket = new TokenBucket(5, 1, 0);
    expect(bucket.take(50, 100_000)).toBe(0);
    expect(bucket.take(1, 100_000)).toBe(1);
    expect(bucket.take(50, 105_000)).toBe(0);
    expect(bucket.take(50, 106_000)).toBe(4);
  });
});

describe('ClientRateLimiter', () => {
  it('keeps separate request and cost budgets per client', () => {
    let now = 0;
    const limiter = new ClientRateLimiter({ requestsPerSecond: 1, requestBurst: 2, costPerSecond: 100, costBurst: 300, now: () => now });
    expect([limiter.admitRequest('a'), limiter.admitRequest('a'), limiter.admitRequest('a')]).toEqual([0, 0, 1]);
    expect(limiter.admitRequest('b')).toBe(0);
    expect(limiter.chargeCost('a', 250)).toBe(0);
    expect(limiter.chargeCost('a', 250)).toBe(2);
    expect(limiter.chargeCost('b', 250)).toBe(0);
    now = 2000;
    expect(limiter.chargeCost('a', 250)).toBe(0);
    expect(limiter.admitRequest('a')).toBe(0);
  });

  it('forgets idle clients once it tracks too many, and only idle ones', () => {
    let now = 0;
    const limiter = new ClientRateLimiter({ requestsPerSecond: 1, requestBurst: 1, costPerSecond: 1, costBurst: 1, now: () => now, maxTrackedClients: 2 });
    limiter.admitRequest('busy');
    now = 500;
    limiter.admitRequest('idle');
    now = 1200; // 'busy' has refilled; 'idle' has not
    limiter.admitRequest('new');
    expect(limiter.admitRequest('idle')).toBeGreaterThan(0);
    expect(limiter.admitRequest('busy')).toBe(0); // forgotten, so it starts from a full bucket
  });
});

describe('clientAddress', () => {
  const request = (forwardedFor?: string) =>
    ({ headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, socket: { remoteAddress: '127.0.0.1' } }) as unknown as IncomingMessage;

  it('is the socket peer unless a proxy is trusted, then the address that proxy appended', () => {
    expect(clientAddress(request('203.0.113.9'), false)).toBe('127.0.0.1');
    expect(clientAddress(request('198.51.100.1, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddress(request(), true)).toBe('127.0.0.1');
  });
});

describe('rate limiting over HTTP', () => {
  let graph: GraphClient;
  let api: TestGraphQLServer;
  let proxied: TestGraphQLServer;
  let warmed: TestGraphQLServer;

  const post = async (server: TestGraphQLServer, query: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as GraphQLBody };
  };

  beforeAll(async () => {
    graph = testGraph();
    // Search needs the full-text index; no data is needed.
    await resetDatabase(graph);
    const rateLimit = { requestsPerSecond: 0.01, requestBurst: 3, costPerSecond: 1, costBurst: 1000 };
    api = await startTestGraphQLServer(graph, { route: { rateLimit } });
    proxied = await startTestGraphQLServer(graph, { route: { rateLimit, trustProxy: true } });
    warmed = await startTestGraphQLServer(graph, { route: { rateLimit, warmUpToken: 'the-process-token' } });
  });
  afterAll(async () => {
    await api?.close();
    await proxied?.close();
    await warmed?.close();
    await graph?.close();
  });

  it('answers 429 RATE_LIMITED with Retry-After once a client has spent its request burst', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(api, '{ __typename }')).status);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await post(api, '{ __typename }');
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBe('100');
    expect(limited.body.errors![0].extensions).toEqual({ code: 'RATE_LIMITED', budget: 'requests', retryAfterSeconds: 100 });
    expect(await (await fetch(api.metricsUrl)).text()).toMatch(/^kg_graphql_errors_total\{code="RATE_LIMITED"\} [1-9]/m);
    // The liveness probe is not GraphQL and is never throttled.
    expect((await fetch(`${api.base}/health/live`)).status).toBe(200);
  });

  it('charges query cost: a few expensive queries spend the budget long before the request burst', async () => {
    const heavy = '{ search(text: "messi", first: 100) { id name type score } }';
    const seen: Array<{ status: number; code?: string; budget?: string; retryAfter: string | null }> = [];
    for (let i = 0; i < 30; i++) {
      const { status, body, retryAfter } = await post(proxied, heavy, { 'x-forwarded-for': '198.51.100.7' });
      seen.push({ status, retryAfter, code: body.errors?.[0]?.extensions?.code, budget: body.errors?.[0]?.extensions?.budget });
      if (status !== 200) break;
    }
    const refused = seen.at(-1)!;
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', budget: 'cost' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(1);
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(seen.slice(0, -1).every((reply) => reply.status === 200)).toBe(true);
  });

  it('counts each client apart behind a trusted proxy, and ignores X-Forwarded-For otherwise', async () => {
    const spend = async (server: TestGraphQLServer, forwardedFor: string) => {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(server, '{ __typename }', { 'x-forwarded-for': forwardedFor })).status);
      return statuses;
    };
    expect(await spend(proxied, '203.0.113.1')).toEqual([200, 200, 200, 429]);
    expect(await spend(proxied, '203.0.113.2')).toEqual([200, 200, 200, 429]);
    // Untrusted, the header changes nothing: every request counts against 127.0.0.1, already spent above.
    expect((await post(api, '{ __typename }', { 'x-forwarded-for': '203.0.113.3' })).status).toBe(429);
  });

  it("lets the server's own warm-up pass with its token, spending nothing of the client's budget", async () => {
    const heavy = '{ search(text: "messi", first: 100) { id name type score } }';
    const warmUp = { [WARM_UP_HEADER]: 'the-process-token' };
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(warmed, heavy, warmUp)).status);
    expect(statuses).toEqual(Array(8).fill(200));
    // The same loopback client without the token still has its whole burst, and no more.
    const plain = [];
    for (let i = 0; i < 4; i++) plain.push((await post(warmed, '{ __typename }')).status);
    expect(plain).toEqual([200, 200, 200, 429]);
    // A wrong or empty token is an ordinary request, refused like the rest.
    expect((await post(warmed, '{ __typename }', { [WARM_UP_HEADER]: 'the-process-tokeN' })).status).toBe(429);
    expect((await post(warmed, '{ __typename }', { [WARM_UP_HEADER]: '' })).status).toBe(429);
  });
});
