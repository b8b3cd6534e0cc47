import type { AddressInfo } from 'node:net';
import {
  adminDashboardResponseSchema,
  adminShopResponseSchema,
  adminShopsResponseSchema,
  type AdminDashboard,
  SHOP_PENDING_MESSAGE,
} from '@souq/contracts';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth';
import { makeCustomer, sellerAuth } from '../commerce/test-support';

/**
 * The operator console's dashboard and shops (BACKOFFICE.md "Operator console", issue 37): every call,
 * rule and refusal; a suspended or rejected shop leaves the storefront and its seller's sign-in; the
 * seller is told by e-mail in its language (a local SMTP server receives the mail).
 */

// --- A local SMTP server: what the app mails lands here --------------------------------------------
interface Mail {
  to: string[];
  subject: string;
  body: string;
}
const received: Mail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...decodeMail(raw) });
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const port = (smtp.server.address() as AddressInfo).port;

/** The subject (RFC 2047 words decoded) and the text body (base64 or quoted-printable) of a raw mail. */
function decodeMail(raw: string): { subject: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const rest = raw.slice(split + 4);
  const word = (s: string) =>
    s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
  const subject = word(/^Subject: (.*)$/m.exec(head)?.[1] ?? '').trim();
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rest.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(rest)
        : rest;
  return { subject, body };
}
const qp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

async function mailTo(address: string, count = 1): Promise<Mail> {
  for (let i = 0; i < 200 && received.filter((m) => m.to.includes(address)).length < count; i++)
    await new Promise((r) => setTimeout(r, 25));
  const mails = received.filter((m) => m.to.includes(address));
  expect(mails.length, `mail to ${address}`).toBeGreaterThanOrEqual(count);
  return mails[count - 1]!;
}

// --- The app ------------------------------------------------------------------------------------------
const base = await createTestApp();
const app = await createTestApp({
  accounts: {
    ...base.config.accounts,
    mail: { driver: 'smtp', host: '127.0.0.1', port, secure: false, from: 'Souq <no-reply@souq.test>' },
  },
  // The sellers' e-mails go through the outbox (decision 046): this app's worker sends them.
  notifications: { ...base.config.notifications, worker: true, outbox: { ...base.config.notifications.outbox, pollMs: 50 } },
});
await app.ready();
const operatorId = await testOperator(app.db);
const operator = { authorization: `Bearer ${(await issueToken(app.db, 'operator', operatorId)).token}` };
const customer = await makeCustomer(app);
const seller = await sellerAuth(app, 3);

