import type { GraphTransaction } from './driver';
import type { GraphReader } from './loaders/batched-loader';

/**
 * What the last import of a data set read: a digest of its files, options and importer revision
 * (src/ingest/import-fingerprint.ts), under the data set's name: one record per data set, the last
 * import's, whatever its options (they are in the digest). It lives in
 * the graph it describes, on an `ImportRecord` node outside the model (no `:Entity`), written in the
 * import's own transaction: emptying the database forgets it, a failed import never records it.
 * Graph dumps leave it out, like the data version: it is bookkeeping, not a fact.
 */
export const IMPORT_RECORD_LABEL = 'ImportRecord';

export async function readImportDigest(graph: GraphReader, key: string): Promise<string | undefined> {
  const [row] = await graph.read<{ digest: string }>('MATCH (r:ImportRecord {key: $key}) RETURN r.digest AS digest', { key });
  return row?.digest;
}

export async function recordImport(tx: GraphTransaction, key: string, digest: string): Promise<void> {
  await tx.run('MERGE (r:ImportRecord {key: $key}) SET r.digest = $digest', { key, digest });
}
