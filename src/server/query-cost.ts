import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
} from 'graphql';
import { type ComplexityEstimator, getComplexity } from 'graphql-query-complexity';
import { checkFirst } from '../schema/connection.service';
import { argumentRefusedByGraphQL, BadUserInputError, ErrorCode } from '../schema/errors';

export interface QueryCostOptions {
  /** Assumed length of a list that no `first` argument bounds. */
  defaultListSize: number;
  /** Most items a list argument may hold. */
  maxListLength: number;
}

/**
 * The estimated number of fields an operation resolves, with the variables it is sent with.
 *
 * graphql-query-complexity does the walk: it applies @skip/@include with their variables (a skipped
 * selection never runs, so it costs nothing and its arguments are not checked), argument defaults,
 * fragments and inline fragments, and takes the costliest member of an interface or union. Our
 * estimator prices each field: 1, plus what is below it times its list size, the list size being
 * `first` (checked as the resolvers check it: outside 0 to 100 is BAD_USER_INPUT, so an invalid
 * `first` can neither lower the estimate nor be skipped by it), or `defaultListSize` for a list
 * nothing bounds. Introspection is free.
 *
 * One trade-off for using the library: an estimator sees only its own field's arguments, the
 * children being priced first, so a connection's `first` cannot reach down to its `edges`/`nodes`.
 * The connection's `first` therefore multiplies its whole selection, `totalCount` and `pageInfo`
 * included, and the lists directly inside a connection are not multiplied again. That overestimates
 * only the cheap page metadata (a 100-item page with both costs 601 rather than 106).
 *
 * Anything the library cannot read (variables of the wrong type, arguments that do not coerce) is
 * refused as BAD_USER_INPUT with HTTP 400, never left out of the estimate.
 */
export function estimateQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
  options: QueryCostOptions,
): number {
  try {
    return getComplexity({
      schema,
      query: document,
      operationName,
      variables,
      estimators: [fieldCostEstimator(schema, options)],
      // The shape limits, checked before validation, already bound the walk (selections times expanded spreads).
      maxQueryNodes: Number.POSITIVE_INFINITY,
    });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    // Refused before execution, so the request itself is at fault (400); a coercion error has no code of its own.
    const argumentName = argumentRefusedByGraphQL(error);
    throw new GraphQLError(error.message, {
      nodes: error.nodes,
      extensions: { code: ErrorCode.BAD_USER_INPUT, ...(argumentName ? { argumentName } : {}), ...error.extensions, http: { status: 400 } },
    });
  }
}

/** What a resolved operation's cost is estimated from: Apollo's request context after `didResolveOperation`. */
export interface ResolvedRequest {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName: string | undefined;
  /** One request's object: its cost is estimated once, whoever asks first (query limits, rate limiter). */
  request: { variables?: Record<string, unknown> };
}

const costByRequest = new WeakMap<object, number>();
/**
 * Apollo keeps one parsed document per query text, so a client repeating a query repeats the same
 * document object: its walk is kept per (operation, variables), a few per document.
 */
const costByDocument = new WeakMap<DocumentNode, Map<string, number>>();
const COSTS_PER_DOCUMENT = 64;

/** `estimateQueryCost` for one request, computed once however many plugins ask, and once per document and variables. */
export function requestCost({ schema, document, operationName, request }: ResolvedRequest, options: QueryCostOptions): number {
  let cost = costByRequest.get(request);
  if (cost !== undefined) return cost;
  const variables = request.variables ?? {};
  const key = JSON.stringify([operationName ?? null, options.defaultListSize, options.maxListLength, variables]);
  let costs = costByDocument.get(document);
  cost = costs?.get(key);
  if (cost === undefined) {
    // A refused request throws here and is not remembered: it is walked (and refused) again next time.
    cost = estimateQueryCost(schema, document, operationName, variables, options);
    if (!costs) costByDocument.set(document, (costs = new Map()));
    if (costs.size >= COSTS_PER_DOCUMENT) costs.clear();
    costs.set(key, cost);
  }
  costByRequest.set(request, cost);
  return cost;
}

const connectionsBySchema = new WeakMap<GraphQLSchema, Set<string>>();

function fieldCostEstimator(schema: GraphQLSchema, options: QueryCostOptions): ComplexityEstimator {
  let connections = connectionsBySchema.get(schema);
  if (!connections) {
    connections = connectionTypeNames(schema);
    connectionsBySchema.set(schema, connections);
  }
  const connectionTypes = connections;
  return ({ type, field, args, childComplexity }) => {
    if (type.name.startsWith('__') || field.name.startsWith('__')) return 0;
    checkListArguments(args, options.maxListLength);
    const first = args.first === undefined ? undefined : checkFirst(args.first);
    const isList = isListType(getNullableType(field.type));
    if (isList && connectionTypes.has(type.name)) return 1 + childComplexity;
    const size = first ?? (isList ? options.defaultListSize : 1);
    return 1 + size * childComplexity;
  };
}

/** Object types that a single (not list) field with a `first` argument returns: the connections. */
function connectionTypeNames(schema: GraphQLSchema): Set<string> {
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const paged = field.args.some((argument) => argument.name === 'first');
      if (paged && !isListType(getNullableType(field.type))) names.add(getNamedType(field.type).name);
    }
  }
  return names;
}

function checkListArguments(value: unknown, maxLength: number, path = ''): void {
  if (Array.isArray(value)) {
    if (value.length > maxLength) {
      throw new BadUserInputError(path, `must have at most ${maxLength} items, but has ${value.length}`, { maximum: maxLength });
    }
    value.forEach((item, index) => checkListArguments(item, maxLength, `${path}[${index}]`));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [name, inner] of Object.entries(value)) checkListArguments(inner, maxLength, path ? `${path}.${name}` : name);
}
