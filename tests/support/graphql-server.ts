import type { IncomingHttpHeaders, Server } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { loadConfig } from '../../src/config';
import type { GraphClient, QueryEvent } from '../../src/graph/driver/driver';
import { buildGraphQLSchema } from '../../src/schema/build-schema';
import { createContext, type Context } from '../../src/schema/context';
import type { EditSession } from '../../src/schema/editing/edit-session';
import { startGraphQLRoute, type GraphQLRouteOptions } from '../../src/server/graphql';
import { createHttpServer, createMetricsServer, type HttpServerOptions } from '../../src/server/http';
import type { QueryLimitsOptions } from '../../src/server/query-limits.plugin';
import { closeServer, listenOnFreePort } from './http';

export interface GraphQLBody<T = Record<string, any>> {
  data?: T | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, any> }>;
}

export interface GraphQLReply {
  status: number;
  headers: Headers;
  body: GraphQLBody;
}

export interface TestGraphQLServer {
  /** e.g. `http://127.0.0.1:41234` */
  base: string;
  /** `/metrics`, on a listener of its own as in src/main.ts. */
  metricsUrl: string;
  /** Every Cypher statement the GraphQL requests ran, in order. */
  queries: QueryEvent[];
  /** The same statements, one list per request (as `[loader, loadCalls]` in DataLoader's tests). */
  requests: QueryEvent[][];
  post(query: string, variables?: Record<string, unknown>): Promise<GraphQLReply>;
  close(): Promise<void>;
}

export interface TestGraphQLServerOptions {
  debugErrors?: boolean;
  limits?: QueryLimitsOptions;
  /** Further options of the GraphQL route: rate limits, load shedding, size caps. */
  route?: Partial<GraphQLRouteOptions<Context>>;
  timeouts?: HttpServerOptions['timeouts'];
  /** Default: the configuration's default. */
  requestTimeoutMs?: number;
  /** Default: the API's schema. */
  schema?: GraphQLSchema;
  /** Each request's edit session (src/server/edit-session.ts); default: the server takes no writes. */
  editing?: (headers: IncomingHttpHeaders) => EditSession;
}

/**
 * The real HTTP server on a free port, wired as src/main.ts wires it, for tests that care about
 * HTTP status codes, production mode and limits.
 */
export async function startTestGraphQLServer(
  graph: GraphClient,
  options: TestGraphQLServerOptions = {},
): Promise<TestGraphQLServer> {
  const queries: QueryEvent[] = [];
  const requests: QueryEvent[][] = [];
  const timeoutMs = options.requestTimeoutMs ?? loadConfig({}).requestTimeoutMs;
  const graphql = await startGraphQLRoute({
    schema: options.schema ?? (await buildGraphQLSchema()),
    createContext: ({ signal, answered, receivedAt, headers }) => {
      const recorded: QueryEvent[] = [];
      requests.push(recorded);
      const observed = graph.observe((event) => {
        queries.push(event);
        recorded.push(event);
      });
      return createContext(observed, { timeoutMs, receivedAt, signal, answered }, options.editing?.(headers));
    },
    debugErrors: options.debugErrors,
    limits: options.limits,
    // Every document compiled on its first request: the tests then see the executor most requests
    // meet; tests/server/compiled-execution.test.ts compares it with graphql-js's.
    compileAfterExecutions: 1,
    ...options.route,
  });
  const server: Server = createHttpServer({ graph, routes: [graphql.route], timeouts: options.timeouts });
  const base = await listenOnFreePort(server);
  const metrics = createMetricsServer();
  const metricsUrl = `${await listenOnFreePort(metrics)}/metrics`;
  return {
    base,
    metricsUrl,
    queries,
    requests,
    async post(query, variables) {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as GraphQLBody };
    },
    async close() {
      await graphql.stop();
      await closeServer(server);
      await closeServer(metrics);
    },
  };
}
