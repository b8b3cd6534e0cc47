import {
  adminOrderResponseSchema,
  adminOrdersResponseSchema,
  customerOrderResponseSchema,
  placeOrderResponseSchema,
} from '@souq/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { testConfig } from '../../config';
import { createOperator } from '../admin';
import { issueToken } from '../auth';
import { get, makeCustomer, plainProducts, post, sellerAuth, type TestCustomer } from '../commerce/test-support';
import { startRefundPeer } from './test-peer';

const peer = await startRefundPeer();
afterAll(() => peer.close());

const defaults = testConfig({ database: { dialect: 'sqlite', file: ':memory:' } }).payments;
const app = await createTestApp({
  payments: {
    ...defaults,
    thawani: { baseUrl: peer.base, secretKey: 'sk_thawani_peer', publishableKey: 'pk_thawani_peer', webhookSecret: 'whsec_t' },
    stripe: { apiBase: peer.base, secretKey: 'sk_stripe_peer', webhookSecret: 'whsec_s', toleranceSec: 300 },
  },
});

const SHOP = 2;
const made = await createOperator(
  app.db,
  { email: 'refunds@souq.om', name: 'Refund Desk', password: 'refund-pass-7391' },
  new Date(),
);
if (!('id' in made)) throw new Error(made.problems.join(' '));
const OPERATOR_ID = made.id;
const op = { authorization: `Bearer ${(await issueToken(app.db, 'operator', OPERATOR_ID)).token}` };
const seller = await sellerAuth(app, SHOP);

const call = (
  method: 'GET' | 'POST',
  url: string,
  auth: Record<string, string>,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...auth, 'accept-language': 'en', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const refund = (id: number, payload: unknown, key?: string) =>
  call('POST', `/api/admin/orders/${id}/refund`, op, payload, key ? { 'idempotency-key': key } : {});
const detail = async (id: number) => {
  const res = await call('GET', `/api/admin/orders/${id}`, op);
  expect(res.statusCode, res.body).toBe(200);
  return adminOrderResponseSchema.parse(res.json()).data.order;
};
const list = async (query: string) => {
  const res = await call('GET', `/api/admin/orders${query}`, op);
  expect(res.statusCode, res.body).toBe(200);
  return adminOrdersResponseSchema.parse(res.json()).data;
};
const refundsSeen = (orderCode: string) =>
  peer.refunds.filter(
    (r) => (r.body['metadata[order_code]'] ?? (r.body.metadata as Record<string, unknown>)?.order_code) === orderCode,
  );

/** Places one order of shop 2 paid as `method`; online ones are paid on the peer's page and confirmed. */
async function place(c: TestCustomer, method: 'thawani' | 'stripe' | 'cash' | 'bank', quantity = 2) {
  const [p] = await plainProducts(app, { shopId: SHOP, minStock: 20 });
  expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity })).statusCode).toBe(200);
  const res = await post(app, '/api/place-order', c.auth, { shop_ids: [SHOP], address_id: c.addressId, payment_method: method });
  expect(res.statusCode, res.body).toBe(200);
  const order = placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
  if (method === 'thawani' || method === 'stripe') {
    const session = peer.payLatest(method);
    const status = await get(app, `/api/payment/status?session_id=${session}`, c.auth);
    expect(status.json().data.payment_status).toBe('paid');
  }
  return order;
}
const cancel = async (id: number) => {
  const res = await post(app, `/api/seller/orders/${id}/status`, seller, { order_status: 'Cancelled' });
  expect(res.statusCode, res.body).toBe(200);
};
/** A paid online order, then cancelled by its shop: what the console refunds. */
async function paidAndCancelled(method: 'thawani' | 'stripe', c?: TestCustomer) {
  const o = await place(c ?? (await makeCustomer(app)), method);
  await cancel(o.id);
  return o;
}
const orderRow = (id: number) => app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = (id: number) =>
  app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'order')
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();

describe('the console refuses everyone but operators', () => {
  it('401 without a token, 403 for a customer and a seller, on every call', async () => {
    const c = await makeCustomer(app);
    const o = await place(c, 'cash');
    for (const [method, url, payload] of [
      ['GET', '/api/admin/orders', undefined],
      ['GET', `/api/admin/orders/${o.id}`, undefined],
      ['POST', `/api/admin/orders/${o.id}/refund`, { reason: 'x' }],
    ] as const) {
      expect((await call(method, url, {}, payload)).statusCode).toBe(401);
      expect((await call(method, url, c.auth, payload)).statusCode).toBe(403);
      expect((await call(method, url, seller, payload)).statusCode).toBe(403);
    }
    expect((await orderRow(o.id)).refund_status).toBe('none');
  });
});

