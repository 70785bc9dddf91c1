import { matchChronology } from '../loaders/projections';
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

/**
 * Win-draw-loss as FIFA counts it: a match decided on penalties is a draw (the shoot-out is not part
 * of the result). A meeting without a score yet (a fixture) is listed but not counted as played.
 */
export function summarizeMeetings(meetings: readonly MeetingRow[]): HeadToHeadRecord {
  const record: HeadToHeadRecord = {
    played: 0,
    winsA: 0,
    winsB: 0,
    draws: 0,
    goalsA: 0,
    goalsB: 0,
    meetingIds: meetings.map((meeting) => meeting.matchId),
  };
  for (const { goalsA, goalsB, shootout } of meetings) {
    if (goalsA == null || goalsB == null) continue;
    record.played += 1;
    record.goalsA += goalsA;
    record.goalsB += goalsB;
    if (shootout || goalsA === goalsB) record.draws += 1;
    else if (goalsA > goalsB) record.winsA += 1;
    else record.winsB += 1;
  }
  return record;
}
