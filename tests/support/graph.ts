import { inject } from 'vitest';
import { GraphClient } from '../../src/graph/driver/driver';
import type { FactBundle } from '../../src/graph/model/bundle';
import { writeBundle } from '../../src/graph/write/bundle-writer';
import { applyConstraints } from '../../src/graph/model/constraints';
import { emptyGraph } from '../../src/graph/write/empty-graph';
import { seedDatabase } from '../../src/ingest/seeds/load';

/**
 * A client on the throwaway Neo4j of this test run (see tests/global-setup.ts). Close it in
 * `afterAll`; every call opens a new driver.
 */
export function testGraph(): GraphClient {
  return new GraphClient(inject('neo4j'));
}

/** Empties the database, then re-applies constraints and indexes, for a known starting point. */
export async function resetDatabase(graph: GraphClient): Promise<void> {
  await emptyGraph(graph);
  await applyConstraints(graph);
}

/** Empties `graph`'s database and loads the seeds of `dir` (the project's `seeds/` unless given). */
export async function reseedDatabase(graph: GraphClient, dir?: string): Promise<void> {
  await resetDatabase(graph);
  await seedDatabase(graph, dir);
}

/**
 * `testGraph()` on an emptied database holding the seeds of `dir` (the project's `seeds/` unless
 * given), as most tests of the API start. The client is closed again if seeding fails.
 */
export async function seededTestGraph(dir?: string): Promise<GraphClient> {
  const graph = testGraph();
  try {
    await reseedDatabase(graph, dir);
    return graph;
  } catch (error) {
    await graph.close();
    throw error;
  }
}

/** Node, relationship and property totals: equal totals before and after a re-import mean nothing changed. */
export async function graphShape(graph: GraphClient) {
  const [row] = await graph.read(
    `MATCH (n) WITH count(n) AS nodes, sum(size(keys(n))) AS props
     OPTIONAL MATCH ()-[r]->() RETURN nodes, props, count(r) AS rels, sum(size(keys(r))) AS relProps`,
  );
  return row;
}

/** Writes a fixture bundle as an import would, in one transaction. */
export async function writeFixture(graph: GraphClient, bundle: FactBundle): Promise<void> {
  await graph.writeTransaction((tx) => writeBundle(tx, bundle));
}
