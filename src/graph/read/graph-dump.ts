import { DATA_VERSION_LABEL } from '../write/data-version';
import type { GraphClient } from '../driver/driver';
import { IMPORT_RECORD_LABEL } from '../write/import-record';
import { API_TOKEN_LABEL } from '../write/api-tokens';
import { EDIT_RECORD_LABEL } from '../write/edit-log';

/** Bookkeeping nodes, not facts: two loads of the same facts differ in them, or in when they happened. */
const BOOKKEEPING_LABELS = [DATA_VERSION_LABEL, IMPORT_RECORD_LABEL, API_TOKEN_LABEL, EDIT_RECORD_LABEL];

/**
 * The whole graph as sorted lines of text: every node with its labels and properties, every
 * relationship with its ends, type and properties. Two graphs are the same when their dumps are;
 * the load-order tests compare them line by line. The bookkeeping nodes are left out: the
 * data-version stamp changes with every write, even of the same facts.
 */
export async function dumpGraph(graph: GraphClient): Promise<string[]> {
  const nodes = await graph.read<{ id: string; labels: string[]; props: Record<string, unknown> }>(
    'MATCH (n) WHERE none(label IN labels(n) WHERE label IN $bookkeeping) RETURN n.id AS id, labels(n) AS labels, properties(n) AS props',
    { bookkeeping: BOOKKEEPING_LABELS },
  );
  const relationships = await graph.read<{ from: string; type: string; to: string; props: Record<string, unknown> }>(
    'MATCH (a)-[r]->(b) RETURN a.id AS from, type(r) AS type, b.id AS to, properties(r) AS props',
  );
  return [
    ...nodes.map((n) => `node ${n.id} :${[...n.labels].sort().join(':')} ${canonicalJson(n.props)}`),
    ...relationships.map((r) => `rel ${r.from} -[${r.type}]-> ${r.to} ${canonicalJson(r.props)}`),
  ].sort();
}

/** JSON with keys sorted, so that equal property maps print the same. */
function canonicalJson(props: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(props).sort(([a], [b]) => a.localeCompare(b))));
}

/** The lines one dump has and the other lacks, so that a failing comparison shows what moved. */
export function dumpDifference(a: readonly string[], b: readonly string[]): { onlyFirst: string[]; onlySecond: string[] } {
  const inA = new Set(a);
  const inB = new Set(b);
  return { onlyFirst: a.filter((line) => !inB.has(line)), onlySecond: b.filter((line) => !inA.has(line)) };
}