const call = (method: 'GET' | 'POST', url: string, auth: Record<string, string>, payload?: unknown, locale = 'en') =>
  app.inject({
    method,
    url,
    headers: { ...auth, 'accept-language': locale },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let ipSeq = 0;
const nextIp = () => `10.77.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;
const stamp = `${process.pid % 1000}${Date.now() % 10_000}`;
const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 20, g: 120, b: 90 } } })
  .png()
  .toBuffer();

/** A new shop application through POST /api/shop/register, made in `locale`; its shop id and the seller. */
async function applyShop(n: string, locale: 'ar' | 'en') {
  const fields = {
    shop_name: `Bahla Weavers ${n} ${stamp}`,
    shop_name_ar: `نساجو بهلا ${n} ${stamp}`,
    name: `Salim Weaver ${n}`,
    phone: '+968 9345 6789',
    email: `weaver-${n}-${stamp}@souq.test`,
    password: 'loom-and-shuttle-42',
    password_confirmation: 'loom-and-shuttle-42',
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop/register',
    remoteAddress: nextIp(),
    headers: { 'content-type': encoded.headers.get('content-type')!, 'accept-language': locale },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.shop.id as number, ...fields };
}

let orderSeq = 0;
/** An order placed at `created_at` for `payable` OMR (what the dashboard counts and a customer reads). */
async function insertOrder(
  target: typeof app,
  o: { userId: number; shopId: number; created_at: string; payable: number; status: string },
): Promise<number> {
  const baisa = Math.round(o.payable * 1000);
  const { id } = await target.db
    .insertInto('orders')
    .values({
      order_code: `ADM${stamp}${++orderSeq}`.slice(0, 20),
      user_id: o.userId,
      shop_id: o.shopId,
      checkout_ref: `adm-${stamp}-${orderSeq}`,
      coupon_id: null,
      coupon_code: null,
      quantity: 1,
      total_amount: baisa,
      delivery_charge: 0,
      coupon_discount: 0,
      tax_amount: 0,
      payable_amount: baisa,
      payment_method: 'cash',
      payment_status: 'Unpaid',
      order_status: o.status as 'Pending',
      note: null,
      address: '{}',
      paid_at: null,
      created_at: o.created_at,
      updated_at: o.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const sellerLogin = (email: string, password: string, locale = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/seller/login',
    payload: { email, password },
    headers: { 'accept-language': locale },
    remoteAddress: nextIp(),
  });

const auditOf = (shopId: number) =>
  app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'shop')
    .where('target_id', '=', shopId)
    .orderBy('id')
    .execute();

const shopOf = async (id: number) => {
  const res = await call('GET', `/api/admin/shops/${id}`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return adminShopResponseSchema.parse(res.json()).data.shop;
};

const list = async (query: string) => {
  const res = await call('GET', `/api/admin/shops${query}`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return adminShopsResponseSchema.parse(res.json()).data;
};

describe('who may call the console’s shops and dashboard', () => {
  const calls: Array<['GET' | 'POST', string, unknown?]> = [
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/shops'],
    ['GET', '/api/admin/shops/1'],
    ['POST', '/api/admin/shops/1/approve'],
    ['POST', '/api/admin/shops/1/reject', { reason: 'x' }],
    ['POST', '/api/admin/shops/1/suspend', { reason: 'x' }],
    ['POST', '/api/admin/shops/1/reinstate'],
  ];

  it('refuses no token (401), a customer’s and a seller’s token (403), and changes nothing', async () => {
    const before = await app.db.selectFrom('shops').select(['id', 'status', 'is_active']).orderBy('id').execute();
    for (const [method, url, body] of calls) {
      expect({ url, status: (await call(method, url, {}, body)).statusCode }).toEqual({ url, status: 401 });
      expect({ url, status: (await call(method, url, customer.auth, body)).statusCode }).toEqual({ url, status: 403 });
      expect({ url, status: (await call(method, url, seller, body)).statusCode }).toEqual({ url, status: 403 });
    }
    expect(await app.db.selectFrom('shops').select(['id', 'status', 'is_active']).orderBy('id').execute()).toEqual(before);
    expect(await auditOf(1)).toEqual([]);
  });

  it('answers 404 for an unknown shop or an id that is not one, on every call', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      for (const [method, url, body] of calls.slice(2)) {
        const res = await call(method!, url.replace('/1', `/${id}`), operator, body);
        expect({ url, id, status: res.statusCode, body: res.json() }).toEqual({
          url,
          id,
          status: 404,
          body: { message: 'Shop not found.' },
        });
      }
    }
  });
});

describe('GET /api/admin/shops', () => {
  let pending: Awaited<ReturnType<typeof applyShop>>;

  it('lists every shop with applications first (oldest first), then the newest shop first', async () => {
    pending = await applyShop('lista', 'en');
    const second = await applyShop('listb', 'ar');
    const all = await list('?per_page=100');
    const total = Number(
      (
        await app.db
          .selectFrom('shops')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(all.total).toBe(total);
    const statuses = all.shops.map((s) => s.status);
    const firstOther = statuses.findIndex((s) => s !== 'pending');
    expect(statuses.slice(0, firstOther).every((s) => s === 'pending')).toBe(true);
    expect(statuses.slice(firstOther).includes('pending')).toBe(false);
    const pendingIds = all.shops.filter((s) => s.status === 'pending').map((s) => s.id);
    expect(pendingIds.indexOf(pending.id)).toBeLessThan(pendingIds.indexOf(second.id));
    const others = all.shops.filter((s) => s.status !== 'pending').map((s) => s.id);
    expect(others).toEqual([...others].sort((a, b) => b - a));

    const row = all.shops.find((s) => s.id === pending.id)!;
    expect(row).toMatchObject({
      name: pending.shop_name,
      name_ar: pending.shop_name_ar,
      status: 'pending',
      owner: { name: pending.name, email: pending.email, phone: '+96893456789' },
      total_products: 0,
      total_orders: 0,
    });
    expect(row.logo).toMatch(/^\/uploads\/shops\//);
    expect(row.created_at).toBeTruthy();
    // A seeded shop's counts: its products (not archived) and its orders.
    const seeded = all.shops.find((s) => s.id === 2)!;
    const products = await app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('shop_id', '=', 2)
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(seeded.total_products).toBe(Number(products.n));
    expect(seeded.status).toBe('active');
  });

  it('filters by status, searches names (both languages), owner e-mail and id, and pages', async () => {
    const onlyPending = await list('?status=pending&per_page=100');
    expect(onlyPending.shops.every((s) => s.status === 'pending')).toBe(true);
    expect(onlyPending.shops.map((s) => s.id)).toContain(pending.id);
    const active = await list('?status=active&per_page=100');
    expect(active.shops.every((s) => s.status === 'active')).toBe(true);
    expect(active.shops.map((s) => s.id)).toContain(2);
    expect((await list('?status=suspended')).shops.every((s) => s.status === 'suspended')).toBe(true);
    expect((await list('?status=rejected')).shops.every((s) => s.status === 'rejected')).toBe(true);

    for (const search of [`bahla weavers lista ${stamp}`, `نساجو بهلا lista ${stamp}`, pending.email.toUpperCase()]) {
      const found = await list(`?search=${encodeURIComponent(search)}`);
      expect({ search, ids: found.shops.map((s) => s.id) }).toEqual({ search, ids: [pending.id] });
      expect(found.total).toBe(1);
    }
    expect((await list(`?search=${pending.id}`)).shops.map((s) => s.id)).toContain(pending.id);
    expect(await list('?search=no-such-shop-anywhere-zz')).toEqual({ total: 0, shops: [] });
    // Filter and search together: the pending shop is not active.
    expect((await list(`?status=active&search=${encodeURIComponent(pending.email)}`)).total).toBe(0);

    const page1 = await list('?per_page=2&page=1');
    const page2 = await list('?per_page=2&page=2');
    expect(page1.shops).toHaveLength(2);
    expect(page2.total).toBe(page1.total);
    expect(page2.shops.map((s) => s.id).some((id) => page1.shops.map((s) => s.id).includes(id))).toBe(false);
    expect((await list('?page=100000')).shops).toEqual([]);
    // Blank parameters are absent ones.
    expect((await list('?status=&search=&page=')).total).toBe(page1.total);
  });

  it('refuses a bad status, page or per_page with 422 and field errors', async () => {
    for (const [query, field] of [
      ['?status=open', 'status'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?per_page=101', 'per_page'],
      [`?search=${'x'.repeat(101)}`, 'search'],
      ['?search=a%00b', 'search'],
    ] as const) {
      const res = await call('GET', `/api/admin/shops${query}`, operator);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
});

describe('approve and reject an application', () => {
  it('shows one application with its owner and language; approves it (seller told in Arabic), then it is on the storefront', async () => {
    const shop = await applyShop('approve', 'ar');
    const before = await shopOf(shop.id);
    expect(before).toMatchObject({
      id: shop.id,
      status: 'pending',
      owner: { name: shop.name, email: shop.email, locale: 'ar' },
      status_reason: null,
      approved_at: null,
      total_sales: 0,
      is_open: true,
    });
    expect(before.applied_at).toBeTruthy();
    expect((await sellerLogin(shop.email, shop.password)).json()).toEqual({ message: SHOP_PENDING_MESSAGE });

    const res = await call('POST', `/api/admin/shops/${shop.id}/approve`, operator);
    expect(res.statusCode, res.body).toBe(200);
    const approved = adminShopResponseSchema.parse(res.json()).data.shop;
    expect(approved).toMatchObject({ status: 'active', status_reason: null });
    expect(approved.approved_at).toBeTruthy();
    expect(await app.db.selectFrom('shops').select(['status', 'is_active']).where('id', '=', shop.id).executeTakeFirst()).toEqual(
      {
        status: 'approved',
        is_active: 1,
      },
    );
    const [entry] = await auditOf(shop.id);
    expect(entry).toMatchObject({ actor_role: 'operator', actor_id: operatorId, action: 'shop.approve', target_type: 'shop' });
    expect(JSON.parse(entry!.changes)).toEqual({ status: ['pending', 'active'], is_active: [false, true] });

    const mail = await mailTo(shop.email);
    expect(mail.subject).toContain('تمت الموافقة على متجرك');
    expect(mail.body).toContain(`مرحباً ${shop.name}،`);
    expect(mail.body).toContain(shop.shop_name_ar);
    expect(mail.body).toContain('/seller/login');

    expect((await sellerLogin(shop.email, shop.password)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/shops/${shop.id}` })).statusCode).toBe(200);

    // Twice: 409 with a message that says why, nothing written.
    const twice = await call('POST', `/api/admin/shops/${shop.id}/approve`, operator);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This shop is active: only a pending or rejected shop can be approved.' });
    expect(await auditOf(shop.id)).toHaveLength(1);
  });

  it('rejects an application with a reason (seller told in English; sign-in 403 with the reason), and may approve it later', async () => {
    const shop = await applyShop('reject', 'en');
    const noReason = await call('POST', `/api/admin/shops/${shop.id}/reject`, operator, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: ['The reason field is required.'] });
    for (const reason of ['   ', 'x'.repeat(501)]) {
      const bad = await call('POST', `/api/admin/shops/${shop.id}/reject`, operator, { reason });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['reason']);
    }
    expect((await shopOf(shop.id)).status).toBe('pending');

    const reason = 'The logo is another brand’s trademark.';
    const res = await call('POST', `/api/admin/shops/${shop.id}/reject`, operator, { reason: `  ${reason}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminShopResponseSchema.parse(res.json()).data.shop).toMatchObject({ status: 'rejected', status_reason: reason });
    const [entry] = await auditOf(shop.id);
    expect(entry!.action).toBe('shop.reject');
    expect(JSON.parse(entry!.changes)).toEqual({ status: ['pending', 'rejected'], status_reason: [null, reason] });

    const mail = await mailTo(shop.email);
    expect(mail.subject).toBe('Souq Oman: your shop application was not approved');
    expect(mail.body).toContain(`Hello ${shop.name},`);
    expect(mail.body).toContain(`Reason: ${reason}`);

    const login = await sellerLogin(shop.email, shop.password);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: `Your shop application was not approved. Reason: ${reason}` });
    const loginAr = await sellerLogin(shop.email, shop.password, 'ar');
    expect(loginAr.json()).toEqual({ message: `لم تتم الموافقة على طلب متجرك. السبب: ${reason}` });
    // A wrong password still learns nothing.
    expect((await sellerLogin(shop.email, 'not-the-password')).statusCode).toBe(400);

    // Rejected: not suspendable, not reinstatable, not rejectable again.
    for (const [action, message] of [
      ['suspend', 'This shop is rejected: only an active shop can be suspended.'],
      ['reinstate', 'This shop is rejected: only a suspended shop can be reinstated.'],
      ['reject', 'This shop is rejected: only a pending application can be rejected.'],
    ] as const) {
      const res = await call('POST', `/api/admin/shops/${shop.id}/${action}`, operator, { reason: 'again' });
      expect({ action, status: res.statusCode, body: res.json() }).toEqual({ action, status: 409, body: { message } });
    }
    expect(
      (await call('GET', `/api/admin/shops?status=rejected&search=${encodeURIComponent(shop.email)}`, operator)).json().data
        .total,
    ).toBe(1);

    // Approved after all: the reason is forgotten.
    const later = await call('POST', `/api/admin/shops/${shop.id}/approve`, operator);
    expect(later.statusCode).toBe(200);
    expect(adminShopResponseSchema.parse(later.json()).data.shop).toMatchObject({ status: 'active', status_reason: null });
    expect((await sellerLogin(shop.email, shop.password)).statusCode).toBe(200);
  });

  it('refuses to suspend or reinstate a pending application (409)', async () => {
    const shop = await applyShop('pendingconflict', 'en');
    const suspend = await call('POST', `/api/admin/shops/${shop.id}/suspend`, operator, { reason: 'no' });
    expect(suspend.statusCode).toBe(409);
    expect(suspend.json().message).toBe('This shop is pending: only an active shop can be suspended.');
    expect((await call('POST', `/api/admin/shops/${shop.id}/reinstate`, operator)).statusCode).toBe(409);
    expect(await auditOf(shop.id)).toEqual([]);
  });

  it('approves one application once when two operators click at once', async () => {
    const shop = await applyShop('race', 'en');
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/admin/shops/${shop.id}/approve`, operator)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await auditOf(shop.id)).toHaveLength(1);
  });
});

