import { notificationsResponseSchema, placeOrderResponseSchema } from '@souq/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { get, makeCustomer, plainProducts, post, sellerAuth, setStock, type TestCustomer } from '../commerce/test-support';
import { multipart } from '../support/test-support';
import { smsPeer, smtpPeer, until } from './test-peers';

/**
 * Notifications through the outbox (issue 38, decision 046): each event writes its messages in its own
 * transaction, in the recipient's language, and this process's worker sends them to a real SMTP server
 * on loopback (and a local SMS gateway).
 */
const smtp = await smtpPeer();
const sms = await smsPeer();
afterAll(async () => {
  await smtp.close();
  await sms.close();
});

const base = await createTestApp();
const app = await createTestApp({
  accounts: { ...base.config.accounts, mail: smtp.mailConfig, sms: sms.smsConfig },
  notifications: {
    enabled: true,
    worker: true,
    outbox: {
      pollMs: 50,
      batchSize: 20,
      concurrency: 4,
      maxAttempts: 20,
      backoffMs: 100,
      backoffMaxMs: 400,
      leaseMs: 10_000,
      yieldAbove: 1,
      deferMaxMs: 0,
      retentionDays: 0,
    },
  },
});
await app.ready();

const operator = { authorization: `Bearer ${(await issueToken(app.db, 'operator', await testOperator(app.db))).token}` };

/** Puts one product of the shop in the cart and places a cash order in `locale`; answers the order. */
async function placeOrder(c: TestCustomer, shopId: number, locale: 'ar' | 'en') {
  const [p] = await plainProducts(app, { shopId, minStock: 5 });
  expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 })).statusCode).toBe(200);
  const res = await post(
    app,
    '/api/place-order',
    c.auth,
    { shop_ids: [shopId], address_id: c.addressId, payment_method: 'cash' },
    { 'accept-language': locale },
  );
  expect(res.statusCode, res.body).toBe(200);
  return placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
}

const rowsOf = (type: 'user' | 'seller', id: number) =>
  app.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient_type', '=', type)
    .where('recipient_id', '=', id)
    .orderBy('id')
    .execute();

const mailsTo = (address: string) => smtp.state.received.filter((m) => m.to.includes(address));

