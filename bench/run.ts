import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { loadConfig } from '../src/config';
import { GraphClient } from '../src/graph/driver/driver';
import { refreshPlannerStatistics } from '../src/graph/driver/planner-statistics';
import { startNeo4j, type Neo4jInstance } from '../src/neo4j/launcher';
import { freePort } from '../src/neo4j/ports';
import { NODE_FLAGS } from '../src/node-flags';
import { EXAMPLES_DIR } from '../src/server/plan-warm-up';
import { BenchProcess } from './bench-process';
import { benchImports } from './import-timing';
import { timedRequest } from './load-run';
import { runPeerBench } from './peer-bench';
import { PEER_QUERIES } from './peer-queries';
import { formatPeerReport } from './peer-report';
import { SHAPES_DEFAULT_SEED } from './query-shapes';
import { benchShapes, benchShapeSet, formatShapeReport } from './shape-bench';
import { apiPeer, cypherPeer, graphqlRequest, neo4jGraphqlPeer, type PeerRequest } from './peers';

/**
 * `npm run bench`: one throwaway Neo4j, the full history imported into it (timed, then re-imported),
 * then this API, @neo4j/graphql and hand-written Cypher side by side on the same queries
 * (bench/peer-queries.ts): answers checked equal, then loaded with autocannon, peers alternating.
 *
 * BENCH_DATA_DIR (default the shipped seeds/datasets), BENCH_SECONDS per run (default 5), BENCH_ROUNDS (default 2),
 * BENCH_QUERIES=words runs only the queries whose names contain one of the comma-separated words,
 * BENCH_CPU_PROF=dir writes a V8 CPU profile of the API process there. BENCH_SHAPES=on (default), off or
 * only runs the generated query shapes (bench/query-shapes.ts, seed BENCH_SHAPES_SEED) besides the five,
 * not at all, or alone; BENCH_SHORT=1 makes every run short, for iterating. BENCH_NEO4J_URI and
 * BENCH_NEO4J_PASSWORD reuse a Neo4j already holding the history (no import, for iterating).
 */
const ROOT = path.join(__dirname, '..');
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(ROOT, 'seeds', 'datasets'));
/** The committed SDL, which a unit test keeps equal to the resolvers' schema. */
const SCHEMA_FILE = path.join(ROOT, 'schema', 'schema.graphql');
const SHORT = process.env.BENCH_SHORT === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SHORT ? 2 : 5));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SHORT ? 1 : 2));
const MANY_CONNECTIONS = 20;
const SHAPES_MODE = process.env.BENCH_SHAPES ?? 'on';
if (!['on', 'off', 'only'].includes(SHAPES_MODE)) throw new Error(`BENCH_SHAPES must be on, off or only, got ${SHAPES_MODE}`);
const SHAPES_SEED = Number(process.env.BENCH_SHAPES_SEED ?? SHAPES_DEFAULT_SEED);
const named = <Q extends { name: string }>(queries: readonly Q[]) =>
  process.env.BENCH_QUERIES
    ? queries.filter((query) => process.env.BENCH_QUERIES!.split(',').some((word) => query.name.toLowerCase().includes(word.trim().toLowerCase())))
    : [...queries];
const QUERIES = SHAPES_MODE === 'only' ? [] : named(PEER_QUERIES);
const SHAPES = SHAPES_MODE === 'off' ? [] : named(benchShapeSet(buildSchema(readFileSync(SCHEMA_FILE, 'utf8')), SHAPES_SEED));
if (QUERIES.length + SHAPES.length === 0) {
  throw new Error(`BENCH_QUERIES=${process.env.BENCH_QUERIES} names none of: ${PEER_QUERIES.map((query) => query.name).join('; ')} nor of the generated shapes`);
}
const API = 'this API';

interface Database {
  uri: string;
  password: string;
  jvmPid?: number;
  stop(): Promise<void>;
}

