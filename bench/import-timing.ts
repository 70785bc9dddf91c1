import path from 'node:path';
import type { GraphClient } from '../src/graph/driver/driver';
import { emptyGraph } from '../src/graph/write/empty-graph';
import { formatImportSummary, importDataSet, importHistory, type ImportSummary } from '../src/ingest/history-import';
import { JVM_THREAD_GROUPS, jvmCpuMsByGroup } from './jvm-threads';

/**
 * The full import of the data sets into an empty database, then the same import again (which must
 * change nothing), as `npm run import` runs it (stopped by the import records) and forced to compare
 * every row with the graph, timed. A fresh JVM first spends tens of seconds compiling Cypher and JIT-warming,
 * which is not import speed: the test fixtures are imported and deleted before the clock starts, and
 * that warm-up is reported apart.
 */
const BUDGET_MS = 60_000;
const FIXTURES = path.join(__dirname, '..', 'tests', 'fixtures');

async function warmUp(graph: GraphClient): Promise<number> {
  const started = Date.now();
  await importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'));
  await importDataSet(graph, 'openfootball', path.join(FIXTURES, 'openfootball'), { years: [2022, 2026] });
  await emptyGraph(graph);
  return Date.now() - started;
}

async function graphShape(graph: GraphClient): Promise<string> {
  const [row] = await graph.read<{ nodes: number; relationships: number; properties: number }>(
    `MATCH (n) WITH count(n) AS nodes, sum(size(keys(n))) AS properties
     MATCH ()-[r]->() RETURN nodes, count(r) AS relationships, properties`,
  );
  return `${row!.nodes} nodes, ${row!.relationships} relationships, ${row!.properties} node properties`;
}

async function timed(graph: GraphClient, dataDir: string, force = false): Promise<{ ms: number; rows: number; summaries: ImportSummary[] }> {
  const started = Date.now();
  const summaries = await importHistory(graph, { dataDir, force });
  return { ms: Date.now() - started, rows: summaries.reduce((n, s) => n + s.rows, 0), summaries };
}

/**
 * Where the CPU went while `work` ran: Neo4j's JVM by thread group, and this process (the
 * importer). On 2 cores the JIT compiler of a freshly started Neo4j takes about as much as the
 * transaction's worker, and their sum is what bounds the import's wall-clock time.
 */
async function cpuSplit<T>(jvmPid: number | undefined, work: () => Promise<T>): Promise<{ result: T; line?: string }> {
  const jvmBefore = jvmPid === undefined ? undefined : jvmCpuMsByGroup(jvmPid);
  const nodeBefore = process.cpuUsage();
  const result = await work();
  const node = process.cpuUsage(nodeBefore);
  const jvmAfter = jvmPid === undefined ? undefined : jvmCpuMsByGroup(jvmPid);
  if (!jvmBefore || !jvmAfter) return { result };
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const groups = JVM_THREAD_GROUPS.map((group) => `${group} ${seconds(jvmAfter[group] - jvmBefore[group])}`);
  return { result, line: `CPU of the full import: Neo4j ${groups.join(', ')}; the importer (Node) ${seconds((node.user + node.system) / 1000)}` };
}

/**
 * Leaves the full history in `graph` (empty when called); false when a target is missed. With
 * `jvmPid` (Neo4j's process, on Linux), prints where the full import's CPU went.
 */
export async function benchImports(graph: GraphClient, dataDir: string, jvmPid?: number): Promise<boolean> {
  const warmUpMs = await warmUp(graph);
  const { result: first, line: cpuLine } = await cpuSplit(jvmPid, () => timed(graph, dataDir));
  const shapeAfterFirst = await graphShape(graph);
  const second = await timed(graph, dataDir);
  const forced = await timed(graph, dataDir, true);
  const shapeAfterSecond = await graphShape(graph);
  first.summaries.forEach((s) => console.log(formatImportSummary(s)));
  const line = (name: string, run: { ms: number; rows: number }) =>
    `${name.padEnd(31)} ${(run.ms / 1000).toFixed(1).padStart(6)} s  ${run.rows} rows  ${Math.round(run.rows / (run.ms / 1000))} rows/s`;
  console.log(`\nwarm-up (fixtures, then emptied) ${(warmUpMs / 1000).toFixed(1)} s`);
  console.log([line('full import (empty db)', first), line('re-import', second), line('re-import, every row (--force)', forced)].join('\n'));
  console.log(`graph after import:     ${shapeAfterFirst}\ngraph after re-imports: ${shapeAfterSecond}`);
  if (cpuLine) console.log(cpuLine);
  const unchanged = shapeAfterFirst === shapeAfterSecond && second.summaries.every((s) => s.unchanged);
  if (!unchanged) console.error('FAIL: a re-import changed the graph, or did not find its files unchanged');
  if (first.ms > BUDGET_MS) console.error(`FAIL: the full import took over ${BUDGET_MS / 1000} s`);
  return unchanged && first.ms <= BUDGET_MS;
}
