import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GraphClient } from '../../src/graph/driver';
import { freePort } from '../../src/neo4j/ports';
import { resetDatabase, testGraph } from '../support/graph';
import { startTestGraphQLServer, type TestGraphQLServer } from '../support/graphql-server';

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

  it('serves GET /graphql for queries', async () => {
    const query = encodeURIComponent('query Ping { search(text: "messi", first: 1) { id } }');
    const res = await fetch(`${api.base}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
  });

  it('exposes Cypher, request, duration and error-code metrics', async () => {
    await api.post('query MetricsProbe { search(text: "england") { id } }');
    await api.post('query MetricsProbe { path(from: "a", to: "b", maxHops: 7) { length } }');
    const metrics = await (await fetch(`${api.base}/metrics`)).text();
    expect(metrics).toMatch(/^kg_cypher_queries_total\{mode="read"\} [1-9]/m);
    expect(metrics).toMatch(/^kg_graphql_requests_total\{operation="MetricsProbe"\} 2$/m);
    expect(metrics).toMatch(/^kg_graphql_request_duration_seconds_count\{operation="MetricsProbe"\} 2$/m);
    expect(metrics).toMatch(/^kg_graphql_errors_total\{code="BAD_USER_INPUT"\} [1-9]/m);
    expect(metrics).toMatch(/^kg_graphql_errors_total\{code="QUERY_TOO_COMPLEX"\} [1-9]/m);
  });
});

describe('GraphQL in production mode when Neo4j is unreachable, then back', () => {
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
    api = await startTestGraphQLServer(graph, { production: true });
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
    const up = await api.post('{ search(text: "messi") { id } }');
    expect(up.status).toBe(200);
    expect(up.body.errors).toBeUndefined();
  }, 120_000);
});

describe('GraphQL in production mode on an unexpected error', () => {
  it('masks the message and sends no stack trace', async () => {
    const failing = {
      read: () => Promise.reject(new Error('Invalid input in MATCH (secret:Internal)')),
      observe: () => failing,
      within: () => failing,
    } as unknown as GraphClient;
    const api = await startTestGraphQLServer(failing, { production: true });
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