async function throwawayNeo4j(): Promise<Database & { graph: GraphClient }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-bench-neo4j-'));
  // The heap `npm start` gives its Neo4j, so the import is timed as users get it.
  const { heap, jarsDir } = loadConfig().localNeo4j;
  const instance: Neo4jInstance = await startNeo4j({
    dir, boltPort: await freePort(), httpPort: await freePort(), password: 'throwaway-bench-password', heap, jarsDir,
  });
  const graph = new GraphClient({ uri: instance.uri, user: instance.user, password: instance.password });
  return {
    uri: instance.uri, password: instance.password, jvmPid: instance.pid, graph,
    stop: async () => {
      await graph.close();
      await instance.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Production build and mode, as `npm start` runs it; rate limit off, request logs off (as the peers). */
function startApi(database: Database, port: number, metricsPort: number): BenchProcess {
  const built = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build:server failed');
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  return new BenchProcess(API, process.execPath, [...NODE_FLAGS, ...profile, path.join(ROOT, 'dist', 'main.js')], {
    NODE_ENV: 'production', PORT: String(port), KG_METRICS_PORT: String(metricsPort), NEO4J_URI: database.uri, NEO4J_PASSWORD: database.password,
    KG_RATE_LIMIT: 'false', KG_IMPORT: 'false', LOG_LEVEL: 'warn',
  });
}

const startPeer = (kind: 'neo4j-graphql' | 'cypher', database: Database, ...ports: number[]) =>
  new BenchProcess(kind, process.execPath, ['--import', 'tsx', path.join(__dirname, 'peer-server.ts'), kind, ...ports.map(String)], {
    NEO4J_URI: database.uri, NEO4J_PASSWORD: database.password,
  });

/** How long one answer to `request` took, in ms. */
async function answerMs(request: PeerRequest): Promise<number> {
  const { ms, status } = await timedRequest(request);
  if (status !== 200) throw new Error(`${request.url} answered ${status}`);
  return ms;
}

/**
 * A request arriving after this long without one, as a playground's user sends them. On this
 * 2-core machine a warm Neo4j answers such a request 2-4 times slower than back to back (the bare
 * meetings statement from a driver: 3.6-8.8 ms against a p50 of 1.9), so the first request after
 * start-up is also compared with warm requests after the same pause.
 */
const IDLE_MS = 2_000;
const IDLE_REQUESTS = 5;

/** The median of `count` answers to `request` asked one after another, each after `pauseMs` without a request, in ms. */
async function medianAnswerMs(request: PeerRequest, count: number, pauseMs = 0): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    times.push(await answerMs(request));
  }
  return times.sort((a, b) => a - b)[Math.floor(count / 2)]!;
}

/** The playground example whose first answer after start-up the bench times (src/server/plan-warm-up.ts warms every example). */
const COLD_EXAMPLE = '04-argentina-v-england-head-to-head.graphql';
/** Requests the bench's client sends to the liveness route before the first timed one. */
const CLIENT_WARM_UP_REQUESTS = 20;
/** The example's answers timed one by one after start-up, the first of them included. */
const EARLY_REQUESTS = 12;

