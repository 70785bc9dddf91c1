import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient, QueryEvent } from '../../src/graph/driver/driver';
import { planCacheKey } from '../../src/graph/driver/plan-cache';
import { forgetLookAheadPlans } from '../../src/graph/read/loaders/look-ahead';
import { buildGraphQLSchema } from '../../src/schema/build-schema';
import {
  EXAMPLE_WARM_UP_RUNS,
  EXAMPLE_WARM_UP_RUNS_BEFORE_READY,
  EXAMPLES_DIR,
  FIRST_ROUND_READING_AHEAD,
  MAX_WARM_UP_ROUNDS,
  MIN_WARM_UP_ROUNDS,
  queryOverHttp,
  WARM_UP_PAGE_SIZE,
  warmExampleQueries,
  warmStatementPlans,
} from '../../src/server/plan-warm-up';
import { WARM_UP_HEADER } from '../../src/server/rate-limit';
import { startAppServer, type AppServer } from '../e2e/app-server';
import { seededTestGraph } from '../support/graph';

let graph: GraphClient;

beforeAll(async () => {
  graph = await seededTestGraph(path.join(__dirname, '..', '..', 'seeds'));
});

afterAll(async () => {
  await graph?.close();
});

describe('warmStatementPlans', () => {
  it('runs the statements of a match page and everything below it, without errors', async () => {
    const events: QueryEvent[] = [];
    await warmStatementPlans(await buildGraphQLSchema(), graph.observe((event) => events.push(event)), { replan: true });
    const statements = events.map((event) => event.cypher);
    expect(statements.some((cypher) => cypher.includes('sortValue'))).toBe(true);
    expect(statements.some((cypher) => /MATCH \(g:Goal\)-\[:IN_MATCH\]/.test(cypher))).toBe(true);
    expect(statements.some((cypher) => /MATCH \(c:Coach\)-\[r:MANAGED\]/.test(cypher))).toBe(true);
    expect(statements.some((cypher) => /\(:Player \{id: id\}\)-\[:SCORED\]/.test(cypher))).toBe(true);
    // The look-ahead statement of the page: compiled, then run, so a client's page reads ahead at once.
    const lookAheadRuns = statements.filter((cypher) => cypher.includes('sortValue') && cypher.includes('AS included1'));
    expect(lookAheadRuns[0]).toMatch(/^EXPLAIN /);
    expect(lookAheadRuns.at(-1)).toMatch(/^CALL \(\) \{/);
  });

  it('plans on fresh statistics, and runs the document until the runs stop getting faster', async () => {
    const events: QueryEvent[] = [];
    const rounds = await warmStatementPlans(await buildGraphQLSchema(), graph.observe((event) => events.push(event)), { replan: true });
    expect(events[0]!.cypher).toContain('db.prepareForReplanning');
    expect(rounds!.length).toBeGreaterThanOrEqual(MIN_WARM_UP_ROUNDS);
    expect(rounds!.length).toBeLessThanOrEqual(MAX_WARM_UP_ROUNDS);
    // Each round reads the page of matches level by level (its own statement, nothing embedded),
    // and again so while its look-ahead statement is not compiled yet.
    const pageSizes = events
      .filter(({ cypher }) => cypher.trimStart().startsWith('UNWIND $ids.items AS id') && cypher.includes('sortValue') && cypher.includes('HOME_TEAM'))
      .map((event) => (event.params.ids as { items: Array<{ first: number }> }).items[0]!.first);
    expect(pageSizes.length).toBeGreaterThanOrEqual(rounds!.length);
    expect(pageSizes.length).toBeLessThanOrEqual(2 * rounds!.length);
    expect(new Set(pageSizes)).toEqual(new Set([WARM_UP_PAGE_SIZE]));
  });

  it('keeps the plans Neo4j holds when told the data is unchanged: no resampling, which empties the plan cache', async () => {
    const events: QueryEvent[] = [];
    const rounds = await warmStatementPlans(await buildGraphQLSchema(), graph.observe((event) => events.push(event)), { replan: false });
    expect(rounds!.length).toBeGreaterThanOrEqual(MIN_WARM_UP_ROUNDS);
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter(({ cypher }) => cypher.includes('db.prepareForReplanning'))).toEqual([]);
  });

  it('runs the level-by-level statements in every round, as the first request of a new selection reads', async () => {
    const events: QueryEvent[] = [];
    await warmStatementPlans(await buildGraphQLSchema(), graph.observe((event) => events.push(event)), { replan: true });
    // A match's own goals statement, nothing read ahead: once in the first round only, before.
    const goalsOfMatches = events.filter(({ cypher }) => cypher.startsWith('UNWIND $ids.items AS id') && cypher.includes('MATCH (g:Goal)-[:IN_MATCH]->(m:Match {id: id})'));
    expect(goalsOfMatches.length).toBeGreaterThanOrEqual(2);
    // Its ids go in a map, which Neo4j plans once whatever their number (plan-cache.ts).
    for (const event of goalsOfMatches) expect(planCacheKey(event.cypher, event.params)).toBe(event.cypher);
  });

  it('reports a failure instead of throwing: a cold plan only slows the first request', async () => {
    const broken = { read: () => Promise.reject(new Error('Neo4j is down')) } as unknown as GraphClient;
    await expect(warmStatementPlans(await buildGraphQLSchema(), broken, { replan: true })).resolves.toBeUndefined();
  });
});

