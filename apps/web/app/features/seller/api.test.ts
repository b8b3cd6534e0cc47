import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onUnauthorized } from '~/shared/unauthorized';
import { authStore, clearAuth } from '~/shared/auth-store';
import { fetchSellerOrders, sellerLogin, setSellerOrderStatus } from './api';
import { SELLER_KEY, sellerStore, setSellerSession } from './store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const seller = { id: 3, name: 'Salim', email: 'seller1@souq.om', phone: null };
const shop = { id: 1, name: 'Nizwa Dates', logo: null };
let stopListening: () => void;

beforeEach(() => {
  localStorage.clear();
  // As the customer's pages do: a 401 from a customer call signs the customer out.
  stopListening = onUnauthorized(clearAuth);
  authStore.set({ token: 'customer-token', user: null, addresses: [], favoriteCount: 0, ready: true });
  sellerStore.set({ token: null, seller: null, shop: null, ready: true });
});
afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

describe('the seller session', () => {
  it('is stored under its own key and sent as the Bearer token of seller calls', async () => {
    setSellerSession({ token: 'seller-token', seller, shop });
    expect(JSON.parse(localStorage.getItem(SELLER_KEY)!)).toMatchObject({ token: 'seller-token', shop });
    expect(localStorage.getItem('auth')).toBeNull();
    const fetchMock = vi.fn().mockResolvedValue(json(200, { data: { total: 0, orders: [], status_wise_orders: {} } }));
    vi.stubGlobal('fetch', fetchMock);
    document.documentElement.lang = 'ar';
    await fetchSellerOrders({ status: 'on_the_way', page: 2, perPage: 10 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('/api/seller/orders?order_status=on_the_way&page=2&per_page=10');
    expect(init.headers.Authorization).toBe('Bearer seller-token');
    expect(init.headers['Accept-Language']).toBe('ar');
  });

  it('ends on a 401 from a seller call without signing the customer out', async () => {
    setSellerSession({ token: 'expired', seller, shop });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { message: 'Unauthenticated.' })));
    await expect(setSellerOrderStatus(9, 'Confirm')).rejects.toMatchObject({ status: 401 });
    expect(sellerStore.get().token).toBeNull();
    expect(localStorage.getItem(SELLER_KEY)).toBeNull();
    expect(authStore.get().token).toBe('customer-token');
  });

  it('keeps the form on a failed sign-in and shows the server message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(400, { message: 'These credentials do not match our records.' })));
    await expect(sellerLogin('seller1@souq.om', 'nope')).rejects.toThrow('These credentials do not match our records.');
    expect(authStore.get().token).toBe('customer-token');
  });
});
