import { Kind, parse, print, type ObjectTypeDefinitionNode } from 'graphql';
import { NEO4J_GRAPHQL_TYPE_DEFS } from './neo4j-graphql-type-defs';
import { type PeerQuery, worldCupMatches } from './peer-queries';
import type { Literal, QueryShape, Selected } from './query-shapes';

/**
 * A generated shape (query-shapes.ts) asked of @neo4j/graphql, where its type definitions
 * (neo4j-graphql-type-defs.ts) can express it: every field the shape selects exists there under
 * the same name (on the type `TYPE_NAMES` gives), no field has arguments beyond those translated
 * here, and no interface is selected. Lists are compared as sets: every peer's answer has each
 * list sorted before the comparison (an order the query defines is checked by the hand-written five).
 */

type Json = Record<string, unknown>;

/** This API's type names that @neo4j/graphql's type definitions spell otherwise (after the label). */
const TYPE_NAMES: Readonly<Record<string, string>> = { TournamentEntry: 'Entry' };

/** Fields of each @neo4j/graphql type, from its type definitions. */
const NEO4J_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  parse(NEO4J_GRAPHQL_TYPE_DEFS)
    .definitions.filter((definition): definition is ObjectTypeDefinitionNode => definition.kind === Kind.OBJECT_TYPE_DEFINITION)
    .map((definition) => [definition.name.value, new Set((definition.fields ?? []).map((field) => field.name.value))]),
);

/** A field as @neo4j/graphql asks for it: its name and arguments, whether a to-one relation (a list there), a page's rows. */
interface Translated {
  field: string;
  args: string;
  /** This API's field is one node; @neo4j/graphql's a list of at most one. */
  one?: boolean;
}

const whereId = (plural: string) => (args: Readonly<Record<string, Literal>>): Translated | undefined =>
  Object.keys(args).length === 1 && args.id ? { field: plural, args: `where: { id: { eq: ${args.id} } }`, one: true } : undefined;

const matchesOf = (teams: string) => `{ OR: [{ homeTeam: { some: { id: { in: ${teams} } } } }, { awayTeam: { some: { id: { in: ${teams} } } } }] }`;

/** The parts of a root filter literal (`{ teams: [...], tournamentYears: [...] }`) as literals by name. */
function filterOf(literal: string | undefined): Record<string, string> | undefined {
  if (!literal) return {};
  const parsed = parse(`{ f(x: ${literal}) }`).definitions[0];
  if (parsed?.kind !== Kind.OPERATION_DEFINITION) return undefined;
  const field = parsed.selectionSet.selections[0];
  if (field?.kind !== Kind.FIELD) return undefined;
  const value = field.arguments?.[0]?.value;
  if (value?.kind !== Kind.OBJECT) return undefined;
  return Object.fromEntries(value.fields.map((f) => [f.name.value, print(f.value)]));
}

/** Pages: @neo4j/graphql's list sorted as this API sorts the page, cut to `first`. */
function page(plural: string, sort: string, where: (filter: Record<string, string>) => string[] | undefined) {
  return (args: Readonly<Record<string, Literal>>): Translated | undefined => {
    const filter = filterOf(args.filter);
    const conditions = filter && where(filter);
    if (!conditions || Object.keys(args).some((name) => !['filter', 'first'].includes(name))) return undefined;
    const whereArg = conditions.length > 0 ? `where: { AND: [${conditions.join(', ')}] }, ` : '';
    return { field: plural, args: `${whereArg}sort: ${sort}, limit: ${args.first ?? '20'}` };
  };
}

