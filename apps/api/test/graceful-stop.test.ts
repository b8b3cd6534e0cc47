import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { userChatChannel } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { createDb, type Db } from '../src/db';
import { makeCustomer, plainProducts, type TestCustomer } from '../src/modules/commerce/test-support';
import { channelAuth } from '../src/realtime/signature';
import { withDatabase } from './global-setup';
import { dropDatabase, testDialect } from './helpers';
import { eventually } from './realtime-support';

/**
 * A graceful stop under load (issue 38 item 3, decision 044): the compiled server (apps/api/dist/server.js,
 * as `npm start` runs it) serves catalogue reads, carts and order placements from a dozen clients and
 * holds subscribed sockets; SIGTERM arrives mid-load. Every request sent got a whole answer (or, started
 * after the stop began, a connection refused or closed before any answer), every socket was told to
 * reconnect (4200), the process exited 0, and the database holds no half-written order.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const KEY = 'drain-test-key';
const SECRET = 'drain-test-secret-0123456789';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A fresh copy of the seeded template database, the server's environment for it, and a handle for checks. */
async function freshDatabase(dataDir: string): Promise<{ env: Record<string, string>; db: Db; drop: () => Promise<void> }> {
  const { dialect, template, url } = inject('testDb');
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'storefront.sqlite');
    fs.copyFileSync(template, file);
    const { db } = createDb({ dialect: 'sqlite', file });
    return { env: { DATABASE_URL: '' }, db, drop: () => db.destroy() };
  }
  const name = `souq_drain_${randomBytes(5).toString('hex')}`;
  const admin = createDb({ dialect: 'postgres', url: url! });
  await sql.raw(`create database ${name} template ${template}`).execute(admin.db);
  const dbUrl = withDatabase(url!, name);
  const { db } = createDb({ dialect: 'postgres', url: dbUrl });
  return {
    env: { DATABASE_URL: dbUrl },
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase(admin.db, name);
      await admin.db.destroy();
    },
  };
}

interface Server {
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: string | null; at: number }>;
}

async function startServer(dataDir: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
      PUSHER_APP_KEY: KEY,
      PUSHER_APP_SECRET: SECRET,
      CATALOG_CACHE_TTL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200;
      } catch {
        return false;
      }
    },
    60_000,
    'the server ready',
  );
  return { port, child, output: () => out, exited };
}

interface Outcome {
  what: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  /** The answer's headers arrived. */
  headers: boolean;
  /** The whole body arrived (as many bytes as its length said, the message ended cleanly). */
  complete: boolean;
  body: string;
  error?: string;
}

/** One HTTP request with what became of it, at the byte level. */
function send(
  agent: http.Agent,
  port: number,
  what: string,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: unknown,
  /** Sends the first half of the body, and the rest once this resolves (a slow client). */
  hold?: Promise<unknown>,
): Promise<Outcome> {
  const startedAt = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const o: Outcome = { what, startedAt, endedAt: 0, headers: false, complete: false, body: '' };
    const done = () => {
      o.endedAt = performance.now();
      resolve(o);
    };
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
      },
      (res) => {
        o.headers = true;
        o.status = res.statusCode;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks);
          const length = res.headers['content-length'];
          o.complete = res.complete && (length === undefined || Number(length) === text.length);
          o.body = text.toString('utf8');
          done();
        });
        res.on('error', (e) => {
          o.error = `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}`;
          done();
        });
        res.on('aborted', () => (o.error ??= 'aborted'));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (e) => {
      if (o.endedAt) return;
      o.error = `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}`;
      done();
    });
    if (hold && payload) {
      req.write(payload.slice(0, payload.length >> 1));
      void hold.then(() => req.end(payload.slice(payload.length >> 1)));
    } else req.end(payload);
  });
}

