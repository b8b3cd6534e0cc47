import { customerOrderResponseSchema, orderResponseSchema, placeOrderResponseSchema } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { get, makeCustomer, plainProducts, post, type TestCustomer, sellerAuth as sellerAuthOf } from './test-support';

/** A seller marks a bank-transfer order paid (POST /seller/orders/{id}/payment, decision 023). */
const app = await createTestApp();

const sellerAuth = (shopId: number) => sellerAuthOf(app, shopId);

async function placeOne(c: TestCustomer, method: 'bank' | 'cash') {
  const [p] = await plainProducts(app, { shopId: 2, minStock: 10 });
  await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 });
  const res = await post(app, '/api/place-order', c.auth, { shop_ids: [2], address_id: c.addressId, payment_method: method });
  expect(res.statusCode, res.body).toBe(200);
  return placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
}

const pay = (id: number | string, auth: Record<string, string>, body: unknown = { payment_status: 'Paid' }) =>
  post(app, `/api/seller/orders/${id}/payment`, auth, body);

describe('bank transfers marked paid by the seller', () => {
  it('marks an unpaid bank-transfer order of their shop paid, once; the customer sees it paid with its time', async () => {
    const c = await makeCustomer(app);
    const order = await placeOne(c, 'bank');
    expect(order.payment_status).toBe('Unpaid');
    const seller = await sellerAuth(2);

    const res = await pay(order.id, seller);
    expect(res.statusCode, res.body).toBe(200);
    const answered = orderResponseSchema.parse(res.json()).data.order;
    expect(answered.payment_status).toBe('Paid');
    expect(answered.paid_at).not.toBeNull();
    // The status chain is not touched.
    expect(answered.order_status).toBe('Pending');

    const seen = customerOrderResponseSchema.parse((await get(app, `/api/order-details?order_id=${order.id}`, c.auth)).json())
      .data.order;
    expect([seen.payment_state, seen.paid_at]).toEqual(['Paid', answered.paid_at]);
    // Twice: 409, and the time of payment stays the first.
    expect((await pay(order.id, seller)).statusCode).toBe(409);
    const again = customerOrderResponseSchema.parse((await get(app, `/api/order-details?order_id=${order.id}`, c.auth)).json())
      .data.order;
    expect(again.paid_at).toBe(answered.paid_at);
  });

  it('refuses another shop (404), a customer token (403), cash and cancelled orders and bad bodies (422)', async () => {
    const c = await makeCustomer(app);
    const bank = await placeOne(c, 'bank');
    const cash = await placeOne(c, 'cash');
    const seller = await sellerAuth(2);
    expect((await pay(bank.id, await sellerAuth(1))).statusCode).toBe(404);
    expect((await pay(bank.id, c.auth)).statusCode).toBe(403);
    expect((await pay('abc', seller)).statusCode).toBe(404);
    expect((await pay(999_999, seller)).statusCode).toBe(404);
    for (const body of [{}, { payment_status: 'Unpaid' }, { payment_status: 'paid ' }, ['Paid']]) {
      const res = await pay(bank.id, seller, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const onCash = await pay(cash.id, seller);
    expect(onCash.statusCode).toBe(422);
    expect(onCash.json().errors.payment_status[0]).toMatch(/bank-transfer/);
    expect((await post(app, '/api/orders/cancel', c.auth, { order_id: bank.id })).statusCode).toBe(200);
    expect((await pay(bank.id, seller)).statusCode).toBe(422);
    // Nothing was marked paid on the way.
    const rows = await app.db.selectFrom('orders').select('payment_status').where('id', 'in', [bank.id, cash.id]).execute();
    expect(rows.map((r) => r.payment_status)).toEqual(['Unpaid', 'Unpaid']);
  });
});
