import {
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLNamedType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import type { Include, ReadAhead } from '../graph/read/loaders/look-ahead';
import { byIdLoaderName, inverseLoaderName, nodeLoaders } from '../graph/read/loaders/node.loaders';
import { ENTITIES, LINKS } from '../graph/model/model';
import { typeNameOfLabel } from './label-types';

/**
 * The relations a loader can read ahead (src/graph/read/loaders/look-ahead.ts): per object type, per
 * field, the loader its resolver calls and the row field holding the key it calls it with. Only
 * fields whose loader is keyed by that id alone (not by the field's arguments) belong here; a field
 * missing from the table is simply resolved by its own statement.
 */
interface Relation {
  idField: string;
  /** Set when `idField` holds a list of ids. */
  idList?: true;
  loader: string;
  /** Columns of the loaded rows the resolver itself reads (a filter), beside its selection's. */
  reads?: readonly string[];
}
const one = (idField: string, loader: string): Relation => ({ idField, loader });
const many = (loader: string, reads?: readonly string[]): Relation => ({ idField: 'id', loader, reads });
/** Nodes by the ids a row lists, in its order (the resolver loads them with `loadExisting`). */
const listed = (idField: string, loader: string): Relation => ({ idField, idList: true, loader });

/**
 * Relations the model declares (model.ts): an entity's relationships, by the target id its row
 * keeps, their inverses (the nodes pointing at a node, by its id), and the references of a link's
 * rows; each loaded by the loader node.loaders.ts names after them. One is read ahead where its
 * object type has a field of that name typed as the loaded nodes, and `NOT_READ_AHEAD` does not say
 * otherwise.
 */
interface DeclaredRelation {
  field: string;
  targetType: string;
  relation: Relation;
}
/** The object type of each link's rows. */
const LINK_TYPES: Readonly<Record<string, string>> = { squads: 'SquadMember', appearances: 'Appearance', awards: 'AwardWin', coachings: 'MatchCoach' };
const withoutId = (property: string) => property.replace(/Id$/, '');

function declared(field: string, targetLabel: string, relation: Relation): DeclaredRelation[] {
  const targetType = typeNameOfLabel(targetLabel);
  return targetType && relation.loader in nodeLoaders ? [{ field, targetType, relation }] : [];
}

/** Per object type, the relations the model declares on it. */
const declaredRelations = new Map<string, DeclaredRelation[]>();
const declare = (label: string | undefined, relations: DeclaredRelation[]) => {
  const type = label === undefined ? undefined : typeNameOfLabel(label);
  if (type !== undefined) declaredRelations.set(type, [...(declaredRelations.get(type) ?? []), ...relations]);
};
for (const entity of ENTITIES) {
  declare(entity.label, entity.relationships.flatMap((r) =>
    declared(r.readAs ?? r.field ?? withoutId(r.property), r.target, one(r.property, byIdLoaderName(r.target)))));
  for (const r of entity.relationships) {
    if (r.inverse) declare(r.target, declared(r.inverse, entity.label, many(inverseLoaderName(r.target, r.inverse))));
  }
}
// A link names its ends by `{label}Id` (model.ts, LinkDeclaration).
for (const link of LINKS) {
  const type = LINK_TYPES[link.kind];
  if (type === undefined) continue;
  declaredRelations.set(type, link.references.flatMap((property) => {
    const label = withoutId(property).replace(/^./, (first) => first.toUpperCase());
    return declared(withoutId(property), label, one(property, byIdLoaderName(label)));
  }));
}
const DECLARED_RELATIONS: ReadonlyMap<string, readonly DeclaredRelation[]> = declaredRelations;

/** The model's relations that `type` has as fields (`DECLARED_RELATIONS`). */
function declaredRelationsOf(type: GraphQLNamedType): Record<string, Relation> {
  if (!isObjectType(type)) return {};
  const fields = type.getFields();
  return Object.fromEntries((DECLARED_RELATIONS.get(type.name) ?? [])
    .filter(({ field, targetType }) => fields[field] !== undefined && getNamedType(fields[field].type).name === targetType &&
      whyNotReadAhead(type.name, field) === undefined)
    .map(({ field, relation }) => [field, relation]));
}

/** Relations the model does not declare: a row's lists, computed rows' ids, a match's winner (a disputed field, not an edge). */
const RELATIONS: Readonly<Record<string, Readonly<Record<string, Relation>>>> = {
  Match: {
    winner: one('winnerTeamId', 'team'),
    goals: many('matchGoals'),
    appearances: many('matchAppearances'),
    substitutions: many('matchSubstitutions'),
    bookings: many('matchBookings'),
    coaches: many('matchCoaches'),
    quotes: many('matchQuotes'),
    // The one referee the row names, as a list.
    referees: one('refereeId', 'referee'),
  },
  AssistLink: { assister: one('assisterId', 'player'), scorer: one('scorerId', 'player'), goals: listed('goalIds', 'goal') },
  Player: {
    // player.resolver.ts filters them by tournament year, the goals also by own goal.
    goals: many('playerGoals', ['ownGoal', 'tournamentYear']),
    assists: many('playerAssists', ['tournamentYear']),
    bookings: many('playerBookings', ['tournamentYear']),
    appearances: many('playerAppearances'),
    teams: many('playerTeams'),
    awards: many('playerAwards'),
    assistedBy: many('playerAssistedBy'),
    setUp: many('playerSetUp'),
    worldCupStats: many('playerWorldCupStats'),
  },
  Coach: { teams: many('coachTeams'), matches: many('coachMatches') },
  Tournament: {
    teams: many('tournamentEntries'),
    stages: many('tournamentStages'),
    awards: many('tournamentAwards'),
  },
  TournamentEntry: {
    team: one('teamId', 'team'),
    tournament: one('tournamentId', 'tournament'),
    squad: many('entrySquad'),
    coaches: many('entryCoaches'),
  },
  SquadMember: { sources: listed('sourceIds', 'source') },
  Team: { tournaments: many('teamEntries'), coaches: many('teamCoaches') },
  AwardWin: { sources: listed('sourceIds', 'source') },
  AssistPartner: { player: one('playerId', 'player'), goals: listed('goalIds', 'goal') },
  WorldCupStats: { team: one('teamId', 'team') },
  // Read ahead by the meetings statement itself (head-to-head.resolver.ts).
  HeadToHead: { meetings: listed('meetingIds', 'match') },
};

/** Relations of every entity (provenance.resolver.ts), keyed by its id. */
const ENTITY_RELATIONS: Readonly<Record<string, Relation>> = {
  sources: many('sourcesOf'),
  disputes: many('assertionsOf'),
  claims: many('claimsAbout'),
};

/** What the look-ahead reads of a type's relations: its own, and on an entity the provenance ones. */
function relationsOf(type: GraphQLNamedType): Readonly<Record<string, Relation>> {
  let relations = relationsByType.get(type.name);
  if (!relations) {
    const entity = isObjectType(type) && type.getInterfaces().some((face) => face.name === 'Entity');
    relations = { ...(entity ? ENTITY_RELATIONS : {}), ...declaredRelationsOf(type), ...RELATIONS[type.name] };
    relationsByType.set(type.name, relations);
  }
  return relations;
}
const relationsByType = new Map<string, Readonly<Record<string, Relation>>>();

/**
 * The fields with a selection that no look-ahead of their parent reads, each with why. Those marked
 * `STATEMENT_PER_LEVEL` send a statement of their own for their level (one for all the level's
 * rows); `AHEAD_FROM_HERE` ones hang from rows computed in Node (an analytics row) and read their
 * whole selection ahead in one statement (`readAheadById`); the others are computed from what their
 * parent has read. Every field of an object type with a selection is in `RELATIONS`,
 * `ENTITY_RELATIONS` or here (tests/schema/selection-read-ahead-table.unit.test.ts), and the bench lists the
 * fields of its shapes that send a statement per level.
 */
const STATEMENT_PER_LEVEL = 'a statement per level';
const AHEAD_FROM_HERE = 'one statement reading its selection ahead: its parent is computed in Node';
const FROM_PARENT = 'computed from its parent\'s row';
const NOT_READ_AHEAD: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Match: { penalties: FROM_PARENT },
  Team: {
    matches: `${STATEMENT_PER_LEVEL}: a page keyed by its arguments (one statement for every parent's page, reading ahead below)`,
    headToHead: `${STATEMENT_PER_LEVEL}: an analytics statement keyed by its arguments (its meetings read ahead below)`,
    record: `${STATEMENT_PER_LEVEL}: the team's results, summed in Node`,
    opponents: `${STATEMENT_PER_LEVEL}: the team's results, grouped in Node`,
    predecessors: `${STATEMENT_PER_LEVEL}: the team's lineage, a path of any length`,
    successor: `${STATEMENT_PER_LEVEL}: the team by the id on its row, reading ahead below`,
  },
  TeamPredecessor: { team: FROM_PARENT },
  Tournament: {
    matches: `${STATEMENT_PER_LEVEL}: a page keyed by its arguments (one statement for every parent's page, reading ahead below)`,
    groups: `${STATEMENT_PER_LEVEL}: the group results, tabled in Node`,
  },
  Venue: { matches: `${STATEMENT_PER_LEVEL}: a page keyed by its arguments (one statement for every parent's page, reading ahead below)` },
  TournamentEntry: {
    matches: `${STATEMENT_PER_LEVEL}: the entry's results first, then its matches by id`,
    record: `${STATEMENT_PER_LEVEL}: the entry's results, summed in Node`,
    finish: `${STATEMENT_PER_LEVEL}: the entry's results, ranked in Node`,
  },
  Group: { standings: FROM_PARENT },
  Standing: { team: AHEAD_FROM_HERE },
  OpponentRecord: { opponent: AHEAD_FROM_HERE },
  HeadToHead: { teamA: FROM_PARENT, teamB: FROM_PARENT, countedA: AHEAD_FROM_HERE, countedB: AHEAD_FROM_HERE },
  Leader: { player: AHEAD_FROM_HERE, team: AHEAD_FROM_HERE },
  TeamRecord: { bestFinish: FROM_PARENT, counted: AHEAD_FROM_HERE },
  DisputedValue: { versions: FROM_PARENT },
  ValueVersion: { sources: FROM_PARENT },
  Claim: {
    about: `${STATEMENT_PER_LEVEL}: the entities of a claim, of any type (an interface's rows are typed by their labels)`,
    subject: `${STATEMENT_PER_LEVEL}: an entity of any type`,
    check: `${STATEMENT_PER_LEVEL}: a computation over the graph, cached per data version`,
  },
  ClaimAbout: { entity: `${STATEMENT_PER_LEVEL}: an entity of any type` },
  ClaimCheck: { coverage: FROM_PARENT, parts: FROM_PARENT, evidence: `${STATEMENT_PER_LEVEL}: entities of any type` },
  ClaimCoverage: { covered: `${STATEMENT_PER_LEVEL}: tournaments by the ids the check computed`, uncovered: `${STATEMENT_PER_LEVEL}: tournaments by the ids the check computed` },
  Path: { nodes: FROM_PARENT, relationships: FROM_PARENT },
  PathNode: { entity: `${STATEMENT_PER_LEVEL}: an entity of any type` },
  SearchHit: { entity: `${STATEMENT_PER_LEVEL}: an entity of any type` },
  Quote: { speaker: `${STATEMENT_PER_LEVEL}: a person, player or coach (an interface)` },
  WorldCupStats: { assistCoverage: `${STATEMENT_PER_LEVEL}: an analytics statement per tournament` },
  AssistCoverage: { tournament: AHEAD_FROM_HERE, sources: `${STATEMENT_PER_LEVEL}: sources by the ids of an analytics row` },
  MatchCoach: { sources: `${STATEMENT_PER_LEVEL}: sources by the ids of the row` },
  Appearance: { sources: `${STATEMENT_PER_LEVEL}: sources by the ids of the row` },
  Change: { entity: `${STATEMENT_PER_LEVEL}: an entity of any type` },
  EditRecord: { changes: FROM_PARENT },
  EditRecordConnection: { nodes: FROM_PARENT, pageInfo: FROM_PARENT },
  WriteResult: { changes: FROM_PARENT },
  MatchConnection: { nodes: FROM_PARENT, edges: FROM_PARENT, pageInfo: FROM_PARENT },
  MatchEdge: { node: FROM_PARENT },
  PlayerConnection: { nodes: FROM_PARENT, edges: FROM_PARENT, pageInfo: FROM_PARENT },
  PlayerEdge: { node: FROM_PARENT },
  TeamConnection: { nodes: FROM_PARENT, edges: FROM_PARENT, pageInfo: FROM_PARENT },
  TeamEdge: { node: FROM_PARENT },
  TournamentConnection: { nodes: FROM_PARENT, edges: FROM_PARENT, pageInfo: FROM_PARENT },
  TournamentEdge: { node: FROM_PARENT },
};

