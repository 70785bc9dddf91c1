import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { refreshPlannerStatistics } from '../../src/graph/driver/planner-statistics';
import { argentinaEnglandHistory } from '../fixtures/argentina-england-history';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { seedTestGraph } from '../support/seeded-api';

/**
 * Settings under which the chaos tests run the API: production mode and every limit at its default
 * except the per-client rate limit, which is off. The tests send from one client address what many
 * clients would send, and measure what reaches GraphQL and Neo4j, not a wall of 429s. Load
 * shedding (`SERVER_OVERLOADED`) stays on, at its defaults.
 */
const CHAOS_API_ENV: Record<string, string> = { NODE_ENV: 'production', LOG_LEVEL: 'warn', KG_RATE_LIMIT: '0' };

/**
 * The API as production runs it (`node dist/main.js` in its own process, so its memory, event loop
 * and crashes are its own) on `neo4j`, once `/health/ready` says 200.
 */
export async function startChaosApi(
  neo4j: { uri: string; user: string; password: string },
  env: Record<string, string> = {},
  readyTimeoutMs = 180_000,
): Promise<ApiProcess> {
  const api = await startApiProcess({ ...CHAOS_API_ENV, NEO4J_URI: neo4j.uri, NEO4J_USER: neo4j.user, NEO4J_PASSWORD: neo4j.password, ...env });
  const deadline = performance.now() + readyTimeoutMs;
  for (;;) {
    const status = await fetch(`${api.base}/health/ready`).then((res) => res.status, () => 0);
    if (status === 200) return api;
    if (!api.alive() || performance.now() > deadline) {
      const output = api.output().trimEnd().split('\n').slice(-40).join('\n');
      await api.stop();
      throw new Error(`The API was not ready (last status ${status}); its output:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The test Neo4j emptied and seeded (seeds plus the Argentina v England history fixture; with
 * `KG_CHAOS_HISTORY=full` the API also imports every World Cup from KG_DATA_DIR), and the
 * production API on it.
 */
export async function startSeededApi(graph: GraphClient): Promise<ApiProcess> {
  await seedTestGraph(graph, argentinaEnglandHistory());
  // The API writes nothing at its start, so it keeps the plans Neo4j holds (plan-warm-up.ts): the
  // statistics of the graph just seeded are refreshed here, as the API's own start did before.
  await refreshPlannerStatistics(graph);
  if (process.env.KG_CHAOS_HISTORY !== 'full') return startChaosApi(inject('neo4j'));
  const env: Record<string, string> = { KG_IMPORT: '1' };
  if (process.env.KG_DATA_DIR) env.KG_DATA_DIR = process.env.KG_DATA_DIR;
  return startChaosApi(inject('neo4j'), env, 900_000);
}

/** The peak resident memory of process `pid` since it started (Linux `VmHWM`), or undefined. */
export function peakRssMb(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
