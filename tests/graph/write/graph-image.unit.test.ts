import { describe, expect, it } from 'vitest';
import { graphDelta, isEmptyDelta, type GraphImage } from '../../../src/graph/write/graph-image';

const image = (nodes: Record<string, Record<string, unknown>>, edges: Record<string, [string, string, string, Record<string, unknown>]>): GraphImage => ({
  nodes: new Map(Object.entries(nodes).map(([id, props]) => [id, { labels: ['Entity', 'Goal'], props: { id, ...props } }])),
  edges: new Map(Object.entries(edges).map(([key, [from, type, to, props]]) => [key, { from, type, to, props }])),
});

describe('graphDelta', () => {
  it('tells created, changed and untouched nodes and relationships apart', () => {
    const before = image({ g1: { minute: 55 }, g2: { minute: 70 } }, { e1: ['p1', 'SCORED', 'g1', { sources: ['a'] }], e2: ['p2', 'SCORED', 'g2', {}], e3: ['p3', 'ASSISTED', 'g1', {}] });
    const after = image(
      { g1: { minute: 55, statedBy: ['minute@s'] }, g2: { minute: 70 }, a1: { value: '57' } },
      { e1: ['p1', 'SCORED', 'g1', { sources: ['a', 's'] }], e2: ['p2', 'SCORED', 'g2', {}], e4: ['g1', 'HAS_ASSERTION', 'a1', {}] },
    );
    const delta = graphDelta(before, after);
    expect(delta.createdNodes.map((node) => node.id)).toEqual(['a1']);
    expect(delta.changedNodes.map((node) => [node.id, node.before.props.statedBy, node.after.props.statedBy])).toEqual([['g1', undefined, ['minute@s']]]);
    expect(delta.createdEdges).toEqual([{ from: 'g1', type: 'HAS_ASSERTION', to: 'a1', props: {} }]);
    expect(delta.deletedEdges).toEqual([{ from: 'p3', type: 'ASSISTED', to: 'g1', props: {} }]);
    expect(delta.changedEdges.map(({ before: b, after: a }) => [b.props.sources, a.props.sources])).toEqual([[['a'], ['a', 's']]]);
    expect(isEmptyDelta(delta)).toBe(false);
    expect(isEmptyDelta(graphDelta(after, after))).toBe(true);
  });
});
