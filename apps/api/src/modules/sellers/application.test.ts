import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { shopApplicationResponseSchema } from '@souq/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { DEMO_SELLERS } from '../../../seed';
import { BAD_CREDENTIALS } from '../auth';
import { SHOP_PENDING } from './sellers.service';

type App = Awaited<ReturnType<typeof createTestApp>>;

const app = await createTestApp();
const apiDir = path.resolve(import.meta.dirname, '../../..');

const pngLogo = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 40 } } })
    .png()
    .toBuffer();

let ipSeq = 0;
const nextIp = () => `10.60.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;

const validFields = (n: number) => ({
  shop_name: `Sur Pottery House ${n}`,
  shop_name_ar: `بيت فخار صور ${n}`,
  name: 'Aisha Al-Farsi',
  phone: '+968 9234 5678',
  email: `aisha${n}@pottery.om`,
  password: 'kiln-fired-clay-77',
  password_confirmation: 'kiln-fired-clay-77',
});

/** POST /api/shop/register as a browser's FormData sends it. */
async function apply(
  target: App,
  fields: Record<string, string>,
  logo: { bytes: Buffer; type?: string; name?: string } | null,
  ip = nextIp(),
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (logo) form.set('logo', new Blob([new Uint8Array(logo.bytes)], { type: logo.type ?? 'image/png' }), logo.name ?? 'logo.png');
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return target.inject({
    method: 'POST',
    url: '/api/shop/register',
    remoteAddress: ip,
    headers: { 'content-type': encoded.headers.get('content-type')!, 'accept-language': 'en' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const sellerLogin = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/seller/login', payload: { email, password }, remoteAddress: nextIp() });

const count = async (table: 'shops' | 'shop_users') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const logoFiles = () => {
  const dir = path.join(app.config.dataDir, 'uploads', 'shops');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** Runs `npm run shop:approve -- <args>` (the CLI, through tsx as npm does) against the test database. */
function approveCli(...args: string[]): Promise<{ code: number; out: string }> {
  const db = app.config.database;
  const tsx = path.join(apiDir, '../../node_modules/tsx/dist/cli.mjs');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsx, 'src/cli/shop-approve.ts', ...args],
      {
        cwd: apiDir,
        encoding: 'utf8',
        env: {
          ...process.env,
          DATABASE_URL: db.dialect === 'postgres' ? db.url : `sqlite:${db.file}`,
          DATA_DIR: app.config.dataDir,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'silent',
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

describe('POST /api/shop/register: validation', () => {
  it('names every missing field, the logo included, and writes nothing', async () => {
    const [shops, sellers] = [await count('shops'), await count('shop_users')];
    const res = await apply(app, {}, null);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['email', 'logo', 'name', 'password', 'password_confirmation', 'phone', 'shop_name', 'shop_name_ar'].sort(),
    );
    expect([await count('shops'), await count('shop_users')]).toEqual([shops, sellers]);
  });

  it('refuses wrong scripts, a bad phone or e-mail, a common or unconfirmed password', async () => {
    const logo = { bytes: await pngLogo() };
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ shop_name_ar: 'Sur Pottery' }, 'shop_name_ar', /Arabic letters/],
      [{ shop_name: 'بيت الفخار' }, 'shop_name', /English/],
      [{ shop_name: 'A' }, 'shop_name', /at least 2 characters/],
      [{ phone: '12ab' }, 'phone', /valid phone number/],
      [{ email: 'not-an-email' }, 'email', /valid email/],
      [{ password: 'password123', password_confirmation: 'password123' }, 'password', /most common passwords/],
      [{ password_confirmation: 'something-else-1' }, 'password_confirmation', /does not match/],
      [{ name: 'Aisha\u0000' }, 'name', /control characters/],
    ];
    for (const [change, field, message] of cases) {
      const res = await apply(app, { ...validFields(900 + ipSeq), ...change }, logo);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toEqual([field]);
      expect(res.json().errors[field][0], field).toMatch(message);
    }
  });

  it("refuses a seller's e-mail already in use and a shop name already taken", async () => {
    const logo = { bytes: await pngLogo() };
    const taken = await apply(app, { ...validFields(901), email: DEMO_SELLERS[0]!.email.toUpperCase() }, logo);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
    const { name } = await app.db.selectFrom('shops').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    const sameName = await apply(app, { ...validFields(902), shop_name: name.toUpperCase() }, logo);
    expect(sameName.statusCode).toBe(422);
    expect(sameName.json().errors.shop_name).toEqual(['A shop with this name already exists.']);
  });

  it('checks the logo from its content: a renamed text file, an SVG, an oversize or huge image are refused', async () => {
    const files = logoFiles().length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const cases: Array<[{ bytes: Buffer; type?: string; name?: string }, RegExp]> = [
      [{ bytes: Buffer.from('MZ this is not an image at all'), name: 'logo.png' }, /jpg, jpeg, png, webp/],
      [{ bytes: svg, type: 'image/svg+xml', name: 'logo.svg' }, /jpg, jpeg, png, webp/],
      [{ bytes: svg, type: 'image/png', name: 'logo.png' }, /jpg, jpeg, png, webp/],
      [{ bytes: Buffer.concat([await pngLogo(), Buffer.alloc(2 * 1024 * 1024)]) }, /2048 kilobytes/],
      [{ bytes: await pngLogo(5000, 10) }, /at most 4096×4096/],
    ];
    for (const [i, [logo, message]] of cases.entries()) {
      const res = await apply(app, validFields(910 + i), logo);
      expect(res.statusCode, String(message)).toBe(422);
      expect(res.json().errors.logo[0]).toMatch(message);
    }
    expect(logoFiles().length).toBe(files);
  });

  it('limits applications from one address (SHOP_APPLY_LIMIT_PER_IP), then 429 with Retry-After', async () => {
    const limited = await createTestApp({ content: { shopApplyLimitPerIp: 2 } });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await apply(limited, {}, null, '10.61.0.1')).statusCode);
    expect(codes).toEqual([422, 422, 429]);
    const last = await apply(limited, {}, null, '10.61.0.1');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await apply(limited, {}, null, '10.61.0.2')).statusCode).toBe(422);
  });

  it('is closed (404) when the marketplace is not in multi-vendor mode', async () => {
    const single = await createTestApp();
    await single.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'multi_vendor').execute();
    const res = await apply(single, validFields(920), { bytes: await pngLogo() });
    expect(res.statusCode).toBe(404);
    expect(
      await single.db.selectFrom('shops').select('id').where('name', '=', 'Sur Pottery House 920').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('a shop application, pending and approved', () => {
  const fields = validFields(1);
  let shopId = 0;
  let productId = 0;

  it('creates a pending, inactive shop with its logo and its seller account', async () => {
    const res = await apply(app, fields, { bytes: await pngLogo(), type: 'application/octet-stream', name: 'logo.bin' });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = shopApplicationResponseSchema.parse(res.json());
    expect(data.shop).toMatchObject({ name: 'Sur Pottery House 1', status: 'pending' });
    shopId = data.shop.id;

    const shop = await app.db.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirstOrThrow();
    expect(shop).toMatchObject({
      name: 'Sur Pottery House 1',
      name_ar: 'بيت فخار صور 1',
      status: 'pending',
      is_active: 0,
      slug: 'sur-pottery-house-1',
    });
    expect(shop.applied_at).toBeTruthy();
    expect(shop.approved_at).toBeNull();
    expect(shop.logo).toMatch(/^\/uploads\/shops\/[0-9a-f]{32}\.webp$/);
    const file = path.join(app.config.dataDir, shop.logo!);
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 320]);

    const seller = await app.db.selectFrom('shop_users').selectAll().where('shop_id', '=', shopId).executeTakeFirstOrThrow();
    expect(seller).toMatchObject({ name: 'Aisha Al-Farsi', email: 'aisha1@pottery.om', phone: '+96892345678', is_active: 1 });
    expect(seller.password_hash).toMatch(/^\$argon2id\$/);

    // A product of the shop, as its seller will add them: it must stay hidden with the shop.
    ({ id: productId } = await app.db
      .insertInto('products')
      .values({
        shop_id: shopId,
        category_id: 1,
        name: 'Zanzibar-blue water jar',
        name_ar: 'جحلة ماء زرقاء',
        slug: 'zanzibar-blue-water-jar',
        price: 4500,
        quantity: 10,
        search_text: 'zanzibar blue water jar جحله ماء زرقاء',
        search_name: 'zanzibar blue water jar جحله ماء زرقاء',
        list_price: 4500,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });

  const visibility = async () => {
    const ids = (r: { json(): { data: { shops?: { id: number }[]; products?: { id: number }[] } } }) =>
      (r.json().data.shops ?? r.json().data.products ?? []).map((x) => x.id);
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    return {
      list: ids(await app.inject({ url: '/api/shops?per_page=100' })).includes(shopId),
      search: ids(await app.inject({ url: '/api/shops?search=Sur%20Pottery%20House%201' })).includes(shopId),
      top: ids(await app.inject({ url: '/api/shops/top' })).includes(shopId),
      details: (await app.inject({ url: `/api/shops/${shopId}` })).statusCode,
      categories: (await app.inject({ url: `/api/shop-categories?shop_id=${shopId}` })).statusCode,
      shopProducts: ids(await app.inject({ url: `/api/products?shop_id=${shopId}` })).includes(productId),
      productSearch: ids(await app.inject({ url: '/api/products?search=zanzibar' })).includes(productId),
      product: (await app.inject({ url: `/api/product-details?product_id=${productId}` })).statusCode,
      sitemapShop: sitemap.includes(`/shops/${shopId}<`),
      sitemapProduct: sitemap.includes(`/products/${productId}/details<`),
    };
  };

  it('is invisible to shoppers while pending: lists, search, details, its products and the sitemap', async () => {
    expect(await visibility()).toEqual({
      list: false,
      search: false,
      top: false,
      details: 404,
      categories: 404,
      shopProducts: false,
      productSearch: false,
      product: 404,
      sitemapShop: false,
      sitemapProduct: false,
    });
  });

  it("refuses its seller's sign-in while pending (403, no token), with the right password only", async () => {
    const pending = await sellerLogin(fields.email, fields.password);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ message: SHOP_PENDING });
    const tokens = await app.db.selectFrom('access_tokens').select('id').where('owner_type', '=', 'seller').execute();
    const wrong = await sellerLogin(fields.email, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: BAD_CREDENTIALS });
    expect(await app.db.selectFrom('access_tokens').select('id').where('owner_type', '=', 'seller').execute()).toHaveLength(
      tokens.length,
    );
  });

  it('npm run shop:approve lists it, approves it, and refuses to approve it twice or an unknown id', async () => {
    const [list, unknown] = await Promise.all([approveCli(), approveCli('999999')]);
    expect(list.code, list.out).toBe(0);
    expect(list.out).toContain(`${shopId}\tSur Pottery House 1 / بيت فخار صور 1\tAisha Al-Farsi <aisha1@pottery.om>`);

    const approved = await approveCli('--', String(shopId));
    expect(approved.code, approved.out).toBe(0);
    expect(approved.out).toContain(`Shop ${shopId} (Sur Pottery House 1) is approved`);
    const shop = await app.db.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirstOrThrow();
    expect(shop).toMatchObject({ status: 'approved', is_active: 1 });
    expect(shop.approved_at).toBeTruthy();

    const twice = await approveCli(String(shopId));
    expect(twice.code).toBe(1);
    expect(twice.out).toContain('is not waiting for approval');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No shop has the id 999999');
  }, 180_000);

  it('once approved, the shop and its products are visible and its seller signs in', async () => {
    expect(await visibility()).toEqual({
      list: true,
      search: true,
      top: true,
      details: 200,
      categories: 200,
      shopProducts: true,
      productSearch: true,
      product: 200,
      sitemapShop: true,
      sitemapProduct: true,
    });
    const res = await sellerLogin(fields.email, fields.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.shop).toMatchObject({ id: shopId, name: 'بيت فخار صور 1' });
  });
});
