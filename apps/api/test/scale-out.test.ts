import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { chatEventSchema } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type Pusher from 'pusher-js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { createDb } from '../src/db';
import { hashPassword } from '../src/modules/auth';
import { issueToken } from '../src/modules/auth/tokens';
import { makeCustomer } from '../src/modules/commerce/test-support';
import { withDatabase } from './global-setup';
import { createTestApp, dropDatabase, testDialect } from './helpers';
import { collect, eventually, listen, pusherClient, subscribed } from './realtime-support';
import { tcpProxy } from './tcp-proxy';

/**
 * Several API processes on one PostgreSQL database and one Redis (REDIS_URL, decision 019): realtime
 * events fan out between them, rate limits are shared, and the system rides out a killed process and a
 * Redis restart. Runs where CI runs the scale-out: TEST_REDIS_URL set and the PostgreSQL pass.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = !!redisUrl && testDialect() === 'postgres';
const base = testConfig({ database: { dialect: 'sqlite', file: ':memory:' } });

const clients: Pusher[] = [];
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of clients) c.disconnect();
  for (const close of closers.reverse()) await close();
});

const realtime = { ...base.realtime, key: 'scale-key', secret: 'scale-out-secret-0123456789', appId: 'scale' };
const prefix = () => `souq-test-${randomBytes(4).toString('hex')}:`;

/** A second instance of an app: same configuration and database, its own process state. */
async function twin(app: FastifyInstance, over: Partial<FastifyInstance['config']> = {}) {
  const other = await buildApp({ ...app.config, ...over }, { prepareDatabase: false });
  closers.push(() => other.close());
  return other;
}
const client = (port: number, token: string) => {
  const c = pusherClient(port, realtime.key, token);
  clients.push(c);
  return c;
};
async function sellerOf(app: FastifyInstance, shopId: number) {
  const seller = await app.db.selectFrom('shop_users').select('id').where('shop_id', '=', shopId).executeTakeFirstOrThrow();
  const { token } = await issueToken(app.db, 'seller', seller.id);
  return { token, auth: { authorization: `Bearer ${token}` } };
}
const bearerOf = (auth: { authorization: string }) => auth.authorization.slice(7);
const sendAs = (app: FastifyInstance, url: string, auth: Record<string, string>, payload: object, remoteAddress?: string) =>
  app.inject({ method: 'POST', url, headers: auth, payload, remoteAddress });

