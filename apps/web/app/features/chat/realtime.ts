import type { Master } from '@souq/contracts';
import { BROADCASTING_AUTH_PATH } from '@souq/contracts/constants';
import type PusherClass from 'pusher-js';
import { apiHeaders } from '~/shared/api';

/**
 * The one owner of the browser's realtime connections (ARCHITECTURE "Realtime is a typed contract").
 * pusher-js is imported on first use only, so it is a chunk of its own that a guest never loads.
 * One connection per token (a customer, and a seller in the seller area), shared by every subscriber;
 * channels are reference-counted and left when their last subscriber goes. A connection that comes
 * back after a drop tells its subscribers (`onReconnect`) so they reload what they show: nothing sent
 * while it was away is lost (API.md "Chat").
 */
type Pusher = PusherClass;
type Channel = ReturnType<Pusher['subscribe']>;
type PusherModule = { default: typeof PusherClass };

export interface Subscription {
  token: string;
  locale: string;
  master: Pick<Master, 'pusher_app_key' | 'pusher_app_cluster' | 'pusher_host' | 'pusher_port' | 'pusher_tls'>;
  /** e.g. private-chat_user_12 */
  channel: string;
  /** e.g. send-message-to-user */
  event: string;
  onEvent(payload: unknown): void;
  onReconnect?(): void;
}

interface Connection {
  pusher: Promise<Pusher>;
  channels: Map<string, { channel: Promise<Channel>; count: number }>;
  reconnectListeners: Set<() => void>;
  users: number;
}

const connections = new Map<string, Connection>();
let loader: Promise<PusherModule> | null = null;
const loadPusher = () =>
  (loader ??= import('pusher-js').catch((error: unknown) => {
    loader = null; // offline at that moment: the next subscription tries again
    throw error;
  }));

/** Where the socket server is: /master's pusher_host/port/tls, a null host meaning this page's origin. */
export function socketOptions(master: Subscription['master'], page: { hostname: string; port: string; protocol: string }) {
  const tls = master.pusher_host ? master.pusher_tls : page.protocol === 'https:';
  const host = master.pusher_host ?? page.hostname;
  const port = master.pusher_port ?? (master.pusher_host ? (tls ? 443 : 80) : Number(page.port) || (tls ? 443 : 80));
  return { wsHost: host, wsPort: port, wssPort: port, forceTLS: tls };
}

function connect(sub: Subscription): Connection {
  let conn = connections.get(sub.token);
  if (conn) return conn;
  const reconnectListeners = new Set<() => void>();
  const pusher = loadPusher().then(({ default: PusherClass }) => {
    const client = new PusherClass(sub.master.pusher_app_key, {
      cluster: sub.master.pusher_app_cluster,
      ...socketOptions(sub.master, window.location),
      // 'ws' follows forceTLS (ws:// or wss://); no second try over the other scheme, no HTTP fallbacks.
      enabledTransports: ['ws'],
      disableStats: true,
      // Going offline makes pusher-js ping; no pong within 10 s (default 30) and it reconnects, and the
      // screens reload what they show: a network blip costs seconds, not half a minute of silence.
      pongTimeout: 10_000,
      channelAuthorization: {
        endpoint: BROADCASTING_AUTH_PATH,
        transport: 'ajax',
        headersProvider: () => apiHeaders(sub.locale, sub.token),
      },
    });
    let connectedBefore = false;
    client.connection.bind('state_change', (s: { previous: string; current: string }) => {
      if (s.current !== 'connected') return;
      if (connectedBefore) reconnectListeners.forEach((l) => l());
      connectedBefore = true;
    });
    return client;
  });
  pusher.catch((error: unknown) => {
    console.warn('realtime connection failed', error);
    if (connections.get(sub.token) === conn) connections.delete(sub.token);
  });
  conn = { pusher, channels: new Map(), reconnectListeners, users: 0 };
  connections.set(sub.token, conn);
  return conn;
}

/** Subscribes to one event of one private channel; returns the unsubscribe. */
export function subscribe(sub: Subscription): () => void {
  const conn = connect(sub);
  conn.users += 1;
  let entry = conn.channels.get(sub.channel);
  if (!entry) {
    const channel = conn.pusher.then((p) => p.subscribe(sub.channel));
    channel.catch(() => undefined); // reported once, by connect()
    entry = { channel, count: 0 };
    conn.channels.set(sub.channel, entry);
  }
  entry.count += 1;
  const handler = (data: unknown) => sub.onEvent(data);
  let closed = false;
  entry.channel.then(
    (ch) => {
      if (!closed) ch.bind(sub.event, handler);
    },
    () => undefined,
  );
  const reconnect = () => sub.onReconnect?.();
  conn.reconnectListeners.add(reconnect);

  return () => {
    if (closed) return;
    closed = true;
    conn.reconnectListeners.delete(reconnect);
    conn.users -= 1;
    if (conn.users === 0) {
      // The last user: close the connection, which ends its subscriptions on the server. No unsubscribe
      // first: pusher-js sends it on a later tick, when the socket would already be closing.
      connections.delete(sub.token);
      conn.pusher.then(
        (p) => p.disconnect(),
        () => undefined,
      );
      return;
    }
    const current = conn.channels.get(sub.channel);
    if (!current) return;
    current.count -= 1;
    current.channel.then(
      (ch) => ch.unbind(sub.event, handler),
      () => undefined,
    );
    if (current.count === 0) {
      conn.channels.delete(sub.channel);
      conn.pusher.then(
        (p) => p.unsubscribe(sub.channel),
        () => undefined,
      );
    }
  };
}

/** The realtime payload `{message}` of send-message-to-user / send-message-to-shop. */
export function messageOf<T>(payload: unknown): T | null {
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const m = (payload as { message: unknown }).message;
    if (m && typeof m === 'object') return m as T;
  }
  return null;
}