/** Why `type`'s field `field` is not read ahead; undefined when it is (or has no selection). */
export const whyNotReadAhead = (type: string, field: string): string | undefined => NOT_READ_AHEAD[type]?.[field];

/** What a look-ahead reads for `type`'s field `field` (an object type's); undefined when it does not read it ahead. */
export const relationOf = (type: GraphQLNamedType, field: string): Relation | undefined => relationsOf(type)[field];

/** Whether a look-ahead reads `type`'s field `field` (an object type's). */
export const readsAhead = (type: GraphQLNamedType, field: string): boolean => relationOf(type, field) !== undefined;

/** `Type.field` of every field that sends a statement per level of a selection. */
export function levelByLevelFields(): ReadonlySet<string> {
  return new Set(
    Object.entries(NOT_READ_AHEAD).flatMap(([type, fields]) =>
      Object.entries(fields).filter(([, why]) => why.startsWith(STATEMENT_PER_LEVEL)).map(([field]) => `${type}.${field}`)),
  );
}

/**
 * The row columns a field reads where that is not the column of its own name: fields computed from
 * a few columns. A relation reads its id field (`RELATIONS`). A field found in neither table reads
 * the column of its name; where the row has no such column (a field computed from the row in a way
 * not declared here), the row is read whole. A cut row throws when a column it lacks is read
 * (batched-loader.ts), so a wrong entry here fails loudly, never as a silent null.
 */
