import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection (REDIS_URL) that reconnects by itself, with a growing pause up to 2 s, forever:
 * a Redis restart is survived without restarting the API. `failFast` connections give up on a command
 * after `commandTimeoutMs` (rate limits: the request then fails with 503 instead of hanging).
 */
export function createRedis(url: string, opts: { name: string; failFast?: boolean; commandTimeoutMs?: number }): Redis {
  const options: RedisOptions = {
    connectionName: opts.name,
    retryStrategy: (times) => Math.min(100 * times, 2000),
    // Commands wait for a reconnection (queued, through 20 attempts) rather than fail at once; fail-fast
    // ones only briefly.
    enableOfflineQueue: true,
    maxRetriesPerRequest: opts.failFast ? 1 : 20,
    ...(opts.failFast ? { commandTimeout: opts.commandTimeoutMs ?? 2000 } : {}),
  };
  const redis = new Redis(url, options);
  // Connection errors are retried; without a listener ioredis would print each one.
  redis.on('error', () => undefined);
  return redis;
}
