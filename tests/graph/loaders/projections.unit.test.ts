import { describe, expect, it } from 'vitest';
import { appearanceRow, goalRow, matchRow, RowProjection } from '../../../src/graph/loaders/projections';

describe('RowProjection', () => {
  const row = new RowProjection((n: string, year?: string) => ({ id: `${n}.id`, year: year ?? `${n}.year` }), (n, body) => `head([x IN [${n}] | ${body}])`);

  it('lists the values in the order of its columns, and maps them by name, both inside its wrapper', () => {
    expect(row.columns).toEqual(['id', 'year']);
    expect(row.list('t')).toBe('head([x IN [t] | [t.id, t.year]])');
    expect(row.map('t', 'y')).toBe('head([x IN [t] | {id: t.id, year: y}])');
  });

  it("gives the loaders' rows the fields the resolvers read", () => {
    expect(matchRow.columns).toEqual(expect.arrayContaining(['id', 'date', 'tournamentId', 'homeTeamId', 'awayTeamId', 'venueId', 'stageName']));
    expect(goalRow.columns).toEqual(expect.arrayContaining(['matchId', 'teamId', 'scorerId', 'assistId', 'tournamentYear']));
    expect(appearanceRow.columns).toEqual(expect.arrayContaining(['matchId', 'playerId', 'teamId', 'starter']));
    expect(appearanceRow.list('p', 'r', 'm', 'side')).toContain('side');
  });
});
