import DataLoader from 'dataloader';
import type { GraphClient, Params } from '../driver';

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
 * Runs `cypher` once for a whole batch with the keys as `$ids`, and groups the rows by key in the
 * order the query returned them. The query must `UNWIND $ids AS id` and return `key` (`id` itself, or
 * `id.key` for map keys) and `value`: rows come back in whatever order Neo4j likes, and keys without
 * a row are simply absent, so the re-ordering by key happens here, once, for every loader.
 */
async function readGrouped<V>({ graph, waves }: LoaderEnv, cypher: string, keys: readonly LoaderKey[]): Promise<Map<string, V[]>> {
  const read = () => graph.read<KeyedRow<V>>(cypher, { ids: keys });
  const rows = await (waves ? waves.run(read) : read());
  const asked = new Set(keys.map(cacheKeyOf));
  const grouped = new Map<string, V[]>();
  for (const row of rows) {
    if (!asked.has(row.key)) {
      throw new Error(
        `a batched query must return each row's loader key as \`key\`, one of the ${asked.size} keys asked for, but got: ${JSON.stringify(row.key)}`,
      );
    }
    const values = grouped.get(row.key);
    if (values) values.push(row.value);
    else grouped.set(row.key, [row.value]);
  }
  return grouped;
}

/**
 * A loader whose value per key is a list (a match's goals): one Cypher query per batch, values in
 * key order, `[]` for a key without rows.
 */
export function batchMany<V, K extends LoaderKey = string>(
  source: GraphReader | LoaderEnv,
  cypher: string,
): DataLoader<K, V[], string> {
  const env = envOf(source);
  return new DataLoader<K, V[], string>(
    async (keys) => {
      const grouped = await readGrouped<V>(env, cypher, keys);
      return keys.map((key) => grouped.get(cacheKeyOf(key)) ?? []);
    },
    { cacheKeyFn: cacheKeyOf, batchScheduleFn: env.waves?.schedule },
  );
}

/**
 * A loader with at most one value per key (a node by id): one Cypher query per batch, values in key
 * order, `null` for a key without a row.
 */
export function batchOne<V, K extends LoaderKey = string>(
  source: GraphReader | LoaderEnv,
  cypher: string,
): DataLoader<K, V | null, string> {
  const env = envOf(source);
  return new DataLoader<K, V | null, string>(
    async (keys) => {
      const grouped = await readGrouped<V>(env, cypher, keys);
      return keys.map((key) => grouped.get(cacheKeyOf(key))?.[0] ?? null);
    },
    { cacheKeyFn: cacheKeyOf, batchScheduleFn: env.waves?.schedule },
  );
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
