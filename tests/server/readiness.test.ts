import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../src/graph/driver/driver';
import { startNeo4j, stopNeo4jIn, type Neo4jInstance, type StartNeo4jOptions } from '../../src/neo4j/launcher';
import { freePort } from '../../src/neo4j/ports';
import { createHttpServer } from '../../src/server/http';
import { NOT_READY } from '../../src/server/readiness';
import { closeServer, listenOnFreePort, pollStatus } from '../support/http';

// A Neo4j of its own: stopping the shared test instance would break every other test file.
describe('readiness across a Neo4j outage', () => {
  let options: StartNeo4jOptions;
  let neo4j: Neo4jInstance;
  let graph: GraphClient;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-readiness-'));
    options = { dir, boltPort: await freePort(), httpPort: await freePort(), password: 'readiness-password', heap: '512m' };
    neo4j = await startNeo4j(options);
    graph = new GraphClient(neo4j);
    server = createHttpServer({ graph, readiness: { timeoutMs: 5000 } });
    base = await listenOnFreePort(server);
  });
  afterAll(async () => {
    await closeServer(server);
    await graph.close();
    // By PID file, so that a Neo4j still starting when the test gave up is stopped too.
    await stopNeo4jIn(options.dir);
    await rm(options.dir, { recursive: true, force: true });
  });

  it('keeps its folders to its owner, and its HTTP API from other origins', async () => {
    for (const dir of [options.dir, path.join(options.dir, 'data'), path.join(options.dir, 'conf')]) {
      expect(((await stat(dir)).mode & 0o777).toString(8)).toBe('700');
    }
    const preflight = await fetch(`http://127.0.0.1:${options.httpPort}/db/neo4j/tx/commit`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    const allowed = preflight.headers.get('access-control-allow-origin');
    expect(allowed).not.toBe('*');
    expect(allowed).not.toBe('https://evil.example');
  });

  it('goes 503 with a reason while Neo4j is down and back to 200 when it returns', async () => {
    expect(await pollStatus(`${base}/health/ready`, 200, 30_000)).toBe(200);

    await neo4j.stop();
    const down = await fetch(`${base}/health/ready`);
    expect(down.status).toBe(503);
    // The probe is public: no URI, host, port or driver message in it.
    expect(await down.json()).toEqual({ status: 'unavailable', reason: NOT_READY.unreachable });
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    neo4j = await startNeo4j(options);
    expect(await pollStatus(`${base}/health/ready`, 200, 30_000)).toBe(200);
  }, 240_000);
});
