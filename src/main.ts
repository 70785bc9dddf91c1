import 'reflect-metadata';
import type { Server } from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, type Config } from './config';
import type { GraphClient } from './graph/driver/driver';
import { applyConstraints } from './graph/model/constraints';
import { isGraphEmpty } from './graph/write/graph-state';
import { refreshNameText } from './graph/write/bundle-writer';
import { refreshTargetIds, writtenBeforeTargetIds } from './graph/write/target-ids';
import { formatImportHeadline, importHistory } from './ingest/history-import';
import { silentProgress, streamProgress } from './ingest/import-progress';
import { seedDatabase, SEEDS_DIR } from './ingest/seeds/load';
import { logger } from './logger';
import { openGraph, type OpenGraph } from './neo4j/open-graph';
import { buildGraphQLSchema } from './schema/build-schema';
import { createContext } from './schema/context';
import { startGraphQLRoute, type GraphQLRoute } from './server/graphql';
import { DataVersionWatch } from './server/data-version-watch';
import { createHttpServer, createMetricsServer } from './server/http';
import { Authenticator } from './server/auth';
import { editSessions } from './server/edit-session';
import { MemoryIdempotencyStore } from './server/idempotency-store';
import { GraphEditor } from './ingest/editing/graph-editor';
import {
  EXAMPLE_WARM_UP_RUNS,
  EXAMPLE_WARM_UP_RUNS_BEFORE_READY,
  queryOverHttp,
  warmExampleQueries,
  warmStatementPlans,
} from './server/plan-warm-up';
import { isWarmUpRequest, newWarmUpToken, WARM_UP_HEADER } from './server/rate-limit';
import { ResponseCache } from './server/response-cache';
import { StartupWork } from './server/startup-work';
import { createStaticPagesRoute } from './server/static-pages';

const DATA_VERSION_POLL_MS = 1_000;

/** What has been started so far, stopped in reverse order on shutdown. */
interface Running {
  config?: Config;
  /** Set by the first termination signal: readiness turns 503 and answers close their connections. */
  stopping: boolean;
  database?: OpenGraph;
  preparation?: StartupWork;
  dataVersion?: DataVersionWatch;
  graphql?: GraphQLRoute;
  server?: Server;
  metrics?: Server;
}

/**
 * `npm start`: Neo4j (the managed local one unless NEO4J_URI is set), then GraphQL, the pages and
 * the health routes on one HTTP port, while schema, seeds on an empty database and the optional
 * import are applied in the background. A NEO4J_URI that does not answer yet (compose starting
 * both, Neo4j restarting) does not stop the service: it reports not-ready and retries until Neo4j
 * takes the schema.
 */
