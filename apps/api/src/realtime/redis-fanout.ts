import type { FastifyBaseLogger } from 'fastify';
import { redisChannel } from '../shared/redis-channel';
import type { Fanout, FanoutEvent } from './broadcaster';
import type { Hub } from './hub';

/**
 * Realtime fan-out between API instances through Redis pub/sub (REDIS_URL, decision 019): each event
 * is delivered to this instance's sockets at once and published on one Redis channel; every other
 * instance delivers it to its own. Both connections reconnect by themselves: after a Redis restart the
 * subscription is renewed and delivery resumes; events published while Redis was away are sent when it
 * is back (ioredis queues them), events of other instances in that gap are missed by live sockets —
 * clients reload what they show on reconnecting, and the messages themselves are stored before any
 * publishing.
 */
export function redisFanout(url: string, prefix: string, hub: Hub, log: FastifyBaseLogger): Fanout {
  return redisChannel<FanoutEvent>(url, `${prefix}realtime`, {
    name: 'souq-realtime',
    log,
    receive: (e) => hub.deliver(e.channels, e.event, e.data, e.exceptSocketId),
    down: () => log.warn('realtime: Redis connection lost, reconnecting'),
    up: () => log.info('realtime: Redis subscription live'),
  });
}
