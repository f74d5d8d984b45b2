/**
 * `fn` with its results kept per key, for pure functions of a path that a locate calls for the same
 * thousands of paths again and again (each ranking pass classifies every candidate). At `limit` keys
 * the whole store is dropped, so a long-lived host never holds more than that.
 */
export function memoized<R>(fn: (key: string) => R, limit = 50_000): (key: string) => R {
  const kept = new Map<string, R>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as R;
    if (kept.size >= limit) kept.clear();
    const value = fn(key);
    kept.set(key, value);
    return value;
  };
}
