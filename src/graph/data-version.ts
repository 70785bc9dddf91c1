import type { GraphReader } from './loaders/batched-loader';
import type { GraphTransaction } from './driver';

/**
 * The data version: one stamp that every write of facts replaces, in the same transaction, so that
 * anything computed from the facts (claim checks, a response cache) can be keyed by it and is
 * recomputed only after a seed or an import. The single place that reads or writes it.
 *
 * A random stamp rather than a counter: a test that empties the database and loads it again must
 * not meet the stamp of the graph it replaced. It lives on a `DataVersion` node outside the model
 * (no `:Entity`), which graph dumps leave out, since two loads of the same facts are the same graph.
 */
export const DATA_VERSION_LABEL = 'DataVersion';

/** The stamp of an empty database, or of one written before stamps existed. */
export const UNSTAMPED = 'unstamped';

export async function readDataVersion(graph: GraphReader): Promise<string> {
  const [row] = await graph.read<{ stamp: string }>('MATCH (v:DataVersion {id: "data-version"}) RETURN v.stamp AS stamp');
  return row?.stamp ?? UNSTAMPED;
}

/** Called by the bundle writer inside its transaction: the new facts and the new stamp commit together. */
export async function bumpDataVersion(tx: GraphTransaction): Promise<void> {
  await tx.run(
    `MERGE (v:DataVersion {id: "data-version"})
     SET v.stamp = randomUUID(), v.writtenAt = datetime()`,
  );
}
