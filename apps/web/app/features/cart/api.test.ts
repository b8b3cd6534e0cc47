import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeOrder } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('placeOrder', () => {
  it('asks for a typed voucher that no longer applies to be refused (coupon_strict), under its Idempotency-Key', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, { data: { order_payment_url: null, orders: [] } }));
    vi.stubGlobal('fetch', fetchMock);
    const body = {
      shop_ids: [1],
      address_id: 7,
      payment_method: 'cash',
      coupon_code: 'EID10',
      note: null,
      is_buy_now: false,
    };
    await placeOrder('en', body, 'key-1');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('/api/place-order');
    expect(init.method).toBe('POST');
    expect(init.headers['Idempotency-Key']).toBe('key-1');
    // The server leaves such a code aside unless asked (decision 024): our summary showed its discount.
    expect(JSON.parse(String(init.body))).toEqual({ ...body, coupon_strict: true });
  });
});
