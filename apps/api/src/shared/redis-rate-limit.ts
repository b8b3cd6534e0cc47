import type { Redis } from 'ioredis';
import { HttpError } from '../http/route';
import type { RateLimitStore } from './rate-limit';

/** One hit: the window starts with the first hit of a key and ends with the key's expiry. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

export const LIMITS_UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * Rate-limit counters in Redis (REDIS_URL): every instance counts into the same keys, so a limit holds
 * across processes. Fixed windows as in the memory store. When Redis cannot answer, the limited call
 * is refused with 503 (failing closed: a login is never let through uncounted).
 */
export function redisRateLimitStore(redis: Redis, prefix: string): RateLimitStore {
  const k = (key: string) => `${prefix}rl:${key}`;
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      throw new HttpError(503, LIMITS_UNAVAILABLE);
    }
  };
  return {
    hit: (key, windowMs) =>
      guard(async () => {
        const [count, ttl] = (await redis.eval(HIT, 1, k(key), String(windowMs))) as [number, number];
        return { count, resetMs: ttl };
      }),
    peek: (key) =>
      guard(async () => {
        const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
        return count === null || ttl <= 0 ? { count: 0, resetMs: 0 } : { count: Number(count), resetMs: ttl };
      }),
    reset: (key) =>
      guard(async () => {
        await redis.del(k(key));
      }),
  };
}
