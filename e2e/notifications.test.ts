import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot } from './browser';

/**
 * The customer's notifications in the account area (issue 38, decision 046): an order placed through the
 * API is listed on /notifications in the language it was told in, in Arabic (RTL) and English; a customer
 * told nothing yet sees the empty state.
 */
type Locale = 'ar' | 'en';
const PASSWORD = 'tidy-secret-41';

async function call<T>(path: string, body: unknown, token?: string, locale: Locale = 'ar'): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': locale,
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** A fresh customer with a default address, registered through the API. */
async function customer() {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const reg = await call<{ data: { user: unknown; access: { token: string } } }>('/registration', {
    name: 'Notified Customer',
    phone,
    email: `note${phone}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    country: 'Oman',
    phone_code: '+968',
  });
  const token = reg.data.access.token;
  const address = await call<{ data: { address: { id: number } } }>(
    '/address/store',
    {
      name: 'Notified Customer',
      phone: '91234567',
      area: 'Al Khuwair',
      address_type: 'home',
      address_line: 'Way 3021',
      is_default: true,
    },
    token,
  );
  return { token, user: reg.data.user, addressId: address.data.address.id };
}

type Who = Awaited<ReturnType<typeof customer>>;

/** A cash order of one plain product of shop 1, placed through the API in `locale`. */
async function placeOrder(who: Who, locale: Locale) {
  const res = await fetch(`${baseUrl()}/api/products?shop_id=1&per_page=60`);
  const { data } = (await res.json()) as {
    data: { products: Array<{ id: number; quantity: number; sizes: unknown[]; colors: unknown[] }> };
  };
  const p = data.products.find((x) => !x.sizes.length && !x.colors.length && x.quantity >= 5)!;
  await call('/cart/store', { product_id: p.id, quantity: 1 }, who.token, locale);
  const placed = await call<{ data: { orders: Array<{ id: number; order_code: string }> } }>(
    '/place-order',
    { shop_ids: [1], address_id: who.addressId, payment_method: 'cash' },
    who.token,
    locale,
  );
  return placed.data.orders[0]!;
}

async function signedInPage(who: Who, locale: Locale, width = 1280) {
  const page = await newPage({ locale, width, height: 900 });
  const auth = JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
  }, auth);
  return page;
}

const TEXT = {
  ar: { title: 'الإشعارات', empty: 'لا توجد إشعارات بعد', placed: 'تم تقديم طلبك', view: 'عرض الطلب', dir: 'rtl' },
  en: { title: 'Notifications', empty: 'No notifications yet', placed: 'is placed', view: 'View the order', dir: 'ltr' },
};

describe.each(['ar', 'en'] as const)('notifications in the account area (%s)', (locale) => {
  const l = TEXT[locale];

  it('lists an order’s notification in the language it was told in, with a link to the order; empty before', async () => {
    const who = await customer();
    const page = await signedInPage(who, locale, locale === 'ar' ? 390 : 1280);
    await page.goto(`${baseUrl()}/notifications`);
    await hydrated(page);
    expect(await page.getAttribute('html', 'dir')).toBe(l.dir);
    await page.getByTestId('notifications-empty').waitFor();
    expect(await page.getByTestId('notifications-empty').textContent()).toContain(l.empty);
    expect(await page.locator('h1').first().textContent()).toBe(l.title);

    const order = await placeOrder(who, locale);
    // The sidebar's link reloads the page's data.
    await page.goto(`${baseUrl()}/notifications`);
    await hydrated(page);
    const item = page.getByTestId('notification').first();
    await item.waitFor();
    const text = (await item.textContent()) ?? '';
    expect(text).toContain(order.order_code);
    expect(text).toContain(l.placed);
    const link = item.getByRole('link', { name: l.view });
    expect(await link.getAttribute('href')).toBe(`/order-history/${order.id}`);
    expect(await page.getByTestId('account-sidebar').locator('a[href="/notifications"]').getAttribute('class')).toContain(
      'is-active',
    );
    await screenshot(page, `notifications-list-${locale}`, { fullPage: true });
    await link.click();
    await page.waitForURL(`**/order-history/${order.id}`);
    await finish(page, `notifications-${locale}`);
  });
});
