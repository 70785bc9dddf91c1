import type { GraphClient } from '../../src/graph/driver';
import { seedDatabase } from '../../src/ingest/seed';
import { argentinaEnglandHistory, writeFixture } from '../fixtures/argentina-england-history';
import { resetDatabase, testGraph } from './graph';
import { startTestGraphQLServer, type TestGraphQLServer } from './graphql-server';

/**
 * The seeds plus the Argentina v England history fixture (men's and women's teams) behind the real
 * HTTP server: the graph most API tests ask about. Close both in `afterAll`.
 */
export async function startSeededHistoryApi(): Promise<{ graph: GraphClient; api: TestGraphQLServer }> {
  const graph = testGraph();
  await resetDatabase(graph);
  await seedDatabase(graph);
  await writeFixture(graph, argentinaEnglandHistory());
  return { graph, api: await startTestGraphQLServer(graph) };
}
