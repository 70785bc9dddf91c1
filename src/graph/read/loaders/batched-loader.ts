import DataLoader from 'dataloader';
import type { GraphClient, Params } from '../../driver/driver';
import { planCacheKey, unsized } from '../../driver/plan-cache';
import {
  includedIds,
  includesKey,
  inPlaceColumn,
  lookAheadCompiled,
  lookAheadStatement,
  pageKeyOf,
  paramsKey,
  readInPlace,
  type Arity,
  type EmbeddableStatement,
  type Include,
  type ReadAhead,
} from './look-ahead';
import type { ProjectedRow } from './projections';

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
   * Compile each new look-ahead statement on its first request rather than its second: for the
   * server's own warm-up, whose shapes are known to be asked for again.
   */
  compileOnFirstSight?: boolean;
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
  const { columns, rowsField, rowPrototype } = spec;
  if (!columns || value == null) return value;
  if (!rowsField) return rowFrom(columns, value as unknown[], rowPrototype);
  const holder = value as Record<string, unknown[]>;
  holder[rowsField] = holder[rowsField]!.map((row) => rowFrom(columns, row as unknown[], rowPrototype));
  return holder;
}

function rowFrom(columns: readonly string[], values: readonly unknown[], prototype?: object): Record<string, unknown> {
  const row: Record<string, unknown> = prototype ? (Object.create(prototype) as Record<string, unknown>) : {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
  return row;
}

/** At most one value per key (a node by id), or a list per key (a match's goals). */

interface LoaderSpec extends EmbeddableStatement {
  arity: Arity;
  /** The projection the statement returns its rows with, when a look-ahead may cut it to fewer columns. */
  row?: ProjectedRow;
  /** Set on a cut spec (`trimmedSpec`): the prototype of its rows, which throws on the columns they lack. */
  rowPrototype?: object;
}

/**
 * Columns every cut row keeps: the id every relation and cache keys on. The labels, which an
 * interface field picks its row's type by, are asked for by such fields (src/schema/selection-read-ahead.ts):
 * sent for every row, they were a fifth of the career statement's Neo4j CPU and of its decoding.
 */
const ALWAYS_READ = new Set(['id']);

/**
 * Cut specs by their statement's text, then by the wanted columns: by the very list asked with
 * (src/schema/selection-read-ahead.ts hands every request of a document the same), else by its text.
 */
const trimmedSpecs = new Map<string, { byList: WeakMap<readonly string[], LoaderSpec>; byColumns: Map<string, LoaderSpec> }>();

/**
 * Cuts kept per loader, at most. Clients choose the selections, so the column sets are theirs to
 * vary; past this many a loader reads whole rows for new ones (never wrong, only more to read),
 * as selection-read-ahead.ts bounds the shapes it compiles.
 */
export const MAX_CUTS_PER_LOADER = 256;

/**
 * `spec` returning only the `wanted` columns of its rows (with `ALWAYS_READ`), where it can: it
 * has a projection to cut, and every wanted field is one of its columns (a field computed from
 * more, which the caller does not know the columns of, keeps the whole row). Neo4j then reads and
 * sends only what the selection asks for. The career's statement took 1.4 ms of Neo4j's CPU with
 * whole rows, 1.0 ms cut; most of it was its 13 matches' 20 columns and stage names.
 */
export function trimmedSpec(spec: LoaderSpec, wanted: readonly string[] | undefined): LoaderSpec {
  const { row } = spec;
  if (!wanted || !row) return spec;
  let cut = trimmedSpecs.get(spec.cypher);
  if (!cut) trimmedSpecs.set(spec.cypher, (cut = { byList: new WeakMap(), byColumns: new Map() }));
  let trimmed = cut.byList.get(wanted);
  if (!trimmed) {
    trimmed = cutTo(spec, row, wanted, cut.byColumns);
    cut.byList.set(wanted, trimmed);
  }
  return trimmed;
}

function cutTo(spec: LoaderSpec, row: ProjectedRow, wanted: readonly string[], byColumns: Map<string, LoaderSpec>): LoaderSpec {
  if (wanted.some((column) => !row.columns.includes(column))) return spec;
  const kept = row.columns.filter((column) => ALWAYS_READ.has(column) || wanted.includes(column));
  if (kept.length === row.columns.length) return spec;
  const key = kept.join(',');
  let trimmed = byColumns.get(key);
  if (!trimmed) {
    if (byColumns.size >= MAX_CUTS_PER_LOADER) return spec;
    const [before, after, ...more] = spec.cypher.split(row.list);
    if (after === undefined || more.length > 0) throw new Error(`a loader's statement must contain its row's list once, to cut it: ${row.list}`);
    trimmed = { ...spec, cypher: before + row.listOf(kept) + after, columns: kept, rowPrototype: missingColumnsGuard(row.columns, kept) };
    byColumns.set(key, trimmed);
  }
  return trimmed;
}

/**
 * A prototype for cut rows that throws when a column they lack is read: a resolver reading a field
 * its selection did not declare (src/schema/selection-read-ahead.ts) fails loudly instead of seeing null.
 * Plain getters, not a Proxy: rows made on a Proxy cost the page 9% more of the API's CPU.
 */
function missingColumnsGuard(columns: readonly string[], kept: readonly string[]): object {
  const guard: PropertyDescriptorMap = {};
  for (const column of columns) {
    if (kept.includes(column)) continue;
    guard[column] = {
      get() {
        throw new Error(`this row was read with columns ${kept.join(', ')}, not ${column}: declare what the field reads in src/schema/selection-read-ahead.ts`);
      },
    };
  }
  return Object.create(Object.prototype, guard) as object;
}

/**
 * A loader's cache of rows with some columns (`columns`; unset, whole rows). A key it lacks is
 * looked up in the loader's caches of more columns: a row with more columns will do, so a team
 * primed with its name serves a resolver that needs only its id, as it did when all rows were whole.
 * A cache of whole rows is never served a cut one.
 */
class RowCache<T> {
  private readonly own = new Map<string, Promise<T>>();
  /** The values of `own`'s promises that have resolved, for `GraphLoader.loadNow`. */
  private readonly values = new Map<string, T>();

  constructor(
    private readonly columns: ReadonlySet<string> | undefined,
    private readonly siblings: ReadonlyMap<string, RowCache<T>>,
  ) {}

  get(key: string): Promise<T> | undefined {
    return this.holderOf(key)?.own.get(key);
  }

  /** The value `get(key)` resolves to, if it has resolved; else `UNSETTLED`. */
  settled(key: string): T | typeof UNSETTLED {
    const holder = this.holderOf(key);
    return holder?.values.has(key) ? holder.values.get(key)! : UNSETTLED;
  }

  /** The cache that has `key`: this one, or one with more columns (never a whole-row cache's cut one). */
  private holderOf(key: string): RowCache<T> | undefined {
    if (this.own.has(key)) return this;
    if (!this.columns) return undefined;
    for (const wider of this.siblings.values()) {
      if (wider !== this && wider.covers(this.columns) && wider.own.has(key)) return wider;
    }
    return undefined;
  }

  /** Records what the promise of `key` resolved to (a primed value, a batch's value). */
  settle(key: string, value: T): void {
    if (this.own.has(key) && !(value instanceof Error)) this.values.set(key, value);
  }

  set(key: string, value: Promise<T>): this {
    this.own.set(key, value);
    return this;
  }

  delete(key: string): boolean {
    this.values.delete(key);
    return this.own.delete(key);
  }

  clear(): void {
    this.values.clear();
    this.own.clear();
  }

  private covers(columns: ReadonlySet<string>): boolean {
    if (!this.columns) return true;
    for (const column of columns) if (!this.columns.has(column)) return false;
    return true;
  }
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** `RowCache.settled` of a key whose promise has not resolved (or is not there). */
const UNSETTLED = Symbol('unsettled');

/** The loader, its cut variants and look-ahead variants share the caches (one per set of columns) and the variants. */
interface SharedState<T> {
  /** The loader of whole rows. */
  base?: GraphLoader<LoaderKey, T>;
  /**
   * Reads whole rows for the loader and every variant, without a cache (each keeps its own): one
   * statement per wave whichever caches missed.
   */
  wholeRows?: DataLoader<LoaderKey, T, string>;
  caches: Map<string, RowCache<T>>;
  variants: Map<string, unknown>;
  /** The variant of each `ReadAhead` asked with: a list's items ask with the same one (src/schema/selection-read-ahead.ts). */
  byReadAhead: WeakMap<ReadAhead, unknown>;
}

const READ_NOTHING_MORE: ReadAhead = { includes: [] };

/**
 * Runs a loader's Cypher once for a whole batch with the keys as `$ids.items`: inside a map, so that
 * Neo4j plans the statement once whatever the batch's size (plan-cache.ts, `unsized`). The query must
 * `UNWIND $ids.items AS id` and return `key` (`id` itself, or `id.key` for map keys) and `value`. Values
 * come back in key order: for arity `one` the first value or `null`, for `many` the list or `[]`.
 *
 * `including(ahead)` is the same loader reading ahead (look-ahead.ts): the included loaders (by name
 * in the env's registry) are primed with what it read, and in a look-ahead statement every level's
 * rows are cut to the columns its selection reads. Cut rows live in a cache of their own per set of
 * columns, which only variants asking for those columns read; the loader with the whole rows keeps
 * its own cache, so a resolver that needs more than a selection never gets a cut row. Variants with
 * the same columns share a cache, so a key primed by a parent's statement is a hit for the child's
 * resolver, which asks with the same selection.
 */
export class GraphLoader<K extends LoaderKey, T> extends DataLoader<K, T, string> {
  constructor(
    private readonly env: LoaderEnv,
    readonly spec: LoaderSpec,
    ahead: ReadAhead = READ_NOTHING_MORE,
    private readonly shared: SharedState<T> = { caches: new Map(), variants: new Map(), byReadAhead: new WeakMap() },
    cacheKey = '',
  ) {
    let cacheMap = shared.caches.get(cacheKey);
    if (!cacheMap) {
      cacheMap = new RowCache<T>(cacheKey === '' ? undefined : new Set(cacheKey.split(',')), shared.caches);
      shared.caches.set(cacheKey, cacheMap);
    }
    // The loader's own batches (dispatched in waves) hand their keys to `wholeRows`, which reads them
    // in the same turn: a variant with nothing to read ahead keeps a cache of its own but shares the
    // statement, so two selections of one loader (cut rows' caches differ) are still one statement.
    // Made on first use (a request makes some forty loaders and uses a few), and only needed once
    // the loader has variants: alone, it reads its batch itself.
    const wholeRows = () =>
      shared.variants.size === 0
        ? undefined
        : (shared.wholeRows ??= new DataLoader((keys) => loadBatch<T>(env, spec, READ_NOTHING_MORE, keys), {
        cache: false,
        batchScheduleFn: env.waves ? (dispatch) => queueMicrotask(dispatch) : undefined,
      }));
    const rows = cacheMap;
    const settledBatch = async (keys: readonly K[]) => {
      const values = await loadBatch<T>(env, spec, ahead, keys, wholeRows);
      keys.forEach((key, i) => rows.settle(cacheKeyOf(key), values[i] as T));
      return values;
    };
    super(settledBatch, { cacheKeyFn: cacheKeyOf, batchScheduleFn: env.waves?.schedule, cacheMap });
    this.rows = rows;
    shared.base ??= this as GraphLoader<LoaderKey, T>;
  }

  private readonly rows: RowCache<T>;

  /**
   * `load`, but the value itself when this request has already read the key (primed by a
   * look-ahead, or loaded). graphql-js completes a field whose resolver returns a value in the same
   * turn; a promise, even a resolved one, costs it a microtask and a `promiseForObject` of the
   * parent object. Relations resolved this way took the 40-match page's Node CPU per request from
   * 27-28 ms to 15, side by side.
   */
  loadNow(key: K): T | Promise<T> {
    const value = this.rows.settled(cacheKeyOf(key));
    return value === UNSETTLED ? this.load(key) : value;
  }

  /** The values of `keys` if this request has read every one of them, else undefined. */
  settledMany(keys: readonly K[]): T[] | undefined {
    const values: T[] = [];
    for (const key of keys) {
      const value = this.rows.settled(cacheKeyOf(key));
      if (value === UNSETTLED) return undefined;
      values.push(value);
    }
    return values;
  }

  override prime(key: K, value: T | PromiseLike<T> | Error): this {
    const cacheKey = cacheKeyOf(key);
    // DataLoader keeps what a key already has: so does `loadNow`.
    const absent = this.rows.get(cacheKey) === undefined;
    super.prime(key, value);
    if (absent && !(value instanceof Error) && !isPromiseLike(value)) this.rows.settle(cacheKey, value);
    return this;
  }

  /**
   * This loader reading `ahead`: its columns (a cache of their own) and its includes (dropped while
   * the request reads level by level); itself when that is the whole row and nothing to include.
   */
  including(ahead: ReadAhead): GraphLoader<K, T> {
    if (!this.env.registry) return this;
    // A variant chosen before the request turned level by level is still right: its batch checks again.
    const known = this.shared.byReadAhead.get(ahead) as GraphLoader<K, T> | undefined;
    if (known) return known;
    const variant = this.variantFor(ahead);
    this.shared.byReadAhead.set(ahead, variant);
    return variant;
  }

  private variantFor(ahead: ReadAhead): GraphLoader<K, T> {
    const trimmed = trimmedSpec(this.spec, ahead.columns);
    const cacheKey = trimmed === this.spec ? '' : trimmed.columns!.join(',');
    const includes = this.env.levelByLevel ? [] : ahead.includes;
    if (cacheKey === '' && includes.length === 0) return this.shared.base as GraphLoader<K, T>;
    const name = `${cacheKey}|${includesKey(includes)}`;
    let variant = this.shared.variants.get(name) as GraphLoader<K, T> | undefined;
    if (!variant) {
      variant = new GraphLoader<K, T>(this.env, this.spec, { columns: ahead.columns, includes }, this.shared, cacheKey);
      this.shared.variants.set(name, variant);
    }
    return variant;
  }
}

/**
 * One batch of `spec`'s loader. Without includes (or while the request reads level by level) its
 * own statement, whole rows, or through `wholeRowsOf`, which batches them; with includes, one look-ahead
 * statement whose every level is cut to its columns, the included loaders primed in the caches of
 * those columns.
 */
async function loadBatch<T>(
  env: LoaderEnv,
  spec: LoaderSpec,
  ahead: ReadAhead,
  keys: readonly LoaderKey[],
  wholeRowsOf?: () => DataLoader<LoaderKey, T, string> | undefined,
): Promise<Array<T | Error>> {
  const { graph, waves, registry } = env;
  // `wholeRows` has no cache, so two variants missing one key send it twice: once is enough.
  const params = { ids: unsized([...new Map(keys.map((key) => [cacheKeyOf(key), key])).values()]) };
  const read = <R>(cypher: string, statementParams: Params = params) => {
    const run = () => graph.read<R>(cypher, statementParams);
    return waves ? waves.run(run) : run();
  };
  const wholeRows = async () => {
    const batched = wholeRowsOf?.();
    return batched ? batched.loadMany(keys) : groupValues<T>(spec, keys, await read<KeyedRow<unknown>>(spec.cypher));
  };
  const { includes } = ahead;
  if (includes.length === 0 || !registry || env.levelByLevel) return wholeRows();
  const loaderNamed = (name: string) => {
    const loader = registry[name];
    if (!(loader instanceof GraphLoader)) throw new Error(`look-ahead includes loader "${name}", which is not a GraphLoader of this request`);
    return loader as GraphLoader<LoaderKey, unknown>;
  };
  const cutSpecOf = (include: Include) => trimmedSpec(loaderNamed(include.loader).spec, include.columns);
  const statementOf = (include: Include) => withRowsInPlace(cutSpecOf(include), include.includes, cutSpecOf);
  const root = withRowsInPlace(trimmedSpec(spec, ahead.columns), includes, cutSpecOf);
  const statement = lookAheadStatement(root, includes, statementOf);
  const { cypher } = statement;
  const statementParams = { ...params, ...statement.params };
  // The same parameters as the statement will run with: their types are part of Neo4j's plan-cache key.
  const compile = () => (env.compiler ?? graph).read(`EXPLAIN ${cypher}`, statementParams);
  if (!lookAheadCompiled(planCacheKey(cypher, statementParams), compile, { firstSight: env.compileOnFirstSight })) {
    env.levelByLevel = true;
    return wholeRows();
  }
  const [results = [], ...included] = listsOf(await read<LookAheadList>(cypher, statementParams));
  const values = groupValues<T>(root, keys, results);
  let next = 0;
  const prime = (parent: LoaderSpec, parentRows: readonly unknown[], include: Include) => {
    const child = statementOf(include);
    const target = loaderNamed(include.loader).including({ columns: include.columns, includes: [] });
    if (readInPlace(parent, include)) {
      for (const [id, row] of rowsReadInPlace(child, parentRows, include)) target.prime(id, row);
      return;
    }
    const ids = [...new Set(parentRows.flatMap((row) => includedIds(row as Record<string, unknown>, include)))].filter(
      (id): id is string => typeof id === 'string',
    );
    const primed = groupValues<unknown>(child, ids, included[next++] ?? []);
    const { page } = include;
    ids.forEach((id, i) => target.prime(page ? pageKeyOf(page, id) : id, primed[i]));
    const rows = rowsIn(child, primed);
    for (const nested of include.includes) prime(child, rows, nested);
  };
  const rows = rowsIn(root, values);
  for (const include of includes) prime(root, rows, include);
  return values;
}

/** The rows of `include` its parent's rows hold (`readInPlace`), by id, the first of each id. */
function rowsReadInPlace(child: LoaderSpec, parentRows: readonly unknown[], include: Include): Map<string, unknown> {
  const column = inPlaceColumn(include);
  const rows = new Map<string, unknown>();
  for (const parentRow of parentRows) {
    const { [include.idField]: id, [column]: values } = parentRow as Record<string, unknown>;
    if (typeof id === 'string' && !rows.has(id)) rows.set(id, rowsOf(child, values));
  }
  return rows;
}

/** `spec` with its in-place includes' rows appended, by the include set asked with (`withRowsInPlace`). */
const inPlaceSpecs = new WeakMap<LoaderSpec, Map<string, LoaderSpec>>();

/**
 * `spec` whose rows also carry, as the last elements of their list, the rows of the `includes` it
 * reads in place (look-ahead.ts, `Binding`), each projected from the node the statement bound, cut
 * to the include's columns (`specOf`). `spec` itself when it reads none so.
 */
function withRowsInPlace(spec: LoaderSpec, includes: readonly Include[], specOf: (include: Include) => LoaderSpec): LoaderSpec {
  const inPlace = includes.filter((include) => readInPlace(spec, include));
  if (inPlace.length === 0) return spec;
  const key = includesKey(inPlace);
  let byIncludes = inPlaceSpecs.get(spec);
  if (!byIncludes) inPlaceSpecs.set(spec, (byIncludes = new Map()));
  let extended = byIncludes.get(key);
  if (!extended) {
    const { row, columns } = spec;
    if (!row || !columns) throw new Error(`a statement binding nodes for look-ahead must return its rows as lists: ${spec.cypher.trim().slice(0, 60)}`);
    const list = row.listOf(columns);
    const [before, after, ...more] = spec.cypher.split(list);
    if (after === undefined || more.length > 0) throw new Error(`a loader's statement must contain its row's list once, to extend it: ${list}`);
    const lists = inPlace.map((include) => {
      const child = specOf(include);
      if (!child.row || !child.columns || child.rowsField || child.arity !== 'one') {
        throw new Error(`look-ahead reads ${include.loader} in place, which is not a look-up by id returning lists`);
      }
      return child.row.at(spec.binds![include.idField]!.variable).listOf(child.columns);
    });
    extended = { ...spec, cypher: `${before}${list.slice(0, -1)}, ${lists.join(', ')}]${after}`, columns: [...columns, ...inPlace.map(inPlaceColumn)] };
    // Clients choose the selections: past this many, extended statements are made anew each time, never wrong.
    if (byIncludes.size < MAX_CUTS_PER_LOADER) byIncludes.set(key, extended);
  }
  return extended;
}

/** A record of a look-ahead statement: one of its lists, keys and values side by side. */
interface LookAheadList {
  list: number;
  keys: string[];
  /** Per key, its values in their order. */
  values: unknown[][];
}

/** The rows of a look-ahead statement's lists, by `list`: the root's first, then each include's. */
function listsOf(records: readonly LookAheadList[]): KeyedRow<unknown>[][] {
  const lists: KeyedRow<unknown>[][] = [];
  for (const { list, keys, values } of records) lists[list] = keys.flatMap((key, i) => values[i]!.map((value) => ({ key, value })));
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

/**
 * How a statement returns its rows (`EmbeddableStatement`): within a field of its values, as the
 * lists of a projection (`RowProjection.at`), which a look-ahead may cut to fewer columns.
 */
export type RowsOf = Pick<EmbeddableStatement, 'rowsField' | 'binds'> & Partial<ProjectedRow>;

function specOf(cypher: string, arity: Arity, { rowsField, binds, columns, list, listOf, at }: RowsOf): LoaderSpec {
  const row = columns && list !== undefined && listOf && at ? { columns, list, listOf, at } : undefined;
  return { cypher, arity, rowsField, columns, row, binds };
}

/** A loader whose value per key is a list (a match's goals): `[]` for a key without rows. */
export function batchMany<V, K extends LoaderKey = string>(source: GraphReader | LoaderEnv, cypher: string, rows: RowsOf = {}): GraphLoader<K, V[]> {
  return new GraphLoader<K, V[]>(envOf(source), specOf(cypher, 'many', rows));
}

/** A loader with at most one value per key (a node by id): `null` for a key without a row. */
export function batchOne<V, K extends LoaderKey = string>(source: GraphReader | LoaderEnv, cypher: string, rows: RowsOf = {}): GraphLoader<K, V | null> {
  return new GraphLoader<K, V | null>(envOf(source), specOf(cypher, 'one', rows));
}

/**
 * A loader over query parameters rather than ids (a search, a path, a filtered list): each call's
 * parameters become one map in `$ids.items`, keyed by their JSON, so that equal calls share a row and
 * aliases of one root field share a statement.
 */
export function loadByParams<K extends { key: string } & Params, V>(
  loader: GraphLoader<K, V>,
): (params: Omit<K, 'key'>, ahead?: ReadAhead) => Promise<V> {
  return (params, ahead = READ_NOTHING_MORE) => loader.including(ahead).load(paramsKey(params) as K);
}

/**
 * `loadMany` for ids read from the graph itself: rethrows a failed batch, skips ids with no node.
 * The values themselves when a `GraphLoader` has read every id (`loadNow`).
 */
export function loadExisting<V>(loader: DataLoader<string, V | null, string>, ids: readonly string[]): V[] | Promise<V[]> {
  const settled = loader instanceof GraphLoader ? (loader as GraphLoader<string, V | null>).settledMany(ids) : undefined;
  return settled ? settled.filter((value): value is V => value !== null) : loadExistingLater(loader, ids);
}

async function loadExistingLater<V>(loader: DataLoader<string, V | null, string>, ids: readonly string[]): Promise<V[]> {
  const values = await loader.loadMany(ids);
  const failure = values.find((value): value is Error => value instanceof Error);
  if (failure) throw failure;
  return values.filter((value): value is V => value !== null);
}
