import path from 'node:path';
import type { FactBundle } from '../graph/bundle';
import { definedIds, writeBundle } from '../graph/bundle-writer';
import { applyConstraints } from '../graph/constraints';
import type { GraphClient } from '../graph/driver';
import { openDataLocation, type DataLocation } from './data-location';
import {
  loadKnownPeople,
  loadOtherEntityIds,
  loadOverlap,
  PersonResolver,
  reconcileWithGraph,
  type Conflict,
  type PersonResolutionReport,
} from './entity-resolution';
import { buildFjelstulBundle, FJELSTUL_SOURCE, readFjelstul } from './fjelstul';
import { silentProgress, type ImportProgress } from './import-progress';
import { buildOpenfootballBundle, DEFAULT_OPENFOOTBALL_YEARS, OPENFOOTBALL_SOURCE, readOpenfootball } from './openfootball';

export type DataSetName = 'fjelstul' | 'openfootball';
export const DATA_SETS: readonly DataSetName[] = ['fjelstul', 'openfootball'];

export interface ImportOptions {
  /** openfootball only: the tournament years to import; default 2026. */
  years?: number[];
  progress?: ImportProgress;
  /** Rows per UNWIND statement; default the writer's (5000). */
  batchSize?: number;
}

export interface ImportSummary {
  dataSet: DataSetName;
  location: string;
  /** Rows read from the files (CSV rows; JSON matches, goals, squad players, teams, stadiums). */
  rows: number;
  /** Nodes new to the graph, by kind. */
  created: Record<string, number>;
  /** Records that landed on a node the graph already held (another source's, or an earlier import's). */
  merged: Record<string, number>;
  people: PersonResolutionReport;
  /** Fields the sources disagree on; each kept as Assertions, the preferred value on the node. */
  conflicts: Conflict[];
  /** What the files hold that the graph does not get, and why. */
  skipped: Array<{ what: string; count: number; reason: string }>;
  timings: { validateMs: number; resolveMs: number; writeMs: number; totalMs: number };
}

/**
 * Imports one data set: reads and validates every file first (a malformed file throws
 * MalformedFileError before anything is written), applies the constraints, resolves people and
 * disputed values against the graph, then writes the whole bundle in ONE transaction, so a failure
 * at any point leaves nothing of this import behind. MERGE on stable ids makes a re-run a no-op.
 */
export async function importDataSet(
  graph: GraphClient,
  dataSet: DataSetName,
  dirOrUrl: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const progress = options.progress ?? silentProgress;
  const location = openDataLocation(dirOrUrl);
  const started = Date.now();

  progress.phase(`validating ${dataSet} files in ${dirOrUrl}`);
  const read = await readDataSet(dataSet, location, options.years);
  const validated = Date.now();

  progress.phase('resolving people, teams and matches against the graph');
  await applyConstraints(graph);
  const [known, reserved] = await Promise.all([loadKnownPeople(graph), loadOtherEntityIds(graph)]);
  const resolver = new PersonResolver(known, reserved);
  const bundle = read.build(resolver);
  const source = dataSet === 'fjelstul' ? FJELSTUL_SOURCE : OPENFOOTBALL_SOURCE;
  const conflicts = reconcileWithGraph(bundle, await loadOverlap(graph, bundle), source);
  const { created, merged } = await countNew(graph, bundle);
  const resolved = Date.now();

  progress.phase(`writing ${totalRows(bundle)} records in one transaction`);
  await writeInOneTransaction(graph, bundle, progress, options.batchSize);
  progress.done();
  const written = Date.now();

  return {
    dataSet,
    location: dirOrUrl,
    rows: read.rows,
    created,
    merged,
    people: resolver.summary(),
    conflicts,
    skipped: read.skipped,
    timings: { validateMs: validated - started, resolveMs: resolved - validated, writeMs: written - resolved, totalMs: written - started },
  };
}

interface ReadDataSet {
  rows: number;
  skipped: ImportSummary['skipped'];
  build(resolver: PersonResolver): FactBundle;
}

