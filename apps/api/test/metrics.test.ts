import { userChatChannel } from '@souq/contracts';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FastHistogram } from '../src/http/metrics';
import { issueToken } from '../src/modules/auth/tokens';
import { makeCustomer, plainProducts, post } from '../src/modules/commerce/test-support';
import { createTestApp, testDialect } from './helpers';
import { eventually, listen, pusherClient, subscribed } from './realtime-support';

/** GET /metrics (decision 044): only with METRICS_TOKEN and its Bearer header; what it tells. */
const TOKEN = 'scrape-token-0123456789abcdef';
/** `authorization` null: no header at all. */
const scrape = (app: Awaited<ReturnType<typeof createTestApp>>, authorization: string | null = `Bearer ${TOKEN}`) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization === null ? {} : { authorization } });

/** The value of one series of the exposition text (`name{labels} value`), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN: 404 as any unknown path, even with a Bearer header', async () => {
    const app = await createTestApp();
    const res = await scrape(app);
    expect(res.statusCode).toBe(404);
    expect(app.metrics.enabled).toBe(false);
  });

  it('answers 404, as an unknown path does, without the token or with another one', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    const unknown = await app.inject({ method: 'GET', url: '/no-such-page' });
    for (const authorization of [null, 'Bearer wrong-token-0123456789abcdef', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(app, authorization);
      expect({ authorization, status: res.statusCode, body: res.body }).toEqual({
        authorization,
        status: 404,
        body: unknown.body,
      });
    }
    // A customer's or an operator's token is no scrape token either.
    const customer = await makeCustomer(app);
    expect((await scrape(app, customer.auth.authorization)).statusCode).toBe(404);
  });

  it('labels requests by route pattern, method and status, unmatched paths as one value', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    const [product] = await plainProducts(app);
    await app.inject({ method: 'GET', url: '/api/products?page=1' });
    await app.inject({ method: 'GET', url: `/api/shops/${product!.shop_id}` });
    await app.inject({ method: 'GET', url: '/api/shops/999999' });
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: `/random/path/${i}?x=${i}` });
    const res = await scrape(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const count = (labels: Record<string, string>) => valueOf(text, 'souq_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/products', status_code: '200' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/shops/:id', status_code: '200' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/shops/:id', status_code: '404' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(3);
    // The scrape itself is one route of its own (the unauthorised probes are unknown paths).
    expect(
      valueOf((await scrape(app)).body, 'souq_http_request_duration_seconds_count', { route: '/metrics', status_code: '200' }),
    ).toBe(1);
    // Never a raw URL: no label value carries an id, a query or an unknown path.
    expect(text).not.toMatch(/random\/path|page=1|\/api\/shops\/\d/);
    // The buckets run from 1 ms to 10 s.
    expect(text).toMatch(
      /souq_http_request_duration_seconds_bucket\{le="0\.001",method="GET",route="\/api\/products",status_code="200"\}/,
    );
    expect(text).toMatch(/souq_http_request_duration_seconds_bucket\{le="10",/);
    // Prefixed default metrics: event-loop lag, CPU, memory.
    expect(valueOf(text, 'souq_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'souq_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'souq_process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('counts orders placed where they commit, and not the refused ones', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    const [p] = await plainProducts(app, { minStock: 5 });
    const c = await makeCustomer(app);
    const before = valueOf((await scrape(app)).body, 'souq_orders_placed_total', { payment_method: 'cash' }) ?? 0;
    // Refused (empty cart for this shop): nothing counted.
    const refused = await post(app, '/api/place-order', c.auth, {
      shop_ids: [p!.shop_id],
      address_id: c.addressId,
      payment_method: 'cash',
    });
    expect(refused.statusCode).toBe(422);
    expect(valueOf((await scrape(app)).body, 'souq_orders_placed_total', { payment_method: 'cash' }) ?? 0).toBe(before);
    expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 })).statusCode).toBe(200);
    const placed = await post(app, '/api/place-order', c.auth, {
      shop_ids: [p!.shop_id],
      address_id: c.addressId,
      payment_method: 'cash',
    });
    expect(placed.statusCode).toBe(200);
    expect(valueOf((await scrape(app)).body, 'souq_orders_placed_total', { payment_method: 'cash' })).toBe(before + 1);
  });

  it('counts one-time codes sent, and failed deliveries', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    const c = await makeCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { phone: c.phone, phone_code: '+968', forgot_password: true },
    });
    expect(res.statusCode).toBe(200);
    await eventually(
      async () => valueOf((await scrape(app)).body, 'souq_otp_codes_sent_total', { channel: 'phone' }) === 1,
      10_000,
      'a code counted as sent',
    );
    // An SMS gateway that refuses: counted as failed.
    const failing = await createTestApp({
      metricsToken: TOKEN,
      accounts: { ...app.config.accounts, sms: { driver: 'http', url: 'http://127.0.0.1:9/refused' } },
    });
    const d = await makeCustomer(failing);
    expect(
      (
        await failing.inject({
          method: 'POST',
          url: '/api/send-otp',
          payload: { phone: d.phone, phone_code: '+968', forgot_password: true },
        })
      ).statusCode,
    ).toBe(200);
    await eventually(
      async () => valueOf((await scrape(failing)).body, 'souq_otp_codes_failed_total', { channel: 'phone' }) === 1,
      15_000,
      'a failed delivery counted',
    );
    expect(valueOf((await scrape(failing)).body, 'souq_otp_codes_sent_total', { channel: 'phone' }) ?? 0).toBe(0);
  });

  it('tells the open sockets, their channels and subscriptions', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    const port = await listen(app);
    const c = await makeCustomer(app);
    const token = c.auth.authorization.slice('Bearer '.length);
    const pusher = pusherClient(port, app.config.realtime.key, token);
    try {
      await subscribed(pusher.subscribe(userChatChannel(c.id)));
      const text = (await scrape(app)).body;
      expect(valueOf(text, 'souq_realtime_connections')).toBe(1);
      expect(valueOf(text, 'souq_realtime_channels')).toBe(1);
      expect(valueOf(text, 'souq_realtime_subscriptions')).toBe(1);
    } finally {
      pusher.disconnect();
    }
    await eventually(async () => valueOf((await scrape(app)).body, 'souq_realtime_connections') === 0, 5000, 'socket gone');
  });

  it('tells the database pools on PostgreSQL, the database file on SQLite', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    await app.inject({ method: 'GET', url: '/api/products' });
    await app.inject({ method: 'GET', url: '/api/master' });
    const text = (await scrape(app)).body;
    if (testDialect() === 'postgres') {
      for (const pool of ['main', 'cart', 'read']) {
        expect(valueOf(text, 'souq_db_pool_max_connections', { pool })).toBeGreaterThan(0);
        expect(valueOf(text, 'souq_db_pool_waiting_requests', { pool })).toBe(0);
      }
      expect(valueOf(text, 'souq_db_pool_connections', { pool: 'read' })).toBeGreaterThan(0);
      expect(valueOf(text, 'souq_db_pool_acquire_seconds_count', { pool: 'read' })).toBeGreaterThan(0);
    } else {
      expect(valueOf(text, 'souq_sqlite_file_bytes', { file: 'db' })).toBeGreaterThan(0);
      expect(valueOf(text, 'souq_sqlite_file_bytes', { file: 'wal' })).toBeGreaterThanOrEqual(0);
      expect(text).not.toMatch(/souq_db_pool_/);
    }
  });

  it('takes gauges read at scrape time from other modules (the outbox depth), and survives one that fails', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    let depth = 3;
    app.metrics.gauge({ name: 'outbox_depth', help: 'Messages waiting in the outbox', collect: (set) => set(depth) });
    app.metrics.gauge({
      name: 'broken_gauge',
      help: 'Throws',
      collect: () => {
        throw new Error('cannot read');
      },
    });
    expect(valueOf((await scrape(app)).body, 'souq_outbox_depth')).toBe(3);
    depth = 7;
    const res = await scrape(app);
    expect(res.statusCode).toBe(200);
    expect(valueOf(res.body, 'souq_outbox_depth')).toBe(7);
    // A gauge that cannot be read says so (NaN), rather than a made-up 0.
    expect(valueOf(res.body, 'souq_broken_gauge')).toBeNaN();
    // The token is no customer's: issuing tokens does not open /metrics to them.
    const { token } = await issueToken(app.db, 'user', (await makeCustomer(app)).id);
    expect((await scrape(app, `Bearer ${token}`)).statusCode).toBe(404);
  });
});

describe('FastHistogram', () => {
  it('tells the notifications outbox’s depth: messages written and not sent yet', async () => {
    const app = await createTestApp({ metricsToken: TOKEN });
    const before = valueOf((await scrape(app)).body, 'souq_outbox_pending');
    expect(before).toBe(await app.notifications.depth());
    const now = new Date().toISOString();
    await app.db
      .insertInto('outbox')
      .values({
        kind: 'test',
        channel: 'email',
        recipient_type: 'user',
        recipient_id: 1,
        address: 'someone@example.com',
        locale: 'ar',
        subject: 'Test',
        body: 'Test',
        ref: null,
        status: 'pending',
        next_attempt_at: now,
        locked_until: null,
        locked_by: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .execute();
    expect(valueOf((await scrape(app)).body, 'souq_outbox_pending')).toBe(before! + 1);
  });

  it('prints cumulative buckets (a value on a bound counts in it), +Inf, sum and count per label set', async () => {
    const registry = new Registry();
    const h = new FastHistogram('t_seconds', 'test', ['method', 'route'], [0.01, 0.1, 1], registry);
    for (const v of [0.005, 0.01, 0.05, 0.5, 5]) h.observe(v, 'GET', '/a');
    h.observe(0.2, 'POST', '/a');
    const text = await registry.metrics();
    const get = (labels: Record<string, string>, suffix = '_bucket') => valueOf(text, `t_seconds${suffix}`, labels);
    expect([0.01, 0.1, 1].map((le) => get({ le: String(le), method: 'GET', route: '/a' }))).toEqual([2, 3, 4]);
    expect(get({ le: '+Inf', method: 'GET', route: '/a' })).toBe(5);
    expect(get({ method: 'GET', route: '/a' }, '_count')).toBe(5);
    expect(get({ method: 'GET', route: '/a' }, '_sum')).toBeCloseTo(5.565, 6);
    expect([0.01, 0.1, 1].map((le) => get({ le: String(le), method: 'POST', route: '/a' }))).toEqual([0, 0, 1]);
    expect(text).toMatch(/# TYPE t_seconds histogram/);
  });
});
