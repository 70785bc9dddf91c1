import type { GraphClient } from '../graph/driver';
import { applyConstraints } from '../graph/constraints';

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface ReadinessOptions {
  /** How long Neo4j may take to answer before the check reports it unreachable. Default 3000 ms. */
  timeoutMs?: number;
  /** True when the caller already ran applyConstraints (src/main.ts does, at start-up). Default false. */
  schemaApplied?: boolean;
}

type SchemaState = { state: 'missing' } | { state: 'applying' } | { state: 'applied' } | { state: 'failed'; error: Error };

/**
 * Builds the readiness check: Neo4j answers, and the schema of schema/constraints.cypher has been
 * applied. Neo4j is asked on every call, so readiness recovers by itself when Neo4j comes back. When
 * start-up did not apply the schema, the first check that reaches Neo4j starts applying it in the
 * background (index builds outlast any probe timeout) and checks report 503 until it is done.
 */
export function createReadinessCheck(graph: GraphClient, options: ReadinessOptions = {}): () => Promise<Readiness> {
  const { timeoutMs = 3000 } = options;
  let schema: SchemaState = options.schemaApplied ? { state: 'applied' } : { state: 'missing' };
  return async () => {
    try {
      await withTimeout(graph.verifyConnectivity(), timeoutMs, `Neo4j did not answer within ${timeoutMs} ms`);
    } catch (error) {
      return { ready: false, reason: `Neo4j is unreachable: ${(error as Error).message}` };
    }
    switch (schema.state) {
      case 'applied':
        return { ready: true };
      case 'applying':
        return { ready: false, reason: 'the schema is being applied' };
      case 'failed': {
        const reason = `applying the schema failed: ${schema.error.message}`;
        schema = { state: 'missing' };
        return { ready: false, reason };
      }
      case 'missing':
        schema = { state: 'applying' };
        applyConstraints(graph).then(
          () => (schema = { state: 'applied' }),
          (error: Error) => (schema = { state: 'failed', error }),
        );
        return { ready: false, reason: 'the schema is being applied' };
    }
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
