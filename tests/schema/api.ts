import type { GraphClient, QueryEvent } from '../../src/graph/driver';
import { buildGraphQLSchema } from '../../src/schema/build-schema';
import { createContext } from '../../src/schema/context';
import { startGraphQLRoute } from '../../src/server/graphql';
import { createHttpServer } from '../../src/server/http';
import type { QueryLimitsOptions } from '../../src/server/query-limits.plugin';
import { closeServer, listenOnFreePort } from '../support/http';

export interface GraphQLResponse<T = Record<string, any>> {
  data?: T | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, any> }>;
}

export interface TestApi {
  /** POSTs to /graphql. */
  query<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>>;
  /** The Cypher statements of each request so far, one list per request (as `[loader, loadCalls]` in DataLoader's tests). */
  requests: QueryEvent[][];
  close(): Promise<void>;
}

/** The real HTTP server on a free port, every request's queries recorded through `GraphClient.observe`. */
export async function startTestApi(graph: GraphClient, limits?: QueryLimitsOptions): Promise<TestApi> {
  const schema = await buildGraphQLSchema();
  const requests: QueryEvent[][] = [];
  const graphql = await startGraphQLRoute({
    schema,
    limits,
    createContext: () => {
      const recorded: QueryEvent[] = [];
      requests.push(recorded);
      return createContext(graph.observe((event) => recorded.push(event)));
    },
  });
  const server = createHttpServer({ graph, routes: [graphql.route] });
  const url = `${await listenOnFreePort(server)}/graphql`;
  return {
    requests,
    async query(query, variables) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GraphQLResponse<any>;
    },
    async close() {
      await graphql.stop();
      await closeServer(server);
    },
  };
}
