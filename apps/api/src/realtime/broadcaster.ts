import type { RealtimeConfig } from '../config';
import type { Hub } from './hub';
import { signedQuery } from './signature';

/**
 * The one way services publish realtime events (decision 004, 019): they never touch sockets.
 * `data` is sent as Pusher sends it: a string as it is, anything else as its JSON.
 */
export interface Broadcaster {
  readonly driver: RealtimeConfig['driver'];
  /** Resolves once the event is delivered to this process's sockets and handed to the fan-out or HTTP API. */
  publish(channels: readonly string[], event: string, data: unknown, options?: { exceptSocketId?: string }): Promise<void>;
  close(): Promise<void>;
}

/** An event travelling between instances (Redis pub/sub), already serialised for the sockets. */
export interface FanoutEvent {
  channels: readonly string[];
  event: string;
  data: string;
  exceptSocketId?: string;
}

/** Carries events to the other instances and hands theirs to `receive` (redis-fanout.ts). */
export interface Fanout {
  publish(event: FanoutEvent): void;
  close(): Promise<void>;
}

export const serialise = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

/** Embedded: delivers to this process's sockets, and to the other instances' through the fan-out when there is one. */
export function embeddedBroadcaster(hub: Hub, fanout: Fanout | null): Broadcaster {
  return {
    driver: 'embedded',
    async publish(channels, event, data, options = {}) {
      const text = serialise(data);
      hub.deliver(channels, event, text, options.exceptSocketId);
      fanout?.publish({ channels, event, data: text, exceptSocketId: options.exceptSocketId });
    },
    async close() {
      await fanout?.close();
    },
  };
}

/**
 * Pusher HTTP API: `POST /apps/{appId}/events` with the signed query, to hosted Pusher or a self-hosted
 * Pusher-compatible server (Soketi, or another instance's embedded server). At most 100 channels a call.
 */
export function pusherBroadcaster(cfg: RealtimeConfig): Broadcaster {
  const remote = cfg.remote!;
  const base = `${remote.tls ? 'https' : 'http'}://${remote.host}:${remote.port}`;
  const path = `/apps/${cfg.appId}/events`;
  return {
    driver: 'pusher',
    async publish(channels, event, data, options = {}) {
      for (let i = 0; i < channels.length; i += 100) {
        const body = JSON.stringify({
          name: event,
          channels: channels.slice(i, i + 100),
          data: serialise(data),
          ...(options.exceptSocketId ? { socket_id: options.exceptSocketId } : {}),
        });
        const res = await fetch(`${base}${path}?${signedQuery(cfg.key, cfg.secret, 'POST', path, body)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(cfg.timeoutMs),
        });
        if (!res.ok) throw new Error(`Pusher HTTP API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      }
    },
    async close() {},
  };
}
