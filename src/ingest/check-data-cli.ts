import { ConfigError, loadConfig } from '../config';
import { checkInvariants } from '../graph/write/invariants';
import { openGraph } from '../neo4j/open-graph';
import { formatDataCheck } from './data-check-report';

/**
 * `npm run check:data`: runs every invariant over the whole graph of the database `npm start` uses
 * and prints a table; exits 4 when any is violated.
 */
async function main(): Promise<number> {
  const { graph, uri, managed, close } = await openGraph(loadConfig());
  try {
    console.error(`Checking ${uri}${managed ? ' (managed local Neo4j)' : ''}`);
    const results = await checkInvariants((cypher, params) => graph.read(cypher, params));
    console.log(formatDataCheck(results));
    return results.some((result) => result.counts.violated > 0) ? 4 : 0;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || !(error instanceof Error) ? String(error instanceof Error ? error.message : error) : error.stack);
    process.exit(1);
  },
);
