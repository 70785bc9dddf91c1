import { describe, expect, it } from 'vitest';
import { summarizeMeetings, type MeetingRow } from '../../src/graph/read/analytics/head-to-head.query';
import { toFullTextQuery } from '../../src/graph/read/analytics/search.query';

describe('toFullTextQuery', () => {
  it('folds accents and case, and matches each word whole or as a prefix', () => {
    expect(toFullTextQuery('  Enzo FERNÁNDEZ ')).toBe('(enzo OR enzo*) (fernandez OR fernandez*)');
  });

  it('matches a one-character word whole only: a one-letter prefix would expand to a whole initial', () => {
    expect(toFullTextQuery('J Álvarez 9')).toBe('j (alvarez OR alvarez*) 9');
  });

  it('folds every Lucene operator away, so user text stays text', () => {
    expect(toFullTextQuery('a+b (c) name:x* "q" ~ \\ / AND')).toBe('a b c (name OR name*) x q (and OR and*)');
  });
});

describe('summarizeMeetings', () => {
  const meeting = (goalsA: number | null, goalsB: number | null, shootout = false, sideA = 'germany-men'): MeetingRow => ({
    matchId: `m-${goalsA}-${goalsB}-${shootout}`,
    teamA: 'germany-men',
    teamB: 'argentina-men',
    sideA,
    sideB: 'argentina-men',
    date: null,
    goalsA,
    goalsB,
    shootout,
  });

  it('counts a shoot-out as a draw and skips meetings without a score', () => {
    const meetings = [meeting(2, 1, false, 'west-germany-men'), meeting(0, 1), meeting(2, 2, true, 'west-germany-men'), meeting(null, null)];
    expect(summarizeMeetings(meetings, { teamA: 'germany-men', teamB: 'argentina-men' })).toEqual({
      played: 3,
      winsA: 1,
      winsB: 1,
      draws: 1,
      goalsA: 4,
      goalsB: 4,
      meetingIds: ['m-2-1-false', 'm-0-1-false', 'm-2-2-true', 'm-null-null-false'],
      // The team itself first, then each predecessor that played, once.
      countedA: ['germany-men', 'west-germany-men'],
      countedB: ['argentina-men'],
      outcomesA: ['won', 'lost', 'drawn', null],
    });
  });
});
