import { BenchProcess } from './bench-process';
import type { PeerQuery } from './peer-queries';

/** What autocannon sends for one query. */
export interface PeerRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** One of the servers compared: how to ask it a query, and how many Cypher statements it has sent. */
export interface Peer {
  name: string;
  process: BenchProcess;
  request(query: PeerQuery): PeerRequest;
  /** The answer's `data` in this API's shape (PeerQuery.fromNeo4jGraphql), not yet normalised. */
  toApiShape(query: PeerQuery, data: Record<string, unknown>): Record<string, unknown>;
  statementsSent(): Promise<number>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export const graphqlRequest = (url: string, query: string, variables: object, headers: Record<string, string> = {}): PeerRequest => ({
  url,
  headers: { ...JSON_HEADERS, ...headers },
  body: JSON.stringify({ query, variables }),
});

/** This API: `node dist/main.js` (built first), production mode, rate limit off. */
export function apiPeer(
  process: BenchProcess,
  { port, metricsPort }: { port: number; metricsPort: number },
  headers: Record<string, string> = {},
  name = 'this API',
): Peer {
  const base = `http://127.0.0.1:${port}`;
  return {
    name,
    process,
    request: (query) => graphqlRequest(`${base}/graphql`, query.api.query, query.api.variables, headers),
    toApiShape: (_query, data) => data,
    statementsSent: async () => {
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const total = (name: string) => [...metrics.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0);
      // Not the API's own data-version reads, one a second whatever the load: at 47 requests a
      // second they were a quarter of a statement per request.
      return total('kg_cypher_queries_total') - total('kg_data_version_reads_total');
    },
  };
}

const statementsAt = async (url: string) => ((await (await fetch(url)).json()) as { statements: number }).statements;

export function neo4jGraphqlPeer(process: BenchProcess, port: number, statementsPort: number): Peer {
  return {
    name: '@neo4j/graphql',
    process,
    request: (query) => graphqlRequest(`http://127.0.0.1:${port}/`, query.neo4jGraphql.query, query.neo4jGraphql.variables),
    toApiShape: (query, data) => query.fromNeo4jGraphql(data),
    statementsSent: () => statementsAt(`http://127.0.0.1:${statementsPort}/statements`),
  };
}

export function cypherPeer(process: BenchProcess, port: number): Peer {
  return {
    name: 'hand-written Cypher',
    process,
    request: (query) => ({ url: `http://127.0.0.1:${port}/cypher`, headers: JSON_HEADERS, body: JSON.stringify({ query: query.name }) }),
    toApiShape: (_query, data) => data,
    statementsSent: () => statementsAt(`http://127.0.0.1:${port}/statements`),
  };
}
