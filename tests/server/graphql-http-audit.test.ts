import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { serverAudits, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { testGraph } from '../support/graph';
import { startTestGraphQLServer, type TestGraphQLServer } from '../support/graphql-server';

async function audit(url: string): Promise<AuditResult[]> {
  const results: AuditResult[] = [];
  // One at a time: the audits are dozens of requests, and the machine is shared.
  for (const { fn } of serverAudits({ url })) results.push(await fn());
  return results;
}

const named = (results: AuditResult[], status: AuditResult['status']) =>
  results.filter((result) => result.status === status).map((result) => `${result.id} ${result.name}`);

describe("graphql-http's GraphQL-over-HTTP audit", () => {
  let graph: GraphClient;
  let api: TestGraphQLServer;
  let bare: ApolloServer;
  let bareUrl: string;

  beforeAll(async () => {
    graph = testGraph();
    api = await startTestGraphQLServer(graph);
    // The yardstick: Apollo Server 5 as it comes, on its own node:http server.
    bare = new ApolloServer({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });
    ({ url: bareUrl } = await startStandaloneServer(bare, { listen: { port: 0, host: '127.0.0.1' } }));
  });
  afterAll(async () => {
    await bare?.stop();
    await api?.close();
    await graph?.close();
  });

  it('finds no errors in our server, and fewer warnings than in a bare Apollo Server 5', async () => {
    const ours = await audit(`${api.base}/graphql`);
    const theirs = await audit(bareUrl);
    expect(named(ours, 'error')).toEqual([]);
    expect(named(theirs, 'error')).toEqual([]);
    // Apollo answers 400 to parse, validation and variable errors whatever the client accepts;
    // we answer 200 under application/json as the spec says (see graphql-response.ts).
    expect(named(theirs, 'warn')).toHaveLength(3);
    expect(named(ours, 'warn')).toEqual([]);
    expect(ours.length).toBe(theirs.length);
  });
});
