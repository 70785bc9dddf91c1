import { batchMany, batchOne, type GraphReader } from './batched-loader';
import {
  cityProjection,
  entityProjection,
  goalProjection,
  matchProjection,
  personProjection,
  sourceProjection,
  teamProjection,
  tournamentProjection,
  venueProjection,
} from './projections';
import type {
  CityRow,
  EntityRow,
  GoalRow,
  MatchRow,
  NameCandidateRow,
  PersonRow,
  SourceRow,
  TeamRow,
  TournamentRow,
  VenueRow,
} from './rows';

/** `label` and `projection` are constants of this file, never user input. */
function byId<V>(graph: GraphReader, label: string, projection: (n: string) => string) {
  return batchOne<V>(graph, `UNWIND $ids AS id MATCH (n:${label} {id: id}) RETURN id AS key, ${projection('n')} AS value`);
}

/**
 * Keys are normalised names (identity.normalizeName). The full-text index finds every node whose
 * names contain all the words; `exact` marks those with the name among their normalised aliases, so
 * "enzo fernandez" is an exact hit and "martinez" a set of partial ones to choose from.
 */
function byName<V>(graph: GraphReader, label: string, projection: (n: string) => string) {
  return batchMany<NameCandidateRow<V>>(
    graph,
    `UNWIND $ids AS id
     CALL db.index.fulltext.queryNodes('entity_names', reduce(q = '', word IN split(id, ' ') | q + ' +' + word))
       YIELD node
     WITH id, node WHERE node:${label}
     RETURN id AS key, {exact: id IN node.nameKeys, node: ${projection('node')}} AS value
     ORDER BY node.name, node.id`,
  );
}

/** Look-ups by id and by name; every relation field ends in one of these. */
export function createNodeLoaders(graph: GraphReader) {
  return {
    source: byId<SourceRow>(graph, 'Source', sourceProjection),
    person: byId<PersonRow>(graph, 'Person', personProjection),
    player: byId<PersonRow>(graph, 'Player', personProjection),
    coach: byId<PersonRow>(graph, 'Coach', personProjection),
    team: byId<TeamRow>(graph, 'Team', teamProjection),
    tournament: byId<TournamentRow>(graph, 'Tournament', tournamentProjection),
    venue: byId<VenueRow>(graph, 'Venue', venueProjection),
    city: byId<CityRow>(graph, 'City', cityProjection),
    match: byId<MatchRow>(graph, 'Match', matchProjection),
    goal: byId<GoalRow>(graph, 'Goal', goalProjection),
    entity: byId<EntityRow>(graph, 'Entity', entityProjection),
    playersByName: byName<PersonRow>(graph, 'Player', personProjection),
    coachesByName: byName<PersonRow>(graph, 'Coach', personProjection),
    teamsByName: byName<TeamRow>(graph, 'Team', teamProjection),
  };
}
