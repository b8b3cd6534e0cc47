import fs from 'node:fs';
import path from 'node:path';
import {
  adminFlashSaleResponseSchema,
  adminFlashSalesResponseSchema,
  flashSaleDetailsResponseSchema,
  flashSalesResponseSchema,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { makeCustomer, sellerAuth } from '../commerce/test-support';
import { multipart, png } from '../support/test-support';

const CACHE_MS = 400;
const app = await createTestApp({ catalogCacheTtlMs: CACHE_MS });
const operatorId = await testOperator(app.db);
const op = { authorization: `Bearer ${(await issueToken(app.db, 'operator', operatorId)).token}` };
const seller = await sellerAuth(app, 2);
const customer = (await makeCustomer(app)).auth;

const HOUR = 3_600_000;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, auth: Record<string, string>, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...auth, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const guest = (url: string) => app.inject({ url, headers: { 'accept-language': 'en' } });
const waitCache = () => new Promise((r) => setTimeout(r, CACHE_MS + 100));
const auditOf = (action: string, targetId: number) =>
  app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();

let seq = 0;
const newSale = (over: Record<string, unknown> = {}) => ({
  name: `Console sale ${++seq}`,
  name_ar: `تخفيضات اللوحة ${seq}`,
  starts_at: iso(HOUR),
  ends_at: iso(48 * HOUR),
  is_active: true,
  ...over,
});
async function createSale(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/flash-sales', op, newSale(over));
  expect(res.statusCode, res.body).toBe(201);
  return adminFlashSaleResponseSchema.parse(res.json()).data.flash_sale;
}

describe('who may call the flash-sale routes', () => {
  it('refuses a missing token (401), a customer and a seller (403)', async () => {
    const routes: Array<[Method, string]> = [
      ['GET', '/api/admin/flash-sales'],
      ['POST', '/api/admin/flash-sales'],
      ['GET', '/api/admin/flash-sales/1'],
      ['PUT', '/api/admin/flash-sales/1'],
      ['DELETE', '/api/admin/flash-sales/1'],
      ['DELETE', '/api/admin/flash-sales/1/products/1'],
    ];
    const before = await app.db.selectFrom('flash_sale_products').select('id').execute();
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? newSale() : undefined;
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, customer, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, seller, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await app.db.selectFrom('flash_sale_products').select('id').execute()).toEqual(before);
  });
});

