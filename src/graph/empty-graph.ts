import type { GraphClient } from './driver';

/** Nodes deleted per transaction: a whole graph of every international in one outgrew the transaction memory of a 768 MB heap. */
const NODES_PER_TRANSACTION = 20_000;

/** Deletes every node and relationship, a bounded batch per transaction. */
export async function emptyGraph(graph: GraphClient): Promise<void> {
  for (;;) {
    const [{ deleted }] = await graph.write<{ deleted: number }>(
      'MATCH (n) WITH n LIMIT $limit DETACH DELETE n RETURN count(*) AS deleted',
      { limit: NODES_PER_TRANSACTION },
    );
    if (deleted === 0) return;
  }
}
