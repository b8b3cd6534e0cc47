import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { type Broadcaster, embeddedBroadcaster, pusherBroadcaster } from './broadcaster';
import { createHub, type Hub } from './hub';
import { redisFanout } from './redis-fanout';

export type { Broadcaster } from './broadcaster';
export { realtimeRoutes } from './routes';

/** The realtime side of one API process: its sockets (embedded driver) and the Broadcaster services use. */
export interface Realtime {
  hub: Hub;
  broadcaster: Broadcaster;
  close(): Promise<void>;
}

export function createRealtime(config: AppConfig, log: FastifyBaseLogger): Realtime {
  const hub = createHub();
  const fanout = config.redisUrl ? redisFanout(config.redisUrl, config.redisPrefix, hub, log) : null;
  const broadcaster = config.realtime.driver === 'pusher' ? pusherBroadcaster(config.realtime) : embeddedBroadcaster(hub, fanout);
  return {
    hub,
    broadcaster,
    async close() {
      await broadcaster.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime server's sockets and the Broadcaster (decision 019). */
    realtime: Realtime;
  }
}