describe('flash sales', () => {
  it('lists every sale with its status and products counted; one sale with its products and shops', async () => {
    const list = adminFlashSalesResponseSchema.parse((await call('GET', '/api/admin/flash-sales', op)).json()).data;
    expect(list.total).toBeGreaterThanOrEqual(2);
    const running = list.flash_sales.find((s) => s.status === 'running')!;
    expect(running.products_count).toBeGreaterThan(0);
    const one = adminFlashSaleResponseSchema.parse((await call('GET', `/api/admin/flash-sales/${running.id}`, op)).json()).data
      .flash_sale;
    expect(one.products).toHaveLength(running.products_count);
    expect(one.products[0]!.shop.name.length).toBeGreaterThan(0);
    expect(one.products.every((p) => p.sale_price < p.price)).toBe(true);
    for (const id of ['999999', 'x', '0'])
      expect((await call('GET', `/api/admin/flash-sales/${id}`, op)).statusCode, id).toBe(404);
  });

  it('creates a sale (201), audited, and answers 422 for bad dates and names', async () => {
    const sale = await createSale({ name: '  Eid Sale  ' });
    expect(sale).toMatchObject({ name: 'Eid Sale', status: 'upcoming', is_active: true, products_count: 0, products: [] });
    expect(await auditOf('flash_sale.create', sale.id)).toHaveLength(1);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: undefined }, 'name'],
      [{ starts_at: 'tomorrow' }, 'starts_at'],
      [{ starts_at: undefined }, 'starts_at'],
      [{ ends_at: iso(HOUR), starts_at: iso(2 * HOUR) }, 'ends_at'],
      [{ ends_at: iso(HOUR), starts_at: iso(HOUR) }, 'ends_at'],
      [{ is_active: 'on' }, 'is_active'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/admin/flash-sales', op, newSale(over));
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
  });

  it('creates a sale from a form with a thumbnail', async () => {
    const form = multipart({ name: 'Pictured sale', starts_at: iso(HOUR), ends_at: iso(5 * HOUR), is_active: '1' }, [
      { field: 'thumbnail', name: 't.png', type: 'image/png', data: await png(640, 320) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/flash-sales',
      headers: { ...op, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = adminFlashSaleResponseSchema.parse(res.json()).data.flash_sale;
    expect(sale.thumbnail).toMatch(/^\/uploads\/flash-sales\/admin-[0-9a-f]{32}\.webp$/);
    expect(fs.existsSync(path.join(app.config.dataDir, sale.thumbnail!))).toBe(true);
    expect((await call('DELETE', `/api/admin/flash-sales/${sale.id}`, op)).statusCode).toBe(204);
    expect(fs.existsSync(path.join(app.config.dataDir, sale.thumbnail!))).toBe(false);
  });

  it('changes only the fields sent, checks the dates against the stored ones, audits', async () => {
    const sale = await createSale();
    const res = await call('PUT', `/api/admin/flash-sales/${sale.id}`, op, { name_ar: 'اسم آخر' });
    expect(res.statusCode).toBe(200);
    expect(adminFlashSaleResponseSchema.parse(res.json()).data.flash_sale).toMatchObject({
      name: sale.name,
      name_ar: 'اسم آخر',
      starts_at: sale.starts_at,
      ends_at: sale.ends_at,
    });
    // The end before the stored start.
    const bad = await call('PUT', `/api/admin/flash-sales/${sale.id}`, op, { ends_at: iso(-HOUR) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.ends_at).toBeDefined();
    const off = await call('PUT', `/api/admin/flash-sales/${sale.id}`, op, { is_active: false });
    expect(adminFlashSaleResponseSchema.parse(off.json()).data.flash_sale.status).toBe('inactive');
    const entries = await auditOf('flash_sale.update', sale.id);
    expect(entries.map((e) => Object.keys(JSON.parse(e.changes)))).toEqual([['name_ar'], ['is_active']]);
    expect((await call('PUT', '/api/admin/flash-sales/999999', op, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/flash-sales/999999', op)).statusCode).toBe(404);
  });

  it('takes a product out of a running sale (the storefront stops listing it), audited; 404 when it is not in it', async () => {
    const now = new Date().toISOString();
    const running = await app.db
      .selectFrom('flash_sales')
      .select('id')
      .where('is_active', '=', 1)
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .executeTakeFirstOrThrow();
    const detail = flashSaleDetailsResponseSchema.parse(
      (await guest(`/api/flash-sale/${running.id}/details?per_page=100`)).json(),
    ).data;
    const productId = detail.products[0]!.id;
    const res = await call('DELETE', `/api/admin/flash-sales/${running.id}/products/${productId}`, op);
    expect(res.statusCode, res.body).toBe(204);
    const [entry] = await auditOf('flash_sale.remove_product', running.id);
    expect(JSON.parse(entry!.changes).product_id).toEqual([productId, null]);
    await waitCache();
    const after = flashSaleDetailsResponseSchema.parse(
      (await guest(`/api/flash-sale/${running.id}/details?per_page=100`)).json(),
    ).data;
    expect(after.total_products).toBe(detail.total_products - 1);
    expect(after.products.some((p) => p.id === productId)).toBe(false);

    expect((await call('DELETE', `/api/admin/flash-sales/${running.id}/products/${productId}`, op)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/flash-sales/999999/products/${productId}`, op)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/flash-sales/${running.id}/products/abc`, op)).statusCode).toBe(404);
  });

  it('a new running sale reaches the storefront; deleted, it leaves it with its products’ places', async () => {
    const sale = await createSale({ starts_at: iso(-HOUR), ends_at: iso(HOUR / 2) });
    const product = await app.db
      .selectFrom('products')
      .select(['id', 'price'])
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    await app.db.insertInto('flash_sale_products').values({ flash_sale_id: sale.id, product_id: product.id, price: 1 }).execute();
    await waitCache();
    const details = await guest(`/api/flash-sale/${sale.id}/details`);
    expect(details.statusCode).toBe(200);
    expect(flashSaleDetailsResponseSchema.parse(details.json()).data.flash_sale.name).toBe(sale.name);
    const home = flashSalesResponseSchema.parse((await guest('/api/flash-sales')).json()).data;
    expect(home.running_flash_sale?.id).toBe(sale.id);

    expect((await call('DELETE', `/api/admin/flash-sales/${sale.id}`, op)).statusCode).toBe(204);
    expect(
      await app.db.selectFrom('flash_sale_products').select('id').where('flash_sale_id', '=', sale.id).execute(),
    ).toHaveLength(0);
    const [entry] = await auditOf('flash_sale.delete', sale.id);
    expect(JSON.parse(entry!.changes).products_count).toEqual([1, null]);
    await waitCache();
    expect((await guest(`/api/flash-sale/${sale.id}/details`)).statusCode).toBe(404);
  });
});
