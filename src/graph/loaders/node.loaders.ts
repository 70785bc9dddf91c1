import { batchMany, batchOne, type LoaderEnv } from './batched-loader';
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
function byId<V>(env: LoaderEnv, label: string, projection: (n: string) => string) {
  return batchOne<V>(env, `UNWIND $ids AS id MATCH (n:${label} {id: id}) RETURN id AS key, ${projection('n')} AS value`);
}

/**
 * Keys are normalised names (identity.normalizeName). The full-text index finds every node whose
 * names contain all the words; `exact` marks those with the name among their normalised aliases, so
 * "enzo fernandez" is an exact hit and "martinez" a set of partial ones to choose from.
 */
function byName<V>(env: LoaderEnv, label: string, projection: (n: string) => string) {
  return batchMany<NameCandidateRow<V>>(env,
    `UNWIND $ids AS id
     CALL db.index.fulltext.queryNodes('entity_names', reduce(q = '', word IN split(id, ' ') | q + ' +' + word))
       YIELD node
     WITH id, node WHERE node:${label}
     RETURN id AS key, {exact: id IN node.nameKeys, node: ${projection('node')}} AS value
     ORDER BY node.name, node.id`,
  );
}

/** Look-ups by id and by name; every relation field ends in one of these. */
export function createNodeLoaders(env: LoaderEnv) {
  return {
    source: byId<SourceRow>(env, 'Source', sourceProjection),
    person: byId<PersonRow>(env, 'Person', personProjection),
    player: byId<PersonRow>(env, 'Player', personProjection),
    coach: byId<PersonRow>(env, 'Coach', personProjection),
    team: byId<TeamRow>(env, 'Team', teamProjection),
    tournament: byId<TournamentRow>(env, 'Tournament', tournamentProjection),
    venue: byId<VenueRow>(env, 'Venue', venueProjection),
    city: byId<CityRow>(env, 'City', cityProjection),
    match: byId<MatchRow>(env, 'Match', matchProjection),
    goal: byId<GoalRow>(env, 'Goal', goalProjection),
    entity: byId<EntityRow>(env, 'Entity', entityProjection),
    playersByName: byName<PersonRow>(env, 'Player', personProjection),
    coachesByName: byName<PersonRow>(env, 'Coach', personProjection),
    teamsByName: byName<TeamRow>(env, 'Team', teamProjection),
  };
}
