import { createHash } from 'node:crypto';
import type { GraphClient } from '../../src/graph/driver/driver';

export interface GraphChecksum {
  nodes: number;
  relationships: number;
  properties: number;
  /** SHA-256 over every node and relationship with its labels or type, ends and properties. */
  sha256: string;
}

/** A fingerprint of the whole graph, to prove a run changed nothing in it. */
export async function graphChecksum(graph: GraphClient): Promise<GraphChecksum> {
  const hash = createHash('sha256');
  let properties = 0;
  const nodes = await graph.read<{ id: string; labels: string[]; props: Record<string, unknown> }>(
    'MATCH (n) RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props ORDER BY id',
  );
  for (const node of nodes) {
    properties += Object.keys(node.props).length;
    hash.update(`N|${node.id}|${[...node.labels].sort().join(':')}|${canonical(node.props)}\n`);
  }
  const relationships = await graph.read<{ id: string; type: string; from: string; to: string; props: Record<string, unknown> }>(
    'MATCH (a)-[r]->(b) RETURN elementId(r) AS id, type(r) AS type, elementId(a) AS from, elementId(b) AS to, properties(r) AS props ORDER BY id',
  );
  for (const rel of relationships) {
    properties += Object.keys(rel.props).length;
    hash.update(`R|${rel.id}|${rel.type}|${rel.from}|${rel.to}|${canonical(rel.props)}\n`);
  }
  return { nodes: nodes.length, relationships: relationships.length, properties, sha256: hash.digest('hex') };
}

function canonical(props: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(props).sort().map((key) => [key, props[key]]));
}
