import { isDeepStrictEqual } from 'node:util';
import type { GraphTransaction } from '../driver/driver';
import { ENTITIES } from '../model/model';
import { unsized } from '../driver/plan-cache';

/**
 * What the writer compares a row with before sending it (diff before write): the nodes a row's
 * statement would touch, with their labels, properties and relationships, read in one batched
 * statement per chunk of ids. A row whose every effect is already in the graph is not sent, so a
 * re-import of unchanged data writes nothing.
 */

export interface GraphEdge {
  type: string;
  /** The id of the node at the other end. */
  other: string;
  props: Record<string, unknown>;
}

export interface GraphNode {
  labels: string[];
  props: Record<string, unknown>;
  /** Edges by type: a player's row looks up one type among the hundreds of edges of some players. */
  out: Map<string, GraphEdge[]>;
  in: Map<string, GraphEdge[]>;
}

/** Edges come as `[type, other, props]`: a map per edge made the driver decode its three keys each time. */
type EdgeTuple = [string, string, Record<string, unknown>];

interface GraphNodeRow {
  id: string;
  labels: string[];
  props: Record<string, unknown>;
  out: EdgeTuple[];
  in: EdgeTuple[];
}

function byType(tuples: EdgeTuple[]): Map<string, GraphEdge[]> {
  const grouped = new Map<string, GraphEdge[]>();
  for (const [type, other, props] of tuples) {
    const edge = { type, other, props };
    const ofType = grouped.get(edge.type);
    if (ofType) ofType.push(edge);
    else grouped.set(edge.type, [edge]);
  }
  return grouped;
}

// Incoming edges are read only of the types a record declares pointing at its own node (a player
// SCORED a goal): every other edge is read from the node it leaves, and a Source or Team is the
// end of tens of thousands of them.
export const INCOMING_TYPES = [...new Set(ENTITIES.flatMap((entity) => entity.relationships.filter((r) => r.direction === 'in').map((r) => r.type)))];

/**
 * Whether the graph holds any entity. A first import into an empty database has nothing to diff
 * against or reconcile with, so it skips those reads (a second or two of index misses); `run` is
 * a client's `read` or a transaction's `run`.
 */
export async function holdsAnyEntity(run: (cypher: string) => Promise<unknown[]>): Promise<boolean> {
  return (await run('MATCH (:Entity) RETURN 1 AS found LIMIT 1')).length > 0;
}

/** The nodes of `ids` that the graph holds; ids it does not hold are absent from the map. */
export async function readGraphNodes(tx: GraphTransaction, ids: readonly string[], batchSize: number): Promise<Map<string, GraphNode>> {
  const nodes = new Map<string, GraphNode>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += batchSize) {
    const rows = await tx.run<GraphNodeRow>(
      `UNWIND $ids.items AS id
       MATCH (n:Entity {id: id})
       RETURN id, labels(n) AS labels, properties(n) AS props,
              [(n)-[r]->(o:Entity) | [type(r), o.id, properties(r)]] AS out,
              [(n)<-[r:${INCOMING_TYPES.join('|')}]-(o:Entity) | [type(r), o.id, properties(r)]] AS in`,
      { ids: unsized(unique.slice(start, start + batchSize)) },
    );
    for (const row of rows) nodes.set(row.id, { labels: row.labels, props: row.props, out: byType(row.out), in: byType(row.in) });
  }
  return nodes;
}

/** The edges of `node` of one type and direction (none for a node the graph does not hold). */
export function edgesOf(node: GraphNode | undefined, direction: 'out' | 'in', type: string): GraphEdge[] {
  return node?.[direction].get(type) ?? [];
}

/** The edge of `type` from `node` to `other`, if the graph holds it. */
export function edgeTo(node: GraphNode | undefined, type: string, other: string, direction: 'out' | 'in' = 'out'): GraphEdge | undefined {
  return edgesOf(node, direction, type).find((edge) => edge.other === other);
}

/** Whether every item of `items` is in the list `held` (a missing list holds nothing: `union` would create it). */
export function holdsAll(held: unknown, items: readonly unknown[]): boolean {
  return Array.isArray(held) && items.every((item) => held.includes(item));
}

/** Whether `held` already has every property of `props` with the same value (`SET n += props` would change nothing). */
export function holdsProps(held: Record<string, unknown>, props: Record<string, unknown>): boolean {
  return Object.entries(props).every(([key, value]) => sameValue(held[key], value));
}

/** Same value, a missing property counting as null. */
export function sameValue(held: unknown, value: unknown): boolean {
  return isDeepStrictEqual(held ?? null, value ?? null);
}
