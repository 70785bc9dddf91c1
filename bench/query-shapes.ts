import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  parse,
} from 'graphql';
import { DEFAULT_QUERY_LIMITS } from '../src/config';
import { ENTITIES } from '../src/graph/model/model';
import { typeNameOfLabel } from '../src/schema/label-types';
import { estimateQueryCost } from '../src/server/query-cost';
import { checkQueryShape, measureQueryShape } from '../src/server/query-shape.rule';
import { SeededRandom } from '../tests/chaos/seeded-random';

/**
 * Query shapes made from the schema, as apps write them: every root field, relations two to four
 * levels deep from different roots, lists under lists, named fragments, aliases and arguments on
 * nested fields. The same seed gives the same shapes, and a field added to the schema is picked up
 * by the next run. What the schema cannot say (which ids exist, which argument values are
 * realistic) is declared here: `ROOT_ARGUMENTS` and `NESTED_ARGUMENTS`.
 */

/** An argument value as written in a document: a GraphQL literal. */
export type Literal = string;

/** One selected field: its arguments as literals, and its own selection (empty for a leaf). */
export interface Selected {
  field: string;
  alias?: string;
  args: Readonly<Record<string, Literal>>;
  /** The field's named type. */
  type: string;
  /** Whether the field is a list. */
  list: boolean;
  selections: Selected[];
  /** Its selection written as a named fragment and spread. */
  asFragment?: boolean;
  /** On an abstract type: the concrete type its selection is written for (`... on Player`). */
  on?: string;
}

export interface QueryShape {
  /** Stable and short: the root and the deepest path of relations below it. */
  name: string;
  root: Selected;
  /** The document sent to this API. */
  query: string;
  /** Levels of fields with a selection below the root. */
  depth: number;
  /** Whether a list is selected under a list. */
  listUnderList: boolean;
}

const quoted = (value: string): Literal => JSON.stringify(value);

/**
 * Realistic arguments of the root fields, a few sets each (ids of the shipped data sets), beside
 * those `rootArguments` derives. The unit tests fail when a root field of the schema has none. `on` is the concrete type a root
 * returning an interface answers for those arguments.
 */
export const ROOT_ARGUMENTS: Readonly<Record<string, ReadonlyArray<{ args: Record<string, Literal>; on?: string }>>> = {
  assistCoverage: [{ args: { filter: '{ tournamentYears: [2014, 2018, 2022] }' } }, { args: {} }],
  assists: [{ args: { first: '20', filter: '{ tournamentYears: [2018, 2022] }' } }, { args: { first: '30' } }],
  claims: [{ args: {} }],
  coach: [{ args: { id: quoted('lionel-scaloni') } }, { args: { id: quoted('didier-deschamps') } }],
  goal: [{ args: { id: quoted('wc-2022-men-final-argentina-v-france-goal-1') } }],
  headToHead: [{ args: { teamA: quoted('argentina-men'), teamB: quoted('germany-men') } }, { args: { teamA: quoted('brazil-men'), teamB: quoted('italy-men') } }],
  leaders: [{ args: { metric: 'GOALS', first: '10' } }, { args: { metric: 'APPEARANCES', first: '15' } }],
  match: [{ args: { id: quoted('wc-2022-men-final-argentina-v-france') } }, { args: { id: quoted('wc-2014-men-final-argentina-v-germany') } }],
  matches: [
    { args: { filter: '{ teams: ["brazil-men"] }', first: '30' } },
    { args: { filter: '{ tournamentYears: [2014] }', first: '25' } },
    { args: { filter: '{ teams: ["germany-men"], tournamentYears: [2006, 2010, 2014] }', first: '20' } },
  ],
  node: [{ args: { id: quoted('lionel-messi') }, on: 'Player' }, { args: { id: quoted('wc-2022-men-final-argentina-v-france') }, on: 'Match' }],
  path: [{ args: { from: quoted('lionel-messi'), to: quoted('harry-kane') } }],
  player: [{ args: { id: quoted('lionel-messi') } }, { args: { id: quoted('kylian-mbappe') } }, { args: { name: quoted('Miroslav Klose') } }],
  players: [{ args: { filter: '{ team: "france-men", tournamentYears: [2018] }', first: '25' } }, { args: { first: '20' } }],
  search: [{ args: { text: quoted('ronaldo'), first: '10' } }],
  source: [{ args: { id: quoted('fjelstul-worldcup') } }],
  team: [{ args: { id: quoted('argentina-men') } }, { args: { id: quoted('france-men') } }, { args: { name: quoted('Brazil') } }],
  teams: [{ args: { first: '30' } }, { args: { filter: '{ confederation: "CONMEBOL" }', first: '10' } }],
  tournament: [{ args: { year: '2014' } }, { args: { year: '2022' } }, { args: { year: '2019', gender: 'WOMEN' } }],
  tournaments: [{ args: { first: '10' } }, { args: { filter: '{ gender: MEN }', first: '5' } }],
  venue: [{ args: { id: quoted('estadio-do-maracana') } }],
};

