import path from 'node:path';
import { bundleParts } from '../graph/model/bundle';
import { applyConstraints } from '../graph/model/constraints';
import type { GraphClient } from '../graph/driver/driver';
import { loadKnownPeople, loadOtherEntityIds } from '../graph/write/graph-state';
import { rekeyPeople } from '../graph/write/person-rekey';
import { readImportRecord, recordImport } from '../graph/write/import-record';
import type { Conflict } from '../graph/write/reconciler';
import { openDataLocation } from './reading/data-location';
import type { DataSetAdapter } from './data-set-adapter';
import { fjelstulAdapter } from './sources/fjelstul/adapter';
import { digestOf, fingerprinting, hashAgain, optionsDigestPart, type FileHashes } from './import-fingerprint';
import { internationalResultsAdapter } from './sources/international-results/adapter';
import { silentProgress, type ImportProgress } from './import-progress';
import { openfootballAdapter } from './sources/openfootball/adapter';
import { NO_PEOPLE_RESOLVED, PersonResolver, type PersonResolutionReport } from './person-resolver';
import { ingestBundle } from './pipeline';
import { statsbombAdapter } from './sources/statsbomb/adapter';
import { wyscoutAdapter } from './sources/wyscout/adapter';

/**
 * Records one transaction writes: a data set of up to `whole` (each World Cup data set) in one; a
 * larger one (every international since 1872) in parts, each of which Neo4j's default transaction
 * memory (70% of the heap) holds.
 */
const TRANSACTION_ROWS = { whole: 80_000, part: 30_000 };

/** Every data set, in the order `npm start` imports them (the order does not change the graph). */
export const DATA_SET_ADAPTERS: readonly DataSetAdapter[] = [fjelstulAdapter, openfootballAdapter, wyscoutAdapter, internationalResultsAdapter];

/** Every adapter `npm run import` knows: the shipped ones and StatsBomb, which users bring themselves. */
export const IMPORT_ADAPTERS: readonly DataSetAdapter[] = [...DATA_SET_ADAPTERS, statsbombAdapter];

export type DataSetName = 'fjelstul' | 'openfootball' | 'wyscout' | 'statsbomb' | 'international-results';
export const DATA_SETS: readonly DataSetName[] = IMPORT_ADAPTERS.map((adapter) => adapter.name as DataSetName);

export interface ImportOptions {
  /** openfootball only: the tournament years to import; default 2026. */
  years?: number[];
  /** StatsBomb only: the competition and season; default 43 / 3, the 2018 World Cup. */
  season?: { competition: number; season: number };
  progress?: ImportProgress;
  /** Rows per UNWIND statement; default the writer's (5000). */
  batchSize?: number;
  /** Compare every row with the graph even when the files are those of the data set's last import. */
  force?: boolean;
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
  /** Rows written, by kind: the records that changed something (none when the data set was imported before). */
  written: Record<string, number>;
  people: PersonResolutionReport;
  /** Fields the sources disagree on; each kept as Assertions, the preferred value on the node. */
  conflicts: Conflict[];
  /** What the files hold that the graph does not get, and why. */
  skipped: Array<{ what: string; count: number; reason: string }>;
  /** The files, options and importer were those of the data set's last import: nothing was compared or written. */
  unchanged: boolean;
  timings: { validateMs: number; resolveMs: number; writeMs: number; totalMs: number };
}

/**
 * Imports one data set: reads and validates every file first (a malformed file throws
 * MalformedFileError before anything is written), applies the constraints, resolves people and
 * disputed values against the graph, then writes the whole bundle in ONE transaction, so a failure
 * at any point leaves nothing of this import behind (a bundle too large for one is written in parts:
 * a failure leaves the parts before it, and the import unrecorded). MERGE on stable ids makes a
 * re-run a no-op.
 * A re-run of the files, options and importer of the data set's last import stops after hashing
 * them (import-fingerprint.ts): they were validated by that import, and comparing every row with
 * the graph would find nothing.
 */
