import { createHash } from 'node:crypto';
import { lookAheadCompileDuration } from '../../../metrics';

/**
 * Look-ahead: a loader's statement that also reads, in the same round trip, what the resolvers of
 * its rows' relations are about to ask for (a page of matches with their goals, the goals with
 * their scorers), so that those loaders are primed instead of sending a statement per level.
 * The included relations come from the GraphQL selection (src/schema/selection-read-ahead.ts), so the number
 * of statements still depends on the query's shape only. Static text only: loader names and fields
 * come from the schema's relation table, never from a request.
 */

/** A loader's statement, as another statement embeds it. */
export interface EmbeddableStatement {
  /** Starts with `UNWIND $ids.items AS id` and returns `key` and `value` (batched-loader.ts). */
  cypher: string;
  /** The field of each value that holds its rows (a page's `nodes`); without it, the value is the row. */
  rowsField?: string;
  /** Set when each row is a list of values rather than a map: the field each position holds (projections.ts, `RowProjection`). */
  columns?: readonly string[];
  /** The nodes its statement has bound where it projects a row, by the row's field holding their id. */
  binds?: Readonly<Record<string, Binding>>;
  /** `one` when it returns at most one row per key (a node by id): nothing to group (`groupedByKey`). */
  arity?: Arity;
}

export type Arity = 'one' | 'many';

/**
 * A node bound to `variable` where a statement projects its rows (a line-up's player `p`), which
 * `loader` (a look-up by id with a row projection) would read for the id in the row. An include of
 * that loader with nothing below it is then read in place, as one more element of the parent's row
 * list, rather than by a subquery seeking every id again: the 40-match page's 331 players took
 * Neo4j 1.9-2.1 ms of CPU per request as a subquery, and next to nothing as properties of `p`.
 */
export interface Binding {
  variable: string;
  loader: string;
}

/** Whether `include` is read in place in its parent's rows (`Binding`), under `inPlaceColumn`, rather than as a list of its own. */
export function readInPlace(parent: EmbeddableStatement, include: Include): boolean {
  const binding = parent.binds?.[include.idField];
  return binding !== undefined && binding.loader === include.loader && !include.idList && !include.page && include.includes.length === 0;
}

/** The column of a parent's row holding the row of an include read in place. `@` is in no field's name. */
export const inPlaceColumn = (include: Include): string => `@${include.idField}`;

/**
 * What a loader reads for the rows a resolver asked for: the columns of the rows that the selection
 * (and the resolver itself) reads, and the relations to read ahead.
 */
export interface ReadAhead {
  /** Row fields read; unset, the whole row. batched-loader.ts keeps the whole row where one is not a column. */
  columns?: readonly string[];
  includes: readonly Include[];
}

/** Read the `loader`'s values for the `idField` of each row, with their own columns and includes. */
export interface Include extends ReadAhead {
  loader: string;
  idField: string;
  /** Set when `idField` holds a list of ids (an assist link's `goalIds`) rather than one. */
  idList?: true;
  /** Set when the loader is keyed by a query naming the row (a venue's page of matches) rather than by its id. */
  page?: PageOfRow;
}

/**
 * A query per row (page.loaders.ts): `query`'s parameters, every one present, with the row's id in
 * `parentParam` (as a one-element list with `parentList`). The query's values are the client's,
 * so the statement takes them as a parameter; only the names are its text.
 */
export interface PageOfRow {
  query: Readonly<Record<string, unknown>>;
  parentParam: string;
  parentList?: true;
}

/** A loader key made of query parameters: the parameters, and their JSON as the cache key. */
export const paramsKey = <P extends object>(params: P): P & { key: string } => ({ ...params, key: JSON.stringify(params) });

/** The loader key of `page` for the row `id`: the key its field's resolver loads. */
export const pageKeyOf = ({ query, parentParam, parentList }: PageOfRow, id: string) =>
  paramsKey({ ...query, [parentParam]: parentList ? [id] : id });

