import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GraphClient } from '../../src/graph/driver/driver';
import { freePort } from '../../src/neo4j/ports';
import { resetDatabase, testGraph } from '../support/graph';
import { startTestGraphQLServer, type GraphQLBody, type TestGraphQLServer } from '../support/graphql-server';

describe('GraphQL errors, limits and metrics over HTTP', () => {
  let graph: GraphClient;
  let api: TestGraphQLServer;

  beforeAll(async () => {
    graph = testGraph();
    // Name look-ups and search need the full-text index; no data is needed.
    await resetDatabase(graph);
    api = await startTestGraphQLServer(graph, { limits: { maxDepth: 5, maxCost: 300 } });
  });
  afterAll(async () => {
    await api?.close();
    await graph?.close();
  });

  it.each([
    ['path(from: "a", to: "b", maxHops: 9) { length }', 'maxHops'],
    ['path(from: "a", to: "b", maxHops: 0) { length }', 'maxHops'],
    ['search(text: "messi", first: 101) { id }', 'first'],
    ['search(text: " ?! ") { id }', 'text'],
    ['headToHead(teamA: "Atlantis", teamB: "England") { played }', 'teamA'],
    ['assists(filter: { assister: "Nobody Atall" }) { count }', 'filter.assister'],
  ])('%s -> BAD_USER_INPUT naming %s', async (field, argumentName) => {
    const { body } = await api.post(`{ ${field} }`);
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName });
    expect(body.errors![0].message).toContain(`"${argumentName}"`);
  });

  it('refuses a query deeper than the limit before running any Cypher', async () => {
    const before = api.queries.length;
    const { status, body } = await api.post(`{
      headToHead(teamA: "Argentina", teamB: "England") { meetings { goals { scorer { teams { name } } } } }
    }`);
    expect(status).toBe(400);
    expect(body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'depth', actual: 6, limit: 5 });
    expect(api.queries.length).toBe(before);
  });

  it('refuses a query over the cost limit, counting list sizes from `first`', async () => {
    const { status, body } = await api.post('{ assists(first: 100) { goals { scorer { name } } } }');
    expect(status).toBe(400);
    expect(body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measure: 'cost', limit: 300 });
  });

  // Mutations have a root type (the editors' writes); subscriptions still have none.
  it.each([
    ['subscription { search(text: "messi") { id } }', 'subscription'],
  ])('refuses %s with 400 OPERATION_NOT_SUPPORTED, not an internal error', async (query, operationType) => {
    const { status, body } = await api.post(query);
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0].extensions).toEqual({ code: 'OPERATION_NOT_SUPPORTED', operationType });
  });

  it('gives automatic persisted queries with a wrong hash or version a PERSISTED_QUERY_ code and 400', async () => {
    const query = '{ search(text: "messi") { id } }';
    const persisted = async (persistedQuery: Record<string, unknown>) => {
      const res = await fetch(`${api.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, extensions: { persistedQuery } }),
      });
      return { status: res.status, body: (await res.json()) as GraphQLBody };
    };
    const mismatch = await persisted({ version: 1, sha256Hash: '0'.repeat(64) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([{ message: 'provided sha does not match query', extensions: { code: 'PERSISTED_QUERY_HASH_MISMATCH' } }]);
    const version = await persisted({ version: 2, sha256Hash: createHash('sha256').update(query).digest('hex') });
    expect(version.status).toBe(400);
    expect(version.body.errors![0].extensions).toEqual({ code: 'PERSISTED_QUERY_VERSION_NOT_SUPPORTED' });
    // The hash of the query is accepted (Apollo's in-memory APQ cache), then the hash alone works.
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    expect((await persisted({ version: 1, sha256Hash })).body.errors).toBeUndefined();
    const byHash = await fetch(`${api.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash } } }),
    });
    expect(((await byHash.json()) as GraphQLBody).data).toEqual({ search: expect.any(Array) });
  });

  it('serves GET /graphql for queries', async () => {
    const query = encodeURIComponent('query Ping { search(text: "messi", first: 1) { id } }');
    const res = await fetch(`${api.base}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
  });

  it('exposes Cypher, request, duration and error-code metrics', async () => {
    await api.post('query MetricsProbe { search(text: "england") { id } }');
    await api.post('query MetricsProbe { path(from: "a", to: "b", maxHops: 7) { length } }');
    const metrics = await (await fetch(api.metricsUrl)).text();
    expect(metrics).toMatch(/^kg_cypher_queries_total\{mode="read"\} [1-9]/m);
    expect(metrics).toMatch(/^kg_graphql_requests_total\{operation="MetricsProbe"\} 2$/m);
    expect(metrics).toMatch(/^kg_graphql_request_duration_seconds_count\{operation="MetricsProbe"\} 2$/m);
    expect(metrics).toMatch(/^kg_graphql_errors_total\{code="BAD_USER_INPUT"\} [1-9]/m);
    expect(metrics).toMatch(/^kg_graphql_errors_total\{code="QUERY_TOO_COMPLEX"\} [1-9]/m);
  });
});

describe('GraphQL by default (no debug errors) when Neo4j is unreachable, then back', () => {
  const neo4j = inject('neo4j');
  let proxyPort: number;
  let proxy: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  let graph: GraphClient;
  let api: TestGraphQLServer;

  /** Forwards a port to the test Neo4j: closed, it is Neo4j down; listening, Neo4j is back. */
  function startProxy(): Promise<void> {
    const target = new URL(neo4j.uri.replace(/^\w+(\+\w+)?:/, 'http:'));
    proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    return new Promise((resolve) => proxy!.listen(proxyPort, '127.0.0.1', resolve));
  }

  beforeAll(async () => {
    proxyPort = await freePort();
    // bolt:// rather than neo4j://: a routing driver would learn Neo4j's own address and bypass the proxy.
    graph = new GraphClient({ ...neo4j, uri: `bolt://127.0.0.1:${proxyPort}` });
    api = await startTestGraphQLServer(graph);
  });
  afterAll(async () => {
    await api?.close();
    await graph?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  });

  it('answers DATABASE_UNAVAILABLE with HTTP 503 and no stack trace, and recovers without a restart', async () => {
    const down = await api.post('{ search(text: "messi") { id } }');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.body.errors).toHaveLength(1);
    expect(down.body.errors![0]).toMatchObject({ extensions: { code: 'DATABASE_UNAVAILABLE' }, path: ['search'] });
    expect(JSON.stringify(down.body)).not.toMatch(/stacktrace|at .*\.ts/);

    const badInput = await api.post('{ path(from: "a", to: "b", maxHops: 99) { length } }');
    expect(badInput.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', argumentName: 'maxHops', minimum: 1, maximum: 6 });

    await startProxy();
    // The API learns that Neo4j is back from its next health probe (every 750 ms while down).
    let up = await api.post('{ search(text: "messi") { id } }');
    for (const started = Date.now(); up.status !== 200 && Date.now() - started < 5_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      up = await api.post('{ search(text: "messi") { id } }');
    }
    expect(up.status).toBe(200);
    expect(up.body.errors).toBeUndefined();
  }, 120_000);
});

describe('GraphQL on an unexpected error', () => {
  const failing = {
    read: () => Promise.reject(new Error('Invalid input in MATCH (secret:Internal)')),
    observe: () => failing,
    within: () => failing,
  } as unknown as GraphClient;

  it('shows the message and a stack trace only when debugErrors asks for them', async () => {
    const api = await startTestGraphQLServer(failing, { debugErrors: true });
    try {
      const { body } = await api.post('{ search(text: "messi") { id } }');
      expect(body.errors![0].message).toBe('Invalid input in MATCH (secret:Internal)');
      expect(body.errors![0].extensions!.stacktrace).toEqual(expect.arrayContaining([expect.stringMatching(/^\s+at /)]));
    } finally {
      await api.close();
    }
  });

  it('by default masks the message and sends no stack trace', async () => {
    const api = await startTestGraphQLServer(failing);
    try {
      const { status, body } = await api.post('{ search(text: "messi") { id } }');
      expect(status).toBe(200);
      expect(body.errors).toEqual([
        { message: 'Internal server error', locations: [{ line: 1, column: 3 }], path: ['search'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      ]);
    } finally {
      await api.close();
    }
  });
});