describe('suspend and reinstate an active shop', () => {
  const SHOP = 2;
  const owner = async () =>
    app.db.selectFrom('shop_users').selectAll().where('shop_id', '=', SHOP).orderBy('id').executeTakeFirstOrThrow();
  let productId = 0;

  const visibility = async () => {
    const ids = (r: { json(): { data: { shops?: { id: number }[]; products?: { id: number }[] } } }) =>
      (r.json().data.shops ?? r.json().data.products ?? []).map((x) => x.id);
    const shopName = (await app.db.selectFrom('shops').select('name').where('id', '=', SHOP).executeTakeFirstOrThrow()).name;
    const product = await app.db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow();
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    return {
      list: ids(await app.inject({ url: '/api/shops?per_page=100' })).includes(SHOP),
      search: ids(await app.inject({ url: `/api/shops?search=${encodeURIComponent(shopName)}` })).includes(SHOP),
      details: (await app.inject({ url: `/api/shops/${SHOP}` })).statusCode,
      shopProducts: ids(await app.inject({ url: `/api/products?shop_id=${SHOP}` })).length > 0,
      productSearch: ids(await app.inject({ url: `/api/products?search=${encodeURIComponent(product.name)}` })).includes(
        productId,
      ),
      product: (await app.inject({ url: `/api/product-details?product_id=${productId}` })).statusCode,
      sitemapShop: sitemap.includes(`/shops/${SHOP}<`),
      sitemapProduct: sitemap.includes(`/products/${productId}/details<`),
    };
  };
  const shown = {
    list: true,
    search: true,
    details: 200,
    shopProducts: true,
    productSearch: true,
    product: 200,
    sitemapShop: true,
    sitemapProduct: true,
  };

  it('takes the shop and its products off the storefront, refuses its seller with the reason, keeps its orders readable', async () => {
    productId = (
      await app.db
        .selectFrom('products')
        .select('id')
        .where('shop_id', '=', SHOP)
        .where('is_active', '=', 1)
        .where('archived_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await visibility()).toEqual(shown);

    // The seller signs in in English (its language is kept) and has a token; a customer has an order of the shop.
    const me = await owner();
    const signedIn = await sellerLogin(me.email, 'password', 'en');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = { authorization: `Bearer ${signedIn.json().data.access.token}` };
    expect((await call('GET', '/api/seller/me', token)).statusCode).toBe(200);
    const orderId = await insertOrder(app, {
      userId: customer.id,
      shopId: SHOP,
      created_at: new Date().toISOString(),
      payable: 7.5,
      status: 'Pending',
    });

    const noReason = await call('POST', `/api/admin/shops/${SHOP}/suspend`, operator, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    const reason = 'Counterfeit goods were reported by three customers.';
    const res = await call('POST', `/api/admin/shops/${SHOP}/suspend`, operator, { reason });
    expect(res.statusCode, res.body).toBe(200);
    const suspended = adminShopResponseSchema.parse(res.json()).data.shop;
    expect(suspended).toMatchObject({ status: 'suspended', status_reason: reason });
    expect(suspended.status_changed_at).toBeTruthy();
    const [entry] = await auditOf(SHOP);
    expect(entry).toMatchObject({ action: 'shop.suspend', actor_name: 'Test Operator' });
    expect(JSON.parse(entry!.changes)).toEqual({
      status: ['active', 'suspended'],
      is_active: [true, false],
      status_reason: [null, reason],
    });

    expect(await visibility()).toEqual({
      list: false,
      search: false,
      details: 404,
      shopProducts: false,
      productSearch: false,
      product: 404,
      sitemapShop: false,
      sitemapProduct: false,
    });
    // Its seller: the token it had is refused, a new sign-in is 403 with the reason.
    expect((await call('GET', '/api/seller/me', token)).statusCode).toBe(401);
    const login = await sellerLogin(me.email, 'password');
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: `Your shop has been suspended by the marketplace. Reason: ${reason}` });
    expect((await sellerLogin(me.email, 'password', 'ar')).json()).toEqual({
      message: `تم إيقاف متجرك من قبل إدارة السوق. السبب: ${reason}`,
    });
    // Its customers' orders stay readable.
    const detail = await call('GET', `/api/order-details?order_id=${orderId}`, customer.auth);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.order.id).toBe(orderId);
    expect((await call('GET', '/api/orders', customer.auth)).json().data.orders.map((o: { id: number }) => o.id)).toContain(
      orderId,
    );
    // Told in English, the language it signed in with.
    const mail = await mailTo(me.email);
    expect(mail.subject).toMatch(/^Souq Oman: your shop .* is suspended$/);
    expect(mail.body).toContain(`Reason: ${reason}`);

    const again = await call('POST', `/api/admin/shops/${SHOP}/suspend`, operator, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This shop is suspended: only an active shop can be suspended.');
    expect((await call('POST', `/api/admin/shops/${SHOP}/approve`, operator)).statusCode).toBe(409);
    expect((await list('?status=suspended')).shops.map((s) => s.id)).toContain(SHOP);
  });

  it('reinstates it: back on the storefront, its seller signs in again, told by e-mail', async () => {
    const res = await call('POST', `/api/admin/shops/${SHOP}/reinstate`, operator);
    expect(res.statusCode, res.body).toBe(200);
    expect(adminShopResponseSchema.parse(res.json()).data.shop).toMatchObject({ status: 'active', status_reason: null });
    expect((await auditOf(SHOP)).map((e) => e.action)).toEqual(['shop.suspend', 'shop.reinstate']);
    expect(await visibility()).toEqual(shown);
    const me = await owner();
    expect((await sellerLogin(me.email, 'password')).statusCode).toBe(200);
    const mail = await mailTo(me.email, 2);
    expect(mail.subject).toMatch(/is open again$/);
    expect((await call('POST', `/api/admin/shops/${SHOP}/reinstate`, operator)).statusCode).toBe(409);
  });

  it('leaves the storefront within the answer cache’s lifetime when the cache is on', async () => {
    const cached = await createTestApp({ catalogCacheTtlMs: 400 });
    const op = { authorization: `Bearer ${(await issueToken(cached.db, 'operator', await testOperator(cached.db))).token}` };
    const shopPage = () => cached.inject({ url: `/api/shops/${SHOP}` });
    const inList = async () =>
      ((await cached.inject({ url: `/api/products?shop_id=${SHOP}` })).json().data.products as unknown[]).length > 0;
    expect((await shopPage()).statusCode).toBe(200);
    expect(await inList()).toBe(true);
    const res = await cached.inject({
      method: 'POST',
      url: `/api/admin/shops/${SHOP}/suspend`,
      headers: op,
      payload: { reason: 'Cache check' },
    });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 450));
    expect((await shopPage()).statusCode).toBe(404);
    expect(await inList()).toBe(false);
  });
});

