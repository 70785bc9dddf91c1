import { describe, expect, it } from 'vitest';
import { competitionMatchId, looksLikeTeamId, matchId, nameKeys, parseMinute, slugify, teamId, tournamentId } from '../../src/graph/model/identity';

describe('nameKeys', () => {
  it('reads "Family, Given" both ways and drops duplicates', () => {
    expect(nameKeys(['Fernández, Enzo', 'Enzo Fernandez'])).toEqual(['fernandez enzo', 'enzo fernandez']);
  });
});

describe('ids', () => {
  it('builds readable ids', () => {
    expect(slugify('Mercedes-Benz Stadium')).toBe('mercedes-benz-stadium');
    expect(teamId('Argentina', 'MEN')).toBe('argentina-men');
    expect(tournamentId(2019, 'WOMEN')).toBe('wc-2019-women');
  });

  it('gives the same match id whatever the team order', () => {
    const tournament = tournamentId(2026, 'MEN');
    expect(matchId(tournament, 'semi-final', 'England', 'Argentina')).toBe('wc-2026-men-semi-final-argentina-v-england');
    expect(matchId(tournament, 'semi-final', 'Argentina', 'England')).toBe('wc-2026-men-semi-final-argentina-v-england');
    expect(matchId('wc-1934-men', 'quarter-final', 'Spain', 'Italy', true)).toBe('wc-1934-men-quarter-final-italy-v-spain-replay');
    // Outside the World Cups: by date and team ids, the men's slug dropped, the women's kept.
    expect(competitionMatchId('1974-05-22', 'england-men', 'argentina-men')).toBe('1974-05-22-argentina-v-england');
    expect(competitionMatchId('2025-03-25', 'argentina-women', 'england-women')).toBe('2025-03-25-argentina-women-v-england-women');
  });
});

describe('looksLikeTeamId', () => {
  it("accepts what teamId builds and refuses names", () => {
    for (const name of ['Argentina', 'Bosnia and Herzegovina', "Côte d'Ivoire", 'Korea DPR']) {
      expect(looksLikeTeamId(teamId(name, 'MEN'))).toBe(true);
      expect(looksLikeTeamId(teamId(name, 'WOMEN'))).toBe(true);
      expect(looksLikeTeamId(name)).toBe(false);
    }
    expect(looksLikeTeamId('argentina')).toBe(false);
    expect(looksLikeTeamId('england-men ')).toBe(false);
  });
});

describe('parseMinute', () => {
  it('keeps stoppage time apart from the regulation minute', () => {
    expect(parseMinute('90+2')).toEqual({ minute: 90, addedTime: 2 });
    expect(parseMinute("90'+2'")).toEqual({ minute: 90, addedTime: 2 });
    expect(parseMinute('55')).toEqual({ minute: 55, addedTime: null });
  });

  it('rejects what is not a minute', () => {
    expect(() => parseMinute('midway through the second half')).toThrow(/not a match minute/);
  });
});
