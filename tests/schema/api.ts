import type { GraphClient, QueryEvent } from '../../src/graph/driver';
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
