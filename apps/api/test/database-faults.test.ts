import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../src/app';
import { issueToken } from '../src/modules/auth/tokens';
import { mountWeb } from '../src/web';
import { createTestApp, testDialect } from './helpers';
import { tcpProxy } from './tcp-proxy';

type App = Awaited<ReturnType<typeof createTestApp>>;

const dialect = testDialect();
const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));

/** A signed-in customer whose token has never been used (so a request touches its last_used_at). */
async function customer(app: App) {
  const user = await app.db.selectFrom('users').select('id').where('email', '=', 'customer@souq.om').executeTakeFirstOrThrow();
  const { token } = await issueToken(app.db, 'user', user.id);
  return { authorization: `Bearer ${token}` };
}

const productId = async (app: App) =>
  (await app.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;

const toggleFavorite = (app: App, auth: Record<string, string>, product_id: number) =>
  app.inject({ method: 'POST', url: '/api/favorite-add-or-remove', headers: auth, payload: { product_id } });

/** A 503 the way the API gives it: `{message}` and Retry-After. */
function expectUnavailable(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expect(JSON.parse(res.body), what).toEqual({ message: DATABASE_UNAVAILABLE });
  expect(Number(res.headers['retry-after']), what).toBeGreaterThan(0);
}

const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
};

describe(`a public answer when its producer fails (${dialect})`, () => {
  it('is the last good one (x-cache: stale), and fresh again once the database answers', async () => {
    const app = await createTestApp({ catalogCacheTtlMs: 200, catalogCacheStaleMs: 60_000 });
    const url = '/api/products?per_page=4&sort_type=top_selling';
    const good = await app.inject({ url });
    expect(good.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 250));
    // A real failure of the database under the query: the table it reads is gone.
    await sql`alter table products rename to products_away`.execute(app.db);
    try {
      const stale = await app.inject({ url });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['x-cache']).toBe('stale');
      expect(stale.body).toBe(good.body);
      // Not cached before: nothing to fall back on.
      expect((await app.inject({ url: '/api/products?per_page=5' })).statusCode).toBe(500);
    } finally {
      await sql`alter table products_away rename to products`.execute(app.db);
    }
    const fresh = await app.inject({ url });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-cache']).toBe('miss');
  });

  it('a 404 is not replaced by an old copy', async () => {
    const app = await createTestApp({ catalogCacheTtlMs: 100, catalogCacheStaleMs: 60_000 });
    const id = await productId(app);
    expect((await app.inject({ url: `/api/product-details?product_id=${id}` })).statusCode).toBe(200);
    await app.db.updateTable('products').set({ is_active: 0 }).where('id', '=', id).execute();
    await new Promise((r) => setTimeout(r, 150));
    expect((await app.inject({ url: `/api/product-details?product_id=${id}` })).statusCode).toBe(404);
  });
});

