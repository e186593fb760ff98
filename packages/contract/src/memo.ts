/**
 * A pure function of one string or number remembered for its last `max` arguments (the oldest goes first):
 * for work that is dear and asked again and again with the same few values (time-zone arithmetic on the
 * platform's hours, phone numbers). `fn` must depend on its argument only.
 */
export function remembered<K extends string | number, V>(fn: (key: K) => V, max = 1000): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = fn(key);
    if (kept.size >= max) kept.delete(kept.keys().next().value as K);
    kept.set(key, value);
    return value;
  };
}
