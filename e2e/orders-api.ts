import { expect } from 'vitest';
import { baseUrl, hydrated, newPage, type TestPage } from './browser';

/** Calls and set-ups of the order and review browser tests, through the API of the test server. */

export async function call<T>(
  route: string,
  opts: { body?: unknown; token?: string; method?: string; locale?: 'ar' | 'en'; base?: string } = {},
): Promise<T> {
  // `base`: a server a test started for itself (startServer), else the shared one.
  const res = await fetch(`${opts.base ?? baseUrl()}/api${route}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      Accept: 'application/json',
      ...(opts.locale ? { 'Accept-Language': opts.locale } : {}),
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as T;
  expect(res.ok, `${route}: ${JSON.stringify(json)}`).toBe(true);
  return json;
}

/** A new customer (registered through the API) with a delivered cash order of one plain product of `shopId`. */
export async function deliveredOrder(shopId: number) {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const password = 'tidy-secret-39';
  const reg = await call<{ data: { user: unknown; access: { token: string } } }>('/registration', {
    body: {
      name: 'Review Writer',
      phone,
      email: `rev${phone}@example.com`,
      password,
      password_confirmation: password,
      country: 'Oman',
      phone_code: '+968',
    },
  });
  const token = reg.data.access.token;
  const address = await call<{ data: { address: { id: number } } }>('/address/store', {
    token,
    body: {
      name: 'Review Writer',
      phone: '91234567',
      area: 'Al Khuwair',
      address_type: 'home',
      address_line: 'Way 3021',
      is_default: true,
    },
  });
  type P = { id: number; price: number; quantity: number; sizes: unknown[]; colors: unknown[] };
  const list = await call<{ data: { products: P[] } }>(`/products?shop_id=${shopId}&per_page=60`);
  // Priced above any shop's minimum order, so that one unit is an order.
  const product = list.data.products.find((p) => !p.sizes.length && !p.colors.length && p.quantity >= 5 && p.price >= 6)!;
  await call('/cart/store', { token, body: { product_id: product.id, quantity: 1 } });
  const placed = await call<{ data: { orders: Array<{ id: number }> } }>('/place-order', {
    token,
    body: { shop_ids: [shopId], address_id: address.data.address.id, payment_method: 'cash' },
  });
  const orderId = placed.data.orders[0]!.id;
  const login = (
    await call<{ data: { access: { token: string }; user: unknown; shop: unknown } }>('/seller/login', {
      body: { email: `seller${shopId}@souq.om`, password: 'password' },
    })
  ).data;
  const seller = login.access.token;
  // What the seller centre keeps after its sign-in (features/seller/store.ts), for a page of the seller's.
  const sellerSession = { token: seller, seller: login.user, shop: login.shop };
  for (const order_status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'])
    await call(`/seller/orders/${orderId}/status`, { token: seller, body: { order_status } });
  return { customer: { token, user: reg.data.user }, seller, sellerSession, orderId, productId: product.id };
}

export async function signedIn(who: { token: string; user: unknown }, locale: 'ar' | 'en', width: number) {
  const page = await newPage({ locale, width, height: 900 });
  const auth = JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
  }, auth);
  return page;
}

export async function open(page: TestPage, route: string) {
  await page.goto(`${baseUrl()}${route}`);
  await hydrated(page);
}
