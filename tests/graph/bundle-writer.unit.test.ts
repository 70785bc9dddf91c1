import { describe, expect, it } from 'vitest';
import { emptyBundle } from '../../src/graph/model/bundle';
import { definedProps } from '../../src/graph/write/bundle-writer';
import { referencedIds } from '../../src/graph/model/model';

describe('definedProps', () => {
  it('drops null and undefined so a lighter source never erases a value', () => {
    expect(definedProps({ a: 1, b: null, c: undefined, d: false, e: 0 }, ['a'])).toEqual({ d: false, e: 0 });
  });
});

describe('referencedIds', () => {
  it('lists every id the records point at, once', () => {
    const bundle = emptyBundle();
    bundle.goals.push({
      id: 'm-goal-1', matchId: 'm', teamId: 'argentina-men', scorerId: 'enzo-fernandez', assistId: 'lionel-messi',
      sequence: 1, minute: 85, penalty: false, ownGoal: false, sources: ['doc-a'],
    });
    bundle.coachings.push({ coachId: 'lionel-scaloni', teamId: 'argentina-men', matchId: 'm', sources: ['doc-a'] });
    expect(referencedIds(bundle).sort()).toEqual(
      ['argentina-men', 'doc-a', 'enzo-fernandez', 'lionel-messi', 'lionel-scaloni', 'm'].sort(),
    );
  });
});
