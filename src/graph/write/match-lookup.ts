import type { GraphReader } from '../loaders/batched-loader';

/** What a match report needs to know of a match the graph holds. */
export interface HeldMatch {
  id: string;
  tournamentId: string;
  stageId: string;
  stage: string;
  homeTeamId: string;
  awayTeamId: string;
  extraTime: boolean | null;
}

const HELD_MATCH = `RETURN m.id AS id, m.tournamentId AS tournamentId, m.stageId AS stageId, m.stage AS stage,
                          m.homeTeamId AS homeTeamId, m.awayTeamId AS awayTeamId, m.extraTime AS extraTime`;

export async function readHeldMatch(graph: GraphReader, id: string): Promise<HeldMatch | undefined> {
  const [row] = await graph.read<HeldMatch>(`MATCH (m:Match {id: $id}) ${HELD_MATCH}`, { id });
  return row;
}

/** The match of these two teams (either way round) on that date, if the graph holds one. */
export async function findMatchOn(graph: GraphReader, teamA: string, teamB: string, date: string): Promise<HeldMatch[]> {
  return graph.read<HeldMatch>(
    `MATCH (m:Match {date: $date})-[:HOME_TEAM|AWAY_TEAM]->(:Team {id: $teamA})
     WHERE EXISTS { (m)-[:HOME_TEAM|AWAY_TEAM]->(:Team {id: $teamB}) }
     ${HELD_MATCH}`,
    { teamA, teamB, date },
  );
}

/** The display names of the teams among `ids` that the graph holds. */
export async function readTeamNames(graph: GraphReader, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await graph.read<{ id: string; name: string }>('UNWIND $ids AS id MATCH (t:Team {id: id}) RETURN t.id AS id, t.name AS name', { ids });
  return new Map(rows.map((row) => [row.id, row.name]));
}
