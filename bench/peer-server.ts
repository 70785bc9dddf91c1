import http from 'node:http';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { Neo4jGraphQL } from '@neo4j/graphql';
import neo4j, { type Driver, type ManagedTransaction, type Session } from 'neo4j-driver';
import { NEO4J_GRAPHQL_TYPE_DEFS } from './neo4j-graphql-type-defs';
import { PEER_QUERIES } from './peer-queries';

/**
 * One peer of the bench, in its own process so that its CPU is its own:
 * `tsx bench/peer-server.ts neo4j-graphql|cypher PORT [STATEMENTS_PORT]` with NEO4J_URI and NEO4J_PASSWORD set.
 * `neo4j-graphql`: @neo4j/graphql on Apollo's standalone server, as its documentation sets it up,
 * and GET /statements on STATEMENTS_PORT.
 * `cypher`: POST /cypher `{ "query": name }` runs that query's one hand-written statement.
 * Both answer GET /statements with the Cypher statements sent so far.
 */
export type PeerKind = 'neo4j-graphql' | 'cypher';

let statements = 0;

/** Counts every statement run through the driver's sessions and transactions. */
function countingDriver(driver: Driver): Driver {
  const countingTx = (tx: ManagedTransaction): ManagedTransaction =>
    new Proxy(tx, {
      get: (target, key) =>
        key === 'run'
          ? (...args: Parameters<ManagedTransaction['run']>) => {
              statements++;
              return target.run(...args);
            }
          : Reflect.get(target, key),
    });
  const countingSession = (session: Session): Session =>
    new Proxy(session, {
      get: (target, key) => {
        if (key === 'run') {
          return (...args: Parameters<Session['run']>) => {
            statements++;
            return target.run(...args);
          };
        }
        if (key === 'executeRead' || key === 'executeWrite') {
          return <T>(work: (tx: ManagedTransaction) => Promise<T>, config?: unknown) =>
            (target[key] as (w: typeof work, c?: unknown) => Promise<T>).call(target, (tx) => work(countingTx(tx)), config);
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return new Proxy(driver, {
    get: (target, key) => {
      if (key === 'session') return (...args: Parameters<Driver['session']>) => countingSession(target.session(...args));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function statementsRoute(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== 'GET' || req.url !== '/statements') return false;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ statements }));
  return true;
}

async function serveNeo4jGraphql(driver: Driver, port: number, statementsPort: number): Promise<void> {
  const schema = await new Neo4jGraphQL({ typeDefs: NEO4J_GRAPHQL_TYPE_DEFS, driver }).getSchema();
  const server = new ApolloServer({ schema });
  const { url } = await startStandaloneServer(server, { listen: { port, host: '127.0.0.1' } });
  // Apollo's standalone server owns its http.Server; /statements is a side door on a port of its own
  // (not PORT + 1: free ports come in a row, and that one was the Cypher peer's).
  http.createServer((req, res) => statementsRoute(req, res) || res.writeHead(404).end()).listen(statementsPort, '127.0.0.1');
  console.log(`ready ${url}`);
}

function serveCypher(driver: Driver, port: number): void {
  const server = http.createServer((req, res) => {
    if (statementsRoute(req, res)) return;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string };
      const peerQuery = PEER_QUERIES.find((candidate) => candidate.name === query);
      if (!peerQuery) return void res.writeHead(404).end(JSON.stringify({ errors: [{ message: `no query named ${query}` }] }));
      const { statement, params } = peerQuery.cypher;
      statements++;
      driver
        .executeQuery(statement, params, { routing: neo4j.routing.READ })
        .then(({ records }) => {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: records[0]?.get('data') ?? null }));
        })
        .catch((error: Error) => res.writeHead(500).end(JSON.stringify({ errors: [{ message: error.message }] })));
    });
  });
  server.listen(port, '127.0.0.1', () => console.log(`ready http://127.0.0.1:${port}/`));
}

async function main([kind, port, statementsPort]: string[]): Promise<void> {
  const driver = neo4j.driver(process.env.NEO4J_URI!, neo4j.auth.basic('neo4j', process.env.NEO4J_PASSWORD!), {
    disableLosslessIntegers: true,
  });
  if (kind === 'neo4j-graphql') await serveNeo4jGraphql(countingDriver(driver), Number(port), Number(statementsPort));
  else if (kind === 'cypher') serveCypher(driver, Number(port));
  else throw new Error(`unknown peer ${kind}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
