import { lineageOf } from '../read/analytics/match-scope';
import type { GraphReader } from '../read/loaders/batched-loader';

/** What a match report needs to know of a match the graph holds; a match outside the World Cups has no tournament or stage. */
export interface HeldMatch {
  id: string;
  tournamentId: string | null;
  stageId: string | null;
  stage: string | null;
  homeTeamId: string;
  awayTeamId: string;
  extraTime: boolean | null;
}

const HELD_MATCH = `m.id AS id, m.tournamentId AS tournamentId, m.stageId AS stageId, m.stage AS stage,
                    m.homeTeamId AS homeTeamId, m.awayTeamId AS awayTeamId, m.extraTime AS extraTime`;

export async function readHeldMatch(graph: GraphReader, id: string): Promise<HeldMatch | undefined> {
  const [row] = await graph.read<HeldMatch>(`MATCH (m:Match {id: $id}) RETURN ${HELD_MATCH}`, { id });
  return row;
}

/**
 * The match of these two teams (either way round) on that date, if the graph holds one. Each team
 * stands for its predecessors too, as the international results file a match under the current name
 * (Russia for the Soviet Union's).
 */
export async function findMatchOn(graph: GraphReader, teamA: string, teamB: string, date: string): Promise<Array<HeldMatch & { aIsHome: boolean }>> {
  return graph.read<HeldMatch & { aIsHome: boolean }>(
    `MATCH (a0:Team {id: $teamA}), (b0:Team {id: $teamB})
     WITH ${lineageOf('a0')} AS sideA, ${lineageOf('b0')} AS sideB
     MATCH (m:Match {date: $date})-[:HOME_TEAM|AWAY_TEAM]->(a:Team)
     WHERE a IN sideA AND EXISTS { MATCH (m)-[:HOME_TEAM|AWAY_TEAM]->(b:Team) WHERE b IN sideB }
     RETURN ${HELD_MATCH}, EXISTS { (m)-[:HOME_TEAM]->(a) } AS aIsHome`,
    { teamA, teamB, date },
  );
}

/** Whether a match of the graph is of `competition`, as the data sets name it (`Friendly`, `Copa América`). */
export async function holdsCompetition(graph: GraphReader, competition: string): Promise<boolean> {
  const rows = await graph.read('MATCH (m:Match {competition: $competition}) RETURN 1 AS found LIMIT 1', { competition });
  return rows.length > 0;
}

/** The display names of the teams among `ids` that the graph holds. */
export async function readTeamNames(graph: GraphReader, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await graph.read<{ id: string; name: string }>('UNWIND $ids AS id MATCH (t:Team {id: id}) RETURN t.id AS id, t.name AS name', { ids });
  return new Map(rows.map((row) => [row.id, row.name]));
}
