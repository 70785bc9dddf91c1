import {
  getArgumentValues,
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { Include, ReadAhead } from '../graph/read/loaders/look-ahead';
import { byIdLoaderName, inverseLoaderName, nodeLoaders } from '../graph/read/loaders/node.loaders';
import { ENTITIES, LINKS, relationshipFieldName, withoutId } from '../graph/model/model';
import { typeNameOfLabel } from './label-types';
import { pageOfRow, TEAM_MATCHES, TOURNAMENT_MATCHES, VENUE_MATCHES, type NodeMatchesArgs, type NodeMatchPage } from './matches/node-match-pages';

/**
 * The relations a loader can read ahead (src/graph/read/loaders/look-ahead.ts): per object type, per
 * field, the loader its resolver calls and the row field holding the key it calls it with: the id
 * alone, or with a page's query from the field's arguments (`page`); a field missing from the
 * table is simply resolved by its own statement.
 */
interface Relation {
  idField: string;
  /** Set when `idField` holds a list of ids. */
  idList?: true;
  loader: string;
  /** Columns of the loaded rows the resolver itself reads (a filter), beside its selection's. */
  reads?: readonly string[];
  /** Set when the loader reads a node's page of matches, keyed by the field's arguments too. */
  page?: NodeMatchPage;
}
const one = (idField: string, loader: string): Relation => ({ idField, loader });
const many = (loader: string, reads?: readonly string[]): Relation => ({ idField: 'id', loader, reads });
/** A node's page of matches, its rows those of the page's `nodes` and `edges { node }`. */
const paged = (page: NodeMatchPage): Relation => ({ idField: 'id', loader: page.loader, page });
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
    declared(relationshipFieldName(r), r.target, one(r.property, byIdLoaderName(r.target)))));
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
    matches: paged(TOURNAMENT_MATCHES),
  },
  TournamentEntry: {
    team: one('teamId', 'team'),
    tournament: one('tournamentId', 'tournament'),
    squad: many('entrySquad'),
    coaches: many('entryCoaches'),
  },
  SquadMember: { sources: listed('sourceIds', 'source') },
  // Not with an opponent, which the resolver looks up by name first.
  Team: { tournaments: many('teamEntries'), coaches: many('teamCoaches'), matches: paged(TEAM_MATCHES) },
  Venue: { matches: paged(VENUE_MATCHES) },
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
    headToHead: `${STATEMENT_PER_LEVEL}: an analytics statement keyed by its arguments (its meetings read ahead below)`,
    record: `${STATEMENT_PER_LEVEL}: the team's results, summed in Node`,
    opponents: `${STATEMENT_PER_LEVEL}: the team's results, grouped in Node`,
    predecessors: `${STATEMENT_PER_LEVEL}: the team's lineage, a path of any length`,
    successor: `${STATEMENT_PER_LEVEL}: the team by the id on its row, reading ahead below`,
  },
  TeamPredecessor: { team: FROM_PARENT },
  Tournament: { groups: `${STATEMENT_PER_LEVEL}: the group results, tabled in Node` },
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
 * a few columns. A relation reads its id field (`RELATIONS`), and those given here. A field found in neither table reads
 * the column of its name; where the row has no such column (a field computed from the row in a way
 * not declared here), the row is read whole. A cut row throws when a column it lacks is read
 * (batched-loader.ts), so a wrong entry here fails loudly, never as a silent null.
 */
const READS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  Match: { penalties: ['homePenalties', 'awayPenalties'] },
  // Beside the relation's id: an opponent is looked up among the teams of the team's gender.
  Team: { matches: ['gender'] },
};
/** Fields of every entity that read only its id (provenance.resolver.ts); `__typename` reads nothing (an interface's rows keep their labels). */
const ENTITY_READS: Readonly<Record<string, readonly string[]>> = { sources: ['id'], disputes: ['id'], claims: ['id'], __typename: [] };

