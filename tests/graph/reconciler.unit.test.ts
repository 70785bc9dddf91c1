import { describe, expect, it } from 'vitest';
import { emptyBundle, type GoalRecord, type MatchRecord } from '../../src/graph/model/bundle';
import type { SourceStanding } from '../../src/graph/write/dispute-ranking';
import type { GraphEntity, GraphGoal, GraphState } from '../../src/graph/write/graph-state';
import { alignGoals, pairTeamGoals, reconcile } from '../../src/graph/write/reconciler';

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
    // This source has two extra-time goals the graph lacks: team counts differ, so no pairing by order.
    bundle.goals.push(goal(1, 'argentina-men', 'angel-di-maria', 35), goal(2, 'argentina-men', 'lionel-messi', 108), goal(3, 'argentina-men', 'lionel-messi', 118));
    bundle.assertions.push({
      id: `${MATCH}-goal-1#minute@s`, subjectId: `${MATCH}-goal-1`, field: 'minute', value: '35', valueType: 'string', preferred: false, sources: ['s'],
    });
    alignGoals(bundle, [held(1, 'argentina-men', 'lionel-messi', 23), held(2, 'argentina-men', 'angel-di-maria', 36)]);
    expect(bundle.goals.map((g) => g.id)).toEqual([`${MATCH}-goal-2`, `${MATCH}-goal-3`, `${MATCH}-goal-4`]);
    // References follow the goal they were made about.
    expect(bundle.assertions[0]).toMatchObject({ id: `${MATCH}-goal-2#minute@s`, subjectId: `${MATCH}-goal-2` });
  });

  it('keeps a goal of the other team at the same minute apart', () => {
    const bundle = emptyBundle();
    bundle.goals.push(goal(1, 'france-men', 'kylian-mbappe', 36));
    alignGoals(bundle, [held(1, 'argentina-men', 'angel-di-maria', 36)]);
    expect(bundle.goals.map((g) => g.id)).toEqual([`${MATCH}-goal-2`]);
  });

  it('pairs two goals of one team in one minute by their scorers, whatever order the graph lists them in', () => {
    const bundle = emptyBundle();
    bundle.goals.push(goal(1, 'argentina-men', 'lionel-messi', 90), goal(2, 'argentina-men', 'angel-di-maria', 90));
    alignGoals(bundle, [held(2, 'argentina-men', 'angel-di-maria', 90), held(1, 'argentina-men', 'lionel-messi', 90)]);
    expect(bundle.goals.map((g) => [g.id, g.scorerId])).toEqual([[`${MATCH}-goal-1`, 'lionel-messi'], [`${MATCH}-goal-2`, 'angel-di-maria']]);
  });

  it("keeps two goals of one scorer in one minute under their own ids (a re-import), the penalty with the penalty's", () => {
    const bundle = emptyBundle();
    bundle.goals.push(goal(1, 'argentina-men', 'lionel-messi', 90), { ...goal(2, 'argentina-men', 'lionel-messi', 90), penalty: true });
    alignGoals(bundle, [held(2, 'argentina-men', 'lionel-messi', 90), held(1, 'argentina-men', 'lionel-messi', 90)]);
    expect(bundle.goals.map((g) => [g.id, g.penalty])).toEqual([[`${MATCH}-goal-1`, false], [`${MATCH}-goal-2`, true]]);
  });
});

describe('pairTeamGoals: one goal per goal, whatever the sources disagree on', () => {
  const pairs = (goals: GoalRecord[], helds: GraphGoal[]) =>
    [...pairTeamGoals(goals, helds)].map(([g, h]) => [g.id, h.id]).sort();
  const at = (g: GoalRecord, minute: number, addedTime: number | null = null): GoalRecord => ({ ...g, minute, addedTime });
  const heldAt = (h: GraphGoal, minute: number, addedTime: number | null = null): GraphGoal => ({ ...h, minute, addedTime });

  it('pairs a minute off by one or two, by scorer', () => {
    expect(pairs([goal(1, 'a', 'messi', 15), goal(2, 'a', 'rojo', 88)], [held(7, 'a', 'messi', 14), held(8, 'a', 'rojo', 86)])).toEqual([
      [`${MATCH}-goal-1`, `${MATCH}-goal-7`], [`${MATCH}-goal-2`, `${MATCH}-goal-8`],
    ]);
  });

  it('pairs 45+2 with 47', () => {
    expect(pairs([at(goal(1, 'a', 'moses', 0), 45, 2)], [heldAt(held(3, 'a', 'moses', 0), 47)])).toEqual([[`${MATCH}-goal-1`, `${MATCH}-goal-3`]]);
  });

  it("pairs another scorer of the team, or an own goal credited to the opponent's attacker, at about the same minute", () => {
    expect(pairs([goal(1, 'a', 'mercado', 86), { ...goal(2, 'a', 'omeruo', 30), ownGoal: true }], [held(5, 'a', 'rojo', 85), held(6, 'a', 'aguero', 30)])).toEqual([
      [`${MATCH}-goal-1`, `${MATCH}-goal-5`], [`${MATCH}-goal-2`, `${MATCH}-goal-6`],
    ]);
  });

  it('prefers the same scorer to the nearer minute, so two close goals do not swap', () => {
    expect(pairs([goal(1, 'a', 'x', 10), goal(2, 'a', 'y', 12)], [held(1, 'a', 'y', 11), held(2, 'a', 'x', 12)])).toEqual([
      [`${MATCH}-goal-1`, `${MATCH}-goal-2`], [`${MATCH}-goal-2`, `${MATCH}-goal-1`],
    ]);
  });

  it('pairs the rest by order where both count the same goals, and leaves them apart where they do not', () => {
    const goals = [goal(1, 'a', 'x', 10), goal(2, 'a', 'y', 63)];
    expect(pairs(goals, [held(1, 'a', 'x', 10), held(2, 'a', 'z', 36)])).toEqual([[`${MATCH}-goal-1`, `${MATCH}-goal-1`], [`${MATCH}-goal-2`, `${MATCH}-goal-2`]]);
    expect(pairs(goals, [held(1, 'a', 'x', 10), held(2, 'a', 'z', 36), held(3, 'a', 'w', 80)])).toEqual([[`${MATCH}-goal-1`, `${MATCH}-goal-1`]]);
  });
});

