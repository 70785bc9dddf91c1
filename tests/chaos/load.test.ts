import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver';
import { testGraph } from '../support/graph';
import type { ApiProcess } from '../support/api-process';
import { chaosPlan } from './chaos-plan';
import { recordFigures } from './chaos-figures';
import { REALISTIC_QUERIES } from './realistic-queries';
import { graphqlCodes } from './response-audit';
import { startSeededApi } from './seeded-api';

const plan = chaosPlan();

describe(`load: ${plan.loadConnections} connections for ${plan.loadSeconds} s of the realistic mix`, () => {
  let graph: GraphClient;
  let api: ApiProcess;
  let result: autocannon.Result;

  beforeAll(async () => {
    graph = testGraph();
    api = await startSeededApi(graph);
    // A running service is warm: Neo4j has planned these statements and V8 compiled the resolvers.
    for (const query of REALISTIC_QUERIES) {
      await fetch(`${api.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }).then((res) => res.text());
    }
    result = await autocannon({
      url: api.base,
      connections: plan.loadConnections,
      duration: plan.loadSeconds,
      timeout: 10,
      requests: REALISTIC_QUERIES.map((query) => ({
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })),
      // A 200 that carries GraphQL errors is a failure too.
      verifyBody: (body) => graphqlCodes(body)?.length === 0,
    });
    const statuses = Object.entries(result.statusCodeStats).map(([status, { count }]) => `${status}×${count}`).join(' ');
    const failures = result.errors + result.non2xx + result.mismatches;
    console.log(`load: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ${statuses}; errors ${result.errors} (timeouts ${result.timeouts}), mismatches ${result.mismatches}`);
    recordFigures(inject('chaosFigures'), [
      { test: 'load', figure: `throughput, ${plan.loadConnections} connections, ${plan.loadSeconds} s`, value: `${Math.round(result.requests.average)} req/s (${result.requests.total} requests)` },
      { test: 'load', figure: 'latency p50 / p99 / max', value: `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max} ms` },
      { test: 'load', figure: 'errors (transport, timeouts, non-2xx, GraphQL errors)', value: `${failures} (${statuses})`, limit: '0', pass: failures === 0 },
    ]);
  });

  afterAll(async () => {
    await api?.stop();
    await graph?.close();
  });

  it('answers every request of the mix with data and no error', () => {
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, graphqlErrors: result.mismatches }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      graphqlErrors: 0,
    });
    expect(result.requests.total).toBeGreaterThan(0);
  });
});