/** The ids an include reads for one row of its parent: none, one, or a list's. */
export function includedIds(row: Record<string, unknown>, include: Include): unknown[] {
  const id = row[include.idField];
  return include.idList ? ((id as unknown[] | null) ?? []) : [id];
}

const UNWIND_IDS = /^\s*UNWIND \$ids\.items AS id\b/;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Ends a statement returning `key` and `value` rows: their values grouped by key, in their order,
 * as a list `name` of `{key, values}`. A key once per group rather than once per row: a coach's
 * matches' substitutions came to 14.6 kB over Bolt, most of it each substitution's match id.
 */
const groupedByKey = (name: string, clause: 'WITH' | 'RETURN', arity?: Arity) =>
  arity === 'one'
    ? `${clause} collect({key: key, values: [value]}) AS ${name}`
    : `WITH key, collect(value) AS values\n${clause} collect({key: key, values: values}) AS ${name}`;

/**
 * The rows in `found` (`groupedByKey`), flattened through `rowsField`. Not `reduce` with `+`: each
 * step copies the list, and Neo4j counts every copy against the transaction's memory (a page of 40
 * matches' appearances then took tens of MiB).
 */
const rowsOf = (found: string, rowsField?: string) =>
  `COLLECT { UNWIND ${found} AS entry UNWIND entry.values AS value ${rowsField ? `UNWIND value.${rowsField} AS row RETURN row` : 'RETURN value'} }`;

/** Cypher reading `field` of `row`, a map or, with `columns`, a list. */
function fieldOf(row: string, field: string, columns: readonly string[] | undefined, loader: string): string {
  if (!columns) return `${row}.${field}`;
  const index = columns.indexOf(field);
  if (index < 0) throw new Error(`look-ahead reads ${field} of ${loader}'s rows, which have only: ${columns.join(', ')}`);
  return `${row}[${index}]`;
}

function embeddable(statement: EmbeddableStatement, loader: string): EmbeddableStatement {
  if (!UNWIND_IDS.test(statement.cypher)) {
    throw new Error(`look-ahead embeds statements starting with "UNWIND $ids.items AS id", but ${loader}'s starts: ${statement.cypher.trim().slice(0, 40)}`);
  }
  return statement;
}

/**
 * The clause binding `id` to each key an include reads for `parentRows`, where its statement had
 * `UNWIND $ids.items AS id`: the distinct non-null ids, or for a page the query naming each id, keyed by
 * that id (the priming works out the loader's key: `pageKeyOf`), its parameters `$param`.
 */
function idsClause(parentRows: string, id: string, include: Include, param: string): string {
  if (include.idList) return `UNWIND ${parentRows} AS parentRow UNWIND ${id} AS listedId WITH DISTINCT listedId AS id WHERE id IS NOT NULL`;
  const distinct = `UNWIND ${parentRows} AS parentRow WITH DISTINCT ${id} AS id WHERE id IS NOT NULL`;
  if (!include.page) return distinct;
  const { parentParam, parentList } = include.page;
  if (!IDENTIFIER.test(parentParam)) throw new Error(`look-ahead page parameter must be an identifier, but got: ${parentParam}`);
  return `${distinct}\nWITH id, $${param} AS pageQuery\nWITH pageQuery {.*, ${parentParam}: ${parentList ? '[id]' : 'id'}, key: id} AS id`;
}

/**
 * `root` (which must keep its `UNWIND $ids.items AS id`) with `includes` read after it, and the
 * parameters the statement takes beside `$ids` (the queries of pages). It returns one
 * `{list, keys, values}` record per list, each in its statement's order: list 0 the root's rows,
 * list i the rows of the i-th include in the depth-first order of `includes`. Each include asks its
 * loader's statement (`statementOf`, cut to the include's columns) for the distinct non-null
 * `idField` values of the rows it hangs from. An include its parent reads in place (`readInPlace`)
 * has no list: `root` and `statementOf` give the statements with their rows extended already.
 */
