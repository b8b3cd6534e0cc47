import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * Online payment end to end (issue 16): checkout → the gateway's hosted page (gateway-peer.ts, a
 * Thawani on loopback started by global-setup) → back to /payment/success or /payment/cancel. Paid
 * orders show paid; a cancelled payment opens the payment-cancel modal and leaves the orders unpaid.
 */

type Locale = 'ar' | 'en';
const json = { 'content-type': 'application/json', accept: 'application/json' };

async function call<T>(pathname: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  expect(res.status, `${pathname}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

async function customer() {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { data } = await call<{ data: { user: unknown; access: { token: string } } }>('/registration', undefined, {
    name: 'Pay Tester',
    phone,
    email: `pay${phone}@example.com`,
    password: 'tidy-secret-41',
    country: 'Oman',
    phone_code: '+968',
  });
  await call('/address/store', data.access.token, {
    name: 'Pay Tester',
    phone: `968${phone}`,
    area: 'Al Khuwair',
    address_type: 'home',
    address_line: 'Way 3012, House 14',
    is_default: true,
  });
  return { user: data.user, token: data.access.token };
}
type Customer = Awaited<ReturnType<typeof customer>>;

async function signedIn(who: Customer, locale: Locale, width = 1280) {
  const page = await newPage({ locale, width, height: width === 390 ? 844 : 900 });
  await page.context().addInitScript(
    (value: string) => {
      if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
    },
    JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 }),
  );
  return page;
}

interface ApiProduct {
  id: number;
  quantity: number;
  price: number;
  colors: unknown[];
  sizes: unknown[];
}
async function simpleProduct(shopId: number): Promise<ApiProduct> {
  const { data } = await call<{ data: { products: ApiProduct[] } }>(`/products?shop_id=${shopId}&per_page=100`);
  // Priced above every shop's minimum order (10 OMR at most in the demo data).
  const found = data.products.find((p) => !p.colors.length && !p.sizes.length && p.quantity > 20 && p.price >= 10);
  expect(found, `a simple product of shop ${shopId}`).toBeDefined();
  return found!;
}

/** Stock as the cart reads it (the catalogue's answers are cached a few seconds). */
async function stockOf(productId: number, observer: string): Promise<number> {
  type Lines = { data: { cart_items: Array<{ products: Array<{ id: number; stock: number }> }> } };
  const res = await call<Lines>('/cart/store', observer, { product_id: productId, quantity: 1 });
  await call('/cart/delete', observer, { product_id: productId });
  return res.data.cart_items.flatMap((s) => s.products).find((p) => p.id === productId)!.stock;
}

/** A fresh customer's order of one simple product of shop 1, placed through the API with `method`. */
async function placedOrder(method: 'bank' | 'thawani') {
  const who = await customer();
  const product = await simpleProduct(1);
  await call('/cart/store', who.token, { product_id: product.id, quantity: 1 });
  const { data: addresses } = await call<{ data: { addresses: Array<{ id: number }> } }>('/addresses', who.token);
  const { data } = await call<{ data: { order_payment_url: string | null; orders: Array<{ id: number; order_code: string }> } }>(
    '/place-order',
    who.token,
    { shop_ids: [1], address_id: addresses.addresses[0]!.id, payment_method: method },
  );
  return { who, order: data.orders[0]!, paymentUrl: data.order_payment_url };
}

/** Shop 1's seller signed in at /seller/orders (1280 px), the order opened from the list. */
async function sellerOnOrder(locale: Locale, orderCode: string) {
  const seller = await newPage({ locale, width: 1280, height: 900 });
  await seller.goto(`${baseUrl()}/seller/orders`);
  await hydrated(seller);
  await seller.locator('input[name="email"]').fill('seller1@souq.om');
  await seller.locator('input[name="password"]').fill('password');
  await seller.getByTestId('seller-login-submit').click();
  await seller.locator(`[data-testid="order-row"][data-order-code="${orderCode}"] [data-testid="order-view"]`).click();
  return { seller, panel: seller.getByTestId('seller-order') };
}

async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true, closeToasts: true });
}

/** On /checkout or /buynow: Thawani Pay, place, confirm; resolves on the gateway's page. */
async function payOnline(page: TestPage) {
  await page.locator('input[name=payment][value=thawani]').check();
  await page.getByTestId('place-order').click();
  await page.getByTestId('confirm-order').click();
  await page.waitForURL(/\/pay\/checkout_e2e_/);
}

const TEXT = {
  ar: { paid: 'تم استلام الدفع', failed: 'لم يكتمل الدفع', paidBadge: 'مدفوع', unpaidBadge: 'غير مدفوع', cancelled: 'ملغي' },
  en: {
    paid: 'Payment received',
    failed: 'Payment not completed',
    paidBadge: 'Paid',
    unpaidBadge: 'Unpaid',
    cancelled: 'Cancelled',
  },
} as const;

describe.each(['ar', 'en'] as const)('online payment (%s)', (locale) => {
  it('buy now paid on the gateway page: the return page shows the order paid, and so does the order', async () => {
    const who = await customer();
    const product = await simpleProduct(locale === 'ar' ? 3 : 6);
    const page = await signedIn(who, locale);
    await page.goto(`${baseUrl()}/products/${product.id}/details`);
    await hydrated(page);
    await page.getByTestId('buy-now').click();
    await page.waitForURL(/\/buynow$/);
    await page.getByTestId('checkout-shop').waitFor();
    await payOnline(page);

    // The hosted page: Pay (its webhook reaches the shop before it sends the browser back).
    await page.getByTestId('gateway-pay').click();
    await page.waitForURL(/\/payment\/success\?session_id=/);
    await hydrated(page);
    const result = page.locator('[data-testid=payment-return][data-state=paid]');
    await result.waitFor();
    expect(await page.getByTestId('payment-title').textContent()).toBe(TEXT[locale].paid);
    const row = page.getByTestId('payment-order');
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId('payment-status').textContent()).toBe(TEXT[locale].paidBadge);
    expect(await page.locator('[data-testid=payment-cancel][open]').count()).toBe(0);
    await shot(page, `payment-success-${locale}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `payment-success-${locale}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });

    const { data } = await call<{ data: { orders: Array<{ id: number; payment_status: string; payment_method: string }> } }>(
      '/orders',
      who.token,
    );
    expect(data.orders.map((o) => [o.payment_method, o.payment_status])).toEqual([['thawani', 'Paid']]);
    await row.locator('a').click();
    await page.waitForURL(/\/order-history\/\d+$/);
    await page.getByTestId('order-details').waitFor();
    expect(await page.getByTestId('order-payment').getByTestId('payment-status').textContent()).toBe(TEXT[locale].paidBadge);
    await finish(page, `payment-paid-order-${locale}`);
  });

  it('a payment abandoned on the gateway page is paid again with Pay now from the order; the order is paid once', async () => {
    const { who, order, paymentUrl } = await placedOrder('thawani');
    const page = await signedIn(who, locale, locale === 'ar' ? 1280 : 390);
    // The customer left the gateway's page with Cancel: that page can take no payment any more.
    await page.goto(paymentUrl!);
    await page.getByTestId('gateway-cancel').click();
    await page.waitForURL(/\/payment\/cancel\?session_id=/);
    const first = new URL(paymentUrl!).pathname;

    await page.goto(`${baseUrl()}/order-history/${order.id}`);
    await hydrated(page);
    await page.getByTestId('order-pay-now').click();
    // A new page of the gateway, for the same order; paid there.
    await page.waitForURL((url) => url.pathname.startsWith('/pay/checkout_e2e_') && url.pathname !== first);
    await page.getByTestId('gateway-pay').click();
    await page.waitForURL(/\/payment\/success\?session_id=/);
    await hydrated(page);
    await page.locator('[data-testid=payment-return][data-state=paid]').waitFor();
    const { data } = await call<{ data: { orders: Array<{ id: number; payment_status: string }> } }>('/orders', who.token);
    expect(data.orders.map((o) => [o.id, o.payment_status])).toEqual([[order.id, 'Paid']]);
    // Paid: the order offers no Pay now any more.
    await page.goto(`${baseUrl()}/order-history/${order.id}`);
    await hydrated(page);
    await page.getByTestId('order-details').waitFor();
    expect(await page.getByTestId('order-pay-now').count()).toBe(0);
    expect(await page.getByTestId('order-payment').getByTestId('payment-status').textContent()).toBe(TEXT[locale].paidBadge);
    await finish(page, `payment-paid-again-${locale}`);
  });

  it('a payment cancelled on the gateway page: the payment-cancel modal, orders unpaid, cancelled from it with stock back', async () => {
    const who = await customer();
    const observer = (await customer()).token;
    const [a, b] = [await simpleProduct(1), await simpleProduct(7)];
    const before = [await stockOf(a.id, observer), await stockOf(b.id, observer)];
    await call('/cart/store', who.token, { product_id: a.id, quantity: 1 });
    await call('/cart/store', who.token, { product_id: b.id, quantity: 2 });

    const page = await signedIn(who, locale, 390);
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    // Both shops selected in the basket: one placement, one payment for two orders.
    await page.getByTestId('cart-button').click();
    const basket = page.locator('[data-testid="basket"][open]');
    await expect.poll(() => basket.getByTestId('cart-shop').count(), { timeout: 15_000 }).toBe(2);
    for (const box of await basket.getByTestId('shop-select').all()) await box.check();
    await basket.getByTestId('proceed-checkout').click();
    await page.waitForURL(/\/checkout$/);
    await expect.poll(() => page.getByTestId('checkout-shop').count(), { timeout: 15_000 }).toBe(2);
    await payOnline(page);
    expect(await stockOf(a.id, observer)).toBe(before[0]! - 1);

    await page.getByTestId('gateway-cancel').click();
    await page.waitForURL(/\/payment\/cancel\?session_id=/);
    await hydrated(page);
    const modal = page.locator('[data-testid=payment-cancel][open]');
    await modal.waitFor();
    // The modal takes focus, names the two orders and how long they are kept.
    await expect.poll(() => modal.evaluate((el) => el.contains(document.activeElement)), { timeout: 15_000 }).toBe(true);
    expect(await modal.locator('.pay-cancel__codes li').count()).toBe(2);
    await modal.getByTestId('payment-kept').waitFor();
    expect(await page.locator('[data-testid=payment-return]').getAttribute('data-state')).toBe('failed');
    await shot(page, `payment-cancel-modal-${locale}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `payment-cancel-modal-${locale}-1280`);

    // Closed, the page says what happened; the orders are unpaid and still hold their stock.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' }).catch(() => undefined);
    expect(await page.getByTestId('payment-title').textContent()).toBe(TEXT[locale].failed);
    const badges = await page.getByTestId('payment-order').getByTestId('payment-status').allTextContents();
    expect(badges).toEqual([TEXT[locale].unpaidBadge, TEXT[locale].unpaidBadge]);
    await shot(page, `payment-cancel-${locale}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `payment-cancel-${locale}-390`);

    // "What can I do?" opens it again; cancelling there gives the stock back at once.
    await page.getByTestId('payment-options').click();
    await modal.waitFor();
    await modal.getByTestId('payment-cancel-orders').click();
    await modal.waitFor({ state: 'detached' }).catch(() => undefined);
    await expect
      .poll(() => page.getByTestId('payment-order').getByTestId('order-status').allTextContents())
      .toEqual([TEXT[locale].cancelled, TEXT[locale].cancelled]);
    expect([await stockOf(a.id, observer), await stockOf(b.id, observer)]).toEqual(before);
    await finish(page, `payment-cancelled-orders-${locale}`);
  });
});

describe('online payment confirmed after the return', () => {
  it('shows “confirming” and asks again until the gateway says paid', async () => {
    const who = await customer();
    const product = await simpleProduct(8);
    const page = await signedIn(who, 'en');
    await page.goto(`${baseUrl()}/products/${product.id}/details`);
    await hydrated(page);
    await page.getByTestId('buy-now').click();
    await page.waitForURL(/\/buynow$/);
    await page.getByTestId('checkout-shop').waitFor();
    await payOnline(page);
    await page.getByTestId('gateway-pay-late').click();
    await page.waitForURL(/\/payment\/success\?session_id=/);
    await page.locator('[data-testid=payment-return][data-state=pending]').waitFor();
    await shot(page, 'payment-pending-en-1280');
    // No webhook comes: the page's own lookups find the payment (the peer confirms at the fourth).
    await page.locator('[data-testid=payment-return][data-state=paid]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('payment-order').getByTestId('payment-status').textContent()).toBe('Paid');
    await finish(page, 'payment-late-paid-en');
  });

  it('an address without a session, or another customer’s, shows “payment not found”', async () => {
    const who = await customer();
    const page = await signedIn(who, 'en');
    await page.goto(`${baseUrl()}/payment/success`);
    await hydrated(page);
    await page.locator('[data-testid=payment-return][data-state=missing]').waitFor();
    await page.goto(`${baseUrl()}/payment/cancel?session_id=nobody-s-payment`);
    await hydrated(page);
    await page.locator('[data-testid=payment-return][data-state=missing]').waitFor();
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toContain('noindex');
    page.errors = page.errors.filter((e) => !/status of 404/.test(e));
    await finish(page, 'payment-missing-en');
  });
});

describe('bank transfer', () => {
  it('the seller records the transfer as received; the customer’s order then reads paid', async () => {
    const { who, order } = await placedOrder('bank');

    // The customer's page shows the bank details while the transfer is awaited.
    const page = await signedIn(who, 'ar', 390);
    await page.goto(`${baseUrl()}/order-history/${order.id}`);
    await hydrated(page);
    await page.getByTestId('order-details').waitFor();
    expect(await page.getByTestId('order-payment').getByTestId('payment-status').textContent()).toBe(TEXT.ar.unpaidBadge);
    await page.getByTestId('order-payment').getByTestId('bank-details').waitFor();

    const { seller, panel } = await sellerOnOrder('ar', order.order_code);
    await panel.getByTestId('seller-mark-paid').click();
    const dialog = seller.locator('[data-testid=seller-paid-dialog][open]');
    await dialog.waitFor();
    await shot(seller, 'seller-mark-paid-ar-1280');
    await dialog.getByTestId('confirm-yes').click();
    await expect
      .poll(() => panel.getByTestId('order-payment').getByTestId('payment-status').textContent())
      .toBe(TEXT.ar.paidBadge);
    expect(await panel.getByTestId('seller-mark-paid').count()).toBe(0);
    await finish(seller, 'seller-marked-paid-ar');

    await page.reload();
    await hydrated(page);
    await page.getByTestId('order-details').waitFor();
    expect(await page.getByTestId('order-payment').getByTestId('payment-status').textContent()).toBe(TEXT.ar.paidBadge);
    expect(await page.getByTestId('order-payment').getByTestId('bank-details').count()).toBe(0);
    await finish(page, 'bank-order-paid-ar-390');
  });
});

describe('an online order not paid yet, seen by its shop', () => {
  it('offers no next step (only cancelling) and says it waits for the payment', async () => {
    const { order, paymentUrl } = await placedOrder('thawani');
    expect(paymentUrl).toBeTruthy();
    const { seller, panel } = await sellerOnOrder('en', order.order_code);
    await panel.getByTestId('seller-awaiting-payment').waitFor();
    expect(await panel.getByTestId('seller-next').count()).toBe(0);
    expect(await panel.getByTestId('seller-cancel').count()).toBe(1);
    await finish(seller, 'seller-awaiting-online-payment-en');
  });
});