const READS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  Match: { penalties: ['homePenalties', 'awayPenalties'] },
};
/** Fields of every entity that read only its id (provenance.resolver.ts); `__typename` reads nothing (an interface's rows keep their labels). */
const ENTITY_READS: Readonly<Record<string, readonly string[]>> = { sources: ['id'], disputes: ['id'], claims: ['id'], __typename: [] };

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

/** What the rows of `type` selected by `selections` read: their columns, and their includes as deep as the selection goes. */
function readAheadOf(info: GraphQLResolveInfo, type: GraphQLNamedType, selections: readonly SelectionSetNode[], reads: readonly string[] = []): ReadAhead {
  const relations = relationsOf(type);
  const fields = fieldsByName(info, selections);
  // An interface's rows are typed by their labels (entity.type.ts); an object type's need none.
  const columns = new Set(isAbstractType(type) ? [...reads, 'labels'] : reads);
  const includes: Include[] = [];
  // In name order: the same relations selected in another order are the same statement.
  for (const [name, sets] of [...fields].sort(([a], [b]) => a.localeCompare(b))) {
    const relation = relations[name];
    for (const column of relation ? [relation.idField] : (READS[type.name]?.[name] ?? ENTITY_READS[name] ?? [name])) columns.add(column);
    const field = isObjectType(type) ? type.getFields()[name] : undefined;
    if (relation && field) {
      const { idField, idList, loader } = relation;
      includes.push({ idField, ...(idList && { idList }), loader, ...readAheadOf(info, getNamedType(field.type), sets, relation.reads) });
    }
  }
  return { columns: [...columns].sort(), includes };
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
 * What the resolver of `info` should read for the rows it loads: the columns and relations of its
 * own selection, or for a connection (`rows: CONNECTION_ROWS`) of its `nodes` and `edges { node }`,
 * plus the columns the resolver itself reads (its relation's `reads`), exactly as its parent's
 * look-ahead read them. Pass it to `loader.including(...)`.
 */
export function lookAhead(info: GraphQLResolveInfo, { rows = [[]] }: { rows?: ReadonlyArray<readonly string[]> } = {}): ReadAhead {
  let ahead = readAheads.get(info);
  if (!ahead) {
    const root = { type: getNamedType(info.returnType), sets: fieldSelections(info.fieldNodes) };
    const targets = rows.flatMap((path) => descend(info, root.type, root.sets, path) ?? []);
    const reads = relationsOf(info.parentType)[info.fieldName]?.reads;
    ahead = targets.length === 0 ? { includes: [] } : readAheadOf(info, targets[0]!.type, targets.flatMap((target) => target.sets), reads);
    readAheads.set(info, ahead);
  }
  return ahead;
}

/**
 * A memo of what a field reads, worked out once per field of a document rather than per item of a
 * list. Every item of a list, and every request of a cached document, resolves a field from the
 * same field node, with the same resolver and options, and what it reads depends on the document
 * alone (not on variables: directives are not looked at). Keyed by the field's node and its parent
 * type (a field selected on an interface resolves on several), or, where fields of one name were
 * merged from several nodes (which ones can depend on the parent's type), by the merged list, which
 * graphql-js hands every item of one list.
 */
class FieldMemo<V> {
  private readonly byNode = new WeakMap<FieldNode, Map<string, V>>();
  private readonly byNodes = new WeakMap<readonly FieldNode[], V>();

  get(info: GraphQLResolveInfo): V | undefined {
    const { fieldNodes, parentType } = info;
    return fieldNodes.length === 1 ? this.byNode.get(fieldNodes[0]!)?.get(parentType.name) : this.byNodes.get(fieldNodes);
  }

  set(info: GraphQLResolveInfo, value: V): void {
    const { fieldNodes, parentType } = info;
    if (fieldNodes.length !== 1) {
      this.byNodes.set(fieldNodes, value);
      return;
    }
    let byType = this.byNode.get(fieldNodes[0]!);
    if (!byType) this.byNode.set(fieldNodes[0]!, (byType = new Map()));
    byType.set(parentType.name, value);
  }
}

const readAheads = new FieldMemo<ReadAhead>();

/**
 * What a resolver loading nodes by id (a goal's scorer, a meeting's matches) reads. Where its
 * parent's look-ahead reads this relation (`RELATIONS`), the parent's statement has usually primed
 * the rows: only its selection's columns, which those primed rows serve; where they were not primed
 * (the parent was read level by level, as any shape is on its first requests), its levels below
 * resolve one by one too, rather than each such field becoming a look-ahead statement of its own.
 * Elsewhere the parent is a row no statement reads ahead (a head-to-head's meetings, an assist
 * link's players, a leader: rows of an analytics statement): its whole selection, ahead.
 */
export function readAheadById(info: GraphQLResolveInfo): ReadAhead {
  let ahead = byId.get(info);
  if (!ahead) {
    ahead = relationsOf(info.parentType)[info.fieldName] ? { columns: lookAhead(info).columns, includes: [] } : lookAhead(info);
    byId.set(info, ahead);
  }
  return ahead;
}

const byId = new FieldMemo<ReadAhead>();

/** A field of a selection (`path`) that rows computed in Cypher reach through their `idField`, read by `loader`. */
interface ComputedRowsRelation {
  path: readonly string[];
  loader: string;
  idField: string;
}

/**
 * What a statement computing rows in Cypher (a head-to-head's meetings) reads ahead: `always`, and
 * for each of `relations` whose field is selected, that field's selection.
 */
export function readAheadFrom(info: GraphQLResolveInfo, always: readonly Include[], relations: readonly ComputedRowsRelation[]): ReadAhead {
  let ahead = computedRowsAheads.get(info);
  if (!ahead) {
    const root = { type: getNamedType(info.returnType), sets: fieldSelections(info.fieldNodes) };
    const selected = relations.flatMap(({ path, loader, idField }) => {
      const target = descend(info, root.type, root.sets, path);
      return target && target.sets.length > 0 ? [{ loader, idField, ...readAheadOf(info, target.type, target.sets) }] : [];
    });
    ahead = { includes: [...always, ...selected] };
    computedRowsAheads.set(info, ahead);
  }
  return ahead;
}

const computedRowsAheads = new FieldMemo<ReadAhead>();

/** The row paths of a connection (connection.type.ts). */
export const CONNECTION_ROWS: ReadonlyArray<readonly string[]> = [['nodes'], ['edges', 'node']];