export function lookAheadStatement(
  root: EmbeddableStatement,
  includes: readonly Include[],
  statementOf: (include: Include) => EmbeddableStatement,
): { cypher: string; params: Record<string, unknown> } {
  const clauses: string[] = [];
  const included: string[] = [];
  const params: Record<string, unknown> = {};
  const visit = (parentRows: string, parent: EmbeddableStatement, parentName: string, include: Include) => {
    // Its parent's statement, as the caller gives it, reads it already.
    if (readInPlace(parent, include)) return;
    if (!IDENTIFIER.test(include.idField)) throw new Error(`look-ahead id field must be an identifier, but got: ${include.idField}`);
    const child = embeddable(statementOf(include), include.loader);
    const name = `included${included.length + 1}`;
    included.push(name);
    const id = fieldOf('parentRow', include.idField, parent.columns, parentName);
    const param = `${name}Query`;
    if (include.page) params[param] = include.page.query;
    const ids = idsClause(parentRows, id, include, param);
    clauses.push(
      `CALL (${parentRows}) {\n  CALL (${parentRows}) {\n${child.cypher.replace(UNWIND_IDS, ids)}\n  }\n` +
        `  ${groupedByKey(name, 'RETURN', child.arity).replaceAll('\n', '\n  ')}\n}`,
    );
    if (include.includes.length === 0) return;
    const rows = `${name}Rows`;
    clauses.push(`WITH *, ${rowsOf(name, child.rowsField)} AS ${rows}`);
    for (const nested of include.includes) visit(rows, child, include.loader, nested);
  };
  for (const include of includes) visit('rootRows', root, 'the root', include);
  const cypher = [
    `CALL () {\n${embeddable(root, 'the root').cypher}\n}`,
    groupedByKey('results', 'WITH', root.arity),
    `WITH results, ${rowsOf('results', root.rowsField)} AS rootRows`,
    ...clauses,
    // One record per list, its keys and its values side by side. A record per row cost Neo4j and
    // the driver a record each: the 40-match page took 12.2 ms of Neo4j's CPU and 4.4 ms of the
    // driver's, against 8.8 and 2.9 ms (the career's 0.86 and 0.53 against 0.75 and 0.47). One
    // record of every list, as maps of key and value, had taken the driver twice as long as a
    // record per row (each map's keys decoded anew).
    `UNWIND range(0, ${included.length}) AS list`,
    `WITH list, [results, ${included.join(', ')}][list] AS entries`,
    'RETURN list, [entry IN entries | entry.key] AS keys, [entry IN entries | entry.values] AS values',
  ].join('\n');
  return { cypher, params };
}

/** A stable name for an include set: loaders keep one variant per set they were asked with. */
export const includesKey = (includes: readonly Include[]): string => JSON.stringify(includes);

/**
 * Statements read ahead per process, at most. Each distinct root and include set is a statement
 * Neo4j compiles on its first run: a second of its CPU for a page of matches with their goals,
 * line-ups and coaches (measured on the bench's machine), where a loader's own statement compiles
 * in milliseconds. Clients choose the selections, so past this many shapes a new one is not read
 * ahead: its levels are read one by one, as without look-ahead, and the shapes already seen keep
 * their compiled plans (Neo4j caches 1,000 by default).
 */
export const MAX_LOOK_AHEAD_SHAPES = 500;

/**
 * A shape is compiled once this many requests have asked for it. Apps send the same documents
 * again and again, so their shapes are compiled by their second request; a selection made up once
 * (a user trying things in the playground, the fuzz suite's random ones) is read level by level and
 * costs Neo4j no compilation. Compiling on first sight, the long fuzz run compiled 157 one-off
 * shapes, 612 s of compilation between them, and /health/live answered in up to 440 ms.
 */
export const LOOK_AHEAD_AFTER_REQUESTS = 2;

/**
 * Shapes asked for fewer times than that, with their count, by a digest of their text (a statement
 * can be 15 kB, and most shapes seen once are never seen again); bounded, the oldest forgotten first.
 */
