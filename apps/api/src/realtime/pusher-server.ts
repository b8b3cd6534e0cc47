import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Hub, HubConnection } from './hub';
import { validChannelAuth } from './signature';

/**
 * The embedded WebSocket server speaking the Pusher Channels protocol, version 7 (decision 004, 019):
 * `GET /app/{key}?protocol=7` upgraded on the API's own port. It serves private channels only, each
 * subscription carrying the `auth` that POST /api/broadcasting/auth signed for this socket.
 *
 * Frames (JSON; `data` of server events is itself a JSON string, as Pusher sends it):
 * - server → client: `pusher:connection_established` {socket_id, activity_timeout}, `pusher:pong`,
 *   `pusher:ping`, `pusher_internal:subscription_succeeded`, `pusher:subscription_error`,
 *   `pusher:error` {code, message}, and the published events {event, channel, data};
 * - client → server: `pusher:ping`, `pusher:pong`, `pusher:subscribe` {channel, auth},
 *   `pusher:unsubscribe` {channel}. Client events (`client-*`) are not enabled.
 *
 * Refused before the upgrade: another path (404), a browser page of another origin (403). After it,
 * with `pusher:error` and a close code of the protocol: an unknown app key (4001), no or another
 * protocol version (4008, 4007). Frames larger than `maxMessageBytes` close the connection (1009).
 * A connection silent for `activityTimeoutS` is pinged (a protocol ping and a WebSocket ping); one
 * still silent `pongTimeoutMs` later is dropped. A client that cannot keep up with its frames (over
 * 1 MiB waiting) is dropped too: it reconnects and reloads.
 */
export interface PusherServerOptions {
  key: string;
  secret: string;
  /** The only `Origin` a browser may open a socket from: the site's public origin. */
  allowedOrigin: string;
  activityTimeoutS: number;
  pongTimeoutMs: number;
  maxMessageBytes: number;
  maxSubscriptions: number;
  /** Sockets held at most, and from one client address (beyond: 4100, "over capacity", retried later). */
  maxConnections: number;
  maxConnectionsPerIp: number;
  /** Seconds a socket may stay without a channel joined before it is closed (4009). */
  subscribeWithinS: number;
  /** The client's address of an upgrade request (behind a trusted proxy, the one it names). */
  clientIp: (req: IncomingMessage) => string;
  /**
   * Headers every answer of this server carries, as `[name, value]`: the upgrade's 101 and each refusal
   * before it (Strict-Transport-Security over https, as the HTTP answers carry it).
   */
  headers: ReadonlyArray<readonly [string, string]>;
}

interface Connection extends HubConnection {
  ws: WebSocket;
  lastSeen: number;
  pinged: boolean;
  ip: string;
  /** Since when the socket has had no channel (ms), or null while it has one. */
  bareSince: number | null;
}

/** Pusher's channel name alphabet, at most 200 characters. */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
const MAX_BUFFERED_BYTES = 1024 * 1024;
const PROTOCOL = 7;

const frame = (event: string, data: unknown, channel?: string) =>
  JSON.stringify(channel === undefined ? { event, data: JSON.stringify(data) } : { event, channel, data: JSON.stringify(data) });

function refuse(socket: Duplex, status: number, reason: string, headers: readonly string[]) {
  const extra = headers.map((h) => `${h}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n${extra}\r\n`);
  socket.destroy();
}

