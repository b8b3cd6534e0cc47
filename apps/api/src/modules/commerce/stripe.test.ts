import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { masterResponseSchema, paymentStatusResponseSchema, placeOrderResponseSchema } from '@souq/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { testConfig } from '../../config';
import { get, makeCustomer, plainProducts, post, type TestCustomer } from './test-support';

/** A small local peer that plays Stripe's Checkout Sessions API (form-encoded, Bearer secret key). */
interface Session {
  id: string;
  form: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
}
const sessions = new Map<string, Session>();
const payAtExpiry = new Set<string>();
const peer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const send = (code: number, body: unknown) =>
      res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== 'Bearer sk_test_peer')
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const form = new URLSearchParams(raw);
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') return send(400, { error: { message: 'form' } });
      const id = `cs_test_${sessions.size + 1}`;
      sessions.set(id, { id, form, headers: req.headers, payment_status: 'unpaid', status: 'open' });
      return send(200, {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        payment_status: 'unpaid',
        status: 'open',
      });
    }
    const expire = /^\/v1\/checkout\/sessions\/(cs_test_\d+)\/expire$/.exec(req.url ?? '');
    const toExpire = expire ? sessions.get(expire[1]!) : undefined;
    if (req.method === 'POST' && toExpire) {
      // A customer who pays at the last moment (the test sets it): completed before the expiry arrives.
      if (payAtExpiry.has(toExpire.id)) Object.assign(toExpire, { payment_status: 'paid', status: 'complete' });
      if (toExpire.status !== 'open')
        return send(400, { error: { type: 'invalid_request_error', message: `Only open sessions can be expired.` } });
      toExpire.status = 'expired';
      return send(200, { id: toExpire.id, object: 'checkout.session', payment_status: 'unpaid', status: 'expired' });
    }
    const m = /^\/v1\/checkout\/sessions\/(cs_test_\d+)$/.exec(req.url ?? '');
    const s = m ? sessions.get(m[1]!) : undefined;
    if (req.method === 'GET' && s)
      return send(200, { id: s.id, object: 'checkout.session', payment_status: s.payment_status, status: s.status });
    return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
  });
});
await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

const SECRET = 'whsec_stripe_peer';
const defaults = testConfig({ database: { dialect: 'sqlite', file: ':memory:' } }).payments;
const app = await createTestApp({
  payments: { ...defaults, stripe: { apiBase: base, secretKey: 'sk_test_peer', webhookSecret: SECRET, toleranceSec: 300 } },
});

async function placeWithStripe(c: TestCustomer) {
  const [p] = await plainProducts(app, { shopId: 2, minStock: 10 });
  await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 3 });
  const res = await post(app, '/api/place-order', c.auth, { shop_ids: [2], address_id: c.addressId, payment_method: 'stripe' });
  expect(res.statusCode, res.body).toBe(200);
  const data = placeOrderResponseSchema.parse(res.json()).data;
  return { data, session: [...sessions.values()].at(-1)! };
}

/** `Stripe-Signature: t=…,v1=…`: HMAC-SHA256, hex, of "{t}.{body}" (Stripe's documented scheme). */
const sign = (raw: string, t: number, secret = SECRET) => createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex');
const now = () => Math.floor(Date.now() / 1000);
const event = (session: Session, type = 'checkout.session.completed') =>
  JSON.stringify({
    id: `evt_${session.id}`,
    object: 'event',
    type,
    data: {
      object: { id: session.id, object: 'checkout.session', client_reference_id: session.form.get('client_reference_id') },
    },
  });
const webhook = (raw: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: raw,
  });