const sightings = new Map<string, number>();
const MAX_SIGHTINGS = 4 * MAX_LOOK_AHEAD_SHAPES;
const digest = (planKey: string) => createHash('sha256').update(planKey).digest('base64');
/**
 * Each look-ahead statement given to Neo4j to compile, by its plan's key (its text, and the size
 * bucket of any list parameter: plan-cache.ts): whether its plan is compiled yet.
 */
const shapes = new Map<string, boolean>();
/**
 * The compilations, one after another: a burst of new shapes then costs Neo4j one CPU, not all of
 * them, and the requests that run meanwhile keep the other.
 */
let compileQueue: Promise<unknown> = Promise.resolve();
const compiling = new Set<Promise<unknown>>();
const plans = { generation: 0 };

/** Counts a request for `planKey`; true once it has been asked for often enough to compile. */
function askedForOftenEnough(planKey: string): boolean {
  const key = digest(planKey);
  const count = (sightings.get(key) ?? 0) + 1;
  sightings.delete(key);
  if (count >= LOOK_AHEAD_AFTER_REQUESTS) return true;
  sightings.set(key, count);
  if (sightings.size > MAX_SIGHTINGS) sightings.delete(sightings.keys().next().value!);
  return false;
}

/** Counts `planKey` as asked for once short of being compiled: its next request compiles it. */
const askAgainNextTime = (planKey: string) => sightings.set(digest(planKey), LOOK_AHEAD_AFTER_REQUESTS - 1);

/**
 * Whether the look-ahead statement of `planKey` (plan-cache.ts) may run now: only once its plan
 * is compiled, so that no request waits for the compilation. Once a statement has been asked for
 * often enough (while there is room for one more), `compile` is queued (an EXPLAIN of it with the
 * request's parameters, outside the request), and false is returned until it has answered; the
 * caller reads level by level meanwhile. A failed compilation is tried again by the next request
 * that asks for it. `firstSight` compiles it on its first request.
 */
export function lookAheadCompiled(planKey: string, compile: () => Promise<unknown>, { firstSight = false } = {}): boolean {
  const compiled = shapes.get(planKey);
  if (compiled !== undefined) return compiled;
  if (shapes.size >= MAX_LOOK_AHEAD_SHAPES || !(firstSight || askedForOftenEnough(planKey))) return false;
  shapes.set(planKey, false);
  const { generation } = plans;
  // A compilation that answers after `forgetLookAheadPlans` may have been for the Neo4j before a restart.
  const current = () => plans.generation === generation;
  const settle = (compiled: boolean) => {
    if (!current()) return;
    if (compiled) shapes.set(planKey, true);
    else {
      shapes.delete(planKey);
      askAgainNextTime(planKey);
    }
  };
  const compileTimed = async () => {
    if (!current()) return;
    const timer = lookAheadCompileDuration.startTimer();
    try {
      await compile();
      timer({ outcome: 'compiled' });
    } catch (error) {
      timer({ outcome: 'failed' });
      throw error;
    }
  };
  const compilation = compileQueue.then(compileTimed).then(
    () => settle(true),
    () => settle(false),
  );
  compileQueue = compilation;
  compiling.add(compilation);
  void compilation.finally(() => compiling.delete(compilation));
  return false;
}

/**
 * Forgets which look-ahead statements are compiled: a restarted Neo4j has no plans cached, and each
 * shape would make its next request pay the compilation again. Each is compiled anew, beside the
 * next request that asks for it.
 */
export function forgetLookAheadPlans(): void {
  plans.generation++;
  // Shapes asked for often enough before are compiled by their next request, not the one after it.
  for (const planKey of shapes.keys()) askAgainNextTime(planKey);
  shapes.clear();
}

/** Settles once the compilations started so far have answered (the plan warm-up waits for its own). */
export async function lookAheadCompilations(): Promise<void> {
  await Promise.all(compiling);
}