/** Root fields @neo4j/graphql answers from its generated queries, by this API's name. */
const ROOTS: Readonly<Record<string, (args: Readonly<Record<string, Literal>>) => Translated | undefined>> = {
  match: whereId('matches'),
  player: whereId('players'),
  team: whereId('teams'),
  coach: whereId('coaches'),
  goal: whereId('goals'),
  venue: whereId('venues'),
  tournament: (args) =>
    Object.keys(args).every((name) => ['year', 'gender'].includes(name))
      ? { field: 'tournaments', args: `where: { year: { eq: ${args.year} }, gender: { eq: "${args.gender ?? 'MEN'}" } }`, one: true }
      : undefined,
  matches: page('matches', '[{ date: ASC }, { id: ASC }]', ({ teams, tournamentYears, ...rest }) =>
    Object.keys(rest).length > 0 ? undefined : [
      ...(teams ? [matchesOf(teams)] : []),
      // World Cup matches, as this API's page reads unless a competition is named.
      worldCupMatches(tournamentYears),
    ]),
  players: page('players', '[{ name: ASC }, { id: ASC }]', ({ team, tournamentYears, ...rest }) =>
    Object.keys(rest).length > 0 ? undefined : team || tournamentYears ? [
      `{ entries: { some: { ${team ? `team: { some: { id: { eq: ${team} } } }, ` : ''}${tournamentYears ? `tournament: { some: { year: { in: ${tournamentYears} } } }` : ''} } } }`,
    ] : []),
  teams: page('teams', '[{ name: ASC }, { id: ASC }]', ({ confederation, ...rest }) =>
    Object.keys(rest).length > 0 ? undefined : confederation ? [`{ confederation: { eq: ${confederation} } }`] : []),
  tournaments: page('tournaments', '[{ year: ASC }, { id: ASC }]', ({ gender, ...rest }) =>
    Object.keys(rest).length > 0 ? undefined : gender ? [`{ gender: { eq: "${gender}" } }`] : []),
};

/**
 * Nested fields with arguments, by `Type.field`: @neo4j/graphql's arguments for this API's. A
 * player's goals leave out own goals unless asked for, as this API's do.
 */
const NESTED: Readonly<Record<string, (args: Readonly<Record<string, Literal>>) => string | undefined>> = {
  'Player.goals': ({ includeOwnGoals, tournamentYears, ...rest }) => {
    if (Object.keys(rest).length > 0) return undefined;
    const conditions = [
      ...(includeOwnGoals === 'true' ? [] : ['{ NOT: { ownGoal: { eq: true } } }']),
      `{ match: { some: ${worldCupMatches(tournamentYears)} } }`,
    ];
    return conditions.length > 0 ? `where: { AND: [${conditions.join(', ')}] }` : '';
  },
  'Team.matches': ({ first, ...rest }) => (Object.keys(rest).length > 0 ? undefined : `first: ${first ?? '20'}`),
  'Tournament.matches': ({ first, ...rest }) => (Object.keys(rest).length > 0 ? undefined : `first: ${first ?? '20'}`),
  'Venue.matches': ({ first, ...rest }) => (Object.keys(rest).length > 0 ? undefined : `first: ${first ?? '20'}`),
};

const CONNECTIONS = new Set(['MatchConnection', 'PlayerConnection', 'TeamConnection', 'TournamentConnection']);

/** Whether @neo4j/graphql has this API's field `field` of `type` (`Query` for root fields), arguments aside. */
export function neo4jGraphqlHas(type: string, field: string): boolean {
  if (type === 'Query') return ROOTS[field] !== undefined;
  if (CONNECTIONS.has(type)) return field === 'nodes' || field === 'edges';
  if (type.endsWith('Edge') && CONNECTIONS.has(type.replace(/Edge$/, 'Connection'))) return field === 'node';
  return NEO4J_FIELDS.get(TYPE_NAMES[type] ?? type)?.has(field) ?? false;
}
const keyOf = (selected: Selected) => selected.alias ?? selected.field;

