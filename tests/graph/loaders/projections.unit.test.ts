import { describe, expect, it } from 'vitest';
import { appearanceRow, goalRow, matchRow, RowProjection } from '../../../src/graph/read/loaders/projections';

describe('RowProjection', () => {
  const row = new RowProjection((n: string, year?: string) => ({ id: `${n}.id`, name: `${n}.name`, year: year ?? `${n}.year` }));

  it('lists the values in the order of its columns, and maps them by name', () => {
    expect(row.columns).toEqual(['id', 'name', 'year']);
    expect(row.list('t')).toBe('[t.id, t.name, t.year]');
    expect(row.map('t', 'y')).toBe('{id: t.id, name: t.name, year: y}');
  });

  it('applied to its variables, lists all its columns or some of them, in declared order', () => {
    const applied = row.at('t', 'y');
    expect(applied.columns).toEqual(['id', 'name', 'year']);
    expect(applied.list).toBe('[t.id, t.name, y]');
    expect(applied.listOf(['year', 'id'])).toBe('[t.id, y]');
  });

  it('builds each text once per form and arguments: every request builds its statements from these', () => {
    let built = 0;
    const counted = new RowProjection((n: string, year?: string) => {
      built += 1;
      return { id: `${n}.id`, year: year ?? `${n}.year` };
    });
    const afterColumns = built;
    expect(counted.list('t')).toBe(counted.list('t'));
    expect(counted.map('t')).toBe('{id: t.id, year: t.year}');
    expect(counted.map('t', '')).toBe('{id: t.id, year: }');
    expect(counted.map('t')).toBe('{id: t.id, year: t.year}');
    expect(built - afterColumns).toBe(3);
  });

  it("gives the loaders' rows the fields the resolvers read", () => {
    expect(matchRow.columns).toEqual(expect.arrayContaining(['id', 'date', 'tournamentId', 'homeTeamId', 'awayTeamId', 'venueId', 'stageName']));
    expect(goalRow.columns).toEqual(expect.arrayContaining(['matchId', 'teamId', 'scorerId', 'assistId', 'tournamentYear']));
    expect(appearanceRow.columns).toEqual(expect.arrayContaining(['matchId', 'playerId', 'teamId', 'starter']));
    expect(appearanceRow.list('p', 'r', 'm', 'side')).toContain('side');
  });
});
