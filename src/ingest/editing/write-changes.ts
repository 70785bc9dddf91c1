import { assertionSourceOf } from '../../graph/model/identity';
import { ENTITIES } from '../../graph/model/model';
import type { FieldChange } from '../../graph/write/edit-log';
import type { GraphDelta } from '../../graph/write/graph-image';

/**
 * Properties and relationships that are bookkeeping rather than facts: who stated what, search
 * keys, citations, the ids a node mirrors from its edges. A write's changes leave them out.
 */
const BOOKKEEPING_PROPS = new Set(['id', 'statedBy', 'nameText', 'nameKeys', 'sourceKeys', ...ENTITIES.flatMap((e) => e.relationships.map((r) => r.property))]);
const BOOKKEEPING_EDGES = new Set(['SOURCED_FROM', 'HAS_ASSERTION']);

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * What a write changed, field by field: a property's value before and after (null when the node
 * is new), a source's version of a disputed field (`field@source`, the value, and whether it is
 * preferred), a relationship made (`after` its other end) or removed (`before`).
 */
export function changesOf(delta: GraphDelta): FieldChange[] {
  const changes: FieldChange[] = [];
  const nodes = [
    ...delta.createdNodes.map((node) => ({ id: node.id, before: undefined, after: node })),
    ...delta.changedNodes,
  ];
  for (const { id, before, after } of nodes) {
    if (after.labels.includes('Source')) continue;
    if (after.labels.includes('Assertion')) {
      const version = (props: Record<string, unknown> | undefined) => props && `${String(props.value)}${props.preferred ? ' (preferred)' : ''}`;
      // An Assertion's id is `{subjectId}#{field}@{sourceId}` (identity.ts, assertionId).
      const source = assertionSourceOf(id);
      changes.push({ entityId: id.slice(0, id.lastIndexOf('#')), field: `${String(after.props.field)}@${source}`, before: version(before?.props) ?? null, after: version(after.props)! });
      continue;
    }
    const keys = new Set([...Object.keys(before?.props ?? {}), ...Object.keys(after.props)]);
    for (const key of [...keys].sort()) {
      if (BOOKKEEPING_PROPS.has(key)) continue;
      const [was, is] = [text(before?.props[key]), text(after.props[key])];
      if (was !== is) changes.push({ entityId: id, field: key, before: was, after: is });
    }
  }
  for (const edge of delta.createdEdges) {
    if (!BOOKKEEPING_EDGES.has(edge.type)) changes.push({ entityId: edge.from, field: edge.type, before: null, after: edge.to });
  }
  for (const edge of delta.deletedEdges) {
    if (!BOOKKEEPING_EDGES.has(edge.type)) changes.push({ entityId: edge.from, field: edge.type, before: edge.to, after: null });
  }
  return changes;
}

/** The delta that undoes `delta`, for describing a retraction in the same terms. */
export function inverseDelta(delta: GraphDelta): GraphDelta {
  return {
    createdNodes: [],
    changedNodes: [
      ...delta.changedNodes.map(({ id, before, after }) => ({ id, before: after, after: before })),
    ],
    createdEdges: delta.deletedEdges,
    deletedEdges: delta.createdEdges,
    changedEdges: delta.changedEdges.map(({ before, after }) => ({ before: after, after: before })),
  };
}

/** Changes of a retraction: the inverse of the write's, a removed node's fields going to null. */
export function retractionChanges(delta: GraphDelta): FieldChange[] {
  const removed = delta.createdNodes.flatMap((node) =>
    changesOf({ ...emptyDelta(), createdNodes: [node] }).map((change) => ({ ...change, before: change.after, after: null })));
  return [...changesOf(inverseDelta(delta)), ...removed];
}

function emptyDelta(): GraphDelta {
  return { createdNodes: [], changedNodes: [], createdEdges: [], deletedEdges: [], changedEdges: [] };
}