async function emailOf(userId: number) {
  return (await app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email!;
}

/** Waits until every row of the outbox is sent. */
const allSent = () =>
  until(async () => (await app.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0);

describe('notifications of orders', () => {
  it('tells the customer (in the language of the order) and the shop’s seller (in theirs) of a new order, once each', async () => {
    const c = await makeCustomer(app);
    const order = await placeOrder(c, 1, 'en');
    const email = await emailOf(c.id);
    const seller = await app.db
      .selectFrom('shop_users')
      .select(['id', 'email', 'locale'])
      .where('shop_id', '=', 1)
      .executeTakeFirstOrThrow();

    const [mine] = await rowsOf('user', c.id);
    expect(mine).toMatchObject({
      kind: 'order.placed',
      channel: 'email',
      address: email,
      locale: 'en',
      ref: `order:${order.id}`,
    });
    expect(mine!.subject).toContain(`your order ${order.order_code} is placed`);
    const theirs = (await rowsOf('seller', seller.id)).filter((r) => r.ref === `order:${order.id}`);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.locale).toBe(seller.locale === 'en' ? 'en' : 'ar');
    if (theirs[0]!.locale === 'ar') expect(theirs[0]!.subject).toContain(`طلب جديد ${order.order_code}`);

    expect(await until(() => mailsTo(email).length === 1)).toBe(true);
    expect(mailsTo(email)[0]).toMatchObject({ subject: mine!.subject, outboxId: mine!.id });
    expect(mailsTo(email)[0]!.body).toContain(`/order-history/${order.id}`);
    expect(await until(() => mailsTo(seller.email).some((m) => m.outboxId === theirs[0]!.id))).toBe(true);
    expect(await until(async () => (await rowsOf('user', c.id))[0]!.status === 'sent')).toBe(true);
  });

  it('texts a customer who has only a phone number, in Arabic by default', async () => {
    const c = await makeCustomer(app);
    await app.db.updateTable('users').set({ email: null }).where('id', '=', c.id).execute();
    const order = await placeOrder(c, 2, 'ar');
    const [row] = await rowsOf('user', c.id);
    expect(row).toMatchObject({ channel: 'sms', address: `+968${c.phone}`, locale: 'ar' });
    expect(row!.body).toContain(`تم تقديم طلبك ${order.order_code}`);
    expect(await until(() => sms.state.received.some((m) => m.to === `+968${c.phone}`))).toBe(true);
    const texts = sms.state.received.filter((m) => m.to === `+968${c.phone}`);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ message: row!.body, reference: `notification-${row!.id}` });
  });

  it('tells the customer of each status change in their language, and of their own cancellation', async () => {
    const c = await makeCustomer(app);
    const order = await placeOrder(c, 1, 'en');
    const seller = await sellerAuth(app, 1);
    for (const status of ['Confirm', 'Processing', 'Pickup', 'on_the_way', 'Delivered'])
      expect(
        (await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: status }, { 'accept-language': 'ar' }))
          .statusCode,
      ).toBe(200);
    const rows = await rowsOf('user', c.id);
    expect(rows.map((r) => [r.kind, r.locale])).toEqual([
      ['order.placed', 'en'],
      ...Array.from({ length: 5 }, () => ['order.status', 'en']),
    ]);
    expect(rows.slice(1).map((r) => r.subject.replace(/^.*?: /, ''))).toEqual([
      `your order ${order.order_code} is confirmed`,
      `your order ${order.order_code} is being prepared`,
      `your order ${order.order_code} is picked up`,
      `your order ${order.order_code} is on the way`,
      `your order ${order.order_code} is delivered`,
    ]);

    // The customer cancels another order in Arabic: told in Arabic, and remembered for what comes next.
    const second = await placeOrder(c, 1, 'en');
    expect((await post(app, '/api/orders/cancel', c.auth, { order_id: second.id }, { 'accept-language': 'ar' })).statusCode).toBe(
      200,
    );
    const last = (await rowsOf('user', c.id)).at(-1)!;
    expect(last).toMatchObject({ kind: 'order.status', locale: 'ar', ref: `order:${second.id}` });
    expect(last.subject).toContain(`تم إلغاء طلبك ${second.order_code}`);
    expect((await app.db.selectFrom('users').select('locale').where('id', '=', c.id).executeTakeFirstOrThrow()).locale).toBe(
      'ar',
    );
  });

  it('writes nothing when the event is rolled back', async () => {
    const c = await makeCustomer(app);
    const [p] = await plainProducts(app, { shopId: 3, minStock: 5 });
    expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 2 })).statusCode).toBe(200);
    // The stock runs out between the cart and the order: the placement is refused after its orders were written.
    await setStock(app, p!.id, 1);
    const res = await post(app, '/api/place-order', c.auth, { shop_ids: [3], address_id: c.addressId, payment_method: 'cash' });
    expect(res.statusCode).toBe(422);
    await setStock(app, p!.id, p!.quantity);
    expect(await rowsOf('user', c.id)).toEqual([]);
    expect(await app.db.selectFrom('orders').select('id').where('user_id', '=', c.id).execute()).toEqual([]);
    // A refused status change tells nobody either.
    const order = await placeOrder(c, 3, 'en');
    const seller = await sellerAuth(app, 3);
    expect((await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: 'Delivered' })).statusCode).toBe(
      422,
    );
    expect((await rowsOf('user', c.id)).map((r) => r.kind)).toEqual(['order.placed']);
  });

  it('tells the customer of a refund', async () => {
    const c = await makeCustomer(app);
    const order = await placeOrder(c, 2, 'en');
    await app.db
      .updateTable('orders')
      .set({ payment_status: 'Paid', paid_at: new Date().toISOString() })
      .where('id', '=', order.id)
      .execute();
    expect(
      (await post(app, `/api/seller/orders/${order.id}/status`, await sellerAuth(app, 2), { order_status: 'Cancelled' }))
        .statusCode,
    ).toBe(200);
    const res = await post(app, `/api/admin/orders/${order.id}/refund`, operator, { reason: 'Out of stock' });
    expect(res.statusCode, res.body).toBe(200);
    const last = (await rowsOf('user', c.id)).at(-1)!;
    expect(last).toMatchObject({ kind: 'order.refunded', locale: 'en', ref: `order:${order.id}` });
    expect(last.subject).toContain(`refunded for your order ${order.order_code}`);
  });
});