export function attachPusherServer(server: Server, hub: Hub, opts: PusherServerOptions, log: FastifyBaseLogger) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: opts.maxMessageBytes,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const headerLines = opts.headers.map(([name, value]) => `${name}: ${value}`);
  if (headerLines.length) wss.on('headers', (lines) => lines.push(...headerLines));
  const live = new Set<Connection>();
  const perIp = new Map<string, number>();
  const activityMs = opts.activityTimeoutS * 1000;
  const bareMs = opts.subscribeWithinS * 1000;

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => socket.destroy());
    let url: URL;
    let key: string;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      const match = /^\/app\/([^/]{1,200})$/.exec(url.pathname);
      if (!match) return refuse(socket, 404, 'Not Found', headerLines);
      key = decodeURIComponent(match[1]!);
    } catch {
      return refuse(socket, 400, 'Bad Request', headerLines);
    }
    // A browser always names the page's origin: only the site's own pages may open a socket (a page of
    // another site would otherwise use the visitor's session). Other clients send none.
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== opts.allowedOrigin) return refuse(socket, 403, 'Forbidden', headerLines);
    const ip = opts.clientIp(req);
    wss.handleUpgrade(req, socket, head, (ws) => open(ws, key, url.searchParams.get('protocol'), ip));
  }

  function open(ws: WebSocket, key: string, protocol: string | null, ip: string) {
    ws.on('error', () => undefined);
    // The close frame's reason is a short fixed text (at most 123 bytes); the message tells the rest.
    const fail = (code: number, message: string, reason: string) => {
      ws.send(frame('pusher:error', { code, message }));
      ws.close(code, reason);
    };
    // Caps (issue 41, finding 7): a client is told to come back later (Pusher's 4100 "over capacity",
    // which its library retries after a pause) rather than let one address, or all, hold every socket.
    if (live.size >= opts.maxConnections) return fail(4100, 'Over capacity: try again later', 'Over capacity');
    if ((perIp.get(ip) ?? 0) >= opts.maxConnectionsPerIp)
      return fail(4100, 'Too many connections from this address: try again later', 'Over capacity');
    if (key !== opts.key)
      return fail(
        4001,
        `App key ${key.slice(0, 100)} not in this cluster. Did you forget to specify the cluster?`,
        'Unknown app key',
      );
    if (protocol === null || protocol === '') return fail(4008, 'No protocol version supplied', 'No protocol version');
    if (!/^\d{1,3}$/.test(protocol) || Number(protocol) !== PROTOCOL)
      return fail(
        4007,
        `Unsupported protocol version ${protocol.slice(0, 20)}: this server speaks protocol ${PROTOCOL}`,
        'Unsupported protocol version',
      );

    const conn: Connection = {
      socketId: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      channels: new Set(),
      ws,
      lastSeen: Date.now(),
      pinged: false,
      ip,
      bareSince: Date.now(),
      reconnect() {
        // Pusher's 4200–4299: the client reconnects at once and authorises its channels anew.
        if (ws.readyState === ws.OPEN) ws.close(4200, 'Reconnect');
      },
      send(text) {
        if (ws.readyState !== ws.OPEN) return false;
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          ws.terminate();
          return false;
        }
        ws.send(text);
        return true;
      },
    };
    live.add(conn);
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
    hub.add(conn);
    ws.on('close', () => {
      live.delete(conn);
      const n = (perIp.get(ip) ?? 1) - 1;
      if (n > 0) perIp.set(ip, n);
      else perIp.delete(ip);
      hub.remove(conn);
    });
    ws.on('pong', () => seen(conn));
    ws.on('message', (raw, isBinary) => {
      seen(conn);
      receive(conn, raw, isBinary);
    });
    conn.send(frame('pusher:connection_established', { socket_id: conn.socketId, activity_timeout: opts.activityTimeoutS }));
  }

  function seen(conn: Connection) {
    conn.lastSeen = Date.now();
    conn.pinged = false;
  }

  const error = (conn: Connection, message: string, code: number | null = null) =>
    conn.send(frame('pusher:error', { code, message }));

  function receive(conn: Connection, raw: RawData, isBinary: boolean) {
    let msg: { event?: unknown; data?: unknown };
    try {
      if (isBinary) throw new Error('binary');
      msg = JSON.parse(raw.toString()) as typeof msg;
      if (!msg || typeof msg !== 'object' || typeof msg.event !== 'string') throw new Error('no event');
    } catch {
      error(conn, 'Invalid message: a JSON object with an event name was expected');
      return;
    }
    let data = msg.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        // a plain string: left as it is
      }
    }
    const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    switch (msg.event) {
      case 'pusher:ping':
        conn.send(frame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        subscribe(conn, fields.channel, fields.auth);
        return;
      case 'pusher:unsubscribe':
        if (typeof fields.channel === 'string') hub.unsubscribe(conn, fields.channel);
        if (conn.channels.size === 0) conn.bareSince ??= Date.now();
        return;
      default:
        if (msg.event.startsWith('client-')) error(conn, 'Client events are not enabled on this server');
    }
  }

  function subscribe(conn: Connection, channel: unknown, auth: unknown) {
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      error(conn, 'Invalid channel name');
      return;
    }
    const refuseSubscription = (message: string, status: number) => {
      error(conn, message);
      conn.send(frame('pusher:subscription_error', { type: 'AuthError', error: message, status }, channel));
    };
    if (conn.channels.has(channel)) {
      conn.send(frame('pusher_internal:subscription_succeeded', {}, channel));
      return;
    }
    if (!channel.startsWith('private-')) return refuseSubscription('Only private channels are served here', 403);
    if (conn.channels.size >= opts.maxSubscriptions)
      return refuseSubscription(`At most ${opts.maxSubscriptions} channels may be joined on one connection`, 400);
    if (!validChannelAuth(opts.key, opts.secret, conn.socketId, channel, auth))
      return refuseSubscription(`Invalid signature: the auth of ${channel} was not signed for this connection`, 401);
    hub.subscribe(conn, channel);
    conn.bareSince = null;
    conn.send(frame('pusher_internal:subscription_succeeded', {}, channel));
  }

  /** Pings the silent, drops the dead. */
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const conn of live) {
        const idle = now - conn.lastSeen;
        // A socket that joins no channel serves nobody: answering pings no longer keeps it (finding 7).
        if (conn.bareSince !== null && now - conn.bareSince > bareMs) {
          conn.send(frame('pusher:error', { code: 4009, message: 'No channel was joined in time' }));
          conn.ws.close(4009, 'No channel joined');
          conn.bareSince = null;
        } else if (conn.pinged && idle > activityMs + opts.pongTimeoutMs) {
          conn.ws.terminate();
        } else if (!conn.pinged && idle > activityMs) {
          conn.pinged = true;
          conn.send(frame('pusher:ping', {}));
          conn.ws.ping();
        }
      }
    },
    Math.max(250, Math.min(activityMs, opts.pongTimeoutMs, bareMs) / 4),
  );
  sweep.unref();

  server.on('upgrade', onUpgrade);
  log.debug('embedded Pusher-protocol server attached');

  return {
    /** Connections held by this process now. */
    size: () => live.size,
    /**
     * Stops taking sockets and closes the open ones with 4200 ("reconnect now"): clients move to
     * another instance, or back to this one when it returns.
     */
    async close() {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      for (const conn of live) {
        conn.ws.close(4200, 'Server restarting');
        hub.remove(conn);
      }
      const closing = [...live];
      live.clear();
      // A client that does not answer the close handshake is cut after a second.
      await new Promise<void>((resolve) => {
        if (closing.length === 0) return resolve();
        const timer = setTimeout(() => {
          for (const c of closing) c.ws.terminate();
          resolve();
        }, 1000);
        timer.unref();
        let left = closing.length;
        for (const c of closing)
          c.ws.once('close', () => {
            if (--left === 0) {
              clearTimeout(timer);
              resolve();
            }
          });
      });
      wss.close();
    },
  };
}
export type PusherServer = ReturnType<typeof attachPusherServer>;
