import DataLoader from 'dataloader';
import type { GraphClient, Params } from '../driver';
import { planCacheKey } from '../plan-cache';
import { includesKey, lookAheadCompiled, lookAheadStatement, type EmbeddableStatement, type Include } from './look-ahead';

/** The one method a loader needs; tests pass a recording fake. */
export type GraphReader = Pick<GraphClient, 'read'>;

/**
 * Dispatches the pending batches of one request's loaders together, and only while none of their
 * queries is running. DataLoader alone dispatches at the end of each tick, so two sibling fields
 * (goal scorers, line-up players) share one query or not depending on whether their parents' rows
 * arrived in the same tick: the count of queries would vary from run to run. In waves it depends
 * only on the shape of the GraphQL query: one query per loader per level.
 */
export class BatchWaves {
  private running = 0;
  private pending: Array<() => void> = [];
  private flushQueued = false;

  /** DataLoader's `batchScheduleFn`. */
  readonly schedule = (dispatch: () => void): void => {
    this.pending.push(dispatch);
    this.queueFlush();
  };

  /** Wraps each batch's query, so the next wave waits for it. */
  async run<T>(query: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await query();
    } finally {
      this.running--;
      this.queueFlush();
    }
  }

  // setImmediate runs after the promise jobs of the current turn: by then the resolvers fed by a
  // finished query have asked for everything they need.
  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      if (this.running > 0) return;
      const wave = this.pending;
      this.pending = [];
      for (const dispatch of wave) dispatch();
    });
  }
}

/** Where loaders read, and (per request) the waves that time their batches. */
export interface LoaderEnv {
  graph: GraphReader;
  waves?: BatchWaves;
  /**
   * The request's loaders by name, for look-ahead to prime (`GraphLoader.including`); without it,
   * loaders ignore includes and every level sends its own statement.
   */
  registry?: Readonly<Record<string, unknown>>;
  /**
   * Where a new look-ahead statement is compiled (an EXPLAIN): a client outside the request's
   * deadline, since the compilation goes on after the request. Default `graph`.
   */
  compiler?: GraphReader;
  /**
   * Set when a look-ahead statement of this request is still being compiled: the request then
   * reads level by level, and its deeper selections start no compilations of their own.
   */
  levelByLevel?: boolean;
}

/** A bare reader is an env without waves: plain DataLoader timing. */
const envOf = (source: GraphReader | LoaderEnv): LoaderEnv => ('read' in source ? { graph: source } : source);

/**
 * A loader key: a node id, or a map of query parameters carrying its own cache key in `key`
 * (a page of matches is keyed by its filter and cursor).
 */
export type LoaderKey = string | ({ key: string } & Params);

/** What every batched query returns: the key a row answers, and one value for it. */
export interface KeyedRow<V> {
  key: string;
  value: V;
}

export function cacheKeyOf(key: LoaderKey): string {
  return typeof key === 'string' ? key : key.key;
}

/**
 * Groups the rows by key in the order the query returned them: rows come back in whatever order
 * Neo4j likes, and keys without a row are simply absent, so the re-ordering by key happens here,
 * once, for every loader.
 */
function groupByKey(spec: LoaderSpec, rows: readonly KeyedRow<unknown>[], keys: readonly LoaderKey[]): Map<string, unknown[]> {
  const asked = new Set(keys.map(cacheKeyOf));
  const grouped = new Map<string, unknown[]>();
  for (const row of rows) {
    if (!asked.has(row.key)) {
      throw new Error(
        `a batched query must return each row's loader key as \`key\`, one of the ${asked.size} keys asked for, but got: ${JSON.stringify(row.key)}`,
      );
    }
    const value = rowsOf(spec, row.value);
    const values = grouped.get(row.key);
    if (values) values.push(value);
    else grouped.set(row.key, [value]);
  }
  return grouped;
}

/** `value` with its rows as objects, where the statement sends them as lists (`EmbeddableStatement.columns`). */
function rowsOf(spec: LoaderSpec, value: unknown): unknown {
  const { columns, rowsField } = spec;
  if (!columns || value == null) return value;
  if (!rowsField) return rowFrom(columns, value as unknown[]);
  const holder = value as Record<string, unknown[]>;
  holder[rowsField] = holder[rowsField]!.map((row) => rowFrom(columns, row as unknown[]));
  return holder;
}

function rowFrom(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
  return row;
}

/** At most one value per key (a node by id), or a list per key (a match's goals). */
type Arity = 'one' | 'many';

interface LoaderSpec extends EmbeddableStatement {
  arity: Arity;
}

/**
 * Runs a loader's Cypher once for a whole batch with the keys as `$ids`. The query must
 * `UNWIND $ids AS id` and return `key` (`id` itself, or `id.key` for map keys) and `value`. Values
 * come back in key order: for arity `one` the first value or `null`, for `many` the list or `[]`.
 *
 * `including(includes)` is the same loader reading more in the same statement (look-ahead.ts):
 * the included loaders (by name in the env's registry) are primed with what it read. All variants
 * share one cache, so a key primed by a parent's statement is a hit whichever variant asks.
 */
export class GraphLoader<K extends LoaderKey, T> extends DataLoader<K, T, string> {
  private readonly variants = new Map<string, GraphLoader<K, T>>();

  constructor(
    private readonly env: LoaderEnv,
    readonly spec: LoaderSpec,
    includes: readonly Include[] = [],
    private readonly cache = new Map<string, Promise<T>>(),
  ) {
    super((keys) => loadBatch<T>(env, spec, includes, keys), { cacheKeyFn: cacheKeyOf, batchScheduleFn: env.waves?.schedule, cacheMap: cache });
  }

