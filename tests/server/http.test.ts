import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/driver/driver';
import { createHttpServer, createMetricsServer, sendJson, type Route } from '../../src/server/http';
import { NOT_READY } from '../../src/server/readiness';
import { testGraph } from '../support/graph';
import { closeServer, listenOnFreePort, pollStatus } from '../support/http';

describe('HTTP server', () => {
  let graph: GraphClient;
  let server: ReturnType<typeof createServer>;
  let base: string;
  const echo: Route = async (req, res) => {
    if (!req.url?.startsWith('/echo')) return false;
    sendJson(res, 200, { url: req.url });
    return true;
  };
  const failing: Route = async (req) => {
    if (req.url !== '/boom') return false;
    throw new Error('boom');
  };

  beforeAll(async () => {
    graph = testGraph();
    server = createHttpServer({ graph, routes: [echo, failing] });
    base = await listenOnFreePort(server);
  });
  afterAll(async () => {
    await closeServer(server);
    await graph.close();
  });

  it('answers /health/live without asking Neo4j', async () => {
    const res = await fetch(`${base}/health/live`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'live' });
  });

  it('is unready while it applies the schema, then ready', async () => {
    const first = await fetch(`${base}/health/ready`);
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ status: 'unavailable', reason: NOT_READY.preparing });
    expect(await pollStatus(`${base}/health/ready`, 200, 30_000)).toBe(200);
    const constraints = await graph.read<{ name: string }>("SHOW CONSTRAINTS YIELD name WHERE name = 'source_id'");
    expect(constraints).toEqual([{ name: 'source_id' }]);
  });

  it('serves Prometheus metrics on their own listener only, including the Cypher query counter', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    const metrics = createMetricsServer();
    const metricsBase = await listenOnFreePort(metrics);
    try {
      const res = await fetch(`${metricsBase}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toMatch(/^kg_cypher_queries_total\{mode="write"\} \d+/m);
      expect((await fetch(`${metricsBase}/graphql`)).status).toBe(404);
    } finally {
      await closeServer(metrics);
    }
  });

  it('hands other requests to the routes in order, 404 when none takes them, 500 when one throws', async () => {
    expect(await (await fetch(`${base}/echo?x=1`)).json()).toEqual({ url: '/echo?x=1' });
    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'no route for GET /nowhere' });
    const failed = await fetch(`${base}/boom`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: 'internal server error' });
  });
});
