import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node' with { 'resolution-mode': 'import' };
import setupTestNeo4j from '../global-setup';
import { chaosPlan } from './chaos-plan';
import { formatFigures, readFigures } from './chaos-figures';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File the chaos tests append their figures to; printed as one table at the end. */
    chaosFigures: string;
  }
}

/**
 * The test Neo4j of `npm test` (tests/global-setup.ts), and the summary table of every figure the
 * chaos tests record, printed at the end.
 */
export default async function setup(project: TestProject) {
  const figures = path.join(os.tmpdir(), `sports-kg-chaos-figures-${process.pid}.jsonl`);
  rmSync(figures, { force: true });
  project.provide('chaosFigures', figures);
  const stopNeo4j = await setupTestNeo4j(project);
  return async () => {
    // The figures depend on what else the machine is doing; say how busy it was.
    const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');
    console.log(`\nChaos summary (KG_CHAOS=${chaosPlan().mode}, ${os.cpus().length} CPUs, load average ${load}):\n${formatFigures(readFigures(figures))}\n`);
    rmSync(figures, { force: true });
    await stopNeo4j?.();
  };
}
