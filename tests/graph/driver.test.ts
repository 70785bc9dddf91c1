import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient, QueryEvent } from '../../src/graph/driver/driver';
import { QueryCancelledError, startQueryDeadline } from '../../src/graph/driver/query-deadline';
import { registry } from '../../src/metrics';
import { resetDatabase, testGraph } from '../support/graph';

describe('GraphClient', () => {
  let graph: GraphClient;
  beforeAll(async () => {
    graph = testGraph();
    await resetDatabase(graph);
  });
  afterAll(() => graph.close());

  it('returns plain rows: numbers for integers, ISO strings for temporal values, properties for nodes', async () => {
    await graph.write("CREATE (:Source {id: 'driver-test', n: 42, at: date('2014-07-13'), when: datetime('2014-07-13T19:00:00Z')})");
    const rows = await graph.read<{ s: Record<string, unknown>; n: number }>(
      'MATCH (s:Source {id: $id}) RETURN s, s.n + 1 AS n',
      { id: 'driver-test' },
    );
    expect(rows).toEqual([{ s: { id: 'driver-test', n: 42, at: '2014-07-13', when: '2014-07-13T19:00:00Z' }, n: 43 }]);
  });

  it('sends whole numbers as Cypher Integers, so a minute is stored as 85 and not 85.0', async () => {
    const [row] = await graph.read('RETURN valueType($minute) AS minute, valueType($share) AS share, valueType($nested.list[0]) AS nested', {
      minute: 85,
      share: 0.5,
      nested: { list: [3] },
    });
    expect(row).toEqual({ minute: 'INTEGER NOT NULL', share: 'FLOAT NOT NULL', nested: 'INTEGER NOT NULL' });
  });

  it("rejects a failed statement with Neo4j's code and message, and leaves stack traces on for the rest of the process", async () => {
    const limit = Error.stackTraceLimit;
    await expect(graph.read('RETURN 1 / $zero AS x', { zero: 0 })).rejects.toMatchObject({
      code: 'Neo.ClientError.Statement.ArithmeticError',
      message: expect.stringContaining('/ by zero'),
    });
    await expect(graph.read('RETURN nonsense(')).rejects.toMatchObject({ code: 'Neo.ClientError.Statement.SyntaxError' });
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('after').stack).toContain('driver.test.ts');
  });

  it('reports every statement to observers and to the cypherQueries counter', async () => {
    const events: QueryEvent[] = [];
    const observed = graph.observe((event) => events.push(event));
    const before = await readCounter('read');
    await observed.read('RETURN $x AS x', { x: 1 });
    await observed.read('RETURN 2 AS x');
    expect(events).toEqual([
      { mode: 'read', cypher: 'RETURN $x AS x', params: { x: 1 } },
      { mode: 'read', cypher: 'RETURN 2 AS x', params: {} },
    ]);
    expect((await readCounter('read')) - before).toBe(2);
  });

  describe('under a deadline', () => {
    const SLOW = 'UNWIND range(1, 2000000000) AS n WITH n WHERE n % 7 = 0 RETURN count(n) AS n';

    it('reads as usual, reporting to the observers of the client it came from', async () => {
      const events: QueryEvent[] = [];
      const bounded = graph.observe((event) => events.push(event)).within(startQueryDeadline(5_000));
      expect(await bounded.read('RETURN $x AS x', { x: 1 })).toEqual([{ x: 1 }]);
      expect(events).toEqual([{ mode: 'read', cypher: 'RETURN $x AS x', params: { x: 1 } }]);
    });

    it("gives Neo4j the time left as the transaction's timeout", async () => {
      // A signal that never fires: only Neo4j's own timeout can end this read.
      const bounded = graph.within({ at: Date.now() + 300, signal: new AbortController().signal });
      const error = await bounded.read(SLOW).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(QueryCancelledError);
      expect(error).toMatchObject({ reason: 'timeout' });
    });

    it('sends nothing once the client has gone', async () => {
      const gone = new AbortController();
      gone.abort();
      const events: QueryEvent[] = [];
      const bounded = graph.observe((event) => events.push(event)).within(startQueryDeadline(5_000, gone.signal));
      await expect(bounded.read('RETURN 1 AS x')).rejects.toMatchObject({ reason: 'disconnected' });
      expect(events).toEqual([]);
    });
  });

  it('commits a writeTransaction atomically or not at all', async () => {
    await expect(
      graph.writeTransaction(async (tx) => {
        await tx.run("CREATE (:Source {id: 'tx-a'})");
        await tx.run("CREATE (:Source {id: 'driver-test'})"); // violates source_id uniqueness
      }),
    ).rejects.toThrow(/already exists/);
    expect(await graph.read("MATCH (s:Source {id: 'tx-a'}) RETURN s")).toEqual([]);

    const created = await graph.writeTransaction(async (tx) => {
      await tx.run("CREATE (:Source {id: 'tx-b'})");
      return tx.run<{ c: number }>('MATCH (s:Source) RETURN count(s) AS c');
    });
    expect(created).toEqual([{ c: 2 }]);
  });
});

async function readCounter(mode: string): Promise<number> {
  const metric = await registry.getSingleMetric('kg_cypher_queries_total')!.get();
  return metric.values.find((value) => value.labels.mode === mode)?.value ?? 0;
}
