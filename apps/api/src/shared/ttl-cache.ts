/**
 * A small in-process cache of computed answers with a time-to-live and a size cap (oldest entries go
 * first). Concurrent misses for one key share one computation. A TTL of 0 turns it off.
 */
export interface TtlCache<V> {
  get(key: string, compute: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createTtlCache<V>(ttlMs: number, maxEntries = 2000): TtlCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, compute) {
      if (ttlMs <= 0) return compute();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const value = compute();
      entries.delete(key);
      entries.set(key, { at: now, value });
      // A failure is not remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