async function main(): Promise<number> {
  let ok = true;
  let database: Database;
  if (process.env.BENCH_NEO4J_URI) {
    database = { uri: process.env.BENCH_NEO4J_URI, password: process.env.BENCH_NEO4J_PASSWORD ?? '', stop: async () => undefined };
  } else {
    const throwaway = await throwawayNeo4j();
    database = throwaway;
    try {
      ok = await benchImports(throwaway.graph, DATA_DIR, throwaway.jvmPid);
      // The API started next writes nothing, so it keeps the plans Neo4j holds (plan-warm-up.ts):
      // the statistics of the graph just imported are refreshed here, as npm start does after its import.
      await refreshPlannerStatistics(throwaway.graph);
    } catch (error) {
      await throwaway.stop();
      throw error;
    }
  }
  const processes: BenchProcess[] = [];
  try {
    const [apiPort, neo4jGraphqlPort, statementsPort, cypherPort, metricsPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    const api = startApi(database, apiPort, metricsPort);
    processes.push(api);
    const readyMs = await api.waitUntilReady(`http://127.0.0.1:${apiPort}/health/ready`);
    // Uncached: every request asks the response cache to step aside (`no-cache`); cached: the plain request.
    const uncached = apiPeer(api, { port: apiPort, metricsPort }, { 'cache-control': 'no-cache' });
    const cached = apiPeer(api, { port: apiPort, metricsPort }, {}, `${API}, cached`);
    // The first answers after readiness turned 200: of an example the server warmed, and of the
    // bench's first query, a shape the server has never seen.
    const exampleRequest = graphqlRequest(`http://127.0.0.1:${apiPort}/graphql`, await readFile(path.join(EXAMPLES_DIR, COLD_EXAMPLE), 'utf8'), {}, { 'cache-control': 'no-cache' });
    // The bench's own connection is opened first, and its HTTP code warmed on the liveness route,
    // which reads nothing: connecting and a fresh client's first requests are the client's cost, not
    // the server's (from a fresh process, its second request took 0.7-0.9 ms against 0.3 warm).
    for (let i = 0; i < CLIENT_WARM_UP_REQUESTS; i++) await timedRequest({ url: `http://127.0.0.1:${apiPort}/health/live`, headers: {}, body: '' }, 'GET');
    const exampleColdMs = await answerMs(exampleRequest);
    // The requests right after the first one too: V8 optimising the example's code once it is hot
    // made the fifth to eighth slower than the first (src/server/plan-warm-up.ts).
    const exampleEarlyMs = [exampleColdMs];
    while (exampleEarlyMs.length < EARLY_REQUESTS) exampleEarlyMs.push(await answerMs(exampleRequest));
    const coldMs = QUERIES.length > 0 ? await answerMs(uncached.request(QUERIES[0]!)) : 0;

    const neo4jGraphql = startPeer('neo4j-graphql', database, neo4jGraphqlPort, statementsPort);
    const cypher = startPeer('cypher', database, cypherPort);
    processes.push(neo4jGraphql, cypher);
    await neo4jGraphql.waitUntilReady(`http://127.0.0.1:${statementsPort}/statements`);
    await cypher.waitUntilReady(`http://127.0.0.1:${cypherPort}/statements`);

    const handWritten = cypherPeer(cypher, cypherPort);
    const neo4jGraphqlAsPeer = neo4jGraphqlPeer(neo4jGraphql, neo4jGraphqlPort, statementsPort);
    if (SHAPES.length > 0) {
      // Rounds as the named queries have them (two, peers alternating, unless short): with one, the
      // worst of 24 cheap shapes was whichever a noisy 3-second window hit, a different one each run.
      const { figures: shapeFigures, failures } = await benchShapes(SHAPES, uncached, neo4jGraphqlAsPeer, {
        seconds: Math.min(SECONDS, 3), oneConnectionSeconds: Math.min(SECONDS, 2), rounds: ROUNDS, connections: [MANY_CONNECTIONS, 1], warmUpSeconds: SHORT ? 2 : 3,
      });
      console.log(`\n${formatShapeReport(shapeFigures, failures, API, neo4jGraphqlAsPeer.name, MANY_CONNECTIONS, SHAPES_SEED)}`);
      if (failures.length > 0) ok = false;
    }
    if (QUERIES.length === 0) return ok ? 0 : 1;
    const peers = [uncached, neo4jGraphqlAsPeer, handWritten, cached];
    // 5 s, not 2: side by side on one Neo4j, each build's first 8 s run of the meetings query had a
    // p99 3-9x its later runs' (1,614 and 469 ms, then 143-188 ms for both), the JVMs and Neo4j still
    // compiling; a 2 s warm-up left that tail inside the measured runs, for every peer.
    const figures = await runPeerBench(peers, QUERIES, {
      seconds: SECONDS, oneConnectionSeconds: Math.min(SECONDS, 3), rounds: ROUNDS, connections: [MANY_CONNECTIONS, 1], warmUpSeconds: 5,
    });
    console.log(`\n${formatPeerReport(figures, API, MANY_CONNECTIONS)}`);
    const warmP50 = figures[0]!.load.get(API)!.get(1)!.p50;
    const exampleWarmP50 = await medianAnswerMs(exampleRequest, 200);
    const exampleIdleMs = await medianAnswerMs(exampleRequest, IDLE_REQUESTS, IDLE_MS);
    const handWrittenP50 = figures[0]!.load.get(handWritten.name)!.get(1)!.p50;
    const handWrittenIdleMs = await medianAnswerMs(handWritten.request(QUERIES[0]!), IDLE_REQUESTS, IDLE_MS);
    console.log(
      `\ncold start: ready after ${(readyMs / 1000).toFixed(1)} s; first request of the example ${COLD_EXAMPLE} ` +
        `${exampleColdMs.toFixed(0)} ms = ${(exampleColdMs / exampleWarmP50).toFixed(1)}× its warm p50 (${exampleWarmP50.toFixed(1)} ms, back to back) ` +
        `and ${(exampleColdMs / exampleIdleMs).toFixed(1)}× a warm request after ${IDLE_MS / 1000} s idle (median of ${IDLE_REQUESTS}: ${exampleIdleMs.toFixed(1)} ms), ` +
        `the slowest of its first ${EARLY_REQUESTS} ${(Math.max(...exampleEarlyMs) / exampleWarmP50).toFixed(1)}×; ` +
        `then of a shape never seen, "${QUERIES[0]!.name}", ${coldMs.toFixed(0)} ms = ${(coldMs / warmP50).toFixed(1)}× its warm p50 (${warmP50.toFixed(1)} ms)`,
    );
    console.log(
      `after ${IDLE_MS / 1000} s idle, warm: ${handWritten.name}'s "${QUERIES[0]!.name}" ${handWrittenIdleMs.toFixed(1)} ms = ` +
        `${(handWrittenIdleMs / handWrittenP50).toFixed(1)}× its p50 back to back (${handWrittenP50.toFixed(1)} ms); this API's example ` +
        `${(exampleIdleMs / exampleWarmP50).toFixed(1)}× its own`,
    );
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } catch (error) {
    // A peer that died under load shows as a client's "socket hang up": say which, and why.
    for (const child of processes) {
      const report = child.exitReport();
      if (report) console.error(report);
    }
    throw error;
  } finally {
    for (const child of processes) await child.stop();
    await database.stop();
  }
  return ok ? 0 : 1;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