/** @neo4j/graphql's selection for `selected`'s own selections on `type` (this API's name), or undefined. */
function selectionOn(type: string, selections: readonly Selected[]): string | undefined {
  const fields = NEO4J_FIELDS.get(TYPE_NAMES[type] ?? type);
  if (!fields) return undefined;
  const written: string[] = [];
  for (const selected of selections) {
    if (selected.on || !fields.has(selected.field)) return undefined;
    const translate = NESTED[`${type}.${selected.field}`];
    const args = translate ? translate(selected.args) : Object.keys(selected.args).length === 0 ? '' : undefined;
    if (args === undefined) return undefined;
    const inner = selected.selections.length === 0 ? '' : connectionOrType(selected);
    if (inner === undefined) return undefined;
    written.push(`${keyOf(selected)}: ${selected.field}${args ? `(${args})` : ''}${inner}`);
  }
  return ` { ${written.join(' ')} }`;
}

/** The selection below `selected`: a page's `nodes` or `edges { node }` become the list itself. */
function connectionOrType(selected: Selected): string | undefined {
  if (!CONNECTIONS.has(selected.type)) return selectionOn(selected.type, selected.selections);
  const rows = rowsOfPage(selected);
  return rows && selectionOn(rows.type, rows.selections);
}

/** A page whose selection is only `nodes` (or only `edges { node }`), once: its rows' type and selection. */
function rowsOfPage(selected: Selected): { type: string; selections: Selected[]; via: 'nodes' | 'edges'; key: string; nodeKey?: string } | undefined {
  const [only, ...more] = selected.selections;
  if (!only || more.length > 0 || only.on) return undefined;
  if (only.field === 'nodes') return { type: only.type, selections: only.selections, via: 'nodes', key: keyOf(only) };
  const [node, ...others] = only.field === 'edges' ? only.selections : [];
  if (!node || others.length > 0 || node.field !== 'node') return undefined;
  return { type: node.type, selections: node.selections, via: 'edges', key: keyOf(only), nodeKey: keyOf(node) };
}

/** @neo4j/graphql's answer in this API's shape: to-one lists as their element, pages around their rows. */
function toApiShape(selected: Selected, value: unknown): unknown {
  if (value == null || selected.selections.length === 0) return value;
  if (CONNECTIONS.has(selected.type)) {
    const rows = rowsOfPage(selected)!;
    const inner = { ...selected, type: rows.type, selections: rows.selections, list: true };
    const items = toApiShape(inner, value) as unknown[];
    return { [rows.key]: rows.via === 'nodes' ? items : items.map((item) => ({ [rows.nodeKey!]: item })) };
  }
  if (Array.isArray(value) && !selected.list) return toApiShape(selected, value[0] ?? null);
  if (Array.isArray(value)) return value.map((item) => toApiShape(selected, item));
  const object = value as Json;
  return Object.fromEntries(selected.selections.map((child) => [keyOf(child), toApiShape(child, object[keyOf(child)])]));
}

/** Every list sorted by its items' JSON, items first: lists as sets. */
function listsAsSets(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(listsAsSets).map((item) => [JSON.stringify(item), item] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, listsAsSets(field)]));
}

/** `shape` as a bench query: its @neo4j/graphql form where one exists, else only this API's. */
export function shapeQuery(shape: QueryShape): PeerQuery & { neo4jGraphqlExpressible: boolean } {
  const { root } = shape;
  const translated = ROOTS[root.field]?.(root.args);
  const selection = translated && (CONNECTIONS.has(root.type) ? connectionOrType(root) : selectionOn(root.type, root.selections));
  const neo4jGraphqlQuery = translated && selection ? `query { ${root.field}: ${translated.field}(${translated.args})${selection} }` : undefined;
  return {
    name: shape.name,
    api: { query: shape.query, variables: {} },
    neo4jGraphql: { query: neo4jGraphqlQuery ?? '', variables: {} },
    cypher: { statement: '', params: {} },
    neo4jGraphqlExpressible: neo4jGraphqlQuery !== undefined,
    fromNeo4jGraphql: (data) => ({ [root.field]: toApiShape({ ...root, list: !translated?.one && root.list }, data[root.field]) }),
    normalise: (data) => listsAsSets(data) as Json,
  };
}
