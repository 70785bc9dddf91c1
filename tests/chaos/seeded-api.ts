import { inject } from 'vitest';
import type { GraphClient } from '../../src/graph/driver';
import { seedDatabase } from '../../src/ingest/seed';
import { argentinaEnglandHistory, writeFixture } from '../fixtures/argentina-england-history';
import { resetDatabase } from '../support/graph';
import { startApiProcess, type ApiProcess } from './api-process';

/**
 * Settings under which the chaos tests run the API: everything at its production default except
 * the per-client rate limit, which is off. The tests send from one client address what many
 * clients would send, and measure what reaches GraphQL and Neo4j, not a wall of 429s. Load
 * shedding (`SERVER_OVERLOADED`) stays on, at its defaults.
 */
export const CHAOS_API_ENV: Record<string, string> = { KG_RATE_LIMIT: '0' };

/**
 * The test Neo4j emptied and seeded (seeds plus the Argentina v England history fixture; with
 * `KG_CHAOS_HISTORY=full` the API also imports every World Cup from KG_DATA_DIR), and the
 * production API on it.
 */
export async function startSeededApi(graph: GraphClient): Promise<ApiProcess> {
  await resetDatabase(graph);
  await seedDatabase(graph);
  await writeFixture(graph, argentinaEnglandHistory());
  const fullHistory = process.env.KG_CHAOS_HISTORY === 'full';
  const importEnv: Record<string, string> = fullHistory ? { KG_IMPORT: '1', ...(process.env.KG_DATA_DIR ? { KG_DATA_DIR: process.env.KG_DATA_DIR } : {}) } : {};
  return startApiProcess({ neo4j: inject('neo4j'), env: { ...CHAOS_API_ENV, ...importEnv }, readyTimeoutMs: fullHistory ? 600_000 : 120_000 });
}
