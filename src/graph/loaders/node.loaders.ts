import { batchMany, batchOne, type LoaderEnv } from './batched-loader';
import {
  cityRow,
  entityProjection,
  goalRow,
  matchRow,
  personRow,
  sourceRow,
  teamRow,
  tournamentRow,
  venueRow,
  type RowProjection,
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
const byIdCypher = (label: string, value: string) => `UNWIND $ids AS id MATCH (n:${label} {id: id}) RETURN id AS key, ${value} AS value`;

function byId<V>(env: LoaderEnv, label: string, projection: RowProjection<[]>) {
  const row = projection.at('n');
  return batchOne<V>(env, byIdCypher(label, row.list), row);
}

/**
 * Keys are normalised names (identity.normalizeName). The full-text index finds every node whose
 * names contain all the words; `exact` marks those with the name among their normalised aliases, so
 * "enzo fernandez" is an exact hit and "martinez" a set of partial ones to choose from.
 */
function byName<V>(env: LoaderEnv, label: string, projection: RowProjection<[]>) {
  return batchMany<NameCandidateRow<V>>(env,
    `UNWIND $ids AS id
     CALL db.index.fulltext.queryNodes('entity_names', reduce(q = '', word IN split(id, ' ') | q + ' +' + word))
       YIELD node
     WITH id, node WHERE node:${label}
     RETURN id AS key, {exact: id IN node.nameKeys, node: ${projection.map('node')}} AS value
     ORDER BY node.name, node.id`,
  );
}

/** Look-ups by id and by name; every relation field ends in one of these. */
export function createNodeLoaders(env: LoaderEnv) {
  return {
    source: byId<SourceRow>(env, 'Source', sourceRow),
    person: byId<PersonRow>(env, 'Person', personRow),
    player: byId<PersonRow>(env, 'Player', personRow),
    coach: byId<PersonRow>(env, 'Coach', personRow),
    team: byId<TeamRow>(env, 'Team', teamRow),
    tournament: byId<TournamentRow>(env, 'Tournament', tournamentRow),
    venue: byId<VenueRow>(env, 'Venue', venueRow),
    city: byId<CityRow>(env, 'City', cityRow),
    match: byId<MatchRow>(env, 'Match', matchRow),
    goal: byId<GoalRow>(env, 'Goal', goalRow),
    // A row of any label: its fields depend on the label, so it stays a map.
    entity: batchOne<EntityRow>(env, byIdCypher('Entity', entityProjection('n'))),
    playersByName: byName<PersonRow>(env, 'Player', personRow),
    coachesByName: byName<PersonRow>(env, 'Coach', personRow),
    teamsByName: byName<TeamRow>(env, 'Team', teamRow),
  };
}
