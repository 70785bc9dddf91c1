import type { GraphReader } from '../read/loaders/batched-loader';
import type { GraphClient, GraphTransaction } from '../driver/driver';

/**
 * The data version: one stamp that every write of facts replaces, in the same transaction, so that
 * anything computed from the facts (claim checks, a response cache) can be keyed by it and is
 * recomputed only after a seed or an import. The single place that reads or writes it.
 *
 * It reads `<sequence>.<stamp>`: the sequence counts the writes, so that a client holding the
 * version of a write can ask any replica for data at least that new; the random stamp keeps a
 * database emptied and loaded again (as tests do) from meeting the version of the graph it replaced.
 * It lives on a `DataVersion` node outside the model (no `:Entity`), which graph dumps leave out,
 * since two loads of the same facts are the same graph.
 */
export const DATA_VERSION_LABEL = 'DataVersion';

/** The version of an empty database, or of one written before versions existed: sequence 0. */
export const UNSTAMPED = 'unstamped';

/**
 * The data version as Cypher computes it from the `DataVersion` node bound to `node` (null on a
 * graph without one), for statements that record it, such as the edit log.
 */
export const dataVersionOf = (node: string): string =>
  `CASE WHEN ${node} IS NULL THEN '${UNSTAMPED}' ELSE toString(coalesce(${node}.seq, 0)) + '.' + ${node}.stamp END`;

const READ_VERSION = `OPTIONAL MATCH (v:DataVersion {id: "data-version"}) RETURN ${dataVersionOf('v')} AS version`;

type VersionRow = { version: string };

export async function readDataVersion(graph: GraphReader): Promise<string> {
  const [row] = await graph.read<VersionRow>(READ_VERSION);
  return row!.version;
}

/**
 * The version as the writer holds it: read in a write-routed session, which a cluster sends to its
 * leader, so a command-line import reports the version of its own commit even before the readers have it.
 */
export async function readWrittenDataVersion(graph: Pick<GraphClient, 'write'>): Promise<string> {
  const [row] = await graph.write<VersionRow>(READ_VERSION);
  return row!.version;
}

/** Called by the bundle writer inside its transaction: the new facts and the new stamp commit together. */
export async function bumpDataVersion(tx: GraphTransaction): Promise<void> {
  await tx.run(
    `MERGE (v:DataVersion {id: "data-version"})
     SET v.seq = coalesce(v.seq, 0) + 1, v.stamp = randomUUID(), v.writtenAt = datetime()`,
  );
}

/**
 * The write count a data version (or a bare count, as clients may send) stands for: versions are
 * ordered by it. Undefined for anything else.
 */
export function dataVersionSequence(version: string): number | undefined {
  if (version === UNSTAMPED) return 0;
  const match = /^(\d{1,15})(?:\.[0-9a-f-]{36})?$/i.exec(version);
  return match ? Number(match[1]) : undefined;
}
