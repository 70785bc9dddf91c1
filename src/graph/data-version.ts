import { randomUUID } from 'node:crypto';
import type { GraphClient, GraphTransaction } from './driver';

/**
 * The graph's data version: a stamp node that every seed and import rewrites in its own write
 * transaction, so that anything derived from the graph (the response cache) knows when to let go.
 * A fresh random value each time, never a counter: a wiped and re-seeded database must not repeat
 * a version that an older graph had.
 */
const STAMP = 'DataVersion';

/** The current version, or `'none'` for a graph no seed or import has written to. */
export async function readDataVersion(graph: Pick<GraphClient, 'read'>): Promise<string> {
  const [row] = await graph.read<{ version: string }>(`MATCH (v:${STAMP}) RETURN v.version AS version LIMIT 1`);
  return row?.version ?? 'none';
}

/** Call inside the transaction that changes the graph, so the new version commits with the data. */
export async function bumpDataVersion(tx: GraphTransaction): Promise<void> {
  await tx.run(`MERGE (v:${STAMP}) SET v.version = $version`, { version: randomUUID() });
}
