/**
 * `levels` fragments, each spreading the next twice: 2^levels fields once expanded, from about 60
 * bytes a level. Validating it doubles in time per level (a hostile-traffic finding).
 */
export function fragmentBomb(levels: number): string {
  const fragments = Array.from({ length: levels }, (_, level) =>
    level === levels - 1 ? `fragment F${level} on Query { sources { id } }` : `fragment F${level} on Query { ...F${level + 1} ...F${level + 1} }`,
  );
  return `query Bomb { ...F0 }\n${fragments.join('\n')}`;
}