/** The fields selected on `selections`, fragments included, grouped by field name (aliases merged). */
function fieldsByName(info: GraphQLResolveInfo, selections: readonly SelectionSetNode[]): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const nodes = fields.get(selection.name.value);
        if (nodes) nodes.push(selection);
        else fields.set(selection.name.value, [selection]);
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

/**
 * What a look-ahead has found while reading a selection: set when it read a page's arguments from
 * the request's variables, so that what it read holds for this request only.
 */
interface Reading {
  info: GraphQLResolveInfo;
  perRequest: boolean;
}

/** What the rows of `type` selected by `selections` read: their columns, and their includes as deep as the selection goes. */
function readAheadOf(reading: Reading, type: GraphQLNamedType, selections: readonly SelectionSetNode[], reads: readonly string[] = []): ReadAhead {
  const relations = relationsOf(type);
  const fields = fieldsByName(reading.info, selections);
  // An interface's rows are typed by their labels (entity.type.ts); an object type's need none.
  const columns = new Set(isAbstractType(type) ? [...reads, 'labels'] : reads);
  const includes: Include[] = [];
  // In name order: the same relations selected in another order are the same statement.
  for (const [name, nodes] of [...fields].sort(([a], [b]) => a.localeCompare(b))) {
    const relation = relations[name];
    const reads = READS[type.name]?.[name];
    for (const column of relation ? [relation.idField, ...(reads ?? [])] : (reads ?? ENTITY_READS[name] ?? [name])) columns.add(column);
    const field = isObjectType(type) ? type.getFields()[name] : undefined;
    if (!relation || !field) continue;
    const { idField, idList, loader, page } = relation;
    if (page) {
      const include = pageInclude(reading, relation, page, field, nodes);
      if (include) includes.push(include);
    } else {
      includes.push({ idField, ...(idList && { idList }), loader, ...readAheadOf(reading, getNamedType(field.type), fieldSelections(nodes), relation.reads) });
    }
  }
  return { columns: [...columns].sort(), includes };
}

const hasVariable = (value: ValueNode): boolean =>
  value.kind === Kind.VARIABLE ||
  (value.kind === Kind.LIST && value.values.some(hasVariable)) ||
  (value.kind === Kind.OBJECT && value.fields.some((field) => hasVariable(field.value)));

/**
 * The include of a node's page of matches, with what its rows read as the field's resolver reads
 * them (`lookAhead` with `CONNECTION_ROWS`); none where its fields (aliases) ask for different
 * pages, or its arguments are refused or need a statement first: the field reads its page itself.
 */
function pageInclude(reading: Reading, relation: Relation, page: NodeMatchPage, field: GraphQLField<unknown, unknown>, nodes: readonly FieldNode[]): Include | undefined {
  const { info } = reading;
  if (nodes.some((node) => node.arguments?.some((argument) => hasVariable(argument.value)))) reading.perRequest = true;
  const queries = new Set<string>();
  let read: Include['page'];
  for (const node of nodes) {
    try {
      const args = getArgumentValues(field, node, info.variableValues) as unknown as NodeMatchesArgs;
      if (page.readsAhead?.(args) === false) return undefined;
      read = pageOfRow(page, page.query(args));
    } catch {
      // The field's resolver refuses these arguments itself, with the error its client sees.
      return undefined;
    }
    queries.add(JSON.stringify(read.query));
  }
  if (!read || queries.size > 1) return undefined;
  return { idField: relation.idField, loader: relation.loader, page: read, ...rowsReadAhead(reading, getNamedType(field.type), fieldSelections(nodes), CONNECTION_ROWS) };
}

/** The selection sets found at `path` below `sets` on `type`, with the type found there. */
function descend(info: GraphQLResolveInfo, type: GraphQLNamedType, sets: readonly SelectionSetNode[], path: readonly string[]) {
  let current = { type, sets };
  for (const name of path) {
    const field = isObjectType(current.type) ? current.type.getFields()[name] : undefined;
    if (!field) return undefined;
    current = { type: getNamedType(field.type), sets: fieldSelections(fieldsByName(info, current.sets).get(name) ?? []) };
  }
  return current;
}

const fieldSelections = (nodes: readonly FieldNode[]) =>
  nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));

