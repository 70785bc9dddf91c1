import type { GraphClient, QueryEvent } from '../../src/graph/driver/driver';
import { lookAheadCompilations } from '../../src/graph/read/loaders/look-ahead';
import type { QueryLimitsOptions } from '../../src/server/query-limits.plugin';
import { startTestGraphQLServer, type GraphQLBody } from '../support/graphql-server';

export type GraphQLResponse<T = Record<string, any>> = GraphQLBody<T>;

/** The API as the schema tests use it: answers only, every request's statements recorded. */
export interface TestApi {
  /** POSTs to /graphql. */
  query<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>>;
  /** The Cypher statements of each request so far, one list per request (as `[loader, loadCalls]` in DataLoader's tests). */
  requests: QueryEvent[][];
  close(): Promise<void>;
}

/**
 * Deadline for these tests' requests: they check answers, and a loaded CI machine must not turn a
 * slow answer into a 504 (tests/server/ test the deadline itself).
 */
const ANSWER_TESTS_TIMEOUT_MS = 120_000;

/** The real HTTP server on a free port (tests/support/graphql-server.ts). */
export async function startTestApi(graph: GraphClient, limits?: QueryLimitsOptions): Promise<TestApi> {
  const server = await startTestGraphQLServer(graph, { limits, requestTimeoutMs: ANSWER_TESTS_TIMEOUT_MS });
  return {
    requests: server.requests,
    query: async <T>(query: string, variables?: Record<string, unknown>) => (await server.post(query, variables)).body as GraphQLResponse<T>,
    close: () => server.close(),
  };
}

/**
 * A request of a selection reads level by level until its look-ahead statements have been asked for
 * often enough and compiled: send it until two requests in a row run the same statements, no EXPLAIN.
 */
export async function warmLookAhead(api: TestApi, query: string, variables: Record<string, unknown>): Promise<void> {
  const statementsOf = (request: readonly QueryEvent[]) => request.map((event) => event.cypher).sort().join('\n');
  let previous: string | undefined;
  for (let round = 0; round < 8; round++) {
    const response = await api.query(query, variables);
    if (response.errors) throw new Error(`warming the look-ahead of a query failed: ${response.errors[0]!.message}`);
    await lookAheadCompilations();
    const statements = statementsOf(api.requests.at(-1)!);
    if (statements === previous && !statements.includes('EXPLAIN')) return;
    previous = statements;
  }
  throw new Error('the look-ahead statements of the query were still compiling after 8 requests');
}
