import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Process-wide Prometheus counters. This module sits at the bottom of the house: every layer may
 * import it, it imports nothing of ours.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const cypherQueries = new Counter({
  name: 'kg_cypher_queries_total',
  help: 'Cypher queries sent to Neo4j, by access mode (read/write).',
  labelNames: ['mode'] as const,
  registers: [registry],
});

/** The API's own once-a-second read, so that statements per request can leave it out (the bench does). */
export const dataVersionReads = new Counter({
  name: 'kg_data_version_reads_total',
  help: 'Reads of the data version by the API itself (one Cypher statement each, also in kg_cypher_queries_total).',
  registers: [registry],
});

export const graphqlRequests = new Counter({
  name: 'kg_graphql_requests_total',
  help: 'GraphQL operations executed, by operation name.',
  labelNames: ['operation'] as const,
  registers: [registry],
});

export const graphqlDuration = new Histogram({
  name: 'kg_graphql_request_duration_seconds',
  help: 'GraphQL operation duration in seconds, by operation name.',
  labelNames: ['operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const graphqlErrors = new Counter({
  name: 'kg_graphql_errors_total',
  help: 'GraphQL errors returned to clients, by extensions.code.',
  labelNames: ['code'] as const,
  registers: [registry],
});

export const documentCompileDuration = new Histogram({
  name: 'kg_graphql_compile_seconds',
  help: 'Time graphql-jit took to compile each document executed often enough (src/server/compiled-execution.ts), by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
  registers: [registry],
});

export const lookAheadCompileDuration = new Histogram({
  name: 'kg_look_ahead_compile_seconds',
  help: 'Time Neo4j took to compile each look-ahead statement (an EXPLAIN beside the requests), by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
