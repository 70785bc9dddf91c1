import type { GraphClient } from './driver';
import { ENTITIES, targetIdCypher } from './model';

/**
 * Per entity label, a statement setting the target-id properties (model.ts, RelationshipDeclaration)
 * of the nodes whose properties differ from their edges. Static text from the declarations.
 */
const REFRESH_STATEMENTS = ENTITIES.filter((entity) => entity.kind !== 'assertions' && entity.relationships.length > 0).map((entity) => {
  const columns = entity.relationships.map((r, i) => `${targetIdCypher('n', r)} AS id${i}`);
  const differs = entity.relationships.map((r, i) => `coalesce(n.${r.property}, '') <> coalesce(id${i}, '')`);
  return {
    label: entity.label,
    cypher: `MATCH (n:${entity.label})
      WITH n, ${columns.join(', ')}
      WHERE ${differs.join(' OR ')}
      SET ${entity.relationships.map((r, i) => `n.${r.property} = id${i}`).join(', ')}
      RETURN count(n) AS refreshed`,
  };
});

/**
 * Brings the target-id properties of every node in line with its edges, and returns how many nodes
 * it changed. The writer keeps them so; this is for a graph written before it did (the seeds of an
 * older database are not written again) and costs a read of each node when nothing differs.
 */
export async function refreshTargetIds(graph: GraphClient): Promise<number> {
  let refreshed = 0;
  for (const { cypher } of REFRESH_STATEMENTS) {
    const [row] = await graph.write<{ refreshed: number }>(cypher);
    refreshed += row?.refreshed ?? 0;
  }
  return refreshed;
}
