import type { GraphReader } from '../read/loaders/batched-loader';

/** An entity as an editor's statement starts from it: its labels and the properties the graph holds. */
export interface EditedEntity {
  id: string;
  labels: string[];
  props: Record<string, unknown>;
}

export async function readEditedEntity(graph: GraphReader, id: string): Promise<EditedEntity | undefined> {
  const [row] = await graph.read<EditedEntity>('MATCH (n:Entity {id: $id}) RETURN n.id AS id, labels(n) AS labels, properties(n) AS props', { id });
  return row;
}

/** Whether a node of `label` has the id `id`. */
export async function holdsEntity(graph: GraphReader, label: string, id: string): Promise<boolean> {
  const rows = await graph.read('MATCH (n:Entity {id: $id}) WHERE $label IN labels(n) RETURN 1 AS found', { id, label });
  return rows.length > 0;
}
