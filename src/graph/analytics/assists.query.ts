import type { Gender } from '../identity';
import { matchChronology } from '../loaders/projections';
import type { GraphClient } from '../driver';

/** Filters with every name already resolved to an id; null means "any". */
export interface AssistFilterIds {
  tournamentYears?: readonly number[] | null;
  gender?: Gender | null;
  teamId?: string | null;
  assisterId?: string | null;
  scorerId?: string | null;
  matchId?: string | null;
}

export interface AssistLinkRow {
  assisterId: string;
  scorerId: string;
  count: number;
  /** In the order they were scored. */
  goalIds: string[];
}

/**
 * Who set up whom, counted over goals; an own goal credits no assist. Each filter is a parameter
 * that is either null (ignored) or compared, so one statement serves every combination.
 */
const ASSIST_LINKS = `
MATCH (assister:Player)-[:ASSISTED]->(g:Goal)<-[:SCORED]-(scorer:Player)
WHERE NOT coalesce(g.ownGoal, false)
  AND ($assisterId IS NULL OR assister.id = $assisterId)
  AND ($scorerId IS NULL OR scorer.id = $scorerId)
  AND ($teamId IS NULL OR EXISTS { (g)-[:FOR_TEAM]->(:Team {id: $teamId}) })
MATCH (g)-[:IN_MATCH]->(m:Match)-[:IN_TOURNAMENT]->(t:Tournament)
WHERE ($matchId IS NULL OR m.id = $matchId)
  AND ($years IS NULL OR t.year IN $years)
  AND ($gender IS NULL OR t.gender = $gender)
WITH assister, scorer, g ORDER BY ${matchChronology('m')}, m.id, g.sequence
WITH assister, scorer, collect(g.id) AS goalIds
RETURN assister.id AS assisterId, scorer.id AS scorerId, size(goalIds) AS count, goalIds
ORDER BY count DESC, assister.name, scorer.name
LIMIT $first`;

export async function findAssistLinks(
  graph: GraphClient,
  filter: AssistFilterIds,
  first: number,
): Promise<AssistLinkRow[]> {
  return graph.read<AssistLinkRow>(ASSIST_LINKS, {
    years: filter.tournamentYears ?? null,
    gender: filter.gender ?? null,
    teamId: filter.teamId ?? null,
    assisterId: filter.assisterId ?? null,
    scorerId: filter.scorerId ?? null,
    matchId: filter.matchId ?? null,
    first,
  });
}