async function main(running: Running): Promise<void> {
  const config = (running.config = loadConfig());
  logger.level = config.logLevel;

  const started = Date.now();
  const opening = openGraph(config, { verify: false, keepWarm: true }).then((database) => {
    logger.info({ uri: database.uri, managed: database.managed, ms: Date.now() - started }, 'Neo4j driver opened');
    return (running.database = database);
  });
  // Loading the schema's modules is Node's work while Neo4j's JVM starts on the other core.
  opening.catch(() => undefined);
  const schema = await buildGraphQLSchema();
  const database = await opening;
  const { graph, started: neo4jStarted } = database;
  // Imports run by another process bump the version too; a second is how long their change may take to show.
  const dataVersion = (running.dataVersion = new DataVersionWatch(graph, DATA_VERSION_POLL_MS));
  // The example queries are sent to this server itself, once it listens (warmExampleQueries).
  let announceGraphqlUrl!: (url: string) => void;
  const warmUpToken = newWarmUpToken();
  const ownGraphqlUrl = new Promise<string>((resolve) => (announceGraphqlUrl = resolve));
  running.preparation = new StartupWork(
    async () => {
      const wrote = await prepareDatabase(graph, config);
      await warmStatementPlans(schema, graph, { replan: wrote || neo4jStarted });
      const sendExample = queryOverHttp(await ownGraphqlUrl, { [WARM_UP_HEADER]: warmUpToken });
      await warmExampleQueries(sendExample, { rounds: { from: 0, to: EXAMPLE_WARM_UP_RUNS_BEFORE_READY } });
      await dataVersion.refresh();
      // Polled only once the database is prepared: against a Neo4j still setting its password, each
      // poll is a failed login, and a few in a row lock the user out for everyone.
      dataVersion.start();
      printReady();
      void warmExampleQueries(sendExample, { rounds: { from: EXAMPLE_WARM_UP_RUNS_BEFORE_READY, to: EXAMPLE_WARM_UP_RUNS } });
    },
    { name: 'preparing the database' },
  );
  running.preparation.start();
  // A restarted Neo4j has a cold JVM and no cached plans: warm it before reads reopen (Neo4jHealth's
  // warmUpMs). Not the examples: coming back within seconds matters more than their first answer.
  graph.onNeo4jRestarted(() => warmStatementPlans(schema, graph, { replan: true }));

  const editSession = editSessions({
    editor: new GraphEditor(graph),
    authenticator: new Authenticator(graph, config.editing.jwt),
    idempotency: new MemoryIdempotencyStore(),
    writesPerMinute: config.editing.writesPerMinute,
    graph,
    onWritten: () => dataVersion.refresh(),
  });
  running.graphql = await startGraphQLRoute({
    schema,
    createContext: ({ signal, answered, receivedAt, headers, warmUp }) =>
      createContext(graph, { timeoutMs: config.requestTimeoutMs, receivedAt, signal, answered, warmUp }, editSession(headers)),
    limits: config.limits,
    debugErrors: config.debugErrors,
    maxBodyBytes: config.maxBodyBytes,
    maxResponseBytes: config.maxResponseBytes,
    cors: { allowedOrigins: config.corsOrigins },
    rateLimit: config.rateLimit && { ...config.rateLimit, redisUrl: config.redisUrl },
    trustProxy: config.trustProxy,
    warmUpToken,
    concurrency: config.concurrency,
    dataVersion: { source: dataVersion, maxWaitMs: config.minDataVersionWaitMs },
    responseCache: config.responseCache && new ResponseCache(config.responseCache),
  });
  running.server = createHttpServer({
    graph,
    // Pages first: it takes only a browser's page load of /graphql and leaves API calls to GraphQL.
    routes: [createStaticPagesRoute(), running.graphql.route],
    readiness: { startup: running.preparation },
    quietRequest: (req) => isWarmUpRequest(req, warmUpToken),
    stopping: () => running.stopping,
  });
  running.metrics = createMetricsServer();
  await listen(running.metrics, config.metrics, 'KG_METRICS_PORT');
  await listen(running.server, config, 'PORT');
  announceGraphqlUrl(loopbackGraphqlUrl(running.server));
  printUrls(config, database);
}

/** Brings the graph up to date; resolves to whether that wrote to it (the planner's statistics then need refreshing). */
async function prepareDatabase(graph: GraphClient, config: Config): Promise<boolean> {
  await applyConstraints(graph);
  // Checked, not refreshed, at every start: the refresh walks every node's edges (2.1 s on a freshly
  // started Neo4j holding the history, the check 0.5 s).
  const staleTargetIds = await writtenBeforeTargetIds(graph);
  if (staleTargetIds) logger.info({ nodes: await refreshTargetIds(graph) }, 'target-id properties brought in line with their edges');
  const renamed = await refreshNameText(graph);
  if (renamed > 0) logger.info({ nodes: renamed }, 'name index text brought in line with the folded names');
  const seeded = await seedIfEmpty(graph);
  const imported = config.import && (await importHistoryAtStart(graph, config.dataDir));
  return staleTargetIds || renamed > 0 || seeded || imported;
}

/** Resolves to whether the graph was empty and got the seeds. */
async function seedIfEmpty(graph: GraphClient): Promise<boolean> {
  if (!(await isGraphEmpty(graph))) return false;
  console.log('Empty database: loading the seeds, then building the graph from the shipped data sets');
  const reports = await seedDatabase(graph, SEEDS_DIR);
  logger.info({ files: reports.map((report) => report.file) }, 'empty database: seeds loaded');
  return true;
}

/**
 * Seeds come first, so the data sets merge into them. On a restart, a data set whose files are
 * those of its last import is only validated, so a changed file is imported at the next start and
 * an unchanged one costs no comparison with the graph. `npm run import` prints the full report.
 * Resolves to whether a data set was imported (not only verified).
 */
async function importHistoryAtStart(graph: GraphClient, dataDir: string): Promise<boolean> {
  const progress = process.stdout.isTTY ? streamProgress(process.stdout) : silentProgress;
  const summaries = await importHistory(graph, { dataDir, progress, onImported: (summary) => console.log(formatImportHeadline(summary)) });
  return summaries.some((summary) => !summary.unchanged);
}

