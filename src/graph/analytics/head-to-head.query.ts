import { matchChronology } from '../loaders/projections';
import { outcomeOf, tally, type Outcome } from './match-results';
import { batchMany, loadByParams, type GraphReader, type LoaderEnv } from '../loaders/batched-loader';

/** One meeting seen from team A's side. Scores are final (extra time included, never the shoot-out). */
export interface MeetingRow {
  matchId: string;
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
  /** Team A's outcome of each meeting, in the order of `meetingIds`; null where it is not counted. */
  outcomesA: Array<Outcome | null>;
}

/** Which meetings to read: two resolved team ids and, optionally, the tournament years. */
export type MeetingsKey = {
  teamA: string;
  teamB: string;
  years: number[] | null;
};

/**
 * Team ids carry the gender (`argentina-men`), so two resolved teams never mix the men's and the
 * women's game; the tournament filter only narrows by year. Batched: `Team.headToHead` on a list of
 * teams is one statement, not one per team.
 */
const MEETINGS = `
UNWIND $ids AS id
MATCH (a:Team {id: id.teamA})<-[:HOME_TEAM|AWAY_TEAM]-(m:Match)-[:HOME_TEAM|AWAY_TEAM]->(b:Team {id: id.teamB})
MATCH (m)-[:IN_TOURNAMENT]->(t:Tournament)
WHERE id.years IS NULL OR t.year IN id.years
WITH id, m, EXISTS { (m)-[:HOME_TEAM]->(a) } AS aIsHome
ORDER BY ${matchChronology('m')}, m.id
RETURN id.key AS key, {
  matchId: m.id,
  date: m.date,
  goalsA: CASE WHEN aIsHome THEN m.homeScore ELSE m.awayScore END,
  goalsB: CASE WHEN aIsHome THEN m.awayScore ELSE m.homeScore END,
  shootout: m.homePenalties IS NOT NULL
} AS value`;

/** Meetings by date, per key; one loader per request like every other. */
export function createMeetingsLoader(env: GraphReader | LoaderEnv) {
  return { load: loadByParams(batchMany<MeetingRow, MeetingsKey & { key: string }>(env, MEETINGS)) };
}

/** Team A's record over the meetings (match-results.ts counts them). */
export function summarizeMeetings(meetings: readonly MeetingRow[]): HeadToHeadRecord {
  const total = tally(meetings.map(({ goalsA, goalsB, shootout }) => ({ goalsFor: goalsA, goalsAgainst: goalsB, shootout })));
  return {
    played: total.played,
    winsA: total.won,
    winsB: total.lost,
    draws: total.drawn,
    goalsA: total.goalsFor,
    goalsB: total.goalsAgainst,
    meetingIds: meetings.map((meeting) => meeting.matchId),
    outcomesA: meetings.map(({ goalsA, goalsB, shootout }) => outcomeOf({ goalsFor: goalsA, goalsAgainst: goalsB, shootout })),
  };
}