const orderPayment = async (id: number) =>
  app.db.selectFrom('orders').select(['payment_status', 'paid_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe('online payment through Stripe Checkout (a local peer plays Stripe)', () => {
  it('is offered in /master when its key is configured (Thawani, without keys here, is not)', async () => {
    const master = masterResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/master' })).json()).data;
    expect(master.payment_gateways.map((g) => [g.name, g.is_active])).toEqual([
      ['thawani', false],
      ['stripe', true],
      ['amwal', false],
    ]);
    const c = await makeCustomer(app);
    const [p] = await plainProducts(app, { shopId: 2, minStock: 10 });
    await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 });
    const thawani = await post(app, '/api/place-order', c.auth, {
      shop_ids: [2],
      address_id: c.addressId,
      payment_method: 'thawani',
    });
    expect(thawani.statusCode).toBe(422);
  });

  it('opens a Checkout Session in OMR for the payable rounded down to 10 baisa, once per placement', async () => {
    const c = await makeCustomer(app);
    const { data, session } = await placeWithStripe(c);
    expect(data.order_payment_url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const f = session.form;
    const payable = Math.round(data.orders[0]!.amount * 1000);
    const asked = Number(f.get('line_items[0][price_data][unit_amount]'));
    expect(f.get('mode')).toBe('payment');
    expect(f.get('line_items[0][price_data][currency]')).toBe('omr');
    expect(f.get('line_items[0][quantity]')).toBe('1');
    expect(asked % 10).toBe(0);
    expect(payable - asked).toBeGreaterThanOrEqual(0);
    expect(payable - asked).toBeLessThan(10);
    const ref = f.get('client_reference_id')!;
    expect(ref).toMatch(/^\d+$/);
    expect(f.get('success_url')).toMatch(new RegExp(`/payment/success\\?session_id=${ref}$`));
    expect(f.get('cancel_url')).toMatch(new RegExp(`/payment/cancel\\?session_id=${ref}$`));
    // Open at least Stripe's minimum of 30 minutes.
    expect(Number(f.get('expires_at')) - now()).toBeGreaterThanOrEqual(30 * 60);
    expect(session.headers['idempotency-key']).toBe(`checkout-${ref}`);
    const payment = await app.db.selectFrom('payments').selectAll().where('checkout_ref', '=', ref).executeTakeFirstOrThrow();
    expect([payment.gateway, payment.session_id, payment.amount]).toEqual(['stripe', session.id, asked]);
  });

  it('a webhook signed per Stripe-Signature marks the orders paid once; every forgery is refused', async () => {
    const c = await makeCustomer(app);
    const { data, session } = await placeWithStripe(c);
    const orderId = data.orders[0]!.id;
    session.payment_status = 'paid';
    session.status = 'complete';
    const raw = event(session);
    const t = now();
    const forged = [
      `t=${t},v1=${sign(raw, t, 'whsec_other')}`, // another secret
      `t=${t - 330},v1=${sign(raw, t - 330)}`, // outside the 300 s window
      `t=${t + 330},v1=${sign(raw, t + 330)}`,
      `t=${t + 1},v1=${sign(raw, t)}`, // the timestamp changed
      `t=${t},v0=${sign(raw, t)}`, // no v1
      `v1=${sign(raw, t)}`, // no t
      `t=${t},v1=${sign(raw, t).slice(0, 63)}`, // cut short
      `t=${t},v1=${createHmac('sha256', SECRET).update(raw).digest('hex')}`, // over the body alone
    ];
    for (const signature of forged) {
      const res = await webhook(raw, signature);
      expect(res.statusCode, `${forged.indexOf(signature)} ${signature} t=${t}`).toBe(400);
    }
    expect((await orderPayment(orderId)).payment_status).toBe('Unpaid');
    // Several v1 signatures (a secret being rolled): one that matches is enough.
    const ok = await webhook(raw, `t=${t},v1=${sign(raw, t, 'whsec_old')},v1=${sign(raw, t)}`);
    expect(ok.statusCode).toBe(200);
    const paid = await orderPayment(orderId);
    expect(paid.payment_status).toBe('Paid');
    // Stripe retries: nothing changes.
    expect((await webhook(raw, `t=${now()},v1=${sign(raw, now())}`)).statusCode).toBe(200);
    expect((await orderPayment(orderId)).paid_at).toBe(paid.paid_at);
    const status = paymentStatusResponseSchema.parse(
      (await get(app, `/api/payment/status?session_id=${session.form.get('client_reference_id')}`, c.auth)).json(),
    ).data;
    expect([status.payment_status, status.expires_at, status.orders[0]!.payment_status]).toEqual(['paid', null, 'Paid']);
  });

  it('a signed event of another kind, or of a session still unpaid at Stripe, changes nothing', async () => {
    const c = await makeCustomer(app);
    const { data, session } = await placeWithStripe(c);
    const t = now();
    const other = event(session, 'payment_intent.created');
    expect((await webhook(other, `t=${t},v1=${sign(other, t)}`)).statusCode).toBe(200);
    const early = event(session);
    expect((await webhook(early, `t=${t},v1=${sign(early, t)}`)).statusCode).toBe(200);
    expect((await orderPayment(data.orders[0]!.id)).payment_status).toBe('Unpaid');
  });

  it('an expired session reads cancelled on the return page, the orders unpaid', async () => {
    const c = await makeCustomer(app);
    const { data, session } = await placeWithStripe(c);
    const ref = session.form.get('client_reference_id')!;
    const pending = (await get(app, `/api/payment/status?session_id=${ref}`, c.auth)).json().data;
    expect(pending.payment_status).toBe('pending');
    session.status = 'expired';
    const byStripeId = (await get(app, `/api/payment/status?session_id=${session.id}`, c.auth)).json().data;
    expect(byStripeId.payment_status).toBe('cancelled');
    expect(byStripeId.orders[0].payment_status).toBe('Unpaid');
    expect((await orderPayment(data.orders[0]!.id)).payment_status).toBe('Unpaid');
  });

  it('withdrawing unpaid orders first closes their Stripe page; a payment made at that moment keeps them', async () => {
    const old = new Date(Date.now() - 2 * 3600_000).toISOString();
    const c = await makeCustomer(app);
    const { data, session } = await placeWithStripe(c);
    const late = await placeWithStripe(await makeCustomer(app));
    payAtExpiry.add(late.session.id);
    await app.db
      .updateTable('payments')
      .set({ created_at: old })
      .where('session_id', 'in', [session.id, late.session.id])
      .execute();
    await app.services.commerce!.releaseUnpaidOrders();
    // Closed at Stripe: nobody can pay for the withdrawn orders any more.
    expect(session.status).toBe('expired');
    const order = await app.db
      .selectFrom('orders')
      .select(['order_status', 'payment_status'])
      .where('id', '=', data.orders[0]!.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ order_status: 'Cancelled', payment_status: 'Unpaid' });
    // Paid as the page was being closed: Stripe refuses to expire it, the payment is read again and counts.
    const kept = await app.db
      .selectFrom('orders')
      .select(['order_status', 'payment_status'])
      .where('id', '=', late.data.orders[0]!.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ order_status: 'Pending', payment_status: 'Paid' });
  });

  it('Pay now closes an abandoned page and opens a new one for the same amount; the new one pays the orders once', async () => {
    const c = await makeCustomer(app);
    const { data, session } = await placeWithStripe(c);
    const orderId = data.orders[0]!.id;
    const detail = async () => (await get(app, `/api/order-details?order_id=${orderId}`, c.auth)).json().data.order;
    expect((await detail()).can_pay).toBe(true);
    const before = sessions.size;
    const again = await post(app, '/api/payment/retry', c.auth, { order_id: orderId });
    expect(again.statusCode, again.body).toBe(200);
    // The old page is closed at Stripe (nobody can pay it now); a new one asks the same amount.
    expect(session.status).toBe('expired');
    expect(sessions.size).toBe(before + 1);
    const fresh = [...sessions.values()].at(-1)!;
    expect(again.json().data.order_payment_url).toContain(fresh.id);
    expect(fresh.form.get('line_items[0][price_data][unit_amount]')).toBe(
      session.form.get('line_items[0][price_data][unit_amount]'),
    );
    expect(fresh.headers['idempotency-key']).not.toBe(session.headers['idempotency-key']);
    // Another customer's order, or an order that is not online: refused.
    expect((await post(app, '/api/payment/retry', (await makeCustomer(app)).auth, { order_id: orderId })).statusCode).toBe(404);
    // Paid on the new page: the orders are paid once; Pay now is then refused.
    fresh.payment_status = 'paid';
    fresh.status = 'complete';
    const t = now();
    const raw = event(fresh);
    expect((await webhook(raw, `t=${t},v1=${sign(raw, t)}`)).statusCode).toBe(200);
    expect((await orderPayment(orderId)).payment_status).toBe('Paid');
    expect((await detail()).can_pay).toBe(false);
    const late = await post(app, '/api/payment/retry', c.auth, { order_id: orderId });
    expect(late.statusCode).toBe(409);
    const payments = await app.db
      .selectFrom('payments')
      .select(['status', 'attempts'])
      .where('checkout_ref', '=', fresh.form.get('client_reference_id')!)
      .execute();
    expect(payments).toEqual([{ status: 'paid', attempts: 1 }]);
  });

  it('Pay now on a page paid a moment ago answers 409 and opens nothing', async () => {
    const c = await makeCustomer(app);
    const { data, session } = await placeWithStripe(c);
    payAtExpiry.add(session.id);
    const before = sessions.size;
    const res = await post(app, '/api/payment/retry', c.auth, { order_id: data.orders[0]!.id });
    expect(res.statusCode).toBe(409);
    expect(sessions.size).toBe(before);
    expect((await orderPayment(data.orders[0]!.id)).payment_status).toBe('Paid');
  });
});
