import type { AddressInfo } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Pusher, { type Channel } from 'pusher-js';
import WebSocket from 'ws';

/** Starts the app on a free loopback port (the realtime server shares it) and answers the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * The official pusher-js client (its Node build) configured as the web app configures it: the app's
 * key, the server's own host and port, private channels authorised by /api/broadcasting/auth with the
 * Bearer token. It reconnects by itself as it does in a browser.
 */
export function pusherClient(port: number | (() => number), key: string, token: string) {
  const portOf = typeof port === 'number' ? () => port : port;
  return new Pusher(key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: portOf(),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${portOf()}/api/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  });
}

/** Resolves when the channel is subscribed; rejects with the subscription error (e.g. `{status: 403}`). */
export function subscribed(channel: Channel, timeoutMs = 5000): Promise<void> {
  if (channel.subscribed) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription answer for ${channel.name}`)), timeoutMs);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve();
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      reject(Object.assign(new Error('subscription refused'), { detail: error }));
    });
  });
}

/** Collects a channel's events of one name as they arrive; `next()` waits for the following one. */
export function collect<T = unknown>(channel: Channel, event: string) {
  const got: T[] = [];
  const waiters: Array<{ at: number; resolve: (v: T) => void }> = [];
  channel.bind(event, (data: T) => {
    got.push(data);
    for (const w of [...waiters])
      if (got.length > w.at) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(got[w.at]!);
      }
  });
  let read = 0;
  return {
    got,
    /** The next event not yet taken by next(). */
    next(timeoutMs = 5000): Promise<T> {
      const at = read++;
      if (got.length > at) return Promise.resolve(got[at]!);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          at,
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v);
          },
        });
      });
    },
  };
}

/** Waits until `check()` holds (polling), or fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition') {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} did not hold within ${timeoutMs} ms`);
}

/** A raw WebSocket speaking the protocol by hand (frames as parsed JSON), to test what pusher-js never sends. */
export async function rawSocket(url: string, options: WebSocket.ClientOptions = {}) {
  const ws = new WebSocket(url, options);
  const frames: Array<{ event: string; channel?: string; data: unknown }> = [];
  let closed: { code: number; reason: string } | null = null;
  ws.on('message', (raw) => {
    const f = JSON.parse(raw.toString()) as { event: string; channel?: string; data: unknown };
    if (typeof f.data === 'string') {
      try {
        f.data = JSON.parse(f.data);
      } catch {
        // left as a string
      }
    }
    frames.push(f);
  });
  ws.on('close', (code, reason) => (closed = { code, reason: reason.toString() }));
  ws.on('error', () => undefined);
  let headers: IncomingHttpHeaders = {};
  ws.once('upgrade', (res) => (headers = res.headers));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) =>
      reject(
        Object.assign(new Error(`upgrade refused ${res.statusCode}`), { status: res.statusCode, headers: res.headers }),
      ),
    );
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    /** The 101's headers. */
    headers,
    get closed() {
      return closed;
    },
    send: (msg: object) => ws.send(JSON.stringify(msg)),
    async frame(event: string, timeoutMs = 3000) {
      await eventually(() => frames.some((f) => f.event === event), timeoutMs, `frame ${event}`);
      return frames.find((f) => f.event === event)!;
    },
    async waitClosed(timeoutMs = 5000) {
      await eventually(() => closed !== null, timeoutMs, 'close');
      return closed!;
    },
  };
}
