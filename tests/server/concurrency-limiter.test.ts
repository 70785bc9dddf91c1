import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { ConcurrencyLimiter } from '../../src/server/concurrency-limiter';
import { startTestGraphQLServer, type GraphQLBody, type TestGraphQLServer } from '../support/graphql-server';

describe('ConcurrencyLimiter', () => {
  it('runs up to the limit, queues in order up to its bound, refuses past it, and hands turns on', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueued: 1, maxQueueWaitMs: 60_000 });
    const first = await limiter.acquire();
    const second = limiter.acquire();
    expect(await limiter.acquire()).toEqual({ shed: 'queue-full' });
    expect(limiter.load).toEqual({ running: 1, queued: 1 });
    if (!('release' in first)) throw new Error('first request was shed');
    first.release();
    first.release(); // a second release must not free a turn twice
    const granted = await second;
    expect(limiter.load).toEqual({ running: 1, queued: 0 });
    if (!('release' in granted)) throw new Error('queued request was shed');
    granted.release();
    expect(limiter.load).toEqual({ running: 0, queued: 0 });
  });

  it('refuses a request that waited longer than allowed', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueued: 5, maxQueueWaitMs: 50 });
    await limiter.acquire();
    expect(await limiter.acquire()).toEqual({ shed: 'queue-timeout' });
    expect(limiter.load).toEqual({ running: 1, queued: 0 });
  });
});

describe('load shedding over HTTP', () => {
  let api: TestGraphQLServer;
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  // Reads wait for the gate, so requests stay in flight for as long as the test wants: a stand-in
  // for a slow Neo4j, which is what fills the server up.
  const slowGraph = { read: () => gate.then(() => []), observe: () => slowGraph, within: () => slowGraph } as unknown as GraphClient;

  beforeAll(async () => {
    api = await startTestGraphQLServer(slowGraph, { route: { concurrency: { maxConcurrent: 1, maxQueued: 1, maxQueueWaitMs: 60_000 } } });
  });
  afterAll(async () => {
    openGate();
    await api?.close();
  });

  it('answers 503 SERVER_OVERLOADED at once when the running and waiting slots are taken', async () => {
    const running = api.post('{ search(text: "messi") { id } }');
    const waiting = api.post('{ search(text: "kane") { id } }');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const res = await fetch(`${api.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ search(text: "mbappe") { id } }' }),
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(((await res.json()) as GraphQLBody).errors![0].extensions).toEqual({ code: 'SERVER_OVERLOADED', reason: 'queue-full' });
    expect(await (await fetch(api.metricsUrl)).text()).toMatch(/^kg_graphql_errors_total\{code="SERVER_OVERLOADED"\} 1$/m);
    openGate();
    expect((await running).body).toEqual({ data: { search: [] } });
    expect((await waiting).body).toEqual({ data: { search: [] } });
  });
});
