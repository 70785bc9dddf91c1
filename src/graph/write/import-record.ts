import type { GraphTransaction } from '../driver/driver';
import type { GraphReader } from '../read/loaders/batched-loader';

/**
 * What the last import of a data set read: a digest of its files, options and importer revision
 * (src/ingest/import-fingerprint.ts), under the data set's name: one record per data set, the last
 * import's, whatever its options (they are in the digest). It lives in
 * the graph it describes, on an `ImportRecord` node outside the model (no `:Entity`), written in the
 * import's own transaction: emptying the database forgets it, a failed import never records it.
 * Graph dumps leave it out, like the data version: it is bookkeeping, not a fact.
 */
export const IMPORT_RECORD_LABEL = 'ImportRecord';

/** What the last import of a data set recorded: its digest, and the files, rows and skips it was made of. */
export interface ImportRecord {
  digest: string;
  /** `[file, sha256]` pairs as JSON; absent in records written before they were kept. */
  files?: string;
  rows?: number;
  /** The import's `skipped` list as JSON. */
  skipped?: string;
}

export async function readImportRecord(graph: GraphReader, key: string): Promise<ImportRecord | undefined> {
  const [row] = await graph.read<ImportRecord>(
    'MATCH (r:ImportRecord {key: $key}) RETURN r.digest AS digest, r.files AS files, r.rows AS rows, r.skipped AS skipped',
    { key },
  );
  return row;
}

export async function recordImport(tx: GraphTransaction, key: string, record: Required<ImportRecord>): Promise<void> {
  await tx.run('MERGE (r:ImportRecord {key: $key}) SET r += $record', { key, record });
}
