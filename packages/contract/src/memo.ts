/**
 * A pure function remembered for its last `max` keys (the oldest goes first): for work that is dear and asked
 * again and again with the same few values (time-zone arithmetic on the platform's hours, phone numbers).
 * `keyOf` names the arguments as one string or number (by default the first argument, for a function of one);
 * `fn` must depend on its arguments only.
 */
export function remembered<A extends unknown[], V>(
  fn: (...args: A) => V,
  max = 1000,
  keyOf: (...args: A) => unknown = (...args) => args[0],
): (...args: A) => V {
  const kept = new Map<unknown, V>();
  return (...args) => {
    const key = keyOf(...args);
    if (kept.has(key)) return kept.get(key) as V;
    const value = fn(...args);
    if (kept.size >= max) kept.delete(kept.keys().next().value);
    kept.set(key, value);
    return value;
  };
}
