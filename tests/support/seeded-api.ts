import type { FactBundle } from '../../src/graph/model/bundle';
import type { GraphClient } from '../../src/graph/driver/driver';
import { argentinaEnglandHistory } from '../fixtures/argentina-england-history';
import { reseedDatabase, testGraph, writeFixture } from './graph';
import { startTestGraphQLServer, type TestGraphQLServer } from './graphql-server';

/** Empties `graph`'s database, loads the seeds and writes `fixtures` over them; returns `graph`. */
export async function seedTestGraph(graph: GraphClient, ...fixtures: FactBundle[]): Promise<GraphClient> {
  await reseedDatabase(graph);
  for (const fixture of fixtures) await writeFixture(graph, fixture);
  return graph;
}

/**
 * The seeds plus the Argentina v England history fixture (men's and women's teams) behind the real
 * HTTP server: the graph most API tests ask about. Close both in `afterAll`.
 */
export async function startSeededHistoryApi(): Promise<{ graph: GraphClient; api: TestGraphQLServer }> {
  const graph = await seedTestGraph(testGraph(), argentinaEnglandHistory());
  return { graph, api: await startTestGraphQLServer(graph) };
}
