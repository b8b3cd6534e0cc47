import { HttpError } from '../http/route';

/**
 * Fixed-window counters keyed by a string (e.g. `login:ip:1.2.3.4`). In memory by default; the
 * interface lets a Redis store replace it when several instances must share limits.
 */
export interface RateLimitStore {
  /** Adds one hit and returns the count in the current window and the ms until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** The count in the current window and the ms until it resets (0 and 0 when none), without a hit. */
  peek(key: string): Promise<{ count: number; resetMs: number }>;
  reset(key: string): Promise<void>;
}

/** `now` is injectable so tests can move time. */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  return {
    async hit(key, windowMs) {
      const t = now();
      if (++sweeps % 1000 === 0) for (const [k, b] of buckets) if (b.resetAt <= t) buckets.delete(k);
      let b = buckets.get(key);
      if (!b || b.resetAt <= t) {
        b = { count: 0, resetAt: t + windowMs };
        buckets.set(key, b);
      }
      b.count++;
      return { count: b.count, resetMs: b.resetAt - t };
    },
    async peek(key) {
      const t = now();
      const b = buckets.get(key);
      return b && b.resetAt > t ? { count: b.count, resetMs: b.resetAt - t } : { count: 0, resetMs: 0 };
    },
    async reset(key) {
      buckets.delete(key);
    },
  };
}

/** A 429 answer; `retryAfterSeconds` becomes the Retry-After header. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export const waitText = (seconds: number) =>
  seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second${seconds === 1 ? '' : 's'}`;

/**
 * Counts one hit on each key and throws a 429 when any of them is over its limit. Every key is
 * hit (so a blocked client keeps its window busy); the longest wait is reported.
 */
export async function enforceLimits(
  store: RateLimitStore,
  checks: Array<{ key: string; limit: number; windowMs: number }>,
  message = 'Too many attempts.',
): Promise<void> {
  let wait = 0;
  for (const c of checks) {
    const { count, resetMs } = await store.hit(c.key, c.windowMs);
    if (count > c.limit) wait = Math.max(wait, Math.ceil(resetMs / 1000));
  }
  if (wait > 0) throw new TooManyRequestsError(`${message} Please try again in ${waitText(wait)}.`, wait);
}
