import { batchMany, batchOne, type LoaderEnv } from './batched-loader';
import type { LoaderFactories } from './loader-set';
import {
  cityRow,
  entityProjection,
  goalRow,
  matchRow,
  personRow,
  refereeRow,
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
  RefereeRow,
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
 * Keys are folded names (fold.ts). The full-text index finds every node whose
 * names contain all the words; `exact` marks those with the name among their normalised aliases, so
 * "enzo fernandez" is an exact hit and "martinez" a set of partial ones to choose from.
 */
function byName<V>(env: LoaderEnv, label: string, projection: RowProjection<[]>) {
  return batchMany<NameCandidateRow<V>>(env,
    `UNWIND $ids AS id
     CALL db.index.fulltext.queryNodes('entity_folded_names', reduce(q = '', word IN split(id, ' ') | q + ' +' + word))
       YIELD node
     WITH id, node WHERE node:${label}
     RETURN id AS key, {exact: id IN node.nameKeys, node: ${projection.map('node')}} AS value
     ORDER BY node.name, node.id`,
  );
}

/** Look-ups by id and by name; every relation field ends in one of these. */
export const nodeLoaders = {
  source: (env: LoaderEnv) => byId<SourceRow>(env, 'Source', sourceRow),
  person: (env: LoaderEnv) => byId<PersonRow>(env, 'Person', personRow),
  player: (env: LoaderEnv) => byId<PersonRow>(env, 'Player', personRow),
  coach: (env: LoaderEnv) => byId<PersonRow>(env, 'Coach', personRow),
  referee: (env: LoaderEnv) => byId<RefereeRow>(env, 'Referee', refereeRow),
  team: (env: LoaderEnv) => byId<TeamRow>(env, 'Team', teamRow),
  tournament: (env: LoaderEnv) => byId<TournamentRow>(env, 'Tournament', tournamentRow),
  venue: (env: LoaderEnv) => byId<VenueRow>(env, 'Venue', venueRow),
  city: (env: LoaderEnv) => byId<CityRow>(env, 'City', cityRow),
  match: (env: LoaderEnv) => byId<MatchRow>(env, 'Match', matchRow),
  goal: (env: LoaderEnv) => byId<GoalRow>(env, 'Goal', goalRow),
  // A row of any label: its fields depend on the label, so it stays a map.
  entity: (env: LoaderEnv) => batchOne<EntityRow>(env, byIdCypher('Entity', entityProjection('n'))),
  playersByName: (env: LoaderEnv) => byName<PersonRow>(env, 'Player', personRow),
  coachesByName: (env: LoaderEnv) => byName<PersonRow>(env, 'Coach', personRow),
  teamsByName: (env: LoaderEnv) => byName<TeamRow>(env, 'Team', teamRow),
} satisfies LoaderFactories;