export async function importDataSet(
  graph: GraphClient,
  dataSet: DataSetName,
  dirOrUrl: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const progress = options.progress ?? silentProgress;
  const adapter = IMPORT_ADAPTERS.find((candidate) => candidate.name === dataSet)!;
  const location = openDataLocation(dirOrUrl);
  const started = Date.now();

  const optionsPart = optionsDigestPart(dataSet, options);
  const unchanged = (rows: number, skipped: ImportSummary['skipped'], validateMs: number): ImportSummary => ({
    dataSet,
    location: dirOrUrl,
    rows,
    ...{ created: {}, merged: {}, written: {}, people: NO_PEOPLE_RESOLVED, conflicts: [] },
    skipped,
    unchanged: true,
    timings: { validateMs, resolveMs: 0, writeMs: 0, totalMs: Date.now() - started },
  });
  const record = options.force ? undefined : await readImportRecord(graph, dataSet);
  // The files of the last import, which validated every row, hashed again: no need to parse them.
  if (record?.files && digestOf(await hashAgain(location, JSON.parse(record.files) as FileHashes), optionsPart) === record.digest) {
    progress.phase(`${dataSet}: the files of its last import`);
    return unchanged(record.rows ?? 0, JSON.parse(record.skipped ?? '[]') as ImportSummary['skipped'], Date.now() - started);
  }

  progress.phase(`validating ${dataSet} files in ${dirOrUrl}`);
  const fingerprint = fingerprinting(location);
  const read = await adapter.read(fingerprint.location, { years: options.years, season: options.season });
  const digest = fingerprint.digest(optionsPart);
  const validated = Date.now();

  progress.phase('resolving people, teams and matches against the graph');
  await applyConstraints(graph);
  if (record?.digest === digest) return unchanged(read.rows, read.skipped, validated - started);
  const [known, reserved] = await Promise.all([loadKnownPeople(graph), loadOtherEntityIds(graph)]);
  const resolver = new PersonResolver(known, reserved);
  const bundle = read.build(resolver);
  // The bundle names re-keyed people by their new ids: the graph's nodes take them before it is reconciled.
  await rekeyPeople(graph, resolver.summary().rekeyed);
  const parts = bundleParts(bundle, TRANSACTION_ROWS);
  let resolved = Date.now();
  const created: Record<string, number> = {};
  const merged: Record<string, number> = {};
  const writtenRows: Record<string, number> = {};
  const conflicts: Conflict[] = [];
  for (const [index, part] of parts.entries()) {
    const result = await ingestBundle(graph, part, {
      // A data set speaks for itself only.
      statementSources: (sources) => sources.filter((id) => id === adapter.source.id),
      progress,
      batchSize: options.batchSize,
      onReconciled: () => (resolved = index === 0 ? Date.now() : resolved),
      // With the last part only: a part that fails leaves the import unrecorded, so a re-run completes it.
      alsoWrite: index === parts.length - 1
        ? (tx) => recordImport(tx, dataSet, { digest, files: JSON.stringify(fingerprint.files()), rows: read.rows, skipped: JSON.stringify(read.skipped) })
        : undefined,
    });
    for (const [into, from] of [[created, result.created], [merged, result.merged], [writtenRows, result.written]] as const) {
      for (const [kind, n] of Object.entries(from)) into[kind] = (into[kind] ?? 0) + n;
    }
    conflicts.push(...result.conflicts);
  }
  const written = Date.now();

  return {
    dataSet,
    location: dirOrUrl,
    rows: read.rows,
    created,
    merged,
    written: Object.fromEntries(Object.entries(writtenRows).filter(([, rows]) => rows > 0)),
    people: resolver.summary(),
    conflicts,
    skipped: read.skipped,
    unchanged: false,
    timings: { validateMs: validated - started, resolveMs: resolved - validated, writeMs: written - resolved, totalMs: written - started },
  };
}

/**
 * Every shipped data set as `npm start` loads them (unless KG_IMPORT=0), each from its folder under
 * `dataDir`, in DATA_SET_ADAPTERS' order; `onImported` hears of each as soon as it is done.
 */
