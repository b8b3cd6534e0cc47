import type { FastifyInstance } from 'fastify';
import { redisChannel } from '../../shared/redis-channel';

/** What goes over Redis: only that something `/api/master` shows has changed (and when, for the logs). */
interface MasterChanged {
  at: number;
}

export interface MasterChanges {
  /** Call after a committed write of a setting or a currency: drops the caches here and on every instance. */
  changed(): void;
}

/**
 * Keeps `/api/master` true to the database after a console write. Two caches hold its answer: the
 * settings service's (5 s) and, for guests, the answer cache (CATALOG_CACHE_TTL_MS). A write drops both
 * on this instance at once and tells the other instances through Redis pub/sub (REDIS_URL: the channel
 * the token revocations and the realtime fan-out use, decision 019), which drop theirs on receipt. The
 * answer cache is dropped whole: server-rendered pages carry the site's name and colours too, and a
 * setting changes rarely. While the subscription is down a message may be missed: once it is live again
 * the caches are dropped as well, so what an instance missed lasts at most until then (or the TTLs).
 */
export function masterChanges(app: FastifyInstance): MasterChanges {
  const drop = () => {
    app.services.settings.invalidate();
    app.responseCache.clear();
  };
  const { redisUrl, redisPrefix } = app.config;
  const others = redisUrl
    ? redisChannel<MasterChanged>(redisUrl, `${redisPrefix}master-changes`, {
        name: 'souq-master',
        log: app.log,
        receive: drop,
        up: drop,
      })
    : null;
  app.addHook('onClose', async () => others?.close());
  return {
    changed() {
      drop();
      others?.publish({ at: Date.now() });
    },
  };
}
