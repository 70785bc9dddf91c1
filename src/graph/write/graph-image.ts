import { isDeepStrictEqual } from 'node:util';
import { INCOMING_TYPES } from './bundle-diff';
import type { GraphTransaction } from '../driver/driver';
import { unsized } from '../driver/plan-cache';

/**
 * What one write did to the graph, as the nodes and relationships it touched looked before and
 * after it, read inside the write's own transaction. Undoing it restores the "before" side, so a
 * retracted source leaves the graph as it was (the canonical dump proves it); a later write that
 * changed the same things since is detected, and the undo refused, rather than overwritten.
 */

export interface NodeState {
  labels: string[];
  props: Record<string, unknown>;
}

export interface EdgeState {
  type: string;
  from: string;
  to: string;
  props: Record<string, unknown>;
}

export interface GraphImage {
  nodes: Map<string, NodeState>;
  /** By element id: stable within the transaction that reads both images. */
  edges: Map<string, EdgeState>;
}

export interface GraphDelta {
  /** Nodes the write created, with their state after it. */
  createdNodes: Array<{ id: string } & NodeState>;
  changedNodes: Array<{ id: string; before: NodeState; after: NodeState }>;
  createdEdges: EdgeState[];
  deletedEdges: EdgeState[];
  changedEdges: Array<{ before: EdgeState; after: EdgeState }>;
}

/**
 * The nodes `own` (the records the write states, the entries it may create) and `touched` (what
 * those records point at), with their relationships that a write of them can change: every
 * relationship leaving an own node, those declared pointing at it (a player SCORED a goal), and
 * those between touched nodes (a line-up's PLAYED_IN, an assist's SET_UP). The high-degree nodes
 * (teams, tournaments, sources) are mostly ends of incoming relationships, which are not read.
 */
export async function readGraphImage(tx: GraphTransaction, own: readonly string[], touched: readonly string[]): Promise<GraphImage> {
  const ownEdges = await tx.run<EdgeRow>(
    `UNWIND $own.items AS id
     MATCH (n:Entity {id: id})
     CALL (n) {
       MATCH (n)-[r]->() RETURN r
       UNION
       MATCH (n)<-[r]-() WHERE type(r) IN $incoming RETURN r
     }
     RETURN elementId(r) AS key, type(r) AS type, startNode(r).id AS from, endNode(r).id AS to, properties(r) AS props`,
    { own: unsized(own), incoming: INCOMING_TYPES },
  );
  // The people a goal's edges name now (a replaced scorer's SET_UP goes with the edge).
  const ids = [...new Set([...own, ...touched, ...ownEdges.flatMap((edge) => [edge.from, edge.to])])];
  const between = await tx.run<EdgeRow>(
    `UNWIND $ids.items AS id
     MATCH (n:Entity {id: id})-[r]->(other:Entity)
     WHERE other.id IN $ids.items
     RETURN elementId(r) AS key, type(r) AS type, n.id AS from, other.id AS to, properties(r) AS props`,
    { ids: unsized(ids) },
  );
  const nodes = await tx.run<{ id: string; labels: string[]; props: Record<string, unknown> }>(
    'UNWIND $ids.items AS id MATCH (n:Entity {id: id}) RETURN id, labels(n) AS labels, properties(n) AS props',
    { ids: unsized(ids) },
  );
  return {
    nodes: new Map(nodes.map((node) => [node.id, { labels: [...node.labels].sort(), props: node.props }])),
    edges: new Map([...ownEdges, ...between].map(({ key, ...edge }) => [key, edge])),
  };
}

interface EdgeRow extends EdgeState {
  key: string;
}

/** What changed from `before` to `after` (two images of the same ids). */
export function graphDelta(before: GraphImage, after: GraphImage): GraphDelta {
  const delta: GraphDelta = { createdNodes: [], changedNodes: [], createdEdges: [], deletedEdges: [], changedEdges: [] };
  for (const [id, state] of after.nodes) {
    const old = before.nodes.get(id);
    if (!old) delta.createdNodes.push({ id, ...state });
    else if (!isDeepStrictEqual(old, state)) delta.changedNodes.push({ id, before: old, after: state });
  }
  for (const [key, edge] of after.edges) {
    const old = before.edges.get(key);
    if (!old) delta.createdEdges.push(edge);
    else if (!isDeepStrictEqual(old.props, edge.props)) delta.changedEdges.push({ before: old, after: edge });
  }
  for (const [key, edge] of before.edges) if (!after.edges.has(key)) delta.deletedEdges.push(edge);
  return delta;
}

