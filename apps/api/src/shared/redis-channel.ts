import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createRedis } from './redis';

/** One Redis pub/sub channel shared by every instance: what one publishes, the others receive. */
export interface RedisChannel<T> {
  publish(message: T): void;
  close(): Promise<void>;
}

/**
 * Joins `channel` on Redis (two connections, as a subscriber cannot publish; both reconnect by
 * themselves). `receive` gets the other instances' messages, never this one's own. `down` is called
 * when the subscription is lost (messages published meanwhile are missed), `up` once it is live again:
 * ioredis subscribes again just after reporting itself ready, so a PING answered after that is the proof.
 */
export function redisChannel<T>(
  url: string,
  channel: string,
  opts: { name: string; log: FastifyBaseLogger; receive(message: T): void; down?(): void; up?(): void },
): RedisChannel<T> {
  const origin = randomUUID();
  const pub = createRedis(url, { name: `${opts.name}-pub` });
  const sub = createRedis(url, { name: `${opts.name}-sub` });
  const live = () => opts.up?.();
  sub.subscribe(channel).then(live, (error: unknown) => opts.log.warn({ err: error }, `${opts.name}: Redis subscribe failed`));
  let down = false;
  sub.on('close', () => {
    if (down) return;
    down = true;
    opts.down?.();
  });
  sub.on('ready', () => {
    if (!down) return;
    sub.ping().then(
      () => {
        down = false;
        live();
      },
      () => undefined,
    );
  });
  sub.on('message', (_channel: string, text: string) => {
    try {
      const m = JSON.parse(text) as { o: string; m: T };
      if (m.o !== origin) opts.receive(m.m);
    } catch (error) {
      opts.log.warn({ err: error }, `${opts.name}: unreadable message`);
    }
  });
  return {
    publish(message) {
      pub
        .publish(channel, JSON.stringify({ o: origin, m: message }))
        .catch((error: unknown) => opts.log.warn({ err: error }, `${opts.name}: publish failed`));
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
