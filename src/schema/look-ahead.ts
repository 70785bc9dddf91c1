import {
  getNamedType,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLNamedType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import type { Include } from '../graph/loaders/look-ahead';

/**
 * The relations a loader can read ahead (src/graph/loaders/look-ahead.ts): per object type, per
 * field, the loader its resolver calls and the row field holding the key it calls it with. Only
 * fields whose loader is keyed by that id alone (not by the field's arguments) belong here; a field
 * missing from the table is simply resolved by its own statement.
 */
const one = (idField: string, loader: string) => ({ idField, loader });
const many = (loader: string) => ({ idField: 'id', loader });

const RELATIONS: Readonly<Record<string, Readonly<Record<string, { idField: string; loader: string }>>>> = {
  Match: {
    tournament: one('tournamentId', 'tournament'),
    venue: one('venueId', 'venue'),
    homeTeam: one('homeTeamId', 'team'),
    awayTeam: one('awayTeamId', 'team'),
    winner: one('winnerTeamId', 'team'),
    goals: many('matchGoals'),
    appearances: many('matchAppearances'),
    substitutions: many('matchSubstitutions'),
    bookings: many('matchBookings'),
    coaches: many('matchCoaches'),
    quotes: many('matchQuotes'),
  },
  Goal: {
    scorer: one('scorerId', 'player'),
    assistedBy: one('assistId', 'player'),
    team: one('teamId', 'team'),
    match: one('matchId', 'match'),
  },
  Appearance: { player: one('playerId', 'player'), team: one('teamId', 'team'), match: one('matchId', 'match') },
  Substitution: {
    playerOn: one('playerOnId', 'player'),
    playerOff: one('playerOffId', 'player'),
    team: one('teamId', 'team'),
    match: one('matchId', 'match'),
  },
  Booking: { player: one('playerId', 'player'), team: one('teamId', 'team'), match: one('matchId', 'match') },
  MatchCoach: { coach: one('coachId', 'coach'), team: one('teamId', 'team') },
  Quote: { match: one('matchId', 'match') },
  Player: {
    goals: many('playerGoals'),
    assists: many('playerAssists'),
    bookings: many('playerBookings'),
    appearances: many('playerAppearances'),
    teams: many('playerTeams'),
  },
  Coach: { teams: many('coachTeams'), matches: many('coachMatches') },
  Venue: { city: one('cityId', 'city') },
};

/** The fields selected on `selections`, fragments included, grouped by field name (aliases merged). */
function fieldsByName(info: GraphQLResolveInfo, selections: readonly SelectionSetNode[]): Map<string, SelectionSetNode[]> {
  const fields = new Map<string, SelectionSetNode[]>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const sets = fields.get(selection.name.value) ?? [];
        if (selection.selectionSet) sets.push(selection.selectionSet);
        fields.set(selection.name.value, sets);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet);
      } else {
        const fragment = info.fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  selections.forEach(visit);
  return fields;
}

/** The includes of rows of `type` selected by `selections`, nested as deep as the selection goes. */
function includesOf(info: GraphQLResolveInfo, type: GraphQLNamedType, selections: readonly SelectionSetNode[]): Include[] {
  const relations = RELATIONS[type.name];
  if (!relations || !isObjectType(type)) return [];
  const includes: Include[] = [];
  // In name order: the same relations selected in another order are the same statement.
  for (const [name, sets] of [...fieldsByName(info, selections)].sort(([a], [b]) => a.localeCompare(b))) {
    const relation = relations[name];
    const field = type.getFields()[name];
    if (!relation || !field) continue;
    includes.push({ ...relation, nested: includesOf(info, getNamedType(field.type), sets) });
  }
  return includes;
}

/** The selection sets found at `path` below `sets` on `type`, with the type found there. */
function descend(info: GraphQLResolveInfo, type: GraphQLNamedType, sets: readonly SelectionSetNode[], path: readonly string[]) {
  let current = { type, sets };
  for (const name of path) {
    const field = isObjectType(current.type) ? current.type.getFields()[name] : undefined;
    if (!field) return undefined;
    current = { type: getNamedType(field.type), sets: fieldsByName(info, current.sets).get(name) ?? [] };
  }
  return current;
}

const fieldSelections = (nodes: readonly FieldNode[]) =>
  nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));

/**
 * What the resolver of `info` should read ahead for the rows it loads: its own selection, or for a
 * connection its `nodes` and `edges { node }`. Pass it to `loader.including(...)`.
 */
export function lookAhead(info: GraphQLResolveInfo, ...rowPaths: ReadonlyArray<readonly string[]>): Include[] {
  const root = { type: getNamedType(info.returnType), sets: fieldSelections(info.fieldNodes) };
  const targets = (rowPaths.length > 0 ? rowPaths : [[]]).flatMap((path) => descend(info, root.type, root.sets, path) ?? []);
  if (targets.length === 0) return [];
  return includesOf(info, targets[0]!.type, targets.flatMap((target) => target.sets));
}

/** The row paths of a connection (connection.type.ts). */
export const CONNECTION_ROWS: ReadonlyArray<readonly string[]> = [['nodes'], ['edges', 'node']];
