import neo4j from 'neo4j-driver';

/**
 * The way in: JavaScript has one number type and the driver sends every number as a Cypher Float,
 * so a goal's minute would be stored as 85.0 and print as "85.0". Whole numbers go as Integers;
 * the graph holds no fractional values.
 */
export function toCypherParams(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? neo4j.int(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toCypherParams);
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  // A loop, not entries/fromEntries: an import sends 80,000 rows, and the pairs were most of its garbage.
  const converted: Record<string, unknown> = {};
  for (const key in value) converted[key] = toCypherParams((value as Record<string, unknown>)[key]);
  return converted;
}

/**
 * The way out: turns driver values into plain JSON-friendly ones: Integers into numbers, temporal values into
 * ISO-8601 strings, nodes and relationships into their properties, recursively. Lists and maps are
 * the driver's fresh objects, converted in place: copying every row's maps made
 * garbage in proportion to the answer (the bench's CPU profile showed 20% of the time in GC).
 */
export function toPlain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = toPlain(value[i]);
    return value;
  }
  if (Object.getPrototypeOf(value) === Object.prototype) {
    const map = value as Record<string, unknown>;
    for (const key in map) map[key] = toPlain(map[key]);
    return map;
  }
  if (neo4j.isInt(value)) return value.toNumber();
  if (isTemporal(value)) return String(value);
  if (neo4j.isNode(value) || neo4j.isRelationship(value)) return toPlain(value.properties);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toPlain(inner)]));
}

function isTemporal(value: object): boolean {
  return (
    neo4j.isDate(value) ||
    neo4j.isDateTime(value) ||
    neo4j.isLocalDateTime(value) ||
    neo4j.isLocalTime(value) ||
    neo4j.isTime(value) ||
    neo4j.isDuration(value)
  );
}