describe.skipIf(!enabled)('two instances on one PostgreSQL database and Redis', async () => {
  const a = enabled
    ? await createTestApp({
        redisUrl,
        redisPrefix: prefix(),
        realtime,
        accounts: { ...base.accounts, loginLimitPerIp: 3, otpLimitPerIp: 3, otpSecret: 'scale-otp-secret-0123456789-0123456789' },
      })
    : (null as unknown as FastifyInstance);
  const b = enabled ? await twin(a) : (null as unknown as FastifyInstance);
  const [portA, portB] = enabled ? [await listen(a), await listen(b)] : [0, 0];

  it('delivers a message sent through one instance to a socket held by the other, both ways', async () => {
    const c = await makeCustomer(a);
    const s = await sellerOf(a, 2);
    const customer = client(portB, bearerOf(c.auth));
    const seller = client(portA, s.token);
    const toUser = collect(customer.subscribe(`private-chat_user_${c.id}`), 'send-message-to-user');
    const toShop = collect(seller.subscribe('private-chat_shop_2'), 'send-message-to-shop');
    await subscribed(customer.channel(`private-chat_user_${c.id}`)!);
    await subscribed(seller.channel('private-chat_shop_2')!);
    // The customer writes through B; the seller's socket is on A.
    const sent = await sendAs(b, '/api/send-message', c.auth, { shop_id: 2, message: 'from B' });
    expect(sent.statusCode).toBe(200);
    expect(chatEventSchema.parse(await toShop.next()).message.id).toBe(sent.json().data.id);
    // The seller answers through A; the customer's socket is on B.
    const answer = await sendAs(a, '/api/seller/send-message', s.auth, { user_id: c.id, message: 'from A' });
    expect(chatEventSchema.parse(await toUser.next()).message.id).toBe(answer.json().data.id);
    // Exactly once each (no echo from the fan-out).
    await new Promise((r) => setTimeout(r, 200));
    expect([toShop.got.length, toUser.got.length]).toEqual([1, 1]);
  });

  it('counts the login and one-time-code limits across both instances', async () => {
    const ip = '10.77.0.1';
    const login = (app: FastifyInstance) =>
      sendAs(app, '/api/login', {}, { phone: 'nobody@example.com', password: 'wrong-password-1' }, ip);
    expect([(await login(a)).statusCode, (await login(b)).statusCode, (await login(a)).statusCode]).toEqual([400, 400, 400]);
    expect((await login(b)).statusCode).toBe(429);
    expect((await login(a)).statusCode).toBe(429);
    const verify = (app: FastifyInstance) =>
      sendAs(app, '/api/verify-otp', {}, { phone: '91234567', phone_code: '+968', otp: '0000' }, ip);
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await verify(app)).statusCode);
    expect(statuses.slice(0, 3).every((st) => st !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    // Another address is not held back.
    expect(
      (await sendAs(b, '/api/login', {}, { phone: 'nobody@example.com', password: 'x-wrong-pass' }, '10.77.0.2')).statusCode,
    ).toBe(400);
  });

  it('refuses a token signed out through one instance on the other too, long before TOKEN_CACHE_MS', async () => {
    const c = await makeCustomer(a);
    const profile = (app: FastifyInstance, auth: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/profile', headers: auth }).then((r) => r.statusCode);
    // Both instances have read the token (and keep it for 10 s).
    expect([await profile(a, c.auth), await profile(b, c.auth)]).toEqual([200, 200]);
    const started = Date.now();
    expect((await a.inject({ method: 'POST', url: '/api/logout', headers: c.auth })).statusCode).toBe(200);
    await eventually(async () => (await profile(b, c.auth)) === 401, 2000, 'the other instance refusing the token');
    expect(Date.now() - started).toBeLessThan(a.config.tokenCacheMs);
    // A password change elsewhere signs out every other device, on every instance.
    const d = await makeCustomer(a);
    await a.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('old-password-1') })
      .where('id', '=', d.id)
      .execute();
    const second = (
      await sendAs(b, '/api/login', {}, { phone: d.phone, phone_code: '+968', password: 'old-password-1' }, '10.77.0.9')
    ).json();
    const secondAuth = { authorization: `Bearer ${second.data.access.token}` };
    expect([await profile(a, secondAuth), await profile(b, secondAuth)]).toEqual([200, 200]);
    const changed = await sendAs(a, '/api/change-password', d.auth, {
      current_password: 'old-password-1',
      password: 'new-password-22',
      password_confirmation: 'new-password-22',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await eventually(async () => (await profile(b, secondAuth)) === 401, 2000, 'the other instance refusing the other device');
    expect(await profile(b, d.auth)).toBe(200);
  });

  it('a token signed out through one instance loses its channel on a socket held by the other (issue 41, finding 5)', async () => {
    const c = await makeCustomer(a);
    const socket = client(portB, bearerOf(c.auth));
    const channel = socket.subscribe(`private-chat_user_${c.id}`);
    await subscribed(channel);
    let refused: unknown = null;
    channel.bind('pusher:subscription_error', (e: unknown) => (refused = e));
    expect((await a.inject({ method: 'POST', url: '/api/logout', headers: c.auth })).statusCode).toBe(200);
    await eventually(() => refused !== null, 5000, 'the socket on the other instance refused its channel');
    expect(refused).toMatchObject({ status: 401 });
  });

  it('resumes delivery after Redis restarts (connections cut and refused, then back), without restarting the API', async () => {
    const target = new URL(redisUrl!);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    closers.push(() => proxy.close());
    const viaProxy = `redis://127.0.0.1:${proxy.port}`;
    const shared = { redisUrl: viaProxy, redisPrefix: prefix() };
    const c1 = await twin(a, shared);
    const c2 = await twin(a, shared);
    const port2 = await listen(c2);
    const c = await makeCustomer(a);
    const s = await sellerOf(a, 3);
    await sendAs(c1, '/api/send-message', c.auth, { shop_id: 3, message: 'hello' });
    const customer = client(port2, bearerOf(c.auth));
    const channel = customer.subscribe(`private-chat_user_${c.id}`);
    const events = collect(channel, 'send-message-to-user');
    await subscribed(channel);
    const answer = (text: string) => sendAs(c1, '/api/seller/send-message', s.auth, { user_id: c.id, message: text });
    expect((await answer('before')).statusCode).toBe(200);
    expect(chatEventSchema.parse(await events.next()).message.message).toBe('before');

    await proxy.down();
    // Messages are still stored while Redis is away; limited calls fail closed (503), never 500.
    expect((await answer('during')).statusCode).toBe(200);
    const limited = await sendAs(
      c1,
      '/api/login',
      {},
      { phone: 'nobody@example.com', password: 'wrong-password-1' },
      '10.77.0.9',
    );
    expect(limited.statusCode).toBe(503);
    await new Promise((r) => setTimeout(r, 1500));
    await proxy.up();

    // Delivery resumes by itself: a message sent after the reconnection arrives.
    await eventually(
      async () => {
        await answer(`after ${Date.now()}`);
        await new Promise((r) => setTimeout(r, 300));
        return events.got.some((e) => chatEventSchema.parse(e).message.message.startsWith('after'));
      },
      20_000,
      'delivery after the Redis restart',
    );
    const page = (await c2.inject({ method: 'GET', url: '/api/get-message?shop_id=3&per_page=100', headers: c.auth })).json().data
      .data as Array<{ message: string }>;
    expect(page.map((m) => m.message)).toEqual(expect.arrayContaining(['hello', 'before', 'during']));
    expect(
      (await sendAs(c1, '/api/login', {}, { phone: 'nobody@example.com', password: 'wrong-password-1' }, '10.77.0.9')).statusCode,
    ).toBe(400);
  });
});

/** A free loopback port (taken and released). */
async function freePort() {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

describe.skipIf(!enabled)('npm run start:cluster: a process killed under connected clients', () => {
  it(
    'the clients reconnect by themselves, and the conversation reloaded holds every stored message',
    { timeout: 240_000 },
    async () => {
      const { template, url } = inject('testDb');
      const name = `souq_cluster_${randomBytes(4).toString('hex')}`;
      const admin = createDb({ dialect: 'postgres', url: url! });
      await sql.raw(`create database ${name} template ${template}`).execute(admin.db);
      const dbUrl = withDatabase(url!, name);
      const { db } = createDb({ dialect: 'postgres', url: dbUrl });
      closers.push(async () => {
        await db.destroy();
        await dropDatabase(admin.db, name);
        await admin.db.destroy();
      });

      const port = await freePort();
      const out: string[] = [];
      const primary: ChildProcess = spawn(
        process.execPath,
        [path.resolve(import.meta.dirname, '../../../scripts/start-cluster.mjs')],
        {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: dbUrl,
            REDIS_URL: redisUrl,
            REDIS_PREFIX: prefix(),
            PUSHER_APP_KEY: realtime.key,
            PUSHER_APP_SECRET: realtime.secret,
            SERVE_WEB: 'false',
            SKIP_SERVICES: '1',
            LOG_LEVEL: 'warn',
            APP_ENV: 'test',
            WORKERS: '2',
            LOGIN_LIMIT_PER_IP: '10000',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      primary.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
      primary.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
      closers.push(async () => {
        primary.kill('SIGTERM');
        await new Promise((r) => (primary.exitCode !== null ? r(null) : primary.once('exit', r)));
      });
      const workers = () => [...out.join('').matchAll(/worker (\d+) listening/g)].map((m) => Number(m[1]));
      await eventually(() => workers().length >= 2, 150_000, `two workers listening (${out.join('')})`);

      const base = `http://127.0.0.1:${port}`;
      const call = async (method: string, url: string, token: string, body?: object) => {
        for (let attempt = 0; ; attempt++) {
          try {
            const res = await fetch(base + url, {
              method,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: body ? JSON.stringify(body) : undefined,
            });
            return {
              status: res.status,
              json: (await res.json()) as { data: { id: number; data: Array<{ id: number; message: string }> } },
            };
          } catch (error) {
            // A request caught by the killed process: the connection dies with it; a client sends it again.
            if (attempt >= 5) throw error;
            await new Promise((r) => setTimeout(r, 200));
          }
        }
      };

      // Four customers, each with pusher-js on its own channel; connections are handed to both workers in turn.
      const seller = await issueToken(
        db,
        'seller',
        (await db.selectFrom('shop_users').select('id').where('shop_id', '=', 1).executeTakeFirstOrThrow()).id,
      );
      const customers: Array<{
        id: number;
        token: string;
        pusher: Pusher;
        events: ReturnType<typeof collect>;
        states: string[];
      }> = [];
      for (let i = 0; i < 4; i++) {
        const now = new Date().toISOString();
        const user = await db
          .insertInto('users')
          .values({
            name: `Cluster ${i}`,
            email: null,
            phone: null,
            phone_code: '+968',
            country: 'Oman',
            password_hash: null,
            profile_photo: null,
            gender: null,
            date_of_birth: null,
            phone_verified_at: now,
            email_verified_at: null,
            last_online_at: null,
            is_active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { token } = await issueToken(db, 'user', user.id);
        expect((await call('POST', '/api/send-message', token, { shop_id: 1, message: `hello ${i}` })).status).toBe(200);
        const pusher = client(port, token);
        const states: string[] = [];
        pusher.connection.bind('state_change', (s: { current: string }) => states.push(s.current));
        const channel = pusher.subscribe(`private-chat_user_${user.id}`);
        const events = collect(channel, 'send-message-to-user');
        await subscribed(channel);
        customers.push({ id: user.id, token, pusher, events, states });
      }

      // Answers flow to every customer while one worker is killed (SIGKILL: no goodbye to its sockets).
      const stored = new Map<number, number[]>(customers.map((c) => [c.id, []]));
      let round = 0;
      const answerAll = async () => {
        round++;
        for (const c of customers) {
          const res = await call('POST', '/api/seller/send-message', seller.token, { user_id: c.id, message: `answer ${round}` });
          if (res.status === 200) stored.get(c.id)!.push(res.json.data.id);
        }
      };
      await answerAll();
      // Both original workers are killed in turn (the second once the first's replacement listens), so
      // every socket is cut, wherever the primary had handed it.
      const [first, second] = workers();
      process.kill(first!, 'SIGKILL');
      for (let i = 0; i < 5; i++) {
        await answerAll();
        await new Promise((r) => setTimeout(r, 150));
      }
      await eventually(() => workers().length >= 3, 60_000, 'a replacement worker');
      process.kill(second!, 'SIGKILL');
      for (let i = 0; i < 5; i++) {
        await answerAll();
        await new Promise((r) => setTimeout(r, 150));
      }

      // Every client lost its connection and came back by itself.
      await eventually(() => customers.every((c) => c.pusher.connection.state === 'connected'), 30_000, 'all clients connected');
      expect(customers.map((c) => c.states.includes('connecting') || c.states.includes('unavailable'))).toEqual([
        true,
        true,
        true,
        true,
      ]);
      // Their subscriptions were renewed: a new answer reaches every client.
      await eventually(
        async () => {
          await answerAll();
          await new Promise((r) => setTimeout(r, 300));
          return customers.every((c) => c.events.got.some((e) => chatEventSchema.parse(e).message.message === `answer ${round}`));
        },
        30_000,
        'events after reconnecting',
      );
      // Reloading each conversation shows every message the API stored, whatever the socket missed.
      for (const c of customers) {
        const page = await call('GET', '/api/get-message?shop_id=1&per_page=100', c.token);
        const ids = new Set(page.json.data.data.map((m) => m.id));
        expect(stored.get(c.id)!.length).toBeGreaterThan(10);
        expect(stored.get(c.id)!.filter((id) => !ids.has(id))).toEqual([]);
      }
      // Both killed workers were replaced.
      await eventually(() => workers().length >= 4, 60_000, 'two replacement workers');
    },
  );
});
