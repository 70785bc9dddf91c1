import type { GraphClient } from '../graph/driver';
import { applyConstraints } from '../graph/constraints';
import { logger as defaultLogger, type Logger } from '../logger';
import { StartupWork } from './startup-work';

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface ReadinessOptions {
  /** How long Neo4j may take to answer before the check reports it unreachable. Default 3000 ms. */
  timeoutMs?: number;
  /**
   * Start-up work that must be done before the service is ready (src/main.ts: schema and seeds,
   * retried until Neo4j takes them). Default: applying schema/constraints.cypher, begun by the
   * first check that reaches Neo4j, unless `schemaApplied`.
   */
  startup?: StartupWork;
  /** True when the caller already ran applyConstraints. Default false. */
  schemaApplied?: boolean;
  /** Where the cause of a failed check goes: the public answer names none. Default the process logger. */
  logger?: Logger;
}

/** The public reasons: the readiness route is unauthenticated, so no URI, host, port or stack. */
export const NOT_READY = {
  unreachable: 'the graph database is unreachable',
  preparing: 'the graph database is being prepared (schema and seeds)',
} as const;

/**
 * Builds the readiness check: Neo4j answers, and the start-up work is done. Neo4j is asked on every
 * call, so readiness recovers by itself when Neo4j comes back.
 */
export function createReadinessCheck(graph: GraphClient, options: ReadinessOptions = {}): () => Promise<Readiness> {
  const { timeoutMs = 3000 } = options;
  const log = options.logger ?? defaultLogger;
  const startup =
    options.startup ??
    (options.schemaApplied ? undefined : new StartupWork(() => applyConstraints(graph), { name: 'applying the schema', logger: log }));
  return async () => {
    try {
      await withTimeout(graph.verifyConnectivity(), timeoutMs, `Neo4j did not answer within ${timeoutMs} ms`);
    } catch (error) {
      log.warn({ err: error }, `not ready: ${NOT_READY.unreachable}`);
      return { ready: false, reason: NOT_READY.unreachable };
    }
    if (!startup) return { ready: true };
    // Index builds outlast any probe timeout, hence in the background.
    startup.start();
    return startup.done ? { ready: true } : { ready: false, reason: NOT_READY.preparing };
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