/** Seconds since this process started: what a person waits from `node dist/main.js` to a graph to query. */
function printReady(): void {
  const seconds = (performance.now() / 1000).toFixed(1);
  console.log(`Ready in ${seconds} s: the graph answers at the URLs above.`);
  logger.info({ ms: Math.round(performance.now()) }, 'ready');
}

function listen(server: Server, { host, port }: { host: string; port: number }, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use; set ${variable} to another one.`) : error),
    );
    server.listen(port, host, resolve);
  });
}

/** The server's GraphQL endpoint as this process reaches it: over loopback when it listens on every interface. */
function loopbackGraphqlUrl(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  const host = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/graphql`;
}

function printUrls(config: Config, database: OpenGraph): void {
  const urlOf = ({ host, port }: { host: string; port: number }) => `http://${['0.0.0.0', '127.0.0.1', '::'].includes(host) ? 'localhost' : host}:${port}`;
  const base = urlOf(config);
  // Plain lines for the person at the terminal; the JSON log line carries the same for machines.
  console.log(`\nGraphQL API   ${base}/graphql\nPlayground    ${base}/graphiql\nExplorer      ${base}/explore`);
  console.log(`Health        ${base}/health/live  ${base}/health/ready\nMetrics       ${urlOf(config.metrics)}/metrics`);
  console.log(`Neo4j         ${database.uri}${database.lifetime ? ` ${localNeo4jLifetime(database.lifetime)}` : ''}\n`);
  logger.info({ url: `${base}/graphql` }, 'serving');
}

/** What stops the managed Neo4j: a restart while it runs finds its JVM warm and its plans cached, in seconds. */
function localNeo4jLifetime({ stoppedBy, idleMinutes }: NonNullable<OpenGraph['lifetime']>): string {
  switch (stoppedBy) {
    case 'idle':
      return `(stays up ${idleMinutes} min after the server stops, for a quick restart; npm run neo4j -- stop stops it now)`;
    case 'command':
      return '(kept running after this server stops: npm run neo4j -- stop stops it)';
    case 'server':
      return '(stops with this server)';
  }
}

/**
 * Draining: readiness says 503 at once while requests are still served for `drainMs`, time for a
 * balancer's probe to notice and stop sending; then the port stops accepting, the requests in
 * flight are answered (each connection closing after its answer), and only then are GraphQL and
 * the driver closed. Connections still busy after `timeoutMs` are cut.
 */
async function shutdown(running: Running): Promise<void> {
  const { server, graphql, database, preparation, config } = running;
  running.stopping = true;
  preparation?.stop();
  if (server?.listening) {
    await sleep(config?.shutdown.drainMs ?? 0);
    await closeServer(server, config?.shutdown.timeoutMs ?? 0);
  }
  running.dataVersion?.stop();
  await graphql?.stop();
  running.metrics?.close();
  await database?.close();
}

/**
 * How long a connection accepted just before the port closed has to send its request before it
 * counts as idle: Node counts a connection idle until its request is parsed, and ending it then
 * resets a request the server had accepted.
 */
const IDLE_SWEEP_GRACE_MS = 500;

/** Stops accepting and resolves once every connection has ended, cutting those still open after `timeoutMs`. */
function closeServer(server: Server, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
    // A keep-alive connection whose answer was already under way when draining began goes idle
    // without closing; Node's close() ends only the connections idle at the moment it is called.
    let sweep: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => (sweep = setInterval(() => server.closeIdleConnections(), 100)), IDLE_SWEEP_GRACE_MS);
    // net.Server's close: stop accepting, but unlike http.Server's, leave a connection whose request
    // is still on its way to the sweep above instead of ending it at once.
    net.Server.prototype.close.call(server, () => {
      clearTimeout(cut);
      clearTimeout(grace);
      clearInterval(sweep);
      resolve();
    });
  });
}

const running: Running = { stopping: false };
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // A second Ctrl-C means "now". A local Neo4j started with the server is signalled as it exits
    // (launcher), unless it stays warm, detached, for its idle watcher to stop (idle-stop.ts).
    if (running.stopping) process.exit(130);
    logger.info({ signal }, 'shutting down');
    shutdown(running).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

main(running).catch(async (error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else logger.fatal({ err: error }, 'start-up failed');
  await shutdown(running).catch(() => undefined);
  process.exit(1);
});
