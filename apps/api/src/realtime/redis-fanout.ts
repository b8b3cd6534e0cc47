import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createRedis } from '../shared/redis';
import type { Fanout, FanoutEvent } from './broadcaster';
import type { Hub } from './hub';

/**
 * Realtime fan-out between API instances through Redis pub/sub (REDIS_URL, decision 019): each event
 * is delivered to this instance's sockets at once and published on one Redis channel; every other
 * instance delivers it to its own. Two connections (a subscriber cannot publish), both reconnecting
 * by themselves: after a Redis restart the subscription is renewed and delivery resumes; events
 * published while Redis was away are sent when it is back (ioredis queues them), events of other
 * instances in that gap are missed by live sockets — clients reload what they show on reconnecting,
 * and the messages themselves are stored before any publishing.
 */
export function redisFanout(url: string, prefix: string, hub: Hub, log: FastifyBaseLogger): Fanout {
  const channel = `${prefix}realtime`;
  const origin = randomUUID();
  const pub = createRedis(url, { name: 'souq-realtime-pub' });
  const sub = createRedis(url, { name: 'souq-realtime-sub' });
  sub.subscribe(channel).catch((error: unknown) => log.warn({ err: error }, 'realtime: Redis subscribe failed'));
  sub.on('message', (_channel: string, text: string) => {
    try {
      const e = JSON.parse(text) as { o: string } & FanoutEvent;
      if (e.o !== origin) hub.deliver(e.channels, e.event, e.data, e.exceptSocketId);
    } catch (error) {
      log.warn({ err: error }, 'realtime: unreadable fan-out event');
    }
  });
  let down = false;
  sub.on('close', () => {
    if (!down) log.warn('realtime: Redis connection lost, reconnecting');
    down = true;
  });
  sub.on('ready', () => {
    if (down) log.info('realtime: Redis connection back');
    down = false;
  });
  return {
    publish(event) {
      pub
        .publish(channel, JSON.stringify({ o: origin, ...event }))
        .catch((error: unknown) => log.warn({ err: error }, 'realtime: fan-out publish failed'));
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
