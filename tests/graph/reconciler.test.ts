import { describe, expect, it } from 'vitest';
import { emptyBundle, type GoalRecord } from '../../src/graph/bundle';
import type { GraphGoal } from '../../src/graph/graph-state';
import { alignGoals } from '../../src/graph/reconciler';

const MATCH = 'wc-2022-men-final-argentina-v-france';
const goal = (n: number, teamId: string, scorerId: string, minute: number, addedTime: number | null = null): GoalRecord => ({
  id: `${MATCH}-goal-${n}`, matchId: MATCH, teamId, scorerId, sequence: n, minute, addedTime, penalty: false, ownGoal: false, sources: ['s'],
});
const held = (n: number, teamId: string, scorerId: string, minute: number): GraphGoal => ({
  id: `${MATCH}-goal-${n}`, matchId: MATCH, teamId, scorerId, minute, addedTime: null,
});

describe('alignGoals', () => {
  it('matches goals by team and minute, not by their place in the list', () => {
    const bundle = emptyBundle();
    // This source misses Messi's 23' penalty: every later goal sits one place earlier in its list.
    bundle.goals.push(goal(1, 'argentina-men', 'angel-di-maria', 36), goal(2, 'france-men', 'kylian-mbappe', 80));
    alignGoals(bundle, [held(1, 'argentina-men', 'lionel-messi', 23), held(2, 'argentina-men', 'angel-di-maria', 36), held(3, 'france-men', 'kylian-mbappe', 80)]);
    expect(bundle.goals.map((g) => g.id)).toEqual([`${MATCH}-goal-2`, `${MATCH}-goal-3`]);
  });

  it('matches a goal a few minutes apart by its scorer, and gives an unknown goal a free id', () => {
    const bundle = emptyBundle();
    bundle.goals.push(goal(1, 'argentina-men', 'angel-di-maria', 35), goal(2, 'argentina-men', 'lionel-messi', 108));
    bundle.assertions.push({
      id: `${MATCH}-goal-1#minute@s`, subjectId: `${MATCH}-goal-1`, field: 'minute', value: '35', valueType: 'string', preferred: false, sources: ['s'],
    });
    alignGoals(bundle, [held(1, 'argentina-men', 'lionel-messi', 23), held(2, 'argentina-men', 'angel-di-maria', 36)]);
    expect(bundle.goals.map((g) => g.id)).toEqual([`${MATCH}-goal-2`, `${MATCH}-goal-3`]);
    // References follow the goal they were made about.
    expect(bundle.assertions[0]).toMatchObject({ id: `${MATCH}-goal-2#minute@s`, subjectId: `${MATCH}-goal-2` });
  });

  it('keeps a goal of the other team at the same minute apart', () => {
    const bundle = emptyBundle();
    bundle.goals.push(goal(1, 'france-men', 'kylian-mbappe', 36));
    alignGoals(bundle, [held(1, 'argentina-men', 'angel-di-maria', 36)]);
    expect(bundle.goals.map((g) => g.id)).toEqual([`${MATCH}-goal-2`]);
  });
});
