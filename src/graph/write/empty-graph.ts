import type { GraphClient } from '../driver/driver';

/**
 * Rows deleted per transaction. A graph of every international in one transaction outgrew the
 * transaction memory of a 768 MB heap, and so did 20,000 nodes at once: the results set's Source
 * alone holds some 100,000 SOURCED_FROM edges. Relationships go first, then the bare nodes.
 */
const PER_TRANSACTION = 20_000;

/** Deletes every relationship, then every node, a bounded batch per transaction. */
export async function emptyGraph(graph: GraphClient): Promise<void> {
  for (const statement of [
    'MATCH ()-[r]->() WITH r LIMIT $limit DELETE r RETURN count(*) AS deleted',
    'MATCH (n) WITH n LIMIT $limit DELETE n RETURN count(*) AS deleted',
  ]) {
    for (;;) {
      const [{ deleted }] = await graph.write<{ deleted: number }>(statement, { limit: PER_TRANSACTION });
      if (deleted === 0) break;
    }
  }
}