/** A raw socket of the Pusher protocol subscribed to a customer's channel; resolves with its close code later. */
async function subscribedSocket(port: number, userId: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7`);
  ws.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const channel = userChatChannel(userId);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no subscription')), 10_000);
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString()) as { event: string; data: string };
      if (f.event === 'pusher:connection_established') {
        const { socket_id } = JSON.parse(f.data) as { socket_id: string };
        ws.send(
          JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: channelAuth(KEY, SECRET, socket_id, channel) } }),
        );
      } else if (f.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { ws, closed };
}

const dirs: string[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

beforeAll(async () => {
  // The compiled server, as `npm start` runs it (rebuilt only when a source is newer).
  const { buildApiIfStale } = (await import(path.join(root, 'scripts/build-api.mjs'))) as {
    buildApiIfStale: () => Promise<boolean>;
  };
  await buildApiIfStale();
}, 120_000);

async function prepared() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-drain-'));
  dirs.push(dataDir);
  const database = await freshDatabase(dataDir);
  cleanups.push(database.drop);
  return { dataDir, ...database };
}

describe(`graceful stop (${testDialect()})`, () => {
  it('answers every request in flight, sends sockets to reconnect, exits 0 and leaves no half-written order', async () => {
    const { dataDir, env, db } = await prepared();
    // Customers made in the database (makeCustomer needs only `db`), each buying one product of one shop.
    const fake = { db } as unknown as FastifyInstance;
    const customers: TestCustomer[] = [];
    for (let i = 0; i < 24; i++) customers.push(await makeCustomer(fake));
    // One more, whose placement is sent slowly across the signal.
    const slowBuyer = await makeCustomer(fake);
    const [product] = await plainProducts(fake, { minStock: 1 });
    await db.updateTable('products').set({ quantity: 100_000 }).where('id', '=', product!.id).execute();
    const stockBefore = 100_000;
    const ordersBefore = Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const server = await startServer(dataDir, env);
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    const { port } = server;
    const sockets = await Promise.all(customers.slice(0, 4).map((c) => subscribedSocket(port, c.id)));
    const slowAgent = new http.Agent({ keepAlive: false });
    expect(
      (await send(slowAgent, port, 'cart', 'POST', '/api/cart/store', slowBuyer.auth, { product_id: product!.id, quantity: 2 }))
        .status,
    ).toBe(200);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const outcomes: Outcome[] = [];
    let stopAt = Infinity;
    let running = true;
    const record = (o: Outcome) => {
      outcomes.push(o);
      return o;
    };
    // Until the process is gone and a little after: requests started after it get refusals.
    const readers = Array.from({ length: 6 }, async (_, w) => {
      for (let i = 0; running; i++) {
        const url = i % 2 ? `/api/products?page=${1 + ((i + w) % 3)}` : `/api/product-details?product_id=${product!.id}`;
        record(await send(agent, port, 'catalogue', 'GET', url));
      }
    });
    const buyers = Array.from({ length: 6 }, async (_, w) => {
      for (let i = 0; running; i++) {
        const c = customers[(w + i * 6) % customers.length]!;
        const cart = record(
          await send(agent, port, 'cart', 'POST', '/api/cart/store', c.auth, { product_id: product!.id, quantity: 1 }),
        );
        if (cart.status !== 200) continue;
        record(
          await send(
            agent,
            port,
            'place',
            'POST',
            '/api/place-order',
            { ...c.auth, 'idempotency-key': `drain-${w}-${i}` },
            { shop_ids: [product!.shop_id], address_id: c.addressId, payment_method: 'cash' },
          ),
        );
      }
    });

    // Mid-load: enough placements done that some are surely in flight.
    await eventually(
      () => outcomes.filter((o) => o.what === 'place' && o.status === 200).length >= 10,
      60_000,
      '10 orders placed',
    );
    // A placement whose body is half sent when the signal comes, and the rest a second later.
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    const slow = send(
      slowAgent,
      port,
      'place',
      'POST',
      '/api/place-order',
      { ...slowBuyer.auth, 'idempotency-key': 'drain-slow' },
      { shop_ids: [product!.shop_id], address_id: slowBuyer.addressId, payment_method: 'cash', note: 'sent slowly' },
      released,
    ).then(record);
    await new Promise((r) => setTimeout(r, 100));
    stopAt = performance.now();
    server.child.kill('SIGTERM');
    setTimeout(release, 1000);
    const slowAnswer = await slow;
    const exit = await server.exited;
    // A moment more of traffic against the closed port.
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await Promise.all([...readers, ...buyers]);
    agent.destroy();
    const log = server.output();

    const inFlight = outcomes.filter((o) => o.startedAt < stopAt && o.endedAt > stopAt).length;
    console.log(
      `drain: ${outcomes.length} requests, ${inFlight} in flight at SIGTERM, ${outcomes.filter((o) => o.startedAt >= stopAt).length} after it; ` +
        `exit ${exit.code} ${Math.round(exit.at - stopAt)} ms after SIGTERM`,
    );
    // The process: exit 0 (its own deadline, SHUTDOWN_TIMEOUT_MS = 10 s, would have made it 1).
    expect({ code: exit.code, signal: exit.signal, log: exit.code === 0 ? '' : log }).toEqual({ code: 0, signal: null, log: '' });
    expect(exit.at - stopAt).toBeLessThan(10_000);
    expect(log).toMatch(/"msg":"stopped"/);

    // The slow placement, still arriving for a second after the signal, was answered and placed.
    expect({ status: slowAnswer.status, complete: slowAnswer.complete, error: slowAnswer.error }).toEqual({
      status: 200,
      complete: true,
      error: undefined,
    });
    expect(slowAnswer.endedAt - stopAt).toBeGreaterThan(900);
    // Requests: every one sent before the stop got its whole answer, 2xx or 4xx.
    const before = outcomes.filter((o) => o.startedAt < stopAt);
    const broken = before.filter((o) => !o.headers || !o.complete || o.error || o.status! >= 500);
    expect(broken.map((o) => ({ what: o.what, status: o.status, error: o.error, complete: o.complete }))).toEqual([]);
    // …including some that were in flight when SIGTERM arrived.
    expect(before.filter((o) => o.endedAt > stopAt).length).toBeGreaterThan(0);
    // After it: a whole answer, or a connection refused or closed before any byte of an answer.
    const after = outcomes.filter((o) => o.startedAt >= stopAt);
    const badAfter = after.filter((o) => (o.headers ? !o.complete || !!o.error || o.status! >= 500 : !o.error));
    expect(badAfter.map((o) => ({ what: o.what, status: o.status, error: o.error, complete: o.complete }))).toEqual([]);
    expect(after.some((o) => /ECONNREFUSED/.test(o.error ?? ''))).toBe(true);

    // Sockets: each was told to reconnect at once (Pusher's 4200).
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual(sockets.map(() => 4200));

    // The database: as many orders as answered placements, each whole; the stock adds up.
    const placedAnswers = outcomes.filter((o) => o.what === 'place' && o.status === 200);
    const answeredOrders = placedAnswers.reduce(
      (n, o) => n + (JSON.parse(o.body) as { data: { orders: unknown[] } }).data.orders.length,
      0,
    );
    const ids = [...customers, slowBuyer].map((c) => c.id);
    const orders = await db.selectFrom('orders').select(['id', 'quantity', 'order_status']).where('user_id', 'in', ids).execute();
    expect(orders.length).toBe(answeredOrders);
    expect(
      Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(ordersBefore + answeredOrders);
    const items = await db
      .selectFrom('order_items')
      .select(['order_id', 'product_id', 'quantity'])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    const history = await db
      .selectFrom('order_status_history')
      .select('order_id')
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    for (const o of orders) {
      const lines = items.filter((i) => i.order_id === o.id);
      expect({ order: o.id, lines: lines.length, quantity: lines.reduce((s, l) => s + l.quantity, 0) }).toEqual({
        order: o.id,
        lines: 1,
        quantity: o.quantity,
      });
      expect(history.some((h) => h.order_id === o.id)).toBe(true);
    }
    const stockAfter = (
      await db.selectFrom('products').select('quantity').where('id', '=', product!.id).executeTakeFirstOrThrow()
    ).quantity;
    expect(stockBefore - stockAfter).toBe(items.reduce((s, l) => s + l.quantity, 0));
  }, 120_000);

  it('past SHUTDOWN_TIMEOUT_MS, logs what is left and exits 1', async () => {
    const { dataDir, env } = await prepared();
    const server = await startServer(dataDir, { ...env, SHUTDOWN_TIMEOUT_MS: '1500' });
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    // A request whose body never ends: in flight for as long as its client likes.
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"phone":',
    );
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    socket.destroy();
    expect(exit.code).toBe(1);
    expect(server.output()).toMatch(/shutdown timed out: exiting with what is left/);
    expect(server.output()).toMatch(/"connections":1/);
  }, 60_000);
});