/**
 * The arguments of root field `field`: those declared in `ROOT_ARGUMENTS`; none for a field without
 * arguments (`sources`); for a look-up by id alone (`referee(id: ID!)`), one set per id model.ts
 * gives as an example of its type's label.
 */
export function rootArguments(field: GraphQLField<unknown, unknown>): ReadonlyArray<{ args: Record<string, Literal> }> | undefined {
  const declared = ROOT_ARGUMENTS[field.name];
  if (declared) return declared;
  if (field.args.length === 0) return [{ args: {} }];
  if (field.args.length !== 1 || field.args[0]!.name !== 'id') return undefined;
  const type = getNamedType(field.type).name;
  const examples = ENTITIES.find((entity) => typeNameOfLabel(entity.label) === type)?.idExamples ?? [];
  const ids = examples.filter((id) => !id.startsWith('...'));
  return ids.length > 0 ? ids.map((id) => ({ args: { id: quoted(id) } })) : undefined;
}

/** Values for arguments of nested fields, by argument name; an argument without one keeps its default. */
export const NESTED_ARGUMENTS: Readonly<Record<string, readonly Literal[]>> = {
  first: ['3', '5', '10'],
  tournamentYears: ['[2022]', '[2014, 2018]', '[2006, 2010, 2014]'],
  includeOwnGoals: ['true', 'false'],
  // Names, not ids: a women's team's opponent is then the women's team of that name.
  opponent: [quoted('Brazil'), quoted('Germany')],
};

/** Fields the generator leaves out, with why. */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  'Claim.check': 'recomputes the claim over the whole graph: a page shows one, not a list of them',
  'WorldCupStats.assistCoverage': 'recomputes a tournament\'s assist coverage for every row',
  'Query.changes': 'the audit trail of writes answers editors only, and the bench sends no token',
};

/**
 * Provenance, on every entity: a side relation of a shape, one level at most, never its deep path
 * (otherwise most shapes would be sources of sources, which no page shows).
 */
const PROVENANCE = new Set(['sources', 'disputes', 'claims']);

/** The seed of `npm run bench`'s shapes: the same every run, so runs compare. */
export const SHAPES_DEFAULT_SEED = 20_261_206;

/** The shapes a run makes at least, and the relation depths it aims at below the root. */
export const MIN_SHAPES = 24;
const DEPTHS = [2, 3, 4] as const;
/** Per level, at most this many leaves and relations: keeps shapes within the API's cost limit. */
const MAX_LEAVES = 4;
const MAX_RELATIONS = 2;

/** The list size the API's cost estimate assumes where no `first` bounds a list (src/server/query-limits.plugin.ts). */
const DEFAULT_LIST_SIZE = 10;

const isList = (type: GraphQLOutputType): boolean => isListType(isNonNullType(type) ? type.ofType : type);
const isComposite = (type: GraphQLNamedType) => !isLeafType(type);

/** Up to `count` of `items`, in the order drawn. */
function sample<T>(random: SeededRandom, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const taken: T[] = [];
  while (taken.length < count && pool.length > 0) taken.push(pool.splice(Math.floor(random.next() * pool.length), 1)[0]!);
  return taken;
}

