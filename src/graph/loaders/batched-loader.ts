import DataLoader from 'dataloader';
import type { GraphClient, Params } from '../driver';

/** The one method a loader needs; tests pass a recording fake. */
export type GraphReader = Pick<GraphClient, 'read'>;

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
async function readGrouped<V>(graph: GraphReader, cypher: string, keys: readonly LoaderKey[]): Promise<Map<string, V[]>> {
  const rows = await graph.read<KeyedRow<V>>(cypher, { ids: keys });
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
export function batchMany<V, K extends LoaderKey = string>(graph: GraphReader, cypher: string): DataLoader<K, V[], string> {
  return new DataLoader<K, V[], string>(
    async (keys) => {
      const grouped = await readGrouped<V>(graph, cypher, keys);
      return keys.map((key) => grouped.get(cacheKeyOf(key)) ?? []);
    },
    { cacheKeyFn: cacheKeyOf },
  );
}

/**
 * A loader with at most one value per key (a node by id): one Cypher query per batch, values in key
 * order, `null` for a key without a row.
 */
export function batchOne<V, K extends LoaderKey = string>(graph: GraphReader, cypher: string): DataLoader<K, V | null, string> {
  return new DataLoader<K, V | null, string>(
    async (keys) => {
      const grouped = await readGrouped<V>(graph, cypher, keys);
      return keys.map((key) => grouped.get(cacheKeyOf(key))?.[0] ?? null);
    },
    { cacheKeyFn: cacheKeyOf },
  );
}

/** `loadMany` for ids read from the graph itself: rethrows a failed batch, skips ids with no node. */
export async function loadExisting<V>(loader: DataLoader<string, V | null, string>, ids: readonly string[]): Promise<V[]> {
  const values = await loader.loadMany(ids);
  const failure = values.find((value): value is Error => value instanceof Error);
  if (failure) throw failure;
  return values.filter((value): value is V => value !== null);
}