describe('GET /api/admin/dashboard', () => {
  // 14:00 in Muscat (10:00 UTC) today: "today" began at 20:00 UTC yesterday.
  const real = new Date();
  const clock = new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate(), 10, 0, 0));
  const DAY = 86_400_000;
  const muscat = (daysBack: number, hours = 0) =>
    new Date(
      Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate()) -
        4 * 3_600_000 -
        daysBack * DAY +
        hours * 3_600_000,
    ).toISOString();

  it('counts shops by status, orders of today and 30 days in Oman’s days, sales, customers and open tickets', async () => {
    const dash = await createTestApp({ now: () => clock });
    const op = { authorization: `Bearer ${(await issueToken(dash.db, 'operator', await testOperator(dash.db))).token}` };
    const read = async (): Promise<AdminDashboard> => {
      const res = await dash.inject({ url: '/api/admin/dashboard', headers: op });
      expect(res.statusCode, res.body).toBe(200);
      return adminDashboardResponseSchema.parse(res.json()).data;
    };
    const before = await read();
    const shopCount = async (status: string) =>
      Number(
        (
          await dash.db
            .selectFrom('shops')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', status as 'approved')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(before.shops).toEqual({
      pending: await shopCount('pending'),
      active: await shopCount('approved'),
      suspended: await shopCount('suspended'),
    });

    const buyer = await makeCustomer(dash);
    const order = (created_at: string, payable: number, status: string) =>
      insertOrder(dash, { userId: buyer.id, shopId: 2, created_at, payable, status });
    await order(muscat(0, 0.5), 10.5, 'Pending'); // 00:30 today in Muscat (20:30 UTC yesterday)
    await order(muscat(0, 1), 99, 'Cancelled'); // today, cancelled: counted, never summed
    await order(new Date(Date.parse(muscat(0)) - 1000).toISOString(), 2.25, 'Delivered'); // 23:59:59 yesterday
    await order(muscat(29), 0.125, 'Delivered'); // the first moment of the 30 days
    await order(new Date(Date.parse(muscat(29)) - 1000).toISOString(), 40, 'Delivered'); // before them
    // A customer who joined 40 days ago counts in the total only.
    await dash.db
      .updateTable('users')
      .set({ created_at: muscat(40) })
      .where('id', '=', buyer.id)
      .execute();
    await makeCustomer(dash);
    await dash.db.updateTable('shops').set({ status: 'suspended', is_active: 0 }).where('id', '=', 3).execute();

    const after = await read();
    expect(after.orders).toEqual({ today: before.orders.today + 2, last_30_days: before.orders.last_30_days + 4 });
    expect(Math.round((after.sales.last_30_days - before.sales.last_30_days) * 1000)).toBe(12_875);
    expect(after.customers).toEqual({
      total: before.customers.total + 2,
      new_last_30_days: before.customers.new_last_30_days + 1,
    });
    expect(after.shops).toEqual({ ...before.shops, active: before.shops.active - 1, suspended: before.shops.suspended + 1 });
    const open = Number(
      (
        await dash.db
          .selectFrom('support_tickets')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'running')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after.tickets).toEqual({ open });

    // A paid order cancelled is a refund due until its money is all back.
    const paidCancelled = await order(muscat(1), 5, 'Cancelled');
    await dash.db.updateTable('orders').set({ payment_status: 'Paid' }).where('id', '=', paidCancelled).execute();
    expect((await read()).refunds).toEqual({ due: after.refunds.due + 1 });
    await dash.db.updateTable('orders').set({ refund_status: 'partial' }).where('id', '=', paidCancelled).execute();
    expect((await read()).refunds).toEqual({ due: after.refunds.due + 1 });
    await dash.db.updateTable('orders').set({ refund_status: 'refunded' }).where('id', '=', paidCancelled).execute();
    expect((await read()).refunds).toEqual({ due: after.refunds.due });
  });
});