async function readDataSet(dataSet: DataSetName, location: DataLocation, years?: number[]): Promise<ReadDataSet> {
  if (dataSet === 'fjelstul') {
    const tables = await readFjelstul(location);
    return {
      rows: tables.rowCount,
      skipped: [
        {
          what: 'starting line-ups',
          count: 0,
          reason: 'player_appearances.csv is not in this copy: only substitutes and substituted starters get PLAYED_IN',
        },
      ],
      build: (resolver) => buildFjelstulBundle(tables, resolver, location),
    };
  }
  const data = await readOpenfootball(location, years ?? DEFAULT_OPENFOOTBALL_YEARS);
  return {
    rows: data.rowCount,
    skipped: [],
    build: (resolver) => buildOpenfootballBundle(data.years, resolver, location),
  };
}

/** Every node id of the bundle that the graph already holds counts as merged, the others as created. */
async function countNew(graph: GraphClient, bundle: FactBundle): Promise<Pick<ImportSummary, 'created' | 'merged'>> {
  const existing = new Set(
    (await graph.read<{ id: string }>('UNWIND $ids AS id MATCH (n:Entity {id: id}) RETURN id', { ids: [...definedIds(bundle)] })).map((r) => r.id),
  );
  const created: Record<string, number> = {};
  const merged: Record<string, number> = {};
  for (const [kind, records] of Object.entries(bundle) as Array<[string, Array<{ id?: string }>]>) {
    for (const record of records) {
      if (record.id === undefined) continue;
      const counts = existing.has(record.id) ? merged : created;
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
  }
  return { created, merged };
}

function totalRows(bundle: FactBundle): number {
  return Object.values(bundle).reduce((sum, records) => sum + records.length, 0);
}

async function writeInOneTransaction(graph: GraphClient, bundle: FactBundle, progress: ImportProgress, batchSize?: number): Promise<void> {
  const total = totalRows(bundle);
  await graph.writeTransaction(async (tx) => {
    // A retried transaction starts over, and so does the count.
    const written = new Map<string, number>();
    await writeBundle(tx, bundle, {
      batchSize,
      onProgress(kind, rows) {
        written.set(kind, rows);
        progress.advance([...written.values()].reduce((a, b) => a + b, 0), total, kind);
      },
    });
  });
}

/**
 * Both data sets as `npm start` loads them when KG_IMPORT is set: Fjelstul (1930-2022) from
 * `{dataDir}/fjelstul-worldcup`, then openfootball 2026 from `{dataDir}/openfootball-worldcup`.
 */
export async function importHistory(
  graph: GraphClient,
  options: { dataDir: string; progress?: ImportProgress },
): Promise<ImportSummary[]> {
  return [
    await importDataSet(graph, 'fjelstul', path.join(options.dataDir, 'fjelstul-worldcup'), { progress: options.progress }),
    await importDataSet(graph, 'openfootball', path.join(options.dataDir, 'openfootball-worldcup'), { progress: options.progress }),
  ];
}

/** The summary as the CLI and the bench print it: one line per count, one per conflict or doubt. */
export function formatImportSummary(summary: ImportSummary): string {
  const list = (counts: Record<string, number>) =>
    Object.entries(counts).map(([kind, n]) => `${kind} ${n}`).join(', ') || 'nothing';
  const people = summary.people;
  const lines = [
    `${summary.dataSet}: ${summary.rows} rows from ${summary.location} in ${(summary.timings.totalMs / 1000).toFixed(1)} s ` +
      `(validate ${summary.timings.validateMs} ms, resolve ${summary.timings.resolveMs} ms, write ${summary.timings.writeMs} ms)`,
    `  created:     ${list(summary.created)}`,
    `  merged:      ${list(summary.merged)}`,
    `  people:      ${people.created} new, ${people.merged} merged with a known person ` +
      `(${people.mergedBySpelling.length} by spelling), ${people.ambiguous.length} ambiguous, kept apart`,
    `  conflicting: ${summary.conflicts.length} field(s), kept as Assertions`,
    ...summary.conflicts.map((c) =>
      `    ${c.subjectId} ${c.field}: ${c.values.map((v) => `${v.value} (${v.sources.join(', ')})${v.preferred ? ' preferred' : ''}`).join(' vs ')}`),
    ...people.ambiguous.map((a) => `    ambiguous: ${a.name} [${a.ref}] -> ${a.id}, not merged with ${a.candidates.join(', ')}: ${a.reason}`),
    ...people.mergedBySpelling.map((m) => `    merged by spelling: ${m.name} [${m.ref}] -> ${m.id}`),
    `  skipped:     ${summary.skipped.map((s) => `${s.what}${s.count ? ` (${s.count})` : ''}: ${s.reason}`).join('; ') || 'nothing'}`,
  ];
  return lines.join('\n');
}