describe('warmExampleQueries', () => {
  let server: AppServer;
  let send: (query: string) => Promise<string[]>;
  let sendAsWarmUp: (query: string) => Promise<string[]>;
  const events: QueryEvent[] = [];
  const warmUpToken = 'test-warm-up-token';

  beforeAll(async () => {
    server = await startAppServer(graph.observe((event) => events.push(event)), { warmUpToken });
    send = queryOverHttp(`${server.baseUrl}/graphql`);
    sendAsWarmUp = queryOverHttp(`${server.baseUrl}/graphql`, { [WARM_UP_HEADER]: warmUpToken });
  });

  afterAll(async () => {
    await server?.close();
  });

  /** The statements one request of `query` sends. */
  async function statementsOf(query: string): Promise<string[]> {
    events.length = 0;
    expect(await send(query)).toEqual([]);
    return events.map((event) => event.cypher);
  }

  it('runs every example often enough before readiness to read it ahead, and the first request after it reads ahead at once', async () => {
    forgetLookAheadPlans();
    const sent: string[] = [];
    const failures: string[] = [];
    const lastRoundStatements: string[] = [];
    await warmExampleQueries(
      async (query) => {
        sent.push(query);
        const firstEvent = events.length;
        const errors = await sendAsWarmUp(query);
        const round = sent.filter((earlier) => earlier === query).length - 1;
        if (round === EXAMPLE_WARM_UP_RUNS_BEFORE_READY - 1) {
          lastRoundStatements.push(...events.slice(firstEvent).map((event) => event.cypher));
        }
        failures.push(...errors);
        return errors;
      },
      { rounds: { from: 0, to: EXAMPLE_WARM_UP_RUNS_BEFORE_READY } },
    );
    expect(failures).toEqual([]);
    const examples = new Set(sent);
    expect(examples.size).toBeGreaterThanOrEqual(10);
    expect(sent).toHaveLength(examples.size * EXAMPLE_WARM_UP_RUNS_BEFORE_READY);
    expect(EXAMPLE_WARM_UP_RUNS_BEFORE_READY).toBe(FIRST_ROUND_READING_AHEAD + 1);
    expect(EXAMPLE_WARM_UP_RUNS).toBeGreaterThan(EXAMPLE_WARM_UP_RUNS_BEFORE_READY);
    // The warm-up's own requests compile their shapes on first sight: its last round already reads ahead.
    expect(lastRoundStatements.filter((cypher) => cypher.includes('AS included1') && !cypher.startsWith('EXPLAIN')).length).toBeGreaterThan(0);

    const headToHead = await readFile(path.join(EXAMPLES_DIR, '04-argentina-v-england-head-to-head.graphql'), 'utf8');
    const warmed = await statementsOf(headToHead);
    // Against what the same request sends once the compiled statements are forgotten: level by level.
    forgetLookAheadPlans();
    const cold = await statementsOf(headToHead);
    expect(warmed.length).toBeLessThan(cold.length);
    expect(warmed.some((cypher) => cypher.includes('AS included1'))).toBe(true);
  });

  it('goes on past an example that fails, and never throws', async () => {
    expect(await queryOverHttp(`${server.baseUrl}/nowhere`)('{ __typename }')).toEqual([expect.stringMatching(/^HTTP 404/)]);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kg-examples-'));
    try {
      await writeFile(path.join(dir, '01-broken.graphql'), '# broken\n{ noSuchField }');
      await writeFile(path.join(dir, '02-fine.graphql'), '# fine\n{ search(text: "messi", first: 1) { id } }');
      const answers: string[][] = [];
      await warmExampleQueries(
        async (query) => {
          const errors = await send(query);
          answers.push(errors);
          return errors;
        },
        { dir },
      );
      expect(answers).toHaveLength(2 * EXAMPLE_WARM_UP_RUNS);
      expect(answers.filter((errors) => errors.length > 0)).toHaveLength(EXAMPLE_WARM_UP_RUNS);
      expect(answers.filter((errors) => errors.length > 0)[0]![0]).toMatch(/noSuchField/);
      // A failure ends the warm-up at once (the service only stays cold), and is not thrown.
      let attempts = 0;
      const down = () => (attempts++, Promise.reject(new Error('Neo4j is down')));
      await expect(warmExampleQueries(down, { dir })).resolves.toEqual(expect.any(Number));
      expect(attempts).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
