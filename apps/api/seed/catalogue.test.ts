import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrations';
import { seedAll } from './index';
import { DEMO_CUSTOMER, DEMO_SELLERS } from './catalogue';

let db: Db;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-seed-'));
  ({ db } = createDb({ dialect: 'sqlite', file: ':memory:' }));
  await migrateToLatest(db, 'sqlite');
  await seedAll({ db, dialect: 'sqlite', uploadsDir, log: { info: () => {} } as never });
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const count = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

describe('demo seed', () => {
  it('has the promised amounts', async () => {
    expect(await count('shops')).toBe(8);
    expect(await count('shop_users')).toBe(8);
    expect(await count('categories')).toBeGreaterThanOrEqual(12);
    expect(await count('products')).toBeGreaterThanOrEqual(200);
    expect(await count('reviews')).toBeGreaterThanOrEqual(400);
    expect(await count('blogs')).toBeGreaterThanOrEqual(6);
    expect(await count('countries')).toBeGreaterThan(190);
    const legal = await db.selectFrom('legal_pages').select('slug').execute();
    expect(legal.map((l) => l.slug).sort()).toEqual(
      ['about-us', 'privacy-policy', 'return-policy', 'shipping-policy', 'terms-and-conditions'].sort(),
    );
  });

  it('keeps product counters in step with the reviews and images', async () => {
    const products = await db.selectFrom('products').selectAll().execute();
    const reviews = await db.selectFrom('reviews').select(['product_id', 'rating']).execute();
    const images = await db.selectFrom('product_images').select(['product_id', 'path', 'sort']).orderBy('sort').execute();
    for (const p of products) {
      const mine = reviews.filter((r) => r.product_id === p.id);
      expect(p.total_reviews).toBe(mine.length);
      const avg = mine.length ? mine.reduce((s, r) => s + r.rating, 0) / mine.length : 0;
      expect(p.rating).toBeCloseTo(avg, 2);
      expect(p.total_sold).toBeGreaterThanOrEqual(p.total_reviews);
      const pics = images.filter((i) => i.product_id === p.id);
      expect(pics.length).toBeGreaterThanOrEqual(2);
      expect(pics.length).toBeLessThanOrEqual(5);
      expect(pics[0]!.path).toBe(p.thumbnail);
      expect(p.price).toBeGreaterThanOrEqual(500);
      expect(p.price).toBeLessThanOrEqual(250_000);
      expect(p.discount_price).toBeLessThan(p.price);
    }
    for (const pic of images.slice(0, 20))
      expect(fs.existsSync(path.join(uploadsDir, pic.path.replace('/uploads/', '')))).toBe(true);
  });

  it('has one running and one upcoming flash sale', async () => {
    const now = new Date().toISOString();
    const running = await db
      .selectFrom('flash_sales')
      .selectAll()
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .execute();
    const upcoming = await db.selectFrom('flash_sales').selectAll().where('start_at', '>', now).execute();
    expect(running).toHaveLength(1);
    expect(upcoming).toHaveLength(1);
    const items = await db.selectFrom('flash_sale_products').selectAll().where('flash_sale_id', '=', running[0]!.id).execute();
    expect(items.length).toBeGreaterThanOrEqual(10);
  });

  it('creates the demo accounts with argon2id hashes of the documented password', async () => {
    const user = await db.selectFrom('users').selectAll().where('email', '=', DEMO_CUSTOMER.email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ phone: DEMO_CUSTOMER.phone, phone_code: DEMO_CUSTOMER.phone_code, name: DEMO_CUSTOMER.name });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(user.password_hash!, DEMO_CUSTOMER.password)).toBe(true);
    const sellers = await db.selectFrom('shop_users').select(['email', 'shop_id', 'password_hash']).orderBy('id').execute();
    expect(sellers.map((s) => s.email)).toEqual(DEMO_SELLERS.map((s) => s.email));
    expect(await verify(sellers[7]!.password_hash, 'password')).toBe(true);
  });

  it('has the commerce terms: 5% VAT, delivery charges (some free above a threshold) and vouchers of every kind', async () => {
    const now = new Date().toISOString();
    expect(await db.selectFrom('vat_taxes').select(['name', 'rate_bp', 'is_active']).execute()).toEqual([
      { name: 'VAT', rate_bp: 500, is_active: 1 },
    ]);
    const shops = await db.selectFrom('shops').select(['delivery_charge', 'free_delivery_above']).execute();
    expect(shops.filter((s) => s.delivery_charge > 0).length).toBeGreaterThanOrEqual(6);
    expect(shops.filter((s) => s.free_delivery_above > 0).length).toBeGreaterThanOrEqual(3);
    const coupons = await db.selectFrom('coupons').selectAll().execute();
    for (let shopId = 1; shopId <= 8; shopId++) {
      const mine = coupons.filter((c) => c.shop_id === shopId);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.some((c) => c.starts_at !== null && c.starts_at > now)).toBe(true);
      expect(mine.some((c) => c.usage_limit !== null && c.used_count >= c.usage_limit)).toBe(true);
      expect(
        mine.some((c) => (c.starts_at ?? '') <= now && (c.expires_at ?? '9') > now && (c.usage_limit ?? 1e9) > c.used_count),
      ).toBe(true);
    }
    expect(coupons.some((c) => c.expires_at !== null && c.expires_at <= now)).toBe(true);
    expect(
      coupons.some((c) => c.discount_type === 'Percentage' && c.max_discount_amount !== null && c.min_order_amount > 0),
    ).toBe(true);
    expect(coupons.some((c) => c.discount_type === 'Amount')).toBe(true);
  });

  it('writes the brand artwork the settings refer to', () => {
    for (const f of ['brand/logo.svg', 'brand/logo-footer.svg', 'brand/app-qr.svg', 'social/x.svg', 'payments/thawani.svg']) {
      expect(fs.readFileSync(path.join(uploadsDir, f), 'utf8')).toMatch(/^<svg /);
    }
  });
});