describe('reconcile with per-source versions (a seed entry\'s bySource)', () => {
  const SEMI = 'wc-2026-men-semi-final-argentina-v-england';
  const sources = new Map<string, SourceStanding>([
    ['report-a', { kind: 'report', precedence: 2 }],
    ['report-b', { kind: 'report', precedence: 1 }],
    ['data', { kind: 'dataset' }],
  ]);
  const match = (bySource: MatchRecord['bySource']): MatchRecord => ({
    id: SEMI, tournamentId: 'wc-2026-men', stageId: 'wc-2026-men-semi-final', stage: 'semi-final',
    homeTeamId: 'argentina-men', awayTeamId: 'england-men', date: '2026-07-15', sources: ['report-a', 'report-b', 'data'], bySource,
  });
  const reconciled = (record: MatchRecord, held: GraphEntity[] = []) => {
    const bundle = emptyBundle();
    bundle.matches.push(record);
    const state: GraphState = { entities: new Map(held.map((e) => [e.id, e])), sources, goals: [] };
    const conflicts = reconcile(bundle, state, (ids) => ids.filter((id) => sources.get(id)?.kind !== 'dataset'));
    return { bundle, conflicts };
  };

  it("ranks each report's version, writes the preferred one and an Assertion per source", () => {
    const { bundle, conflicts } = reconciled(match({ date: { 'report-a': '2026-07-14' }, city: { 'report-a': 'Atlanta', 'report-b': 'Georgia' } }));
    expect(bundle.matches[0]).toMatchObject({ date: '2026-07-15', city: 'Georgia' });
    expect(bundle.matches[0].statedBy).toEqual(['city@report-a', 'city@report-b', 'date@report-a', 'date@report-b', 'stage@report-a', 'stage@report-b']);
    expect(conflicts.map((c) => [c.field, c.values.map((v) => [v.value, v.sources, v.preferred])])).toEqual([
      ['city', [['Atlanta', ['report-a'], false], ['Georgia', ['report-b'], true]]],
      ['date', [['2026-07-14', ['report-a'], false], ['2026-07-15', ['report-b'], true]]],
    ]);
    expect(bundle.assertions.map((a) => [a.id, a.preferred])).toEqual([
      [`${SEMI}#city@report-a`, false], [`${SEMI}#city@report-b`, true], [`${SEMI}#date@report-a`, false], [`${SEMI}#date@report-b`, true],
    ]);
  });

  it("keeps the id's stage preferred even where the ranking favours another source's", () => {
    // report-b (precedence 1) says final; the match's id is the semi-final's.
    const { bundle } = reconciled(match({ stage: { 'report-b': 'final' } }));
    expect(bundle.matches[0].stage).toBe('semi-final');
    expect(bundle.assertions.map((a) => [a.value, a.preferred, a.reason])).toEqual([
      ['final', false, 'not preferred: the value the id is built from (another value would be another entity)'],
      ['semi-final', true, 'preferred: the value the id is built from (another value would be another entity)'],
    ]);
  });
});

describe('reconcile, given a value that is not a single value', () => {
  it('refuses a map or a list in a single-valued field, naming the record and the field', () => {
    const state: GraphState = { entities: new Map(), sources: new Map(), goals: [] };
    const person = (birthDate: unknown) => {
      const bundle = emptyBundle();
      bundle.people.push({ id: 'zz-broken', name: 'Zz Broken', roles: ['Player'], aliases: [], sources: ['s'], birthDate: birthDate as never });
      return bundle;
    };
    expect(() => reconcile(person({ not: 'a date' }), state, (ids) => [...ids])).toThrow('zz-broken: birthDate must be a single value, not {"not":"a date"}');
    expect(() => reconcile(person(['1987-06-24', 1987]), state, (ids) => [...ids])).toThrow('zz-broken: birthDate must be a single value');
    expect(() => reconcile(person('1987-06-24'), state, (ids) => [...ids])).not.toThrow();
  });
});