export async function importHistory(
  graph: GraphClient,
  options: { dataDir: string; progress?: ImportProgress; force?: boolean; onImported?: (summary: ImportSummary) => void },
): Promise<ImportSummary[]> {
  const summaries: ImportSummary[] = [];
  for (const adapter of DATA_SET_ADAPTERS) {
    const dir = path.join(options.dataDir, adapter.folder);
    const summary = await importDataSet(graph, adapter.name as DataSetName, dir, { progress: options.progress, force: options.force });
    options.onImported?.(summary);
    summaries.push(summary);
  }
  return summaries;
}

/** One line per data set, as `npm start` prints it: rows, seconds, and whether anything was written. */
export function formatImportHeadline(summary: ImportSummary): string {
  const seconds = `${(summary.timings.totalMs / 1000).toFixed(1)} s`;
  const rows = `${summary.rows.toLocaleString('en')} rows`;
  if (summary.unchanged) return `${summary.dataSet}: ${rows} verified in ${seconds}, the same files as its last import`;
  const created = Object.values(summary.created).reduce((sum, n) => sum + n, 0);
  return `${summary.dataSet}: ${rows} imported in ${seconds} (${created.toLocaleString('en')} nodes new, ${summary.conflicts.length} disputed fields kept)`;
}

/** The summary as the CLI and the bench print it: one line per count, one per conflict or doubt. */
export function formatImportSummary(summary: ImportSummary): string {
  const list = (counts: Record<string, number>) =>
    Object.entries(counts).map(([kind, n]) => `${kind} ${n}`).join(', ') || 'nothing';
  const people = summary.people;
  const took = `${summary.dataSet}: ${summary.rows} rows from ${summary.location} in ${(summary.timings.totalMs / 1000).toFixed(1)} s`;
  if (summary.unchanged) return `${took}: the same files as its last import, nothing to do (--force compares every row with the graph)`;
  const lines = [
    `${took} ` +
      `(validate ${summary.timings.validateMs} ms, resolve ${summary.timings.resolveMs} ms, write ${summary.timings.writeMs} ms)`,
    `  created:     ${list(summary.created)}`,
    `  merged:      ${list(summary.merged)}`,
    `  written:     ${list(summary.written)} (rows that change the graph; the others it already holds)`,
    `  people:      ${people.created} new, ${people.merged} merged with a known person ` +
      `(${people.mergedBySpelling.length} by spelling), ${people.ambiguous.length} ambiguous, kept apart`,
    `  conflicting: ${summary.conflicts.length} field(s), kept as Assertions`,
    ...summary.conflicts.map((c) => `    ${formatConflict(c)}`),
    ...people.ambiguous.map((a) => `    ambiguous: ${a.name} [${a.ref}] -> ${a.id}, not merged with ${a.candidates.join(', ')}: ${a.reason}`),
    ...people.mergedBySpelling.map((m) => `    merged by spelling: ${m.name} [${m.ref}] -> ${m.id}`),
    ...people.mergedDespiteBirthDate.map((m) => `    merged despite birth date: ${m.name} [${m.ref}] ${m.birthDate} -> ${m.id} (${m.known})`),
    ...people.rekeyed.map((r) => `    re-keyed by this data set's spelling: ${r.name} [${r.ref}] ${r.from} -> ${r.to}`),
    `  skipped:     ${summary.skipped.map((s) => `${s.what}${s.count ? ` (${s.count})` : ''}: ${s.reason}`).join('; ') || 'nothing'}`,
  ];
  return lines.join('\n');
}

/** One disputed field on one line: every version with its sources, the preferred one marked. */
export function formatConflict(conflict: Conflict): string {
  const versions = conflict.values.map((v) => `${v.value} (${v.sources.join(', ')})${v.preferred ? ' preferred' : ''}`);
  return `${conflict.subjectId} ${conflict.field}: ${versions.join(' vs ')}`;
}
