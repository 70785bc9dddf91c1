import { describe, expect, it } from 'vitest';
import { edgesOf, edgeTo, holdsAll, holdsProps, sameValue, type GraphNode } from '../../src/graph/write/bundle-diff';

const messi: GraphNode = {
  labels: ['Entity', 'Person', 'Player'],
  props: { name: 'Lionel Messi', aliases: ['Leo Messi', 'Lionel Messi'], birthDate: '1987-06-24' },
  out: new Map([
    ['PLAYED_IN', [{ type: 'PLAYED_IN', other: 'm1', props: { minutes: 90 } }, { type: 'PLAYED_IN', other: 'm2', props: { minutes: 75 } }]],
  ]),
  in: new Map(),
};

describe('the checks the writer makes before it writes', () => {
  it('holds a list only when every item is in it, and a missing list holds nothing (union would create it)', () => {
    expect(holdsAll(['a', 'b', 'c'], ['c', 'a'])).toBe(true);
    expect(holdsAll(['a'], ['a', 'b'])).toBe(false);
    expect(holdsAll(undefined, [])).toBe(false);
    expect(holdsAll([], [])).toBe(true);
  });

  it('holds properties only with the same values, other properties aside', () => {
    expect(holdsProps(messi.props, { name: 'Lionel Messi', birthDate: '1987-06-24' })).toBe(true);
    expect(holdsProps(messi.props, { birthDate: '1987-06-25' })).toBe(false);
    expect(holdsProps(messi.props, { nationality: 'Argentina' })).toBe(false);
    expect(holdsProps(messi.props, { aliases: ['Leo Messi', 'Lionel Messi'] })).toBe(true);
  });

  it('counts a missing property as null', () => {
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(undefined, 'striker')).toBe(false);
    expect(sameValue(0, null)).toBe(false);
  });

  it('finds edges by type, direction and other end, and none on a node the graph does not hold', () => {
    expect(edgesOf(messi, 'out', 'PLAYED_IN').map((edge) => edge.other)).toEqual(['m1', 'm2']);
    expect(edgeTo(messi, 'PLAYED_IN', 'm2')?.props).toEqual({ minutes: 75 });
    expect(edgeTo(messi, 'PLAYED_IN', 'm2', 'in')).toBeUndefined();
    expect(edgeTo(messi, 'PLAYED_IN', 'm3')).toBeUndefined();
    expect(edgesOf(undefined, 'out', 'PLAYED_IN')).toEqual([]);
  });
});
