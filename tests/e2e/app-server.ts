import 'reflect-metadata';
import type { Server } from 'node:http';
import type { GraphClient } from '../../src/graph/driver/driver';
import { buildGraphQLSchema } from '../../src/schema/build-schema';
import { createContext } from '../../src/schema/context';
import { startGraphQLRoute, type GraphQLRoute } from '../../src/server/graphql';
import { createHttpServer } from '../../src/server/http';
import { createStaticPagesRoute } from '../../src/server/static-pages';
import { closeServer, listenOnFreePort } from '../support/http';

export interface AppServer {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The server as `npm start` assembles it (src/main.ts): the pages route before GraphQL, on one
 * port. It runs in the test process against the test Neo4j, on a free loopback port. Requests
 * carrying `warmUpToken` in WARM_UP_HEADER are its own warm-up's, as in main.ts.
 */
export async function startAppServer(graph: GraphClient, { warmUpToken }: { warmUpToken?: string } = {}): Promise<AppServer> {
  const graphql: GraphQLRoute = await startGraphQLRoute({
    schema: await buildGraphQLSchema(),
    warmUpToken,
    createContext: ({ warmUp }) => createContext(graph, warmUp ? { timeoutMs: 30_000, receivedAt: Date.now(), warmUp } : undefined),
  });
  const server: Server = createHttpServer({
    graph,
    routes: [createStaticPagesRoute(), graphql.route],
    readiness: { schemaApplied: true },
  });
  const baseUrl = await listenOnFreePort(server);
  return {
    baseUrl,
    async close() {
      await closeServer(server);
      await graphql.stop();
    },
  };
}