describe('GET /api/admin/orders', () => {
  it('lists every shop’s orders newest first with shop, customer and refund state; pages do not overlap', async () => {
    const c = await makeCustomer(app);
    const a = await place(c, 'cash');
    const b = await place(c, 'bank');
    const all = await list('?per_page=5');
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.orders.slice(0, 2).map((o) => o.id)).toEqual([b.id, a.id]);
    const first = all.orders[0]!;
    expect(first).toMatchObject({
      order_code: b.order_code,
      shop: { id: SHOP },
      customer: { id: c.id, phone: `+968${c.phone}` },
      payment_method: 'bank',
      payment_status: 'Unpaid',
      order_status: 'Pending',
      refund_status: 'none',
      refunded_amount: 0,
    });
    expect(first.shop.name).not.toBe('');
    const p1 = await list('?per_page=1&page=1');
    const p2 = await list('?per_page=1&page=2');
    expect(p1.orders[0]!.id).not.toBe(p2.orders[0]!.id);
  });

  it('filters by order status, payment status and shop; searches by order number, customer name and phone', async () => {
    const c = await makeCustomer(app);
    const o = await place(c, 'thawani');
    await cancel(o.id);
    const cancelledPaid = await list(`?order_status=cancelled&payment_status=paid&shop_id=${SHOP}&per_page=100`);
    expect(cancelledPaid.orders.some((x) => x.id === o.id)).toBe(true);
    expect(
      cancelledPaid.orders.every((x) => x.order_status === 'Cancelled' && x.payment_status === 'Paid' && x.shop.id === SHOP),
    ).toBe(true);
    expect((await list(`?order_status=pending&per_page=100`)).orders.some((x) => x.id === o.id)).toBe(false);
    expect((await list(`?payment_status=unpaid&per_page=100`)).orders.every((x) => x.payment_status === 'Unpaid')).toBe(true);
    expect((await list(`?shop_id=3&per_page=100`)).orders.every((x) => x.shop.id === 3)).toBe(true);

    const byCode = await list(`?search=${o.order_code.toLowerCase()}`);
    expect(byCode.orders.map((x) => x.id)).toEqual([o.id]);
    expect(byCode.total).toBe(1);
    const name = (await app.db.selectFrom('users').select('name').where('id', '=', c.id).executeTakeFirstOrThrow()).name;
    const byName = await list(`?search=${encodeURIComponent(name.toUpperCase())}`);
    expect(byName.orders.length).toBeGreaterThan(0);
    expect(byName.orders.every((x) => x.customer.name.toLowerCase().includes(name.toLowerCase()))).toBe(true);
    expect(byName.orders.some((x) => x.id === o.id)).toBe(true);
    const byPhone = await list(`?search=${encodeURIComponent(`+968 ${c.phone}`)}`);
    expect(byPhone.orders.map((x) => x.id)).toContain(o.id);
    expect((await list('?search=%25_nobody_%25')).total).toBe(0);
  });

  it('answers 422 for bad filters', async () => {
    for (const q of [
      'order_status=lost',
      'payment_status=maybe',
      'shop_id=abc',
      'page=0',
      'per_page=101',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await call('GET', `/api/admin/orders?${q}`, op);
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(res.json().errors).length).toBe(1);
    }
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('answers the order with items, shop, customer, payments and refund state', async () => {
    const c = await makeCustomer(app);
    const o = await paidAndCancelled('thawani', c);
    const d = await detail(o.id);
    expect(d.id).toBe(o.id);
    expect(d.products.length).toBe(1);
    expect(d.shop.id).toBe(SHOP);
    expect(d.customer).toMatchObject({ id: c.id, phone: `+968${c.phone}` });
    expect(d.customer.email).toMatch(/@example\.com$/);
    expect(d.payments).toEqual([expect.objectContaining({ gateway: 'thawani', status: 'paid', amount: d.payable_amount })]);
    expect(d.refund_status).toBe('none');
    expect(d.refund).toMatchObject({
      status: 'none',
      refunded_amount: 0,
      paid_amount: d.payable_amount,
      refundable: d.payable_amount,
      method: 'gateway',
      gateway: 'thawani',
      can_refund: true,
      blocked_reason: null,
      refunds: [],
    });
  });

  it('is 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      expect((await call('GET', `/api/admin/orders/${id}`, op)).statusCode, id).toBe(404);
      expect((await call('POST', `/api/admin/orders/${id}/refund`, op, { reason: 'x' })).statusCode, id).toBe(404);
    }
  });
});

