import { describe, expect, it } from 'vitest';
import { betterFinish, competitionRanks, finishOf, groupTable, outcomeOf, pointsForWin, scoreWinner, tally } from '../../src/graph/read/analytics/match-results';

/** Both sides of a match, as the loaders give them. */
function match(matchId: string, home: string, away: string, homeGoals: number, awayGoals: number) {
  const winnerTeamId = scoreWinner(home, away, homeGoals, awayGoals);
  return [
    { matchId, teamId: home, opponentId: away, goalsFor: homeGoals, goalsAgainst: awayGoals, shootout: false, winnerTeamId },
    { matchId, teamId: away, opponentId: home, goalsFor: awayGoals, goalsAgainst: homeGoals, shootout: false, winnerTeamId },
  ];
}

describe('match results, counted once for every figure', () => {
  it('names the side with more goals the winner, and nobody for a level or unknown score', () => {
    expect(scoreWinner('argentina-men', 'england-men', 2, 1)).toBe('argentina-men');
    expect(scoreWinner('argentina-men', 'england-men', 0, 3)).toBe('england-men');
    expect(scoreWinner('argentina-men', 'england-men', 1, 1)).toBeNull();
    expect(scoreWinner('argentina-men', 'england-men', null, 1)).toBeNull();
  });

  it('counts a shoot-out as a draw and a match without a score as not played', () => {
    expect(outcomeOf({ goalsFor: 1, goalsAgainst: 1, shootout: true })).toBe('drawn');
    expect(outcomeOf({ goalsFor: 2, goalsAgainst: 1, shootout: false })).toBe('won');
    expect(outcomeOf({ goalsFor: null, goalsAgainst: null, shootout: false })).toBeNull();
    expect(tally([
      { goalsFor: 3, goalsAgainst: 0, shootout: false },
      { goalsFor: 0, goalsAgainst: 1, shootout: false },
      { goalsFor: null, goalsAgainst: null, shootout: false },
    ])).toEqual({ played: 2, won: 1, drawn: 0, lost: 1, goalsFor: 3, goalsAgainst: 1 });
  });

  it('gives two points a win before 1994 and three since', () => {
    expect([1990, 1991, 1994, 2022].map(pointsForWin)).toEqual([2, 2, 3, 3]);
  });

  it('orders a table by points, goal difference, goals scored, then team id', () => {
    const table = groupTable([...match('m1', 'x', 'y', 1, 0), ...match('m2', 'z', 'w', 2, 2)], 2022);
    expect(table.map((row) => [row.position, row.teamId, row.points])).toEqual([[1, 'x', 3], [2, 'w', 1], [3, 'z', 1], [4, 'y', 0]]);
  });

  it('leaves a group play-off (a second meeting) out of the table, its winner ahead of the team level on points', () => {
    // 1954 group 2: Turkey beat South Korea 7-0 but lost the play-off to West Germany.
    const table = groupTable([
      ...match('m1', 'ger', 'tur', 4, 1), ...match('m2', 'tur', 'kor', 7, 0), ...match('m3', 'hun', 'ger', 8, 3),
      ...match('m4', 'ger', 'tur', 7, 2),
    ], 1954);
    expect(table.map((row) => [row.teamId, row.played, row.points])).toEqual([['hun', 1, 2], ['ger', 2, 2], ['tur', 2, 2], ['kor', 1, 0]]);
  });

  it('ranks ties alike and skips the places they take', () => {
    expect(competitionRanks([8, 6, 6, 5, 5, 5, 2])).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('reads a finish from the final, the third-place match and the title', () => {
    const result = (stage: string, winnerTeamId: string | null, champion = false) => ({ teamId: 't', stage, winnerTeamId, champion });
    expect(finishOf([result('group-stage', 't'), result('final', 'u')])).toEqual({ position: 2, stage: 'final' });
    expect(finishOf([result('semi-final', 'u'), result('third-place', 't')])).toEqual({ position: 3, stage: 'third-place' });
    expect(finishOf([result('final-round', null, true)])).toEqual({ position: 1, stage: 'final-round' });
    expect(finishOf([result('round-of-16', 'u')])).toEqual({ position: null, stage: 'round-of-16' });
    expect(betterFinish({ position: null, stage: 'quarter-final' }, { position: 4, stage: 'third-place' })).toEqual({ position: 4, stage: 'third-place' });
  });
});