/** What the rows at each of `rows` below `sets` on `type` read (a connection's nodes), with the resolver's own `reads`. */
function rowsReadAhead(reading: Reading, type: GraphQLNamedType, sets: readonly SelectionSetNode[], rows: ReadonlyArray<readonly string[]>, reads?: readonly string[]): ReadAhead {
  const targets = rows.flatMap((path) => descend(reading.info, type, sets, path) ?? []);
  return targets.length === 0 ? { includes: [] } : readAheadOf(reading, targets[0]!.type, targets.flatMap((target) => target.sets), reads);
}

/**
 * What the resolver of `info` should read for the rows it loads: the columns and relations of its
 * own selection, or for a connection (`rows: CONNECTION_ROWS`) of its `nodes` and `edges { node }`,
 * plus the columns the resolver itself reads (its relation's `reads`), exactly as its parent's
 * look-ahead read them. Pass it to `loader.including(...)`.
 */
export function lookAhead(info: GraphQLResolveInfo, { rows = [[]] }: { rows?: ReadonlyArray<readonly string[]> } = {}): ReadAhead {
  return memoized(readAheads, info, (reading) => fieldReadAhead(reading, rows));
}

const fieldReadAhead = (reading: Reading, rows: ReadonlyArray<readonly string[]>) => {
  const { info } = reading;
  return rowsReadAhead(reading, getNamedType(info.returnType), fieldSelections(info.fieldNodes), rows, relationsOf(info.parentType)[info.fieldName]?.reads);
};

/**
 * A memo of what a field reads, worked out once per field of a document rather than per item of a
 * list. Every item of a list, and every request of a cached document, resolves a field from the
 * same field node, with the same resolver and options, and what it reads depends on the document
 * alone (not on variables: directives are not looked at), but for pages whose arguments are
 * variables: those are worked out once per request (`Memo`). Keyed by the field's node and its
 * parent type (a field selected on an interface resolves on several), or, where fields of one name
 * were merged from several nodes (which ones can depend on the parent's type), by the merged list,
 * which graphql-js hands every item of one list.
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

/** What a field reads: for the document, or where it reads variables, per request (graphql-js hands a request's every resolver one `variableValues`). */
type Memo = { ahead: ReadAhead } | { byVariables: WeakMap<object, ReadAhead> };

function memoized(memo: FieldMemo<Memo>, info: GraphQLResolveInfo, read: (reading: Reading) => ReadAhead): ReadAhead {
  const known = memo.get(info);
  if (known && 'ahead' in known) return known.ahead;
  const ofRequest = known?.byVariables.get(info.variableValues);
  if (ofRequest) return ofRequest;
  const reading: Reading = { info, perRequest: false };
  const ahead = read(reading);
  if (!reading.perRequest) memo.set(info, { ahead });
  else if (known) known.byVariables.set(info.variableValues, ahead);
  else memo.set(info, { byVariables: new WeakMap([[info.variableValues, ahead]]) });
  return ahead;
}

const readAheads = new FieldMemo<Memo>();

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
  return memoized(byId, info, (reading) => {
    const ahead = fieldReadAhead(reading, [[]]);
    return relationsOf(info.parentType)[info.fieldName] ? { columns: ahead.columns, includes: [] } : ahead;
  });
}

const byId = new FieldMemo<Memo>();

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
  return memoized(computedRowsAheads, info, (reading) => {
    const root = { type: getNamedType(info.returnType), sets: fieldSelections(info.fieldNodes) };
    const selected = relations.flatMap(({ path, loader, idField }) => {
      const target = descend(info, root.type, root.sets, path);
      return target && target.sets.length > 0 ? [{ loader, idField, ...readAheadOf(reading, target.type, target.sets) }] : [];
    });
    return { includes: [...always, ...selected] };
  });
}

const computedRowsAheads = new FieldMemo<Memo>();

/** The row paths of a connection (connection.type.ts). */
export const CONNECTION_ROWS: ReadonlyArray<readonly string[]> = [['nodes'], ['edges', 'node']];