class Generator {
  private aliases = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly random: SeededRandom,
    private readonly allow: (type: string, field: string) => boolean,
  ) {}

  /** Whether every required argument of `field` has a value here, and the field is not left out. */
  private selectable(owner: string, field: GraphQLField<unknown, unknown>): boolean {
    if (LEFT_OUT[`${owner}.${field.name}`] || !this.allow(owner, field.name)) return false;
    return field.args.every((arg) => !isNonNullType(arg.type) || arg.defaultValue !== undefined || NESTED_ARGUMENTS[arg.name] !== undefined);
  }

  private argsFor(field: GraphQLField<unknown, unknown>): Record<string, Literal> {
    const args: Record<string, Literal> = {};
    for (const arg of field.args) {
      const values = NESTED_ARGUMENTS[arg.name];
      const required = isNonNullType(arg.type) && arg.defaultValue === undefined;
      const type = getNamedType(arg.type);
      if (values && (required || this.random.chance(0.5))) args[arg.name] = this.random.pick(values);
      else if (isEnumType(type) && this.random.chance(0.3)) args[arg.name] = this.random.pick(type.getValues()).name;
    }
    return args;
  }

  /** The object type a selection on `type` is written for: itself, or one implementation of an interface. */
  private concrete(type: GraphQLNamedType, on?: string): GraphQLObjectType | undefined {
    if (isObjectType(type)) return type;
    if (!isAbstractType(type)) return undefined;
    const possible = this.schema.getPossibleTypes(type);
    return (on && possible.find((t) => t.name === on)) || this.random.pick(possible);
  }

  /** A few leaves of `type` and, while `depthToGo` > 0, relations: the first as deep as that, the others shallower. */
  private selection(type: GraphQLNamedType, depthToGo: number, on?: string): Pick<Selected, 'selections' | 'on'> {
    const object = this.concrete(type, on);
    if (!object) return { selections: [] };
    const fields = Object.values(object.getFields()).filter((field) => this.selectable(object.name, field));
    const leaves = fields.filter((field) => !isComposite(getNamedType(field.type)));
    const relations = fields.filter((field) => isComposite(getNamedType(field.type)));
    const selections: Selected[] = sample(this.random, leaves, this.random.int(1, MAX_LEAVES)).map((field) => ({
      field: field.name, args: this.argsFor(field), type: getNamedType(field.type).name, list: isList(field.type), selections: [],
    }));
    const football = relations.filter((field) => !PROVENANCE.has(field.name));
    if (depthToGo > 0 && football.length > 0) {
      // The deep relation leads somewhere: to a type with relations of its own, where there is one.
      const onward = football.filter((field) => {
        const next = getNamedType(field.type);
        return isObjectType(next) && Object.values(next.getFields()).some((f) => !PROVENANCE.has(f.name) && isComposite(getNamedType(f.type)));
      });
      const deep = this.random.pick(depthToGo > 1 && onward.length > 0 ? onward : football);
      selections.push(this.relation(deep, depthToGo - 1));
      const others = relations.filter((field) => field !== deep && (!PROVENANCE.has(field.name) || this.random.chance(0.3)));
      for (const field of sample(this.random, others, this.random.int(0, MAX_RELATIONS - 1))) {
        selections.push(this.relation(field, PROVENANCE.has(field.name) ? 0 : this.random.int(0, depthToGo - 1)));
      }
    }
    if (selections.length === 0) selections.push({ field: '__typename', args: {}, type: 'String', list: false, selections: [] });
    return { selections, ...(isAbstractType(type) && { on: object.name }) };
  }

  relation(field: GraphQLField<unknown, unknown>, depthToGo: number, args = this.argsFor(field), on?: string): Selected {
    const type = getNamedType(field.type);
    const selected: Selected = { field: field.name, args, type: type.name, list: isList(field.type), ...this.selection(type, depthToGo, on) };
    if (this.random.chance(0.25)) selected.asFragment = true;
    // Apps rename fields for their components.
    if (this.random.chance(0.2)) selected.alias = `${field.name}${++this.aliases}`;
    return selected;
  }
}

/** Levels of selections below `selected`. */
const depthOf = (selected: Selected): number =>
  selected.selections.reduce((deepest, child) => Math.max(deepest, child.selections.length > 0 ? 1 + depthOf(child) : 0), 0);

const hasListUnderList = (selected: Selected, underList = false): boolean =>
  selected.selections.some((child) => (child.list && underList && child.selections.length > 0) || hasListUnderList(child, underList || selected.list || child.list));

/** The path of fields to the deepest level, for the shape's name. */
function deepestPath(selected: Selected): string[] {
  const deepest = selected.selections.filter((child) => child.selections.length > 0).sort((a, b) => depthOf(b) - depthOf(a))[0];
  return deepest ? [deepest.field, ...deepestPath(deepest)] : [];
}

/** Whether the API accepts `query`: its shape and cost within the default limits (src/server/query-limits.plugin.ts). */
export function withinLimits(schema: GraphQLSchema, query: string): boolean {
  const document = parse(query);
  const cost = estimateQueryCost(schema, document, undefined, {}, { defaultListSize: DEFAULT_LIST_SIZE, maxListLength: DEFAULT_QUERY_LIMITS.maxListLength });
  return checkQueryShape(measureQueryShape(document), DEFAULT_QUERY_LIMITS) === undefined && cost <= DEFAULT_QUERY_LIMITS.maxCost;
}

