/**
 * Fixed-window counters keyed by a string (e.g. `login:ip:1.2.3.4`). In memory by default; the
 * interface lets a Redis store replace it when several instances must share limits.
 */
export interface RateLimitStore {
  /** Adds one hit and returns the count in the current window and the ms until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimitStore(): RateLimitStore {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (++sweeps % 1000 === 0) for (const [k, b] of buckets) if (b.resetAt <= now) buckets.delete(k);
      let b = buckets.get(key);
      if (!b || b.resetAt <= now) {
        b = { count: 0, resetAt: now + windowMs };
        buckets.set(key, b);
      }
      b.count++;
      return { count: b.count, resetMs: b.resetAt - now };
    },
    async reset(key) {
      buckets.delete(key);
    },
  };
}
