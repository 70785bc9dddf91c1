import type { GraphClient } from '../driver';

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

/**
 * Team ids carry the gender (`argentina-men`), so two resolved teams never mix the men's and the
 * women's game; the tournament filter only narrows by year.
 */
const MEETINGS = `
MATCH (a:Team {id: $teamA})<-[:HOME_TEAM|AWAY_TEAM]-(m:Match)-[:HOME_TEAM|AWAY_TEAM]->(b:Team {id: $teamB})
MATCH (m)-[:IN_TOURNAMENT]->(t:Tournament)
WHERE $years IS NULL OR t.year IN $years
WITH m, EXISTS { (m)-[:HOME_TEAM]->(a) } AS aIsHome
RETURN m.id AS matchId, m.date AS date,
       CASE WHEN aIsHome THEN m.homeScore ELSE m.awayScore END AS goalsA,
       CASE WHEN aIsHome THEN m.awayScore ELSE m.homeScore END AS goalsB,
       m.homePenalties IS NOT NULL AS shootout
ORDER BY m.date, m.id`;

export async function findMeetings(
  graph: GraphClient,
  { teamA, teamB, years }: { teamA: string; teamB: string; years?: readonly number[] | null },
): Promise<MeetingRow[]> {
  return graph.read<MeetingRow>(MEETINGS, { teamA, teamB, years: years ?? null });
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
  for (const { goalsA, goalsB } of meetings) {
    if (goalsA == null || goalsB == null) continue;
    record.played += 1;
    record.goalsA += goalsA;
    record.goalsB += goalsB;
    if (goalsA > goalsB) record.winsA += 1;
    else if (goalsB > goalsA) record.winsB += 1;
    else record.draws += 1;
  }
  return record;
}