describe.runIf(dialect === 'sqlite')('SQLite unavailable for writing', () => {
  it('read-only: writes answer 503, reads (signed in too) go on, and writes work again once it is writable', async () => {
    const app = await createTestApp();
    const auth = await customer(app);
    const id = await productId(app);
    await sql`pragma query_only = 1`.execute(app.db);
    try {
      expectUnavailable(await toggleFavorite(app, auth, id), 'write on a read-only database');
      const profile = await app.inject({ url: '/api/profile', headers: auth });
      expect(profile.statusCode, profile.body).toBe(200);
      expect((await app.inject({ url: '/api/favorite-products', headers: auth })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/products?per_page=3' })).statusCode).toBe(200);
    } finally {
      await sql`pragma query_only = 0`.execute(app.db);
    }
    const again = await toggleFavorite(app, auth, id);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('locked by another process: writes answer 503 after the busy timeout, the catalogue keeps answering', async () => {
    const app = await createTestApp();
    const auth = await customer(app);
    const id = await productId(app);
    await app.inject({ url: '/api/profile', headers: auth }); // the token's touch is done
    const file = (app.config.database as { file: string }).file;
    const other = new SQLite(file);
    other.exec('begin exclusive');
    try {
      const [write, catalogue] = await Promise.all([
        timed(() => toggleFavorite(app, auth, id)),
        timed(() => app.inject({ url: '/api/products?per_page=3' })),
      ]);
      expectUnavailable(write.value, 'write while locked');
      expect(catalogue.value.statusCode).toBe(200);
      expect(catalogue.ms).toBeLessThan(2000);
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect((await toggleFavorite(app, auth, id)).statusCode).toBe(200);
  });
});

describe.runIf(dialect === 'postgres')('PostgreSQL down', () => {
  const target = () => {
    const u = new URL(inject('testDb').url!);
    return { host: u.hostname, port: Number(u.port || 5432) };
  };

  it('answers 503 (never 500) while the server is gone, serves the last good public answers, and recovers by itself', async () => {
    const proxy = await tcpProxy(target());
    const app = await createTestApp({ catalogCacheTtlMs: 200, catalogCacheStaleMs: 60_000 }, { viaPort: proxy.port });
    if (webBuilt) await mountWeb(app);
    const auth = await customer(app);
    const id = await productId(app);
    const cachedUrl = '/api/products?per_page=4';
    expect((await app.inject({ url: cachedUrl })).statusCode).toBe(200);
    const page = webBuilt ? await app.inject({ url: '/' }) : null;
    expect((await toggleFavorite(app, auth, id)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 250));

    await proxy.down();
    try {
      expectUnavailable(await toggleFavorite(app, auth, id), 'write');
      expectUnavailable(await app.inject({ url: '/api/profile', headers: auth }), 'signed-in read');
      expectUnavailable(await app.inject({ url: '/api/products?per_page=7' }), 'uncached public read');
      const stale = await app.inject({ url: cachedUrl });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['x-cache']).toBe('stale');
      if (page) {
        // The page seen before: its last copy, or made again from the API's last good answers.
        const stalePage = await app.inject({ url: '/' });
        expect(stalePage.statusCode).toBe(200);
        expect(['stale', 'miss']).toContain(stalePage.headers['x-cache']);
        // (The flash sale's countdown is rendered from the clock, and a page made again has a nonce of its own.)
        const timeless = (html: string) =>
          html.replace(/(countdown__value" dir="ltr">)\d+/g, '$1').replace(/ nonce="[^"]*"/g, ' nonce=""');
        expect(timeless(stalePage.body)).toBe(timeless(page.body));
        const uncachedPage = await app.inject({ url: '/products?lang=en' });
        expect(uncachedPage.statusCode).toBe(503);
        expect(Number(uncachedPage.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await proxy.up();
    }
    // Back without a restart: the pool opens new connections.
    expect((await toggleFavorite(app, auth, id)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/profile', headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/products?per_page=7' })).statusCode).toBe(200);
    await proxy.close();
  });

  it('a server that accepts but never answers costs at most the connect timeout, then 503', async () => {
    const proxy = await tcpProxy(target());
    const app = await createTestApp(
      { postgres: { statementTimeoutMs: 2000, connectTimeoutMs: 1000, idleInTransactionTimeoutMs: 2000 } },
      { viaPort: proxy.port },
    );
    const auth = await customer(app);
    await proxy.hang();
    try {
      const { value, ms } = await timed(() => app.inject({ url: '/api/profile', headers: auth }));
      expectUnavailable(value, 'read while the server hangs');
      expect(ms).toBeLessThan(3000);
    } finally {
      await proxy.up();
    }
    expect((await app.inject({ url: '/api/profile', headers: auth })).statusCode).toBe(200);
    await proxy.close();
  });
});

describe.runIf(dialect === 'postgres')('PostgreSQL timeouts', () => {
  it('with the production defaults, a table locked for seconds while shoppers keep at it leaves the catalogue answering within 1 s; the waiting calls answer 503 within 3 s (issue 41, finding 3)', async () => {
    const app = await createTestApp(); // the configuration's defaults (the answer cache off, as in tests)
    const auth = await customer(app);
    const id = await productId(app);
    await app.inject({ url: '/api/profile', headers: auth });
    // The same guest reads with nothing locked: on a machine busy with other work the bounds below
    // follow the slowest of these (the test measures the waiting, not the neighbours).
    const baseline: number[] = [];
    for (let i = 0; i < 8; i++) {
      baseline.push((await timed(() => app.inject({ url: `/api/products?per_page=3&page=${1 + (i % 5)}` }))).ms);
      await new Promise((r) => setTimeout(r, 100));
    }
    const slack = 3 * Math.max(...baseline);
    const locker = new pg.Client({ connectionString: (app.config.database as { url: string }).url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table favorites in access exclusive mode');
    const release = setTimeout(() => void locker.query('rollback'), 15_000);
    const shoppers: Array<Promise<{ value: Awaited<ReturnType<typeof toggleFavorite>>; ms: number }>> = [];
    const guests: Array<Promise<{ value: Awaited<ReturnType<typeof toggleFavorite>>; ms: number }>> = [];
    try {
      // 6 s of 20 favourite toggles a second (more than the pool's 10 connections can hold waiting),
      // and a guest reading the catalogue every 200 ms.
      const until = performance.now() + 6000;
      let n = 0;
      while (performance.now() < until) {
        shoppers.push(timed(() => toggleFavorite(app, auth, id)));
        if (n++ % 4 === 0) guests.push(timed(() => app.inject({ url: `/api/products?per_page=3&page=${1 + (n % 5)}` })));
        await new Promise((r) => setTimeout(r, 50));
      }
      const answered = await Promise.all(guests);
      const slowest = Math.max(...answered.map((g) => g.ms));
      for (const g of answered) expect(g.value.statusCode).toBe(200);
      expect(
        slowest,
        `the slowest guest answer took ${slowest.toFixed(0)} ms (unlocked: ${baseline.map((b) => b.toFixed(0))})`,
      ).toBeLessThan(Math.max(1000, slack));
      for (const w of await Promise.all(shoppers)) {
        expectUnavailable(w.value, 'a toggle on the locked table');
        expect(w.ms).toBeLessThan(3000 + slack);
      }
    } finally {
      clearTimeout(release);
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    expect((await toggleFavorite(app, auth, id)).statusCode).toBe(200);
  });

  it('are set on every connection of the pool', async () => {
    const app = await createTestApp({
      postgres: { statementTimeoutMs: 1500, connectTimeoutMs: 1000, idleInTransactionTimeoutMs: 2500, lockTimeoutMs: 700 },
    });
    for (const pool of [app.db, app.readDb, app.relaxedDb]) {
      const show = async (name: string) =>
        (await sql<Record<string, string>>`${sql.raw(`show ${name}`)}`.execute(pool)).rows[0]![name];
      expect(await show('statement_timeout')).toBe('1500ms');
      expect(await show('idle_in_transaction_session_timeout')).toBe('2500ms');
      expect(await show('lock_timeout')).toBe('700ms');
    }
    expect(app.readDb).not.toBe(app.db);
  });

  it('a table locked by another session: its requests answer 503 within the timeout, the catalogue keeps answering', async () => {
    const app = await createTestApp({
      postgres: { statementTimeoutMs: 1000, connectTimeoutMs: 3000, idleInTransactionTimeoutMs: 5000 },
    });
    const auth = await customer(app);
    const id = await productId(app);
    await app.inject({ url: '/api/profile', headers: auth }); // the token's touch is done
    const locker = new pg.Client({ connectionString: (app.config.database as { url: string }).url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table favorites in access exclusive mode');
    // Held for 8 s at most: without timeouts every request below would wait for it.
    const release = setTimeout(() => void locker.query('rollback'), 8000);
    try {
      const started = performance.now();
      const [wishlist, catalogue] = await Promise.all([
        Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            timed(() => (i % 2 ? toggleFavorite(app, auth, id) : app.inject({ url: '/api/favorite-products', headers: auth }))),
          ),
        ),
        (async () => {
          await new Promise((r) => setTimeout(r, 100)); // once the pool is taken by the waiting requests
          return timed(() => app.inject({ url: '/api/products?per_page=3' }));
        })(),
      ]);
      for (const w of wishlist) {
        expectUnavailable(w.value, 'request on the locked table');
        expect(w.ms).toBeLessThan(4000);
      }
      expect(catalogue.value.statusCode).toBe(200);
      expect(catalogue.ms).toBeLessThan(3000);
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      clearTimeout(release);
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    expect((await toggleFavorite(app, auth, id)).statusCode).toBe(200);
  });
});
