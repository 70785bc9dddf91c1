import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bumpDataVersion, dataVersionSequence, readDataVersion, readWrittenDataVersion } from '../../src/graph/write/data-version';
import { GraphClient } from '../../src/graph/driver/driver';
import { startQueryDeadline } from '../../src/graph/driver/query-deadline';
import { DataVersionWatch } from '../../src/server/data-version-watch';
import { DATA_VERSION_HEADER, MIN_DATA_VERSION_HEADER } from '../../src/server/data-version-header';
import { ResponseCache } from '../../src/server/response-cache';
import { reseedDatabase } from '../support/graph';
import { startTestGraphQLServer, type GraphQLBody, type TestGraphQLServer } from '../support/graphql-server';

const MAX_WAIT_MS = 1_500;
const QUERY = '{ search(text: "messi", first: 1) { id } }';

/** The test Neo4j through a routing URI, as a cluster or Aura is reached: the driver asks it for a routing table first. */
function routedGraph(): GraphClient {
  const neo4j = inject('neo4j');
  return new GraphClient({ ...neo4j, uri: neo4j.uri.replace(/^bolt:/, 'neo4j:') });
}

describe('routed sessions over neo4j://', () => {
  let graph: GraphClient;

  beforeAll(async () => {
    graph = routedGraph();
    await reseedDatabase(graph);
  });
  afterAll(async () => {
    await graph?.close();
  });

  it('runs reads in READ sessions, which Neo4j refuses to write in, and writes in WRITE sessions', async () => {
    expect(graph.database).toBe('neo4j');
    await expect(graph.read('CREATE (:RoutingProbe) RETURN 1 AS one')).rejects.toMatchObject({ code: expect.stringMatching(/AccessMode|ForbiddenDueToTransactionType|WriteOnReadOnlyAccessDbException/) });
    // Under a request's deadline too (an auto-commit read, not executeRead).
    const done = new AbortController();
    await expect(graph.within(startQueryDeadline(5_000, undefined, done.signal)).read('CREATE (:RoutingProbe) RETURN 1 AS one')).rejects.toMatchObject({
      code: expect.stringMatching(/AccessMode|ForbiddenDueToTransactionType/),
    });
    done.abort();
    expect(await graph.read('MATCH (p:RoutingProbe) RETURN count(p) AS n')).toEqual([{ n: 0 }]);
    await graph.write('CREATE (:RoutingProbe)');
    expect(await graph.read('MATCH (p:RoutingProbe) RETURN count(p) AS n')).toEqual([{ n: 1 }]);
    await graph.write('MATCH (p:RoutingProbe) DELETE p');
  });

  it('orders data versions by their write count; the writer and the readers agree once committed', async () => {
    const before = await readDataVersion(graph);
    await graph.writeTransaction((tx) => bumpDataVersion(tx));
    const written = await readWrittenDataVersion(graph);
    expect(dataVersionSequence(written)).toBe(dataVersionSequence(before)! + 1);
    expect(await readDataVersion(graph)).toBe(written);
    expect(written).toMatch(/^\d+\.[0-9a-f-]{36}$/);
    expect(dataVersionSequence(String(dataVersionSequence(written)))).toBe(dataVersionSequence(written));
    for (const bad of ['', 'latest', '-1', '1.2', '1e3', ' 3']) expect(dataVersionSequence(bad)).toBeUndefined();
  });
});

describe('X-KG-Data-Version and X-KG-Min-Data-Version', () => {
  let graph: GraphClient;
  let watch: DataVersionWatch;
  let api: TestGraphQLServer;

  const ask = (headers: Record<string, string> = {}) =>
    fetch(`${api.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: QUERY }),
    });
  const bump = async () => {
    await graph.writeTransaction((tx) => bumpDataVersion(tx));
    return readWrittenDataVersion(graph);
  };

  beforeAll(async () => {
    graph = routedGraph();
    await reseedDatabase(graph);
    // Polled once a minute: only a client's X-KG-Min-Data-Version makes this replica look again sooner.
    watch = new DataVersionWatch(graph, 60_000);
    await watch.refresh();
    api = await startTestGraphQLServer(graph, {
      requestTimeoutMs: 30_000,
      route: { dataVersion: { source: watch, maxWaitMs: MAX_WAIT_MS }, responseCache: new ResponseCache({ maxEntries: 10, maxBytes: 1 << 20 }) },
    });
  });
  afterAll(async () => {
    await api?.close();
    watch?.stop();
    await graph?.close();
  });

  it('tells every answer the data version it reads, cached or not', async () => {
    const version = await readDataVersion(graph);
    for (let i = 0; i < 2; i++) {
      const res = await ask();
      expect(res.status).toBe(200);
      expect(res.headers.get(DATA_VERSION_HEADER)).toBe(version);
    }
  });

  it('serves a client that sends a newer version than the replica knows once it has read it, never older data', async () => {
    const old = watch.current()!;
    const written = await bump();
    // The replica has not looked since: without the header it still answers at the old version.
    expect((await ask()).headers.get(DATA_VERSION_HEADER)).toBe(old);
    const started = performance.now();
    const res = await ask({ [MIN_DATA_VERSION_HEADER]: written });
    expect(res.status).toBe(200);
    expect(res.headers.get(DATA_VERSION_HEADER)).toBe(written);
    expect(performance.now() - started).toBeLessThan(MAX_WAIT_MS);
    expect(((await res.json()) as GraphQLBody).data?.search).toHaveLength(1);
    // A bare write count works as well, and an older version is served at once.
    expect((await ask({ [MIN_DATA_VERSION_HEADER]: String(dataVersionSequence(written)) })).status).toBe(200);
    expect((await ask({ [MIN_DATA_VERSION_HEADER]: old })).headers.get(DATA_VERSION_HEADER)).toBe(written);
  });

  it('waits for a write that commits during the wait', async () => {
    const next = dataVersionSequence(watch.current()!)! + 1;
    const answer = ask({ [MIN_DATA_VERSION_HEADER]: String(next) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const written = await bump();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get(DATA_VERSION_HEADER)).toBe(written);
  });

  it('answers 503 DATA_VERSION_NOT_REACHED after the bound when the version never comes', async () => {
    const current = watch.current()!;
    const future = String(dataVersionSequence(current)! + 1_000);
    const started = performance.now();
    const res = await ask({ [MIN_DATA_VERSION_HEADER]: future });
    const waited = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    const body = (await res.json()) as GraphQLBody;
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'DATA_VERSION_NOT_REACHED', wanted: future, current });
    expect(waited).toBeGreaterThanOrEqual(MAX_WAIT_MS - 50);
    expect(waited).toBeLessThan(MAX_WAIT_MS + 1_500);
  });

  it('refuses a malformed version with 400 BAD_REQUEST_HEADER', async () => {
    const res = await ask({ [MIN_DATA_VERSION_HEADER]: 'latest' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as GraphQLBody).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST_HEADER', header: MIN_DATA_VERSION_HEADER });
  });
});
