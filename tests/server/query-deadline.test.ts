import { GraphQLInt, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { batchOne } from '../../src/graph/read/loaders/batched-loader';
import type { Context } from '../../src/schema/context';
import { testGraph } from '../support/graph';
import { startTestGraphQLServer, type TestGraphQLServer } from '../support/graphql-server';

// Minutes of Neo4j CPU: a read no deadline-less server would finish while the test waits.
const SLOW_READ = 'UNWIND range(1, 2000000000) AS n WITH n WHERE n % 7 = 0 RETURN count(n) AS slowReadMarker';
const SLOW_BATCH = `UNWIND $ids.items AS id
  CALL (id) { UNWIND range(1, 2000000000) AS n WITH n WHERE n % 7 = 0 RETURN count(n) AS slowBatchMarker }
  RETURN id AS key, slowBatchMarker AS value`;

/** The API's context and server, with two fields that read slowly: one directly, one through a request's loader. */
const slowSchema = new GraphQLSchema({
  query: new GraphQLObjectType<unknown, Context>({
    name: 'Query',
    fields: {
      slowRead: {
        type: GraphQLInt,
        resolve: async (_root, _args, { loaders }) => (await loaders.env.graph.read<{ slowReadMarker: number }>(SLOW_READ))[0].slowReadMarker,
      },
      slowLoad: {
        type: GraphQLInt,
        resolve: (_root, _args, { loaders }) => batchOne<number>(loaders.env, SLOW_BATCH).load('only'),
      },
    },
  }),
});

describe('the deadline of a GraphQL request', () => {
  let graph: GraphClient;
  let api: TestGraphQLServer;
  let patient: TestGraphQLServer;
  let oneAtATime: TestGraphQLServer;

  /** Transactions on Neo4j still running a query that contains `marker`. */
  async function leftovers(marker: string): Promise<string[]> {
    const rows = await graph.read<{ currentQuery: string }>(
      'SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS $marker RETURN currentQuery',
      { marker },
    );
    return rows.map((row) => row.currentQuery);
  }

  /** Polls `leftovers` for up to `ms`, returning what was still running at the end. */
  async function leftoversAfter(marker: string, ms: number): Promise<string[]> {
    const until = Date.now() + ms;
    let running = await leftovers(marker);
    while (running.length > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      running = await leftovers(marker);
    }
    return running;
  }

  beforeAll(async () => {
    graph = testGraph();
    api = await startTestGraphQLServer(graph, { schema: slowSchema, requestTimeoutMs: 1_000 });
    patient = await startTestGraphQLServer(graph, { schema: slowSchema, requestTimeoutMs: 60_000 });
    oneAtATime = await startTestGraphQLServer(graph, {
      schema: slowSchema,
      requestTimeoutMs: 1_500,
      route: { concurrency: { maxConcurrent: 1, maxQueued: 4, maxQueueWaitMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await api?.close();
    await patient?.close();
    await oneAtATime?.close();
    await graph?.close();
  });

  it.each([
    ['slowRead', 'slowReadMarker'],
    ['slowLoad', 'slowBatchMarker'],
  ])('%s: answers 504 QUERY_TIMEOUT at the deadline and leaves no query running on Neo4j', async (field, marker) => {
    const started = Date.now();
    const { status, body } = await api.post(`{ ${field} }`);
    const elapsed = Date.now() - started;

    expect(status).toBe(504);
    expect(body.errors).toEqual([expect.objectContaining({ path: [field], extensions: { code: 'QUERY_TIMEOUT' } })]);
    expect(elapsed).toBeGreaterThanOrEqual(900);
    // Without a deadline it would take minutes; the slack is for a crowded test machine.
    expect(elapsed).toBeLessThan(3_000);
    expect(await leftoversAfter(marker, 1_000)).toEqual([]);
  });

  it('stops the query on Neo4j when the client disconnects, long before the deadline', async () => {
    const client = new AbortController();
    const gone = fetch(`${patient.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ slowRead }' }),
      signal: client.signal,
    });
    // Seen running first: otherwise "nothing left" would prove nothing.
    await expect.poll(() => leftovers('slowReadMarker'), { timeout: 5_000, interval: 50 }).toHaveLength(1);
    client.abort();
    await expect(gone).rejects.toThrow();
    expect(await leftoversAfter('slowReadMarker', 1_000)).toEqual([]);
  });

  it('counts from the arrival: a request that queued for a turn has only the time left for its reads', async () => {
    const started = Date.now();
    const first = oneAtATime.post('{ slowRead }');
    // Arrives while the only turn is taken, and waits about 1.5 s for it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const queued = await oneAtATime.post('{ slowRead }');
    const elapsed = Date.now() - started;

    expect((await first).status).toBe(504);
    expect(queued.status).toBe(504);
    expect(queued.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'QUERY_TIMEOUT' } })]);
    // A deadline counted from the turn would have let it run to about 3 s.
    expect(elapsed).toBeLessThan(2_600);
    expect(await leftoversAfter('slowReadMarker', 1_000)).toEqual([]);
  });
});
