/**
 * What Neo4j's plan cache tells apart. Besides a statement's text and its parameters' types, Neo4j
 * 5.26 keys a plan on the size of each list parameter, in buckets: measured with one statement
 * and its `$ids` list, it compiled anew for 0, 1, 2-10, 11-100 and 101-1,000 ids, and reused the
 * plan within a bucket. So a statement run for 20 matches and then for the 6 matches of a
 * head-to-head was compiled twice, the second time inside a client's request (0.3-0.4 s there).
 */

/** The bucket of a list of `size` elements: a plan compiled for one size serves its whole bucket. */
export function listSizeBucket(size: number): string {
  if (size <= 1) return String(size);
  return `<=1e${Math.ceil(Math.log10(size))}`;
}

/** One string per plan Neo4j compiles: the text and the size bucket of each list parameter. */
export function planCacheKey(cypher: string, params: Readonly<Record<string, unknown>>): string {
  const lists = Object.entries(params)
    .filter(([, value]) => Array.isArray(value))
    .map(([name, value]) => `${name}:${listSizeBucket((value as unknown[]).length)}`)
    .sort();
  return lists.length === 0 ? cypher : `${cypher}\n// ${lists.join(' ')}`;
}

/**
 * A list parameter Neo4j plans once, whatever its length: inside a map a list has no size hint,
 * so `UNWIND $rows.items` is one plan where `UNWIND $rows` was one per bucket. For statements
 * whose plan the size cannot improve (every row found by id): an import sent the same write
 * with 1, 16, 202 and 5,000 rows and planned it four times, 150-250 ms each on a fresh Neo4j,
 * and its JIT compiler then compiled that planner code too. The loaders' reads too: a statement
 * warmed for a page of 20 was planned again inside the first request that read one match or six.
 */
export function unsized<T>(items: readonly T[]): { items: readonly T[] } {
  return { items };
}
