const computed = new WeakMap<object, Map<string, unknown>>();

/**
 * `compute()` once per `rows` and `key`. A loader hands every occurrence of a key in one request the
 * same rows, so a team's record or a tournament's tables, asked under each of a page's 30 matches,
 * are worked out once per request rather than once per occurrence; the memo goes with the rows.
 * `compute` must depend on nothing but `rows` and what `key` names.
 */
export function computedOnce<T>(rows: object, key: string, compute: () => T): T {
  let byKey = computed.get(rows);
  if (!byKey) computed.set(rows, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, compute());
  return byKey.get(key) as T;
}
