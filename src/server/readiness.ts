import type { GraphClient } from '../graph/driver/driver';
import { applyConstraints } from '../graph/model/constraints';
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
  /** True once the process is shutting down: not ready, so a balancer stops sending. Default never. */
  stopping?: () => boolean;
}

/** The public reasons: the readiness route is unauthenticated, so no URI, host, port or stack. */
export const NOT_READY = {
  unreachable: 'the graph database is unreachable',
  preparing: 'the graph database is being prepared (schema and seeds)',
  indexing: 'the graph database is rebuilding its search indexes',
  warming: 'the graph database restarted and is being warmed',
  stopping: 'the service is shutting down',
} as const;

/**
 * Builds the readiness check: a real read succeeds as a request's would (not merely a connection:
 * after a restart Neo4j accepts connections seconds before it serves reads), no full-text index is
 * rebuilding, and the start-up work is done. Neo4j is asked on every call, so readiness recovers
 * by itself when Neo4j comes back.
 */
export function createReadinessCheck(graph: GraphClient, options: ReadinessOptions = {}): () => Promise<Readiness> {
  const { timeoutMs = 3000 } = options;
  const log = options.logger ?? defaultLogger;
  const startup =
    options.startup ??
    (options.schemaApplied ? undefined : new StartupWork(() => applyConstraints(graph), { name: 'applying the schema', logger: log }));
  return async () => {
    if (options.stopping?.()) return { ready: false, reason: NOT_READY.stopping };
    let offlineIndexes: string[];
    try {
      offlineIndexes = await graph.checkReads(timeoutMs);
    } catch (error) {
      log.warn({ err: error }, `not ready: ${NOT_READY.unreachable}`);
      return { ready: false, reason: NOT_READY.unreachable };
    }
    if (offlineIndexes.length > 0) return { ready: false, reason: NOT_READY.indexing };
    // A restarted Neo4j answers a probe long before it answers a request's first statements in time.
    if (graph.isSettling) return { ready: false, reason: NOT_READY.warming };
    if (!startup) return { ready: true };
    // Index builds outlast any probe timeout, hence in the background.
    startup.start();
    return startup.done ? { ready: true } : { ready: false, reason: NOT_READY.preparing };
  };
}