describe('notifications of shops and tickets', () => {
  it('tells the shop’s sellers when it is suspended and reinstated, in their language (through the outbox)', async () => {
    const sellers = await app.db.selectFrom('shop_users').select(['id', 'email']).where('shop_id', '=', 4).execute();
    await app.db.updateTable('shop_users').set({ locale: 'en' }).where('shop_id', '=', 4).execute();
    const suspend = await post(app, '/api/admin/shops/4/suspend', operator, { reason: 'Counterfeit goods' });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect((await post(app, '/api/admin/shops/4/reinstate', operator, {})).statusCode).toBe(200);
    for (const s of sellers) {
      const rows = await rowsOf('seller', s.id);
      expect(rows.map((r) => r.kind)).toEqual(['shop.status', 'shop.status']);
      expect(rows[0]!.body).toContain('Reason: Counterfeit goods');
      expect(rows[1]!.subject).toMatch(/is open again$/);
      expect(await until(() => mailsTo(s.email).length >= 2)).toBe(true);
    }
  });

  it('tells the customer when the shop or the support team answers their ticket, not when they write themselves', async () => {
    const c = await makeCustomer(app);
    const order = await placeOrder(c, 1, 'en');
    const form = multipart({
      subject: 'Where is my parcel?',
      issue_type: '2',
      message: 'Not here yet',
      order_number: order.order_code,
    });
    const opened = await app.inject({
      method: 'POST',
      url: '/api/support-ticket',
      headers: { ...c.auth, ...form.headers },
      payload: form.payload,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const no = opened.json().data.support_ticket.ticket_no as string;
    const count = async () => (await rowsOf('user', c.id)).filter((r) => r.kind === 'ticket.answered').length;
    expect(await count()).toBe(0);

    const byShop = await post(app, `/api/seller/support-tickets/${no}/messages`, await sellerAuth(app, 1), {
      message: 'It left today.',
    });
    expect(byShop.statusCode, byShop.body).toBeLessThan(300);
    const bySupport = await post(app, `/api/admin/support-tickets/${no}/messages`, operator, { message: 'We are on it.' });
    expect(bySupport.statusCode, bySupport.body).toBeLessThan(300);
    const rows = (await rowsOf('user', c.id)).filter((r) => r.kind === 'ticket.answered');
    expect(rows.map((r) => r.ref)).toEqual([`ticket:${no}`, `ticket:${no}`]);
    expect(rows[0]!.subject).toMatch(new RegExp(`answered your ticket ${no}$`));
    expect(rows[1]!.subject).toContain(`our support team answered your ticket ${no}`);
    expect(rows[0]!.body).toContain('Where is my parcel?');
  });
});

describe('GET /api/notifications', () => {
  it('lists the customer’s own notifications, newest first, a page at a time; never another’s', async () => {
    const c = await makeCustomer(app);
    const other = await makeCustomer(app);
    const orders: { id: number }[] = [];
    for (let i = 0; i < 3; i++) orders.push(await placeOrder(c, 1, 'en'));
    await placeOrder(other, 1, 'en');

    const page1 = notificationsResponseSchema.parse((await get(app, '/api/notifications?per_page=2', c.auth)).json()).data;
    expect(page1.total).toBe(3);
    expect(page1.notifications.map((n) => n.order_id)).toEqual([orders[2]!.id, orders[1]!.id]);
    const page2 = notificationsResponseSchema.parse((await get(app, '/api/notifications?per_page=2&page=2', c.auth)).json()).data;
    expect(page2.notifications.map((n) => n.order_id)).toEqual([orders[0]!.id]);
    expect(page2.notifications[0]).toMatchObject({ kind: 'order.placed', channel: 'email', ticket_number: null });

    const theirs = notificationsResponseSchema.parse((await get(app, '/api/notifications', other.auth)).json()).data;
    expect(theirs.total).toBe(1);
    expect(theirs.notifications.every((n) => !orders.some((o) => o.id === n.order_id))).toBe(true);

    expect(await allSent()).toBe(true);
    const sent = notificationsResponseSchema.parse((await get(app, '/api/notifications', c.auth)).json()).data;
    expect(sent.notifications.every((n) => n.status === 'sent' && n.sent_at)).toBe(true);
  });

  it('is for signed-in customers only; bad paging is a 422', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await get(app, '/api/notifications', await sellerAuth(app, 1))).statusCode).toBe(403);
    const c = await makeCustomer(app);
    expect((await get(app, '/api/notifications?page=0', c.auth)).statusCode).toBe(422);
    expect((await get(app, '/api/notifications?per_page=abc', c.auth)).statusCode).toBe(422);
  });
});
