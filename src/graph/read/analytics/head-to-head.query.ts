import { matchChronology } from '../loaders/projections';
import { outcomeOf, tally, type Outcome } from './match-results';
import { batchMany, loadByParams, type GraphReader, type LoaderEnv } from '../loaders/batched-loader';
import { meetingsBetween, sideOf, withinDates, type MatchScopeKey } from './match-scope';

/** One meeting seen from team A's side. Scores are final (extra time included, never the shoot-out). */
export interface MeetingRow {
  matchId: string;
  /** The two teams asked about (the key's), so that a look-ahead can read their rows with the meetings. */
  teamA: string;
  teamB: string;
  /** The teams that played, a predecessor where it stood in for team A or B (West Germany for Germany). */
  sideA: string;
  sideB: string;
  date: string | null;
  goalsA: number | null;
  goalsB: number | null;
  shootout: boolean;
}

export interface HeadToHeadRecord {
  played: number;
  winsA: number;
  winsB: number;
  draws: number;
  goalsA: number;
  goalsB: number;
  meetingIds: string[];
  /** The teams whose meetings were counted on each side: the team, and the predecessors that met the other. */
  countedA: string[];
  countedB: string[];
  /** Team A's outcome of each meeting, in the order of `meetingIds`; null where it is not counted. */
  outcomesA: Array<Outcome | null>;
}

/** Which meetings to read: two resolved team ids, the scope and, optionally, the tournament years. */
export type MeetingsKey = MatchScopeKey & {
  teamA: string;
  teamB: string;
  years: number[] | null;
};

/**
 * Team ids carry the gender (`argentina-men`), so two resolved teams never mix the men's and the
 * women's game; the tournament filter only narrows by year. Each side is the team and, unless
 * told otherwise, its predecessors (SUCCEEDED_BY). Batched: `Team.headToHead` on a list of teams is
 * one statement, not one per team. The meetings of each pair of sides are sought in the index of
 * the matches' home and away team ids (schema/constraints.cypher), both ways round: the ids are
 * kept with the edges by the writer, and the index finds the handful of meetings among each
 * team's thousand matches of every competition without reading those.
 */
const MEETINGS = `
UNWIND $ids.items AS id
MATCH (a0:Team {id: id.teamA}), (b0:Team {id: id.teamB})
WITH id, ${sideOf('a0', 'id')} AS sideA, [team IN ${sideOf('b0', 'id')} | team.id] AS sideB
UNWIND sideA AS a
UNWIND sideB AS b
CALL (a, b) {${meetingsBetween('a.id', 'b')}
}
WITH id, a, b, m, aIsHome
WHERE ${withinDates('m', 'id')}
  AND (CASE
    WHEN id.years IS NOT NULL THEN EXISTS { MATCH (t:Tournament {id: m.tournamentId}) WHERE t.year IN id.years }
    ELSE id.allMatches OR m.tournamentId IS NOT NULL END)
ORDER BY ${matchChronology('m')}, m.id
RETURN id.key AS key, {
  matchId: m.id,
  teamA: id.teamA,
  teamB: id.teamB,
  sideA: a.id,
  sideB: b,
  date: m.date,
  goalsA: CASE WHEN aIsHome THEN m.homeScore ELSE m.awayScore END,
  goalsB: CASE WHEN aIsHome THEN m.awayScore ELSE m.homeScore END,
  shootout: m.homePenalties IS NOT NULL
} AS value`;

/** Meetings by date, per key; one loader per request like every other. */
export function createMeetingsLoader(env: GraphReader | LoaderEnv) {
  return { load: loadByParams(batchMany<MeetingRow, MeetingsKey & { key: string }>(env, MEETINGS)) };
}

/** Team A's record over the meetings (match-results.ts counts them); the teams themselves always counted first. */
export function summarizeMeetings(meetings: readonly MeetingRow[], teams: { teamA: string; teamB: string }): HeadToHeadRecord {
  const total = tally(meetings.map(({ goalsA, goalsB, shootout }) => ({ goalsFor: goalsA, goalsAgainst: goalsB, shootout })));
  return {
    played: total.played,
    winsA: total.won,
    winsB: total.lost,
    draws: total.drawn,
    goalsA: total.goalsFor,
    goalsB: total.goalsAgainst,
    meetingIds: meetings.map((meeting) => meeting.matchId),
    countedA: [...new Set([teams.teamA, ...meetings.map((meeting) => meeting.sideA)])],
    countedB: [...new Set([teams.teamB, ...meetings.map((meeting) => meeting.sideB)])],
    outcomesA: meetings.map(({ goalsA, goalsB, shootout }) => outcomeOf({ goalsFor: goalsA, goalsAgainst: goalsB, shootout })),
  };
}