/** `selected` written as a document: named fragments after the operation. */
export function documentOf(root: Selected): string {
  const fragments: string[] = [];
  const write = (selected: Selected): string => {
    const args = Object.entries(selected.args).map(([name, value]) => `${name}: ${value}`);
    const head = `${selected.alias ? `${selected.alias}: ` : ''}${selected.field}${args.length > 0 ? `(${args.join(', ')})` : ''}`;
    if (selected.selections.length === 0) return head;
    let body = selected.selections.map(write).join(' ');
    if (selected.asFragment) {
      const name = `${selected.on ?? selected.type}Part${fragments.length + 1}`;
      fragments.push(`fragment ${name} on ${selected.on ?? selected.type} { ${body} }`);
      body = `...${name}`;
    }
    return `${head} { ${selected.on ? `__typename ... on ${selected.on} { ${body} }` : body} }`;
  };
  const operation = `query { ${write(root)} }`;
  return [operation, ...fragments].join('\n');
}

/** Which shapes to make: of fields `allow` lets through, each shape passing `accept`. */
export interface ShapeOptions {
  /** Whether `type`'s field `field` may be selected (`Query` for root fields). */
  allow?: (type: string, field: string) => boolean;
  /** Whether a shape is kept; one that is not is drawn again. */
  accept?: (shape: QueryShape) => boolean;
  /** Prefix of the shapes' names. */
  prefix?: string;
}

/** Draws of a root's shape before giving up on that root: `accept` may refuse all its argument sets. */
const MAX_DRAWS = 200;

/**
 * At least `MIN_SHAPES` shapes (one per allowed root field, when there are more): one per root
 * field first, at depths 2, 3, 4 in turn, then from the roots that return pages or nodes holding
 * lists, each with a list under a list. Deterministic for a seed, a schema and options.
 */
export function generateShapes(schema: GraphQLSchema, seed: number, { allow = () => true, accept = () => true, prefix = 's' }: ShapeOptions = {}): QueryShape[] {
  const random = new SeededRandom(seed);
  const generator = new Generator(schema, random, allow);
  const rootFields = Object.values(schema.getQueryType()!.getFields()).sort((a, b) => a.name.localeCompare(b.name));
  const missing = rootFields.filter((field) => !rootArguments(field) && !LEFT_OUT[`Query.${field.name}`]);
  if (missing.length > 0) throw new Error(`bench/query-shapes.ts has no arguments for the root fields ${missing.map((f) => f.name).join(', ')}`);
  const roots = rootFields.filter((field) => allow('Query', field.name) && !LEFT_OUT[`Query.${field.name}`]);
  const shapeOf = (field: GraphQLField<unknown, unknown>, depth: number, wanted = (_: QueryShape) => true): QueryShape | undefined => {
    // A shape over the API's limits would be refused, not measured: drawn again, as one `accept` refuses.
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const { args, on } = random.pick<{ args: Record<string, Literal>; on?: string }>(rootArguments(field)!);
      const root = generator.relation(field, depth, args, on);
      delete root.alias;
      const query = documentOf(root);
      const shape = { name: '', root, query, depth: depthOf(root), listUnderList: hasListUnderList(root) };
      if (withinLimits(schema, query) && accept(shape) && wanted(shape)) return shape;
    }
    return undefined;
  };
  const shapes = roots.flatMap((field, i) => shapeOf(field, DEPTHS[i % DEPTHS.length]!) ?? []);
  const listRoots = roots.filter((field) => LIST_ROOTS.includes(field.name));
  for (let attempts = 0; listRoots.length > 0 && shapes.length < Math.max(MIN_SHAPES, roots.length + 6) && attempts < MAX_DRAWS; attempts++) {
    const shape = shapeOf(random.pick(listRoots), random.pick([3, 4]), (drawn) => drawn.listUnderList && drawn.depth >= 3);
    if (shape) shapes.push(shape);
  }
  return shapes.map((shape, i) => ({ ...shape, name: `${prefix}${String(i + 1).padStart(2, '0')} ${[shape.root.field, ...deepestPath(shape.root)].join(' > ')}` }));
}

/** Roots returning pages, or a node with lists below it: where lists under lists start. */
const LIST_ROOTS = ['matches', 'players', 'teams', 'tournaments', 'team', 'player', 'tournament', 'coach', 'venue'];
