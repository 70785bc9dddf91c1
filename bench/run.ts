import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { GraphClient } from '../src/graph/driver';
import { formatImportSummary, importDataSet, importHistory, type ImportSummary } from '../src/ingest/history-import';
import { startNeo4j } from '../src/neo4j/launcher';
import { freePort } from '../src/neo4j/ports';

/**
 * `npm run bench`: the full import of both data sets into an empty, throwaway Neo4j, then the same
 * import again (which must change nothing), timed side by side. The data sets are read from
 * ../shared/data (BENCH_DATA_DIR to override). A fresh JVM first spends tens of seconds compiling
 * Cypher and JIT-warming, which is not import speed: the test fixtures are imported and deleted
 * before the clock starts, and that warm-up is reported apart.
 */
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(__dirname, '..', '..', 'shared', 'data'));
const BUDGET_MS = 60_000;
const FIXTURES = path.join(__dirname, '..', 'tests', 'fixtures');

async function warmUp(graph: GraphClient): Promise<number> {
  const started = Date.now();
  await importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'));
  await importDataSet(graph, 'openfootball', path.join(FIXTURES, 'openfootball'), { years: [2022, 2026] });
  await graph.write('MATCH (n) DETACH DELETE n');
  return Date.now() - started;
}

async function graphShape(graph: GraphClient): Promise<string> {
  const [row] = await graph.read<{ nodes: number; relationships: number; properties: number }>(
    `MATCH (n) WITH count(n) AS nodes, sum(size(keys(n))) AS properties
     MATCH ()-[r]->() RETURN nodes, count(r) AS relationships, properties`,
  );
  return `${row!.nodes} nodes, ${row!.relationships} relationships, ${row!.properties} node properties`;
}

async function timed(graph: GraphClient): Promise<{ ms: number; rows: number; summaries: ImportSummary[] }> {
  const started = Date.now();
  const summaries = await importHistory(graph, { dataDir: DATA_DIR });
  return { ms: Date.now() - started, rows: summaries.reduce((n, s) => n + s.rows, 0), summaries };
}

async function main(): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sports-kg-bench-neo4j-'));
  const instance = await startNeo4j({
    dir, boltPort: await freePort(), httpPort: await freePort(), password: 'throwaway-bench-password',
    heap: '1g', jarsDir: loadConfig().localNeo4j.jarsDir,
  });
  const graph = new GraphClient({ uri: instance.uri, user: instance.user, password: instance.password });
  try {
    const warmUpMs = await warmUp(graph);
    const first = await timed(graph);
    const shapeAfterFirst = await graphShape(graph);
    const second = await timed(graph);
    const shapeAfterSecond = await graphShape(graph);
    first.summaries.forEach((s) => console.log(formatImportSummary(s)));
    const line = (name: string, run: { ms: number; rows: number }) =>
      `${name.padEnd(22)} ${(run.ms / 1000).toFixed(1).padStart(6)} s  ${run.rows} rows  ${Math.round(run.rows / (run.ms / 1000))} rows/s`;
    console.log(`\nwarm-up (fixtures, then emptied) ${(warmUpMs / 1000).toFixed(1)} s`);
    console.log(`${line('full import (empty db)', first)}\n${line('re-import', second)}`);
    console.log(`graph after import:    ${shapeAfterFirst}\ngraph after re-import: ${shapeAfterSecond}`);
    const unchanged = shapeAfterFirst === shapeAfterSecond;
    if (!unchanged) console.error('FAIL: the re-import changed the graph');
    if (first.ms > BUDGET_MS) console.error(`FAIL: the full import took over ${BUDGET_MS / 1000} s`);
    return unchanged && first.ms <= BUDGET_MS ? 0 : 1;
  } finally {
    await graph.close();
    await instance.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