describe('POST /api/admin/orders/{id}/refund: the rules', () => {
  it('refuses an unpaid order and a paid order that is not cancelled (422), the order unchanged', async () => {
    const c = await makeCustomer(app);
    const unpaid = await place(c, 'bank');
    await cancel(unpaid.id);
    const r1 = await refund(unpaid.id, { reason: 'Customer asked' });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors.payment_status).toBeDefined();
    const live = await place(c, 'thawani');
    const r2 = await refund(live.id, { reason: 'Customer asked' });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors.order_status).toBeDefined();
    expect((await detail(live.id)).refund).toMatchObject({ can_refund: false, refundable: 0 });
    for (const id of [unpaid.id, live.id])
      expect(await orderRow(id)).toMatchObject({ refund_status: 'none', refunded_amount: 0 });
    expect(refundsSeen(live.order_code)).toEqual([]);
    expect(await auditOf(live.id)).toEqual([]);
  });

  it('validates the body: a reason is required, the amount positive with 3 decimals at most, and not above what is left', async () => {
    const o = await paidAndCancelled('thawani');
    for (const [body, field] of [
      [{}, 'reason'],
      [{ reason: '   ' }, 'reason'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ reason: 'ok', amount: 0 }, 'amount'],
      [{ reason: 'ok', amount: -1 }, 'amount'],
      [{ reason: 'ok', amount: 1.0001 }, 'amount'],
      [{ reason: 'ok', amount: 'a lot' }, 'amount'],
      [{ reason: 'ok', amount: o.amount + 0.001 }, 'amount'],
    ] as const) {
      const res = await refund(o.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    expect((await refund(o.id, { reason: 'ok' }, 'bad key with spaces')).statusCode).toBe(422);
    expect(await orderRow(o.id)).toMatchObject({ refund_status: 'none', refunded_amount: 0 });
    expect(refundsSeen(o.order_code)).toEqual([]);
  });
});

