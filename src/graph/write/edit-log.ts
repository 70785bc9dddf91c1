import { dataVersionOf } from './data-version';
import type { GraphTransaction } from '../driver/driver';
import type { GraphReader } from '../read/loaders/batched-loader';
import type { GraphDelta } from './graph-image';

/**
 * The audit trail of the API's writes, in the graph on `EditRecord` nodes outside the model (no
 * `:Entity`, no relationships, so graph dumps leave them out): who wrote, when, in the name of
 * which source, what changed, and the delta that undoes it. A retraction is a record too.
 */
export const EDIT_RECORD_LABEL = 'EditRecord';

export type EditOperation = 'assertFact' | 'recordMatchReport' | 'retractSource';

/** One field of one entity as a write left it: the preferred value before and after. */
export interface FieldChange {
  entityId: string;
  field: string;
  before: string | null;
  after: string | null;
}

export interface EditRecord {
  id: string;
  at: string;
  by: string;
  operation: EditOperation;
  sourceId: string;
  changes: FieldChange[];
  dataVersion: string;
  /** Set on a write's record once its source is retracted. */
  retracted: boolean;
}

interface StoredRecord extends Omit<EditRecord, 'changes'> {
  changes: string;
}

export async function appendEditRecord(
  tx: GraphTransaction,
  record: Omit<EditRecord, 'id' | 'at' | 'retracted' | 'dataVersion'>,
  delta: GraphDelta | null,
): Promise<EditRecord> {
  const [row] = await tx.run<StoredRecord>(
    `OPTIONAL MATCH (v:DataVersion {id: "data-version"})
     CREATE (r:EditRecord {id: randomUUID(), at: toString(datetime()), by: $by, operation: $operation, sourceId: $sourceId,
                           changes: $changes, delta: $delta, dataVersion: ${dataVersionOf('v')}, retracted: false})
     RETURN r.id AS id, r.at AS at, r.by AS by, r.operation AS operation, r.sourceId AS sourceId, r.changes AS changes,
            r.dataVersion AS dataVersion, r.retracted AS retracted`,
    { ...record, changes: JSON.stringify(record.changes), delta: delta && JSON.stringify(delta) },
  );
  return parsed(row!);
}

/** The deltas of the writes in the name of `sourceId` not yet undone, newest first; none for a source the API did not make. */
export async function openWritesOf(tx: GraphTransaction, sourceId: string): Promise<Array<{ id: string; delta: GraphDelta }>> {
  const rows = await tx.run<{ id: string; delta: string }>(
    `MATCH (r:EditRecord {sourceId: $sourceId}) WHERE r.delta IS NOT NULL AND NOT r.retracted
     RETURN r.id AS id, r.delta AS delta ORDER BY r.at DESC, r.id DESC`,
    { sourceId },
  );
  return rows.map((row) => ({ id: row.id, delta: JSON.parse(row.delta) as GraphDelta }));
}

/** Whether `sourceId` was first written through the API (its Source node made by one of its writes). */
export async function isApiSource(graph: GraphReader, sourceId: string): Promise<boolean> {
  const rows = await graph.read('MATCH (r:EditRecord {sourceId: $sourceId}) WHERE r.madeSource RETURN r.id AS id LIMIT 1', { sourceId });
  return rows.length > 0;
}

export async function markSourceMade(tx: GraphTransaction, recordId: string): Promise<void> {
  await tx.run('MATCH (r:EditRecord {id: $recordId}) SET r.madeSource = true', { recordId });
}

export async function markRetracted(tx: GraphTransaction, recordIds: readonly string[]): Promise<void> {
  await tx.run('UNWIND $ids AS id MATCH (r:EditRecord {id: id}) SET r.retracted = true', { ids: recordIds });
}

export interface EditLogPage {
  records: EditRecord[];
  hasNextPage: boolean;
}

/**
 * Records newest first, `first` of them after the record `after` (a record id, the cursor),
 * optionally of one token name and since a time (ISO-8601).
 */
export async function readEditLog(
  graph: GraphReader,
  options: { first: number; after?: string | null; by?: string | null; since?: string | null },
): Promise<EditLogPage> {
  const rows = await graph.read<StoredRecord>(
    `OPTIONAL MATCH (cursor:EditRecord {id: $after})
     WITH cursor
     MATCH (r:EditRecord)
     WHERE ($by IS NULL OR r.by = $by) AND ($since IS NULL OR datetime(r.at) >= datetime($since))
       AND ($after IS NULL OR r.at < cursor.at OR (r.at = cursor.at AND r.id < cursor.id))
     RETURN r.id AS id, r.at AS at, r.by AS by, r.operation AS operation, r.sourceId AS sourceId, r.changes AS changes,
            r.dataVersion AS dataVersion, r.retracted AS retracted
     ORDER BY r.at DESC, r.id DESC LIMIT $limit`,
    { after: options.after ?? null, by: options.by ?? null, since: options.since ?? null, limit: options.first + 1 },
  );
  return { records: rows.slice(0, options.first).map(parsed), hasNextPage: rows.length > options.first };
}

function parsed(row: StoredRecord): EditRecord {
  return { ...row, changes: JSON.parse(row.changes) as FieldChange[] };
}
