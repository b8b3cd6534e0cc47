import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentStatusResponseSchema, placeOrderResponseSchema } from '@souq/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { testConfig } from '../../config';
import { get, makeCustomer, plainProducts, post, sellerAuth, stockOf, type TestCustomer } from './test-support';

/** A small local peer that plays Thawani Pay's checkout-session API. */
const sessions = new Map<string, { status: 'unpaid' | 'paid' | 'cancelled'; body: Record<string, unknown> }>();
let failing = false;
const peer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const send = (code: number, body: unknown) =>
      res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (failing) return send(500, { success: false });
    if (req.headers['thawani-api-key'] !== 'sk_test_peer') return send(401, { success: false, code: 4001 });
    if (req.method === 'POST' && req.url === '/api/v1/checkout/session') {
      const id = `checkout_${sessions.size + 1}`;
      sessions.set(id, { status: 'unpaid', body: JSON.parse(raw) as Record<string, unknown> });
      return send(200, { success: true, code: 2004, data: { session_id: id, payment_status: 'unpaid' } });
    }
    const m = /^\/api\/v1\/checkout\/session\/([\w-]+)$/.exec(req.url ?? '');
    const s = m ? sessions.get(m[1]!) : undefined;
    if (req.method === 'GET' && s)
      return send(200, { success: true, code: 2000, data: { session_id: m![1], payment_status: s.status } });
    return send(404, { success: false });
  });
});
await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

const WEBHOOK_SECRET = 'whsec_peer_secret';
const payments = {
  ...testConfig({ database: { dialect: 'sqlite', file: ':memory:' } }).payments,
  thawani: { baseUrl: base, secretKey: 'sk_test_peer', publishableKey: 'pk_test_peer', webhookSecret: WEBHOOK_SECRET },
};
const app = await createTestApp({ payments });

async function placeOnline(c: TestCustomer) {
  const [p] = await plainProducts(app, { shopId: 2, minStock: 10 });
  await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 });
  const res = await post(app, '/api/place-order', c.auth, { shop_ids: [2], address_id: c.addressId, payment_method: 'thawani' });
  return { res, product: p! };
}

