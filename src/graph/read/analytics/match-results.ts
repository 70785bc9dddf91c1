import { STAGE_SLUGS } from '../../model/identity';
import { groupedBy } from '../../../grouped-by';

/**
 * How a match counts for a team, declared once for every figure built from results: head-to-head,
 * group tables, a team's record and its rivalries. Pure functions over rows the loaders return.
 */

/** One match seen from one side. Scores are final (extra time included, never the shoot-out). */
export interface SideResult {
  goalsFor?: number | null;
  goalsAgainst?: number | null;
  /** Decided on penalties. */
  shootout: boolean;
}

export type Outcome = 'won' | 'drawn' | 'lost';

/**
 * Win-draw-loss as FIFA counts it: a match decided on penalties is a draw (the shoot-out is not part
 * of the result). A match without a score (a fixture, or a meeting a source names without its score
 * even when it names the winner) is not counted as played: null.
 */
export function outcomeOf({ goalsFor, goalsAgainst, shootout }: SideResult): Outcome | null {
  if (goalsFor == null || goalsAgainst == null) return null;
  if (shootout || goalsFor === goalsAgainst) return 'drawn';
  return goalsFor > goalsAgainst ? 'won' : 'lost';
}

/** The side with more goals, as the sources name a match's winner: null for a level or unknown score. */
export function scoreWinner<T>(home: T, away: T, homeScore: number | null | undefined, awayScore: number | null | undefined): T | null {
  if (homeScore == null || awayScore == null || homeScore === awayScore) return null;
  return homeScore > awayScore ? home : away;
}

export interface Tally {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
}

/** Played, W-D-L and goals of a side over its results; unscored matches count nowhere. */
export function tally(results: readonly SideResult[]): Tally {
  const total: Tally = { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 };
  for (const result of results) {
    const outcome = outcomeOf(result);
    if (outcome === null) continue;
    total.played += 1;
    total[outcome] += 1;
    total.goalsFor += result.goalsFor!;
    total.goalsAgainst += result.goalsAgainst!;
  }
  return total;
}

/** Two points for a win until the 1990 World Cups, three from 1994 on (men) and 1995 (women). */
export function pointsForWin(year: number): number {
  return year >= 1994 ? 3 : 2;
}

export interface GroupResult extends SideResult {
  matchId: string;
  teamId: string;
  opponentId: string;
  winnerTeamId?: string | null;
}

export interface StandingRow extends Tally {
  teamId: string;
  points: number;
  goalDifference: number;
  position: number;
}

const pairOf = (result: GroupResult) => [result.teamId, result.opponentId].sort().join(' ');

/**
 * A group table from its matches, each given once per side, in the order they were played. Order:
 * points, then the play-off between teams level on points (1954 and 1958: a second meeting in the
 * group, not counted in the table, whose winner goes through), goal difference, goals scored, then
 * team id. Later criteria (results between the tied teams, fair play, drawing of lots) are not
 * computed, nor the goal average of 1962-1966, so where those decided a place the position may
 * differ from FIFA's.
 */
export function groupTable(results: readonly GroupResult[], year: number): StandingRow[] {
  const firstMeeting = new Map<string, string>();
  const playOffWinners = new Map<string, string>();
  const counted = results.filter((result) => {
    const pair = pairOf(result);
    const first = firstMeeting.get(pair) ?? result.matchId;
    firstMeeting.set(pair, first);
    if (first === result.matchId) return true;
    if (result.winnerTeamId) playOffWinners.set(pair, result.winnerTeamId);
    return false;
  });
  const rows = [...groupedBy(counted, (result) => result.teamId)].map(([teamId, own]) => {
    const total = tally(own);
    const points = total.won * pointsForWin(year) + total.drawn;
    return { teamId, ...total, points, goalDifference: total.goalsFor - total.goalsAgainst, position: 0 };
  });
  const playOff = (a: StandingRow, b: StandingRow) => {
    const winner = playOffWinners.get([a.teamId, b.teamId].sort().join(' '));
    return winner === a.teamId ? -1 : winner === b.teamId ? 1 : 0;
  };
  rows.sort((a, b) =>
    b.points - a.points ||
    playOff(a, b) ||
    b.goalDifference - a.goalDifference ||
    b.goalsFor - a.goalsFor ||
    a.teamId.localeCompare(b.teamId));
  return rows.map((row, index) => ({ ...row, position: index + 1 }));
}

/** One match of a team at a tournament, for its finish. */
export interface StageResult {
  teamId: string;
  stage: string;
  winnerTeamId?: string | null;
  champion: boolean;
}

export interface Finish {
  /** 1 to 4 where a final, a third-place match or the title decides it; null otherwise. */
  position: number | null;
  /** The furthest stage played (STAGE_SLUGS order). */
  stage: string | null;
}

const PLACES: Record<string, [winner: number, loser: number]> = { final: [1, 2], 'third-place': [3, 4] };

/** How far a team went at one tournament, from its matches there. */
export function finishOf(results: readonly StageResult[]): Finish {
  let position: number | null = null;
  let stage: string | null = null;
  for (const result of results) {
    const places = PLACES[result.stage];
    if (result.champion) position = 1;
    else if (places && result.winnerTeamId) position ??= result.winnerTeamId === result.teamId ? places[0] : places[1];
    if (stage === null || stageRank(result.stage) > stageRank(stage)) stage = result.stage;
  }
  return { position, stage };
}

/** Later stages rank higher; the better of two finishes is the lower position, then the later stage. */
export const stageRank = (stage: string) => (STAGE_SLUGS as readonly string[]).indexOf(stage);

export function betterFinish(a: Finish, b: Finish): Finish {
  const position = (f: Finish) => f.position ?? Number.POSITIVE_INFINITY;
  if (position(a) !== position(b)) return position(a) < position(b) ? a : b;
  return stageRank(a.stage ?? '') >= stageRank(b.stage ?? '') ? a : b;
}

/**
 * Competition ranking ("1224"): equal values share a rank, the next rank skips the tied places.
 * `values` must be sorted best first.
 */
export function competitionRanks(values: readonly number[]): number[] {
  const ranks: number[] = [];
  values.forEach((value, index) => ranks.push(index > 0 && values[index - 1] === value ? ranks[index - 1]! : index + 1));
  return ranks;
}
