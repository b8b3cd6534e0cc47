import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { DEMO_CUSTOMER, DEMO_SELLERS } from '../seed';
import { BASE_SETTINGS } from '../seed/base';
import { createTestApp, emptyDatabase, testDialect } from './helpers';

/** Every table's row count (migration bookkeeping included). */
async function rowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = (await app.db.introspection.getTables()).map((t) => t.name).sort();
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const row = await app.db
      .selectFrom(t as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[t] = Number((row as { n: number }).n);
  }
  return counts;
}

describe(`an empty start: SEED_DEMO=false (${testDialect()})`, () => {
  let dir: string;
  let database: Awaited<ReturnType<typeof emptyDatabase>>['database'];
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const get = (url: string, locale = 'ar') => app.inject({ url, headers: { 'accept-language': locale } });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-empty-'));
    ({ database, drop } = await emptyDatabase(dir));
    app = await buildApp(testConfig({ database, dataDir: dir, seedDemo: false }));
  });
  afterAll(async () => {
    await app?.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the site settings: Arabic first, English, the Omani rial with 3 decimals', async () => {
    const res = await get('/api/master');
    expect(res.statusCode).toBe(200);
    const m = res.json().data;
    expect(m.languages.map((l: { name: string }) => l.name)).toEqual(['ar', 'en']);
    expect(m.app_locale).toBe('ar');
    expect(m.currency).toMatchObject({ code: 'OMR', decimals: 3, is_default: true });
    expect(m.currencies.map((c: { code: string }) => c.code)).toEqual(['OMR']);
    expect(m.multi_vendor).toBe(true);
    expect(m.app_name).toBe('سوق عُمان');
    expect((await get('/api/master', 'en')).json().data.app_name).toBe('Souq Oman');
    // No gateway can be paid with on a server without its keys.
    expect(m.payment_gateways.length).toBeGreaterThan(0);
    expect(m.payment_gateways.every((g: { is_active: boolean }) => !g.is_active)).toBe(true);
    // No demo sign-in providers, no demo bank account.
    expect(Object.values(m.social_auths).every((a) => !(a as { is_active: boolean }).is_active)).toBe(true);
    expect(m.bank_transfer).toBe(false);
  });

  it('writes every setting the demo writes but its contacts', async () => {
    const keys = async (a: FastifyInstance) =>
      (await a.db.selectFrom('settings').select('key').orderBy('key').execute()).map((r) => r.key);
    const empty = await keys(app);
    expect(empty).toEqual(Object.keys(BASE_SETTINGS).sort());
    const demo = await keys(await createTestApp());
    expect(demo.filter((k) => !empty.includes(k))).toEqual(['contact_email', 'whatsapp']);
    expect(empty.filter((k) => !demo.includes(k))).toEqual([]);
  });

  it('answers every storefront page with empty lists', async () => {
    for (const url of ['/api/lang/ar', '/api/lang/en', '/api/home', '/api/categories', '/sitemap.xml'])
      expect((await get(url)).statusCode, url).toBe(200);
    const products = await get('/api/products');
    expect(products.statusCode).toBe(200);
    expect(products.json().data.products).toEqual([]);
    const categories = (await get('/api/categories')).json().data;
    expect(JSON.stringify(categories)).not.toMatch(/"id"/);
    const countries = (await get('/api/countries')).json().data.countries;
    expect(countries.length).toBeGreaterThan(190);
    expect(countries[0]).toMatchObject({ iso2: 'OM', phone_code: '+968', name: 'عُمان' });
    const types = await get('/api/ticket-issue-types');
    expect(types.statusCode).toBe(200);
    expect(JSON.stringify(types.json())).toContain('مشكلة في طلب');
  });

  it('has no demo data', async () => {
    const counts = await rowCounts(app);
    for (const t of [
      'products',
      'shops',
      'users',
      'shop_users',
      'banners',
      'blogs',
      'categories',
      'orders',
      'coupons',
      'support_tickets',
    ])
      expect(counts[t], t).toBe(0);
    const customer = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    expect(customer.statusCode).not.toBe(200);
    const seller = await app.inject({
      method: 'POST',
      url: '/api/seller/login',
      payload: { email: DEMO_SELLERS[0]!.email, password: DEMO_SELLERS[0]!.password },
    });
    expect(seller.statusCode).not.toBe(200);
  });

  it('changes nothing on a second start, nor on a later start with the demo seed on', async () => {
    const before = await rowCounts(app);
    await app.close();
    app = await buildApp(testConfig({ database, dataDir: dir, seedDemo: false }));
    expect(await rowCounts(app)).toEqual(before);
    await app.close();
    app = await buildApp(testConfig({ database, dataDir: dir, seedDemo: true }));
    expect(await rowCounts(app)).toEqual(before);
    expect((await get('/api/master')).statusCode).toBe(200);
  });
});
