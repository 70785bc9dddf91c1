/**
 * `JSON.stringify(value)` as a cache key, or undefined when it cannot be one: a client's variables
 * nested thousands deep overflow the stack of JSON.stringify (a RangeError, which would be a 500).
 * Such a request is simply not cached; GraphQL validates it as usual.
 */
export function jsonKey(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