/** A notice as Thawani signs it: HMAC-SHA256, hex, of "{raw body}-{timestamp}" under the webhook secret. */
const webhook = (
  body: object,
  secret = WEBHOOK_SECRET,
  tweak: (h: Record<string, string>) => Record<string, string> = (h) => h,
) => {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${raw}-${timestamp}`).digest('hex');
  return app.inject({
    method: 'POST',
    url: '/api/payment/thawani/webhook',
    headers: tweak({ 'content-type': 'application/json', 'thawani-signature': signature, 'thawani-timestamp': timestamp }),
    payload: raw,
  });
};
/** The kinds of the outbox's rows to a customer (decision 046: notifications written with their event). */
const toldTo = async (userId: number) =>
  (
    await app.db
      .selectFrom('outbox')
      .select('kind')
      .where('recipient_type', '=', 'user')
      .where('recipient_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((r) => r.kind);

const paymentOf = async (orderId: number) =>
  await app.db
    .selectFrom('orders')
    .select(['payment_status', 'checkout_ref'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

describe('online payment through Thawani (a local peer plays the gateway)', () => {
  it('opens a payment page for the orders; a signed webhook marks them paid, once', async () => {
    const c = await makeCustomer(app);
    const { res } = await placeOnline(c);
    expect(res.statusCode).toBe(200);
    const data = placeOrderResponseSchema.parse(res.json()).data;
    const [sessionId, session] = [...sessions].at(-1)!;
    expect(data.order_payment_url).toBe(`${base}/pay/${sessionId}?key=pk_test_peer`);
    expect(data.orders[0]!.payment_status).toBe('Unpaid');
    // The session asks for exactly the payable amount, in baisa.
    const products = session.body.products as Array<{ unit_amount: number; quantity: number }>;
    expect(products[0]!.unit_amount).toBe(Math.round(data.orders[0]!.amount * 1000));
    expect(String(session.body.success_url)).toContain('/payment/success?session_id=');

    const pending = paymentStatusResponseSchema.parse(
      (await get(app, `/api/payment/status?session_id=${sessionId}`, c.auth)).json(),
    ).data;
    expect(pending.payment_status).toBe('pending');
    // An online order is announced once paid, not before.
    expect(await toldTo(c.id)).toEqual([]);
    // Until when the unpaid orders are kept: placing time + UNPAID_ORDER_TIMEOUT_MIN (30).
    const placedAt = Date.parse(data.orders[0]!.created_at);
    expect(Date.parse(pending.expires_at!) - placedAt).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(Date.parse(pending.expires_at!) - placedAt).toBeLessThanOrEqual(30 * 60_000 + 5000);
    session.status = 'paid';
    const forged = await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } }, 'wrong-secret');
    expect(forged.statusCode).toBe(400);
    expect(
      (await app.db.selectFrom('orders').select('payment_status').where('id', '=', data.orders[0]!.id).executeTakeFirstOrThrow())
        .payment_status,
    ).toBe('Unpaid');
    const ok = await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } });
    expect(ok.statusCode).toBe(200);
    const paid = await app.db
      .selectFrom('orders')
      .select(['payment_status', 'paid_at'])
      .where('id', '=', data.orders[0]!.id)
      .executeTakeFirstOrThrow();
    expect(paid.payment_status).toBe('Paid');
    expect((await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } })).statusCode).toBe(200);
    const again = await app.db
      .selectFrom('orders')
      .select('paid_at')
      .where('id', '=', data.orders[0]!.id)
      .executeTakeFirstOrThrow();
    expect(again.paid_at).toBe(paid.paid_at);
    expect(await toldTo(c.id)).toEqual(['order.placed']);
    const status = paymentStatusResponseSchema.parse(
      (await get(app, `/api/payment/status?session_id=${sessionId}`, c.auth)).json(),
    ).data;
    expect(status.payment_status).toBe('paid');
    expect(status.orders[0]!.payment_status).toBe('Paid');
    expect(status.expires_at).toBeNull();
    // Another customer cannot read it.
    const other = await makeCustomer(app);
    expect((await get(app, `/api/payment/status?session_id=${sessionId}`, other.auth)).statusCode).toBe(404);
  });

  it('verifies the signature exactly (body, dash, timestamp; hex of any case) and finds the payment by session or numeric reference', async () => {
    const c = await makeCustomer(app);
    const { res } = await placeOnline(c);
    const order = placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
    const [sessionId, session] = [...sessions].at(-1)!;
    // The placement's reference is Thawani's numeric client_reference_id, and the return pages' session_id.
    const { checkout_ref } = await paymentOf(order.id);
    expect(checkout_ref).toMatch(/^\d{20,40}$/);
    expect(session.body.client_reference_id).toBe(checkout_ref);
    expect(String(session.body.success_url)).toContain(`session_id=${checkout_ref}`);
    session.status = 'paid';
    const event = { event_type: 'checkout.completed', data: { client_reference_id: checkout_ref, payment_status: 'paid' } };
    // Refused: the timestamp changed, no timestamp, a signature that is not 64 hex digits, signed over the body alone.
    for (const tweak of [
      (h: Record<string, string>) => ({ ...h, 'thawani-timestamp': String(Number(h['thawani-timestamp']) + 1) }),
      ({ 'thawani-timestamp': _t, ...h }: Record<string, string>) => h,
      (h: Record<string, string>) => ({ ...h, 'thawani-signature': `${h['thawani-signature']!.slice(0, 63)}z` }),
      (h: Record<string, string>) => ({
        ...h,
        'thawani-signature': createHmac('sha256', WEBHOOK_SECRET).update(JSON.stringify(event)).digest('hex'),
      }),
    ]) {
      expect((await webhook(event, WEBHOOK_SECRET, tweak)).statusCode).toBe(400);
      expect((await paymentOf(order.id)).payment_status).toBe('Unpaid');
    }
    // Accepted in upper case too; the notice names only our reference, and the session is looked up.
    const upper = await webhook(event, WEBHOOK_SECRET, (h) => ({
      ...h,
      'thawani-signature': h['thawani-signature']!.toUpperCase(),
    }));
    expect(upper.statusCode).toBe(200);
    expect((await paymentOf(order.id)).payment_status).toBe('Paid');
    expect(sessionId).toBeTruthy();
  });

  it('a signed notice is not trusted by itself: the session still unpaid at the gateway leaves the orders unpaid', async () => {
    const c = await makeCustomer(app);
    const { res } = await placeOnline(c);
    const order = placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
    const [sessionId] = [...sessions].at(-1)!;
    const ok = await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId, payment_status: 'paid' } });
    expect(ok.statusCode).toBe(200);
    expect((await paymentOf(order.id)).payment_status).toBe('Unpaid');
    // Once the gateway has it paid, the same notice marks it paid.
    sessions.get(sessionId)!.status = 'paid';
    expect((await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } })).statusCode).toBe(200);
    expect((await paymentOf(order.id)).payment_status).toBe('Paid');
  });

  it('a cancelled payment leaves the orders unpaid; the return page learns it from the session lookup', async () => {
    const c = await makeCustomer(app);
    const { res } = await placeOnline(c);
    const [sessionId, session] = [...sessions].at(-1)!;
    session.status = 'cancelled';
    const status = (await get(app, `/api/payment/status?session_id=${sessionId}`, c.auth)).json().data;
    expect(status.payment_status).toBe('cancelled');
    expect(status.orders[0].payment_status).toBe('Unpaid');
    expect(res.statusCode).toBe(200);
  });

  it('a gateway that stops answering after the order: the return page says pending (not 500), the webhook 503 until it answers again', async () => {
    const c = await makeCustomer(app);
    const { res } = await placeOnline(c);
    const order = placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
    const [sessionId, session] = [...sessions].at(-1)!;
    session.status = 'paid';
    failing = true;
    try {
      const status = await get(app, `/api/payment/status?session_id=${sessionId}`, c.auth);
      expect(status.statusCode).toBe(200);
      expect(status.json().data.payment_status).toBe('pending');
      const notice = await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } });
      expect(notice.statusCode).toBe(503);
      expect(notice.json().message).toMatch(/not answering/);
      expect((await paymentOf(order.id)).payment_status).toBe('Unpaid');
    } finally {
      failing = false;
    }
    // The notice sent again once the gateway answers marks the orders paid.
    expect((await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } })).statusCode).toBe(200);
    expect((await paymentOf(order.id)).payment_status).toBe('Paid');
  });

  it('the shop cannot take an online order on before it is paid; once paid, it moves on', async () => {
    const c = await makeCustomer(app);
    const { res } = await placeOnline(c);
    const order = placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
    const seller = await sellerAuth(app, 2);
    const move = (to: string) => post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: to });
    const early = await move('Confirm');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.order_status).toEqual(['This order is waiting for its online payment.']);
    const [sessionId, session] = [...sessions].at(-1)!;
    session.status = 'paid';
    expect((await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } })).statusCode).toBe(200);
    expect((await move('Confirm')).statusCode).toBe(200);
  });

  it('a paid online order: the customer cannot cancel it, the shop can, and a refund is then due on both order pages (issue 41, finding 2)', async () => {
    const c = await makeCustomer(app);
    const { res } = await placeOnline(c);
    const order = placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
    const detail = async () => (await get(app, `/api/order-details?order_id=${order.id}`, c.auth)).json().data.order;
    // Unpaid, the customer may still cancel it (nothing to give back).
    expect(await detail()).toMatchObject({ can_cancel: true, refund_state: 'none' });
    const [sessionId, session] = [...sessions].at(-1)!;
    session.status = 'paid';
    expect((await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } })).statusCode).toBe(200);
    expect(await detail()).toMatchObject({ payment_state: 'Paid', can_cancel: false, refund_state: 'none' });
    const refused = await post(app, '/api/orders/cancel', c.auth, { order_id: order.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.order_status[0]).toMatch(/ask the shop to cancel it/);
    expect((await detail()).order_status).toBe('Pending');
    // The shop cancels: the customer's page and the shop's say a refund is due.
    const seller = await sellerAuth(app, 2);
    expect((await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: 'Cancelled' })).statusCode).toBe(
      200,
    );
    expect(await detail()).toMatchObject({ order_status: 'Cancelled', payment_state: 'Paid', refund_state: 'due' });
    const shopView = (await get(app, `/api/seller/orders/${order.id}`, seller)).json().data.order;
    expect(shopView.refund_state).toBe('due');
    // Once the console records the refund in full, it says refunded.
    await app.db.updateTable('orders').set({ refund_status: 'refunded' }).where('id', '=', order.id).execute();
    expect((await detail()).refund_state).toBe('refunded');
  });

  it('cancels online orders left unpaid past the timeout, giving their stock back; a late payment is kept', async () => {
    const c = await makeCustomer(app);
    const { res, product } = await placeOnline(c);
    const [order] = placeOrderResponseSchema.parse(res.json()).data.orders;
    const late = await makeCustomer(app);
    const { res: res2 } = await placeOnline(late);
    const [paidOrder] = placeOrderResponseSchema.parse(res2.json()).data.orders;
    const [, paidSession] = [...sessions].at(-1)!;
    paidSession.status = 'paid';
    const stock = await stockOf(app, product.id);
    // Not yet: the timeout has not passed.
    await app.services.commerce!.releaseUnpaidOrders();
    expect((await get(app, `/api/order-details?order_id=${order!.id}`, c.auth)).json().data.order.order_status).toBe('Pending');
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    await app.db.updateTable('payments').set({ created_at: old }).execute();
    await app.services.commerce!.releaseUnpaidOrders();
    const d = (await get(app, `/api/order-details?order_id=${order!.id}`, c.auth)).json().data.order;
    expect(d.order_status).toBe('Cancelled');
    expect(d.payment_state).toBe('Unpaid');
    // Its unit is back, and so is the one of the payment cancelled earlier on the gateway's page.
    expect(await stockOf(app, product.id)).toBe(stock + 2);
    const kept = (await get(app, `/api/order-details?order_id=${paidOrder!.id}`, late.auth)).json().data.order;
    expect(kept).toMatchObject({ order_status: 'Pending', payment_state: 'Paid' });
    expect(await toldTo(late.id)).toEqual(['order.placed']);
    // Withdrawn unpaid: never announced, so not told of its withdrawal either; the paid one is announced.
    expect(await toldTo(c.id)).toEqual([]);
    // A second sweep changes nothing.
    const statuses = await app.db.selectFrom('payments').select('status').execute();
    expect(statuses.filter((p) => p.status === 'cancelled')).toEqual([]);
    await app.services.commerce!.releaseUnpaidOrders();
    expect(await stockOf(app, product.id)).toBe(stock + 2);
  });

  it('a payment made after the sweep withdrew its orders is recorded: paid and cancelled, a refund due, never lost (issue 41, finding 1)', async () => {
    const c = await makeCustomer(app);
    const { res, product } = await placeOnline(c);
    const [order] = placeOrderResponseSchema.parse(res.json()).data.orders;
    const [sessionId, session] = [...sessions].at(-1)!;
    const ref = (await paymentOf(order!.id)).checkout_ref!;
    await app.db
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where('checkout_ref', '=', ref)
      .execute();
    await app.services.commerce!.releaseUnpaidOrders();
    const stock = await stockOf(app, product.id);
    const detail = async () => (await get(app, `/api/order-details?order_id=${order!.id}`, c.auth)).json().data.order;
    expect(await detail()).toMatchObject({ order_status: 'Cancelled', payment_state: 'Unpaid', refund_state: 'none' });
    // The page was still open: the customer pays, and the gateway's signed notice arrives.
    session.status = 'paid';
    expect((await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } })).statusCode).toBe(200);
    expect(await detail()).toMatchObject({ order_status: 'Cancelled', payment_state: 'Paid', refund_state: 'due' });
    const row = await app.db.selectFrom('payments').select('status').where('checkout_ref', '=', ref).executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    // The console finds it among paid, cancelled orders; the stock stays given back; a second notice changes nothing.
    expect((await webhook({ event_type: 'checkout.completed', data: { session_id: sessionId } })).statusCode).toBe(200);
    expect(await stockOf(app, product.id)).toBe(stock);
    expect((await get(app, `/api/payment/status?session_id=${ref}`, c.auth)).json().data.payment_status).toBe('paid');
  });

  it('when the gateway does not answer: 503, the orders withdrawn, stock and cart as before', async () => {
    const c = await makeCustomer(app);
    const [p] = await plainProducts(app, { shopId: 2, minStock: 10 });
    await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 2 });
    const stock = await stockOf(app, p!.id);
    failing = true;
    try {
      const res = await post(app, '/api/place-order', c.auth, {
        shop_ids: [2],
        address_id: c.addressId,
        payment_method: 'thawani',
      });
      expect(res.statusCode).toBe(503);
    } finally {
      failing = false;
    }
    expect(await stockOf(app, p!.id)).toBe(stock);
    const cart = (await get(app, '/api/carts', c.auth)).json().data;
    expect(cart.cart_items[0].products[0]).toMatchObject({ id: p!.id, quantity: 2 });
    const orders = (await get(app, '/api/orders', c.auth)).json().data;
    expect(orders.status_wise_orders.cancelled).toBe(1);
    // An inactive gateway, or online payment off in the settings: 422.
    expect(
      (await post(app, '/api/place-order', c.auth, { shop_ids: [2], address_id: c.addressId, payment_method: 'amwal' }))
        .statusCode,
    ).toBe(422);
    await app.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'online_payment').execute();
    expect(
      (await post(app, '/api/place-order', c.auth, { shop_ids: [2], address_id: c.addressId, payment_method: 'thawani' }))
        .statusCode,
    ).toBe(422);
    await app.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'online_payment').execute();
  });

  it('Pay now reuses a Thawani page still open (it cannot be closed: two open pages could both be paid), and replaces a cancelled one', async () => {
    const c = await makeCustomer(app);
    const { res } = await placeOnline(c);
    const data = placeOrderResponseSchema.parse(res.json()).data;
    const orderId = data.orders[0]!.id;
    const [firstId, first] = [...sessions].at(-1)!;
    const before = sessions.size;
    const open = await post(app, '/api/payment/retry', c.auth, { order_id: orderId });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.order_payment_url).toBe(`${base}/pay/${firstId}?key=pk_test_peer`);
    expect(sessions.size).toBe(before);
    // Cancelled on Thawani's page: a new page for the same amount.
    first.status = 'cancelled';
    const again = await post(app, '/api/payment/retry', c.auth, { order_id: orderId });
    expect(again.statusCode, again.body).toBe(200);
    expect(sessions.size).toBe(before + 1);
    const [secondId, second] = [...sessions].at(-1)!;
    expect(again.json().data.order_payment_url).toContain(secondId);
    expect((second.body.products as Array<{ unit_amount: number }>)[0]!.unit_amount).toBe(
      (first.body.products as Array<{ unit_amount: number }>)[0]!.unit_amount,
    );
    // A cash order has nothing to pay online; a withdrawn one cannot be paid any more.
    const cash = await makeCustomer(app);
    const [p] = await plainProducts(app, { shopId: 2, minStock: 10 });
    await post(app, '/api/cart/store', cash.auth, { product_id: p!.id, quantity: 1 });
    const placed = await post(app, '/api/place-order', cash.auth, {
      shop_ids: [2],
      address_id: cash.addressId,
      payment_method: 'cash',
    });
    const cashRes = await post(app, '/api/payment/retry', cash.auth, { order_id: placed.json().data.orders[0].id });
    expect(cashRes.statusCode).toBe(422);
    await app.db.updateTable('orders').set({ order_status: 'Cancelled' }).where('id', '=', orderId).execute();
    expect((await post(app, '/api/payment/retry', c.auth, { order_id: orderId })).statusCode).toBe(422);
  });
});