  /** This loader, also priming `includes` from the same statement; itself when there is nothing to include. */
  including(includes: readonly Include[]): GraphLoader<K, T> {
    if (includes.length === 0 || !this.env.registry || this.env.levelByLevel) return this;
    const name = includesKey(includes);
    let variant = this.variants.get(name);
    if (!variant) {
      variant = new GraphLoader<K, T>(this.env, this.spec, includes, this.cache);
      this.variants.set(name, variant);
    }
    return variant;
  }
}

async function loadBatch<T>(env: LoaderEnv, spec: LoaderSpec, includes: readonly Include[], keys: readonly LoaderKey[]): Promise<T[]> {
  const { graph, waves, registry } = env;
  const params = { ids: keys };
  const read = <R>(cypher: string) => {
    const run = () => graph.read<R>(cypher, params);
    return waves ? waves.run(run) : run();
  };
  const valuesOf = (rows: readonly KeyedRow<unknown>[]) => groupValues<T>(spec, keys, rows);
  if (includes.length === 0 || !registry || env.levelByLevel) return valuesOf(await read<KeyedRow<unknown>>(spec.cypher));
  const loaderNamed = (name: string) => {
    const loader = registry[name];
    if (!(loader instanceof GraphLoader)) throw new Error(`look-ahead includes loader "${name}", which is not a GraphLoader of this request`);
    return loader as GraphLoader<string, unknown>;
  };
  const cypher = lookAheadStatement(spec, includes, (name) => loaderNamed(name).spec);
  // The same parameters as the statement will run with: their types are part of Neo4j's plan-cache key.
  if (!lookAheadCompiled(planCacheKey(cypher, params), () => (env.compiler ?? graph).read(`EXPLAIN ${cypher}`, params))) {
    env.levelByLevel = true;
    return valuesOf(await read<KeyedRow<unknown>>(spec.cypher));
  }
  const [results = [], ...included] = listsOf(await read<KeyedRow<unknown> & { list: number }>(cypher));
  const values = valuesOf(results);
  let next = 0;
  const prime = (parentRows: readonly unknown[], include: Include) => {
    const loader = loaderNamed(include.loader);
    const ids = [...new Set(parentRows.map((row) => (row as Record<string, unknown>)[include.idField]))].filter(
      (id): id is string => typeof id === 'string',
    );
    const primed = groupValues<unknown>(loader.spec, ids, included[next++] ?? []);
    ids.forEach((id, i) => loader.prime(id, primed[i]));
    const rows = rowsIn(loader.spec, primed);
    for (const nested of include.nested) prime(rows, nested);
  };
  const rows = rowsIn(spec, values);
  for (const include of includes) prime(rows, include);
  return values;
}

/** Rows of a look-ahead statement by their `list`: the root's first, then each include's. */
function listsOf(rows: ReadonlyArray<KeyedRow<unknown> & { list: number }>): KeyedRow<unknown>[][] {
  const lists: KeyedRow<unknown>[][] = [];
  for (const row of rows) (lists[row.list] ??= []).push(row);
  return lists;
}

function groupValues<T>(spec: LoaderSpec, keys: readonly LoaderKey[], rows: readonly KeyedRow<unknown>[]): T[] {
  const grouped = groupByKey(spec, rows, keys);
  return keys.map((key) => {
    const values = grouped.get(cacheKeyOf(key));
    return (spec.arity === 'many' ? (values ?? []) : (values?.[0] ?? null)) as T;
  });
}

/** The rows of a loader's values that includes hang from (see `EmbeddableStatement.rowsField`). */
function rowsIn(spec: LoaderSpec, values: readonly unknown[]): unknown[] {
  const field = spec.rowsField;
  return values.flatMap((value) => (value == null ? [] : field ? ((value as Record<string, unknown[]>)[field] ?? []) : value));
}

/** How a statement returns its rows (`EmbeddableStatement`): within a field of its values, as lists. */
export type RowsOf = Pick<EmbeddableStatement, 'rowsField' | 'columns'>;

/** A loader whose value per key is a list (a match's goals): `[]` for a key without rows. */
export function batchMany<V, K extends LoaderKey = string>(source: GraphReader | LoaderEnv, cypher: string, rows: RowsOf = {}): GraphLoader<K, V[]> {
  return new GraphLoader<K, V[]>(envOf(source), { cypher, arity: 'many', ...rows });
}

/** A loader with at most one value per key (a node by id): `null` for a key without a row. */
export function batchOne<V, K extends LoaderKey = string>(source: GraphReader | LoaderEnv, cypher: string, rows: RowsOf = {}): GraphLoader<K, V | null> {
  return new GraphLoader<K, V | null>(envOf(source), { cypher, arity: 'one', ...rows });
}

/**
 * A loader over query parameters rather than ids (a search, a path, a filtered list): each call's
 * parameters become one map in `$ids`, keyed by their JSON, so that equal calls share a row and
 * aliases of one root field share a statement.
 */
export function loadByParams<K extends { key: string } & Params, V>(
  loader: DataLoader<K, V, string>,
): (params: Omit<K, 'key'>) => Promise<V> {
  return (params) => loader.load({ ...params, key: JSON.stringify(params) } as K);
}

/** `loadMany` for ids read from the graph itself: rethrows a failed batch, skips ids with no node. */
export async function loadExisting<V>(loader: DataLoader<string, V | null, string>, ids: readonly string[]): Promise<V[]> {
  const values = await loader.loadMany(ids);
  const failure = values.find((value): value is Error => value instanceof Error);
  if (failure) throw failure;
  return values.filter((value): value is V => value !== null);
}
