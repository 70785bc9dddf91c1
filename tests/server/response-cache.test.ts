import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { seedDatabase } from '../../src/ingest/seeds/load';
import { registry } from '../../src/metrics';
import { DataVersionWatch } from '../../src/server/data-version-watch';
import { matchesEtag, ResponseCache } from '../../src/server/response-cache';
import { reseedDatabase, seededTestGraph } from '../support/graph';
import { startTestGraphQLServer, type TestGraphQLServer } from '../support/graphql-server';

const SEEDS = path.join(__dirname, '..', '..', 'seeds');
const entry = (text: string) => {
  const body = Buffer.from(text);
  return { status: 200, contentType: 'application/json', body, etag: ResponseCache.etagOf(body) };
};

describe('ResponseCache', () => {
  it('evicts the least recently used entry past its entry or byte bound', () => {
    const cache = new ResponseCache({ maxEntries: 2, maxBytes: 10 });
    cache.set('a', entry('aaa'));
    cache.set('b', entry('bbb'));
    expect(cache.get('a')?.body.toString()).toBe('aaa');
    cache.set('c', entry('ccc'));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a')?.body.toString(), cache.get('c')?.body.toString()]).toEqual(['aaa', 'ccc']);

    cache.set('d', entry('dddddddd'));
    expect(cache.size).toBe(1);
    cache.set('huge', entry('x'.repeat(11)));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('d')?.body.toString()).toBe('dddddddd');
    // Bounded by bytes, not characters: 'é' is two.
    cache.set('accents', entry('éééééé'));
    expect(cache.get('accents')).toBeUndefined();
  });

  it('keys by data version and request, and matches If-None-Match lists', () => {
    expect(ResponseCache.key('v1', ['q', {}])).not.toBe(ResponseCache.key('v2', ['q', {}]));
    expect(ResponseCache.key('v1', ['q', { a: 1 }])).not.toBe(ResponseCache.key('v1', ['q', { a: 2 }]));
    const etag = ResponseCache.etagOf(Buffer.from('body'));
    expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesEtag(`W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});

describe('the response cache on the GraphQL route', () => {
  let graph: GraphClient;
  let server: TestGraphQLServer;
  let version: DataVersionWatch;
  const QUERY = '{ matches(filter: { teams: ["argentina-men", "england-men"] }) { totalCount nodes { id goals { scorer { name } } } } }';
  const post = (headers: Record<string, string> = {}) =>
    fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: QUERY }),
    });

  /** The same facts written anew: a new data version (a seed that changes nothing keeps it). */
  async function reseedFromEmpty(): Promise<void> {
    await reseedDatabase(graph, SEEDS);
    await version.refresh();
  }

  beforeAll(async () => {
    graph = await seededTestGraph(SEEDS);
    version = new DataVersionWatch(graph, 60_000);
    await version.refresh();
    server = await startTestGraphQLServer(graph, {
      // The first, cold answer on a busy machine may take longer than the default deadline.
      requestTimeoutMs: 30_000,
      route: { responseCache: new ResponseCache({ maxEntries: 10, maxBytes: 1 << 20 }), dataVersion: { source: version, maxWaitMs: 2_000 } },
    });
  });

  afterAll(async () => {
    await server?.close();
    await graph?.close();
  });

  it('serves a repeated query without Cypher, with an ETag, 304 for If-None-Match, fresh for no-cache', async () => {
    const first = await post();
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(JSON.parse(body).data.matches.totalCount).toBeGreaterThan(0);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);

    const statements = server.queries.length;
    const second = await post();
    expect(await second.text()).toBe(body);
    expect(second.headers.get('etag')).toBe(etag);
    expect(server.queries.length).toBe(statements);

    const notModified = await post({ 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');

    const fresh = await post({ 'cache-control': 'no-cache' });
    expect(await fresh.text()).toBe(body);
    expect(server.queries.length).toBeGreaterThan(statements);
  });

  it('keeps answering from cache after a seed that changes nothing, from the graph once a seed bumped the data version', async () => {
    await post();
    const before = version.current();
    await seedDatabase(graph, SEEDS);
    await version.refresh();
    expect(version.current()).toBe(before);
    const cached = server.queries.length;
    expect((await post()).status).toBe(200);
    expect(server.queries.length).toBe(cached);

    await reseedFromEmpty();
    expect(version.current()).not.toBe(before);
    const statements = server.queries.length;
    expect((await post()).status).toBe(200);
    expect(server.queries.length).toBeGreaterThan(statements);
  });

  it('counts its own reads of the data version, which statements per request leave out', async () => {
    const reads = async () => (await registry.getSingleMetric('kg_data_version_reads_total')!.get()).values[0]?.value ?? 0;
    const before = await reads();
    await version.refresh();
    await version.refresh();
    expect((await reads()) - before).toBe(2);
  });

  it('runs identical requests arriving together once, and answers them all with that answer', async () => {
    await reseedFromEmpty();
    const before = server.queries.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post()));
    const together = server.queries.length - before;
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(bodies).size).toBe(1);

    const single = server.queries.length;
    await (await post({ 'cache-control': 'no-cache' })).text();
    // Twenty requests cost what one execution costs.
    expect(together).toBe(server.queries.length - single);
  });

  it('answers a request whose variables are nested too deep to serialise (neither cached nor a 500)', async () => {
    const res = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query": "{ sources { title } }", "variables": ${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
    });
    // The variables are unused, so GraphQL answers the query; what matters is that nothing overflowed.
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { sources: expect.any(Array) } });
  });

  it('keeps no answer with errors', async () => {
    const bad = () =>
      fetch(`${server.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ matches(first: 1000) { totalCount } }' }),
      });
    const first = await bad();
    expect(first.headers.get('etag')).toBeNull();
    expect(((await first.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect((await bad()).headers.get('etag')).toBeNull();
  });
});