describe('refunds through Thawani', () => {
  it('refunds all that was paid by default: one call to POST /api/v1/refunds, the order refunded, audited', async () => {
    const o = await paidAndCancelled('thawani');
    const res = await refund(o.id, { reason: 'Out of stock after payment' });
    expect(res.statusCode, res.body).toBe(200);
    const d = adminOrderResponseSchema.parse(res.json()).data.order;
    expect(d.refund_status).toBe('refunded');
    expect(d.refunded_amount).toBe(o.amount);
    expect(d.refund).toMatchObject({ can_refund: false, refundable: 0, status: 'refunded' });
    expect(d.refund.refunds).toEqual([
      expect.objectContaining({
        amount: o.amount,
        method: 'gateway',
        gateway: 'thawani',
        status: 'succeeded',
        reason: 'Out of stock after payment',
        operator: { id: OPERATOR_ID, name: 'Refund Desk' },
      }),
    ]);
    const seen = refundsSeen(o.order_code);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.amount).toBe(Math.round(o.amount * 1000));
    expect(seen[0]!.body).toMatchObject({ payment_id: expect.stringMatching(/^pay_inv_/), reason: 'Out of stock after payment' });
    expect(d.refund.refunds[0]!.gateway_refund_id).toBe(seen[0]!.id);
    const audit = await auditOf(o.id);
    expect(audit.map((a) => [a.action, a.actor_role, a.actor_id])).toEqual([['order.refund', 'operator', OPERATOR_ID]]);
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({
      refund_status: ['none', 'refunded'],
      refunded_amount: [0, o.amount],
      refund: [null, { amount: o.amount, method: 'gateway', reason: 'Out of stock after payment' }],
    });
    // Nothing is left: another refund is refused, and the gateway is not asked.
    const again = await refund(o.id, { reason: 'Again' });
    expect(again.statusCode).toBe(422);
    expect(refundsSeen(o.order_code)).toHaveLength(1);
  });

  it('refunds a part, then the rest: partial, then refunded; never more than was paid', async () => {
    const o = await paidAndCancelled('thawani');
    const part = await refund(o.id, { amount: 1, reason: 'One item damaged' });
    expect(part.statusCode, part.body).toBe(200);
    expect(adminOrderResponseSchema.parse(part.json()).data.order).toMatchObject({
      refund_status: 'partial',
      refunded_amount: 1,
    });
    const left = Math.round(o.amount * 1000 - 1000) / 1000;
    const over = await refund(o.id, { amount: left + 0.001, reason: 'Too much' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toContain(left.toFixed(3));
    const rest = await refund(o.id, { reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    const d = adminOrderResponseSchema.parse(rest.json()).data.order;
    expect(d).toMatchObject({ refund_status: 'refunded', refunded_amount: o.amount });
    expect(d.refund.refunds.map((r) => r.amount)).toEqual([left, 1]);
    expect(refundsSeen(o.order_code).map((r) => r.amount)).toEqual([1000, Math.round(left * 1000)]);
  });

  it('a request replayed with its Idempotency-Key refunds once; the same key with another body is 422', async () => {
    const o = await paidAndCancelled('thawani');
    const first = await refund(o.id, { amount: 2, reason: 'Replay me' }, 'refund-replay-1');
    const second = await refund(o.id, { amount: 2, reason: 'Replay me' }, 'refund-replay-1');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().data.order.refunded_amount).toBe(2);
    expect(refundsSeen(o.order_code)).toHaveLength(1);
    const other = await refund(o.id, { amount: 1, reason: 'Replay me' }, 'refund-replay-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['Idempotency-Key']).toBeDefined();
    expect(await orderRow(o.id)).toMatchObject({ refund_status: 'partial', refunded_amount: 2000 });
    expect(await auditOf(o.id)).toHaveLength(1);
  });

  it('two refunds at once (same key, or two keys for all of it) reach the gateway once', async () => {
    const o = await paidAndCancelled('thawani');
    const same = await Promise.all([1, 2, 3].map(() => refund(o.id, { reason: 'Twice at once' }, 'refund-race-1')));
    // The repeats wait for the first and answer its outcome (a double click is not an error).
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const r of same) expect(r.json().data.order.refund_status).toBe('refunded');
    expect(refundsSeen(o.order_code)).toHaveLength(1);

    const o2 = await paidAndCancelled('thawani');
    const two = await Promise.all([refund(o2.id, { reason: 'A' }, 'race-a'), refund(o2.id, { reason: 'B' }, 'race-b')]);
    expect(two.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of two) expect([200, 409, 422]).toContain(r.statusCode);
    expect(refundsSeen(o2.order_code)).toHaveLength(1);
    expect(await orderRow(o2.id)).toMatchObject({ refund_status: 'refunded', refunded_amount: Math.round(o2.amount * 1000) });
  });

  it('a gateway that is down: 502, the failed attempt recorded, nothing refunded; a later attempt succeeds', async () => {
    const o = await paidAndCancelled('thawani');
    peer.state.fail = 'down';
    try {
      const res = await refund(o.id, { reason: 'Down' }, 'down-1');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/Thawani/);
      // The replay answers the same failure and does not call again.
      const calls = peer.state.calls;
      expect((await refund(o.id, { reason: 'Down' }, 'down-1')).statusCode).toBe(502);
      expect(peer.state.calls).toBe(calls);
    } finally {
      peer.state.fail = null;
    }
    const d = await detail(o.id);
    expect(d).toMatchObject({ refund_status: 'failed', refunded_amount: 0 });
    expect(d.refund.refunds).toEqual([expect.objectContaining({ status: 'failed', failure: expect.stringMatching(/Thawani/) })]);
    expect(d.refund.can_refund).toBe(true);
    expect(JSON.parse((await auditOf(o.id))[0]!.changes).refund_status).toEqual(['none', 'failed']);
    const ok = await refund(o.id, { reason: 'Retry' }, 'down-2');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.order.refund_status).toBe('refunded');
    expect(refundsSeen(o.order_code)).toHaveLength(1);
  });

  it('a refund the gateway declines: 422 with its reason, failed recorded', async () => {
    const o = await paidAndCancelled('thawani');
    peer.state.fail = 'refuse';
    try {
      const res = await refund(o.id, { reason: 'Declined' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain('Refund declined by the bank');
    } finally {
      peer.state.fail = null;
    }
    expect(await orderRow(o.id)).toMatchObject({ refund_status: 'failed', refunded_amount: 0 });
  });
});

describe('refunds through Stripe', () => {
  it('refunds the PaymentIntent of the Checkout Session with an Idempotency-Key; amounts in steps of 10 baisa', async () => {
    const o = await paidAndCancelled('stripe');
    const d0 = await detail(o.id);
    // Stripe took the payable rounded down to 10 baisa: that is what can be refunded.
    const paid = Math.floor(Math.round(o.amount * 1000) / 10) * 10;
    expect(d0.refund).toMatchObject({ gateway: 'stripe', step: 0.01, paid_amount: paid / 1000, refundable: paid / 1000 });
    const odd = await refund(o.id, { amount: 0.005, reason: 'Odd' });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.amount[0]).toContain('0.010');
    const part = await refund(o.id, { amount: 0.5, reason: 'Late delivery' }, 'stripe-1');
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data.order).toMatchObject({ refund_status: 'partial', refunded_amount: 0.5 });
    expect((await refund(o.id, { amount: 0.5, reason: 'Late delivery' }, 'stripe-1')).statusCode).toBe(200);
    const seen = refundsSeen(o.order_code);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toMatchObject({
      payment_intent: expect.stringMatching(/^pi_/),
      amount: '500',
      reason: 'requested_by_customer',
    });
    expect(seen[0]!.idempotencyKey).toBe(`refund-${o.id}-stripe-1`);
    const rest = await refund(o.id, { reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.order).toMatchObject({ refund_status: 'refunded', refunded_amount: paid / 1000 });
    expect(refundsSeen(o.order_code).reduce((s, r) => s + r.amount, 0)).toBe(paid);
  });

  it('a Stripe error: 502 when it fails, 422 when it declines; the order records failed', async () => {
    const o = await paidAndCancelled('stripe');
    peer.state.fail = 'down';
    try {
      expect((await refund(o.id, { reason: 'Down' })).statusCode).toBe(502);
      peer.state.fail = 'refuse';
      const declined = await refund(o.id, { reason: 'Disputed' });
      expect(declined.statusCode).toBe(422);
      expect(declined.json().message).toContain('The charge is disputed');
    } finally {
      peer.state.fail = null;
    }
    const d = await detail(o.id);
    expect(d).toMatchObject({ refund_status: 'failed', refunded_amount: 0 });
    expect(d.refund.refunds.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(refundsSeen(o.order_code)).toEqual([]);
  });
});

describe('bank transfer and cash: marked refunded by hand', () => {
  it('records a bank-transfer refund with its note, without a gateway', async () => {
    const c = await makeCustomer(app);
    const o = await place(c, 'bank');
    expect((await post(app, `/api/seller/orders/${o.id}/payment`, seller, { payment_status: 'Paid' })).statusCode).toBe(200);
    await cancel(o.id);
    const d0 = await detail(o.id);
    expect(d0.refund).toMatchObject({ method: 'manual', gateway: null, can_refund: true, refundable: o.amount });
    const calls = peer.state.calls;
    const res = await refund(o.id, { reason: 'Sent back by bank transfer, ref TR-5521' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Refund recorded.');
    const d = adminOrderResponseSchema.parse(res.json()).data.order;
    expect(d).toMatchObject({ refund_status: 'refunded', refunded_amount: o.amount });
    expect(d.refund.refunds[0]).toMatchObject({
      method: 'manual',
      gateway: null,
      status: 'succeeded',
      reason: 'Sent back by bank transfer, ref TR-5521',
    });
    expect(peer.state.calls).toBe(calls);
    expect((await auditOf(o.id)).map((a) => a.action)).toEqual(['order.refund']);
  });

  it('records part of a paid cash order by hand', async () => {
    const c = await makeCustomer(app);
    const o = await place(c, 'cash');
    await app.db
      .updateTable('orders')
      .set({ payment_status: 'Paid', order_status: 'Cancelled' })
      .where('id', '=', o.id)
      .execute();
    const res = await refund(o.id, { amount: 0.25, reason: 'Cash handed back at the door' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({ refund_status: 'partial', refunded_amount: 0.25 });
  });
});

describe('the storefront contract is unchanged', () => {
  it("the customer's order detail keeps its shape", async () => {
    const c = await makeCustomer(app);
    const o = await paidAndCancelled('thawani', c);
    expect((await refund(o.id, { reason: 'Shape' })).statusCode).toBe(200);
    const res = await get(app, `/api/order-details?order_id=${o.id}`, c.auth);
    expect(res.statusCode).toBe(200);
    const order = customerOrderResponseSchema.parse(res.json()).data.order;
    expect(Object.keys(order)).not.toContain('refund_status');
  });

  it("the console's order keeps our payment words; the customer's details answer the original client's (issue 42)", async () => {
    const c = await makeCustomer(app);
    const o = await paidAndCancelled('thawani', c);
    const title = (
      await app.db.selectFrom('payment_gateways').select('title').where('name', '=', 'thawani').executeTakeFirstOrThrow()
    ).title;
    expect(await detail(o.id)).toMatchObject({
      payment_status: 'Paid',
      payment_method: 'thawani',
      payment_state: 'Paid',
      payment_method_code: 'thawani',
    });
    const mine = customerOrderResponseSchema.parse((await get(app, `/api/order-details?order_id=${o.id}`, c.auth)).json()).data
      .order;
    expect(mine).toMatchObject({
      payment_status: 'Paid',
      payment_method: title,
      payment_state: 'Paid',
      payment_method_code: 'thawani',
    });
  });
});