export function isEmptyDelta(delta: GraphDelta): boolean {
  return Object.values(delta).every((list) => list.length === 0);
}

/**
 * The ids of the nodes and edges `delta` left that are no longer as it left them: a later write
 * changed them, and undoing this one would overwrite that write.
 */
export async function changedSince(tx: GraphTransaction, delta: GraphDelta): Promise<string[]> {
  const nodes = [...delta.createdNodes.map(({ id, labels, props }) => ({ id, labels, props })), ...delta.changedNodes.map(({ id, after }) => ({ id, ...after }))];
  const edges = [...delta.createdEdges, ...delta.changedEdges.map(({ after }) => after)];
  // A node the write made is deleted with it: a later write must not have tied anything else to it.
  const created = delta.createdNodes.map(({ id }) => ({ id, degree: delta.createdEdges.filter((edge) => edge.from === id || edge.to === id).length }));
  const [row] = await tx.run<{ nodes: string[]; edges: string[]; tied: string[] }>(
    `CALL () {
       UNWIND $nodes.items AS expected
       OPTIONAL MATCH (n:Entity {id: expected.id})
       WITH expected, n WHERE n IS NULL OR properties(n) <> expected.props
         OR any(label IN labels(n) WHERE NOT label IN expected.labels) OR size(labels(n)) <> size(expected.labels)
       RETURN collect(expected.id) AS nodes
     }
     CALL () {
       UNWIND $edges.items AS expected
       WITH expected WHERE NOT EXISTS {
         MATCH (:Entity {id: expected.from})-[r]->(:Entity {id: expected.to})
         WHERE type(r) = expected.type AND properties(r) = expected.props
       }
       RETURN collect(expected.from + ' -[' + expected.type + ']-> ' + expected.to) AS edges
     }
     CALL () {
       UNWIND $created.items AS expected
       MATCH (n:Entity {id: expected.id})
       WITH expected WHERE COUNT { (n)--() } <> expected.degree
       RETURN collect(expected.id + ' (relationships since)') AS tied
     }
     RETURN nodes, edges, tied`,
    { nodes: unsized(nodes), edges: unsized(edges), created: unsized(created) },
  );
  return [...row!.nodes, ...row!.edges, ...row!.tied];
}

/**
 * Puts back the "before" side of `delta`: relationships the write made are deleted, those it
 * deleted made again, changed properties and labels restored, nodes it created deleted.
 * Relationship types and labels are data here (stored by `graphDelta`), passed as parameters.
 */
export async function undoDelta(tx: GraphTransaction, delta: GraphDelta): Promise<void> {
  await tx.run(
    `UNWIND $edges.items AS e
     MATCH (:Entity {id: e.from})-[r]->(:Entity {id: e.to})
     WHERE type(r) = e.type AND properties(r) = e.props
     WITH e, collect(r)[0] AS r
     DELETE r`,
    { edges: unsized(delta.createdEdges) },
  );
  await tx.run(
    `UNWIND $edges.items AS e
     MATCH (:Entity {id: e.from})-[r]->(:Entity {id: e.to})
     WHERE type(r) = e.type AND properties(r) = e.after
     WITH e, collect(r)[0] AS r
     SET r = e.before`,
    { edges: unsized(delta.changedEdges.map(({ before, after }) => ({ ...before, before: before.props, after: after.props }))) },
  );
  await tx.run(
    `UNWIND $edges.items AS e
     MATCH (a:Entity {id: e.from}), (b:Entity {id: e.to})
     CREATE (a)-[r:$(e.type)]->(b) SET r = e.props`,
    { edges: unsized(delta.deletedEdges) },
  );
  await tx.run(
    `UNWIND $nodes.items AS change
     MATCH (n:Entity {id: change.id})
     SET n = change.before.props
     WITH n, change
     REMOVE n:$([label IN labels(n) WHERE NOT label IN change.before.labels])
     SET n:$(change.before.labels)`,
    { nodes: unsized(delta.changedNodes) },
  );
  await tx.run('UNWIND $ids.items AS id MATCH (n:Entity {id: id}) DETACH DELETE n', { ids: unsized(delta.createdNodes.map((node) => node.id)) });
}
